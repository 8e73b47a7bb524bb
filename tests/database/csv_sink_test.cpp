// The CSV tables: fields quoted per RFC 4180 with hostile text (quotes, commas, CR, LF, blanks at
// either end, PostgreSQL's `\.`), NULL apart from empty text, NUL and ill-formed UTF-8 replaced,
// numbers. Expected texts are written by hand from RFC 4180 and PostgreSQL's CSV rules; the
// PostgreSQL test (tests/database/postgres_test.py) loads the files into a real server.
#include "database/csv_sink.h"

#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn::db {
namespace {

using namespace std::string_view_literals;

const std::string kFffd = "\xEF\xBF\xBD";

std::string text_field(std::string_view s) {
  std::string out;
  append_csv_text(out, s);
  return out;
}

std::string value_field(const Value& v) {
  std::string out;
  append_csv_value(out, v);
  return out;
}

TEST(CsvSink, PlainTextIsUnquoted) {
  EXPECT_EQ(text_field("Sicilian"), "Sicilian");
  EXPECT_EQ(text_field("a b"), "a b");
  EXPECT_EQ(text_field("1. e4 {x} *"), "1. e4 {x} *");
  EXPECT_EQ(text_field("back\\slash"), "back\\slash");  // no escape character in CSV
}

TEST(CsvSink, HostileTextIsQuotedWithQuotesDoubled) {
  EXPECT_EQ(text_field("a,b"), "\"a,b\"");
  EXPECT_EQ(text_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(text_field("\""), "\"\"\"\"");
  EXPECT_EQ(text_field("line1\nline2"), "\"line1\nline2\"");
  EXPECT_EQ(text_field("cr\rhere"), "\"cr\rhere\"");
  EXPECT_EQ(text_field("crlf\r\n"), "\"crlf\r\n\"");
  EXPECT_EQ(text_field(" lead"), "\" lead\"");
  EXPECT_EQ(text_field("trail "), "\"trail \"");
  EXPECT_EQ(text_field("\ttab"), "\"\ttab\"");
  EXPECT_EQ(text_field("\\."), "\"\\.\"");  // PostgreSQL's end-of-data marker when alone on a line
  EXPECT_EQ(text_field("\\.x"), "\"\\.x\"");
  EXPECT_EQ(text_field("\",\n\""),
            "\"\"\""
            ",\n"
            "\"\"\"");
}

TEST(CsvSink, EmptyTextIsQuotedNullIsNothing) {
  EXPECT_EQ(text_field(""), "\"\"");
  EXPECT_EQ(value_field(std::string_view()), "\"\"");
  EXPECT_EQ(value_field(std::monostate{}), "");
}

TEST(CsvSink, NulAndIllFormedUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(text_field("a\0b"sv), "a" + kFffd + "b");
  EXPECT_EQ(text_field("\0"sv), kFffd);
  // Well-formed UTF-8 (2, 3 and 4 bytes) is copied as it is.
  EXPECT_EQ(text_field("Caf\xC3\xA9 \xE2\x99\x9E \xF0\x9F\x98\x80"),
            "Caf\xC3\xA9 \xE2\x99\x9E \xF0\x9F\x98\x80");
  // A Latin-1 byte, a lone continuation byte, a truncated sequence, an overlong one: one U+FFFD per
  // maximal ill-formed part.
  EXPECT_EQ(text_field("Caf\xE9"), "Caf" + kFffd);
  EXPECT_EQ(text_field("\x80x"), kFffd + "x");
  EXPECT_EQ(text_field("\xE2\x99"), kFffd);
  EXPECT_EQ(text_field("\xC0\xAF"), kFffd + kFffd);
  // Replaced inside a quoted field too, quotes still doubled.
  EXPECT_EQ(text_field("\"\xFF\","), "\"\"\"" + kFffd + "\"\",\"");
}

TEST(CsvSink, ALineBackslashDotBecomesAReplacementCharacter) {
  // psql's \copy stops at a line `\.` even inside a quoted field: such a line is replaced.
  EXPECT_EQ(text_field("a\n\\.\nb"), "\"a\n" + kFffd + "\nb\"");
  EXPECT_EQ(text_field("a\n\\.\r\nb"), "\"a\n" + kFffd + "\r\nb\"");
  // Not alone on its line: kept.
  EXPECT_EQ(text_field("a\n\\.x\n"), "\"a\n\\.x\n\"");
  EXPECT_EQ(text_field("a\n\\."), "\"a\n\\.\"");  // the closing quote follows it on the line
  EXPECT_EQ(text_field("a \\.\n"), "\"a \\.\n\"");
  EXPECT_EQ(text_field("a\r\\.\n"), "\"a\r\\.\n\"");  // psql's lines end at LF only
}

TEST(CsvSink, Numbers) {
  EXPECT_EQ(value_field(std::int64_t{0}), "0");
  EXPECT_EQ(value_field(std::int64_t{-42}), "-42");
  EXPECT_EQ(value_field(std::numeric_limits<std::int64_t>::min()), "-9223372036854775808");
  EXPECT_EQ(value_field(std::numeric_limits<std::int64_t>::max()), "9223372036854775807");
  EXPECT_EQ(value_field(12.5), "12.5");
  EXPECT_EQ(value_field(0.1), "0.1");
  EXPECT_EQ(value_field(180.0), "180");
  EXPECT_EQ(value_field(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(value_field(std::numeric_limits<double>::quiet_NaN()), "");
}

TEST(CsvSink, OneFilePerTableWithHeader) {
  std::array<std::ostringstream, kTableCount> texts;
  std::array<std::ostream*, kTableCount> streams{};
  for (std::size_t i = 0; i < kTableCount; ++i) streams[i] = &texts[i];
  CsvSink sink(streams);
  const Value tag[] = {std::int64_t{7}, std::int64_t{1}, "Annotator"sv, "Smith, \"J\""sv};
  sink.row(TableId::Tags, tag);
  const Value meta[] = {"schema_version"sv, "1"sv};
  sink.row(TableId::Meta, meta);
  ASSERT_TRUE(sink.flush());
  EXPECT_EQ(texts[std::size_t(TableId::Tags)].str(),
            "game_id,ordinal,name,value\n7,1,Annotator,\"Smith, \"\"J\"\"\"\n");
  EXPECT_EQ(texts[std::size_t(TableId::Meta)].str(), "key,value\nschema_version,1\n");
  EXPECT_EQ(texts[std::size_t(TableId::Positions)].str(), "game_id,ply,board,fen\n");
  const std::string players = texts[std::size_t(TableId::Players)].str();
  EXPECT_EQ(players, "game_id,seat,board,color,team,name,elo\n");
}

TEST(CsvSink, NullAndEmptyInOneRow) {
  std::array<std::ostringstream, kTableCount> texts;
  std::array<std::ostream*, kTableCount> streams{};
  for (std::size_t i = 0; i < kTableCount; ++i) streams[i] = &texts[i];
  CsvSink sink(streams);
  const Value player[] = {std::int64_t{3},  "WhiteA"sv, "A"sv,           "white"sv,
                          std::monostate{}, ""sv,       std::monostate{}};
  sink.row(TableId::Players, player);
  ASSERT_TRUE(sink.flush());
  EXPECT_EQ(texts[std::size_t(TableId::Players)].str(),
            "game_id,seat,board,color,team,name,elo\n3,WhiteA,A,white,,\"\",\n");
}

// A ply's line from its parts (CsvSink::ply) is the line of its cells (row() of ply_values):
// worked out by hand for a drop with clocks and a move with a SAN to quote and no canonical SAN.
TEST(CsvSink, APlyFromItsPartsIsTheLineOfItsCells) {
  PlyRow drop;
  drop.game_id = 7;
  drop.ply = 2;
  drop.board = Board::B;
  drop.color = Black;
  drop.san = "Q@f7";
  drop.canonical = "Q@f7#"sv;
  drop.piece = 'Q';
  drop.to = 53;
  drop.drop = drop.played = true;
  drop.clock = 179.9;
  drop.time = 0.1 + 0.2;
  drop.line = 3;
  drop.column = 9;
  PlyRow odd;
  odd.game_id = 7;
  odd.ply = 3;
  odd.number = 12;
  odd.san = "e4,\"x\"";
  odd.clock = -0.5;
  odd.line = 4;
  odd.column = 1;
  PlyRow promotion;
  promotion.game_id = 8;
  promotion.ply = 1;
  promotion.color = Black;
  promotion.number = 0;  // written 0.: stored, not NULL
  promotion.san = "exd1=N";
  promotion.canonical = ""sv;
  promotion.piece = 'P';
  promotion.promotion = 'N';
  promotion.from = 4 + 8;
  promotion.to = 3;
  promotion.played = true;
  promotion.clock = 1e20;
  promotion.line = 5;
  promotion.column = 2;
  std::array<std::ostringstream, kTableCount> parts_texts, cells_texts;
  std::array<std::ostream*, kTableCount> parts_streams{}, cells_streams{};
  for (std::size_t i = 0; i < kTableCount; ++i) {
    parts_streams[i] = &parts_texts[i];
    cells_streams[i] = &cells_texts[i];
  }
  CsvSink parts(parts_streams), cells(cells_streams);
  for (const PlyRow& r : {drop, odd, promotion}) {
    parts.ply(r);
    PlyScratch scratch;
    const std::array<Value, 18> values = ply_values(r, scratch);
    cells.row(TableId::Plies, values);
  }
  ASSERT_TRUE(parts.flush());
  ASSERT_TRUE(cells.flush());
  const std::string text = parts_texts[std::size_t(TableId::Plies)].str();
  EXPECT_EQ(text.substr(text.find('\n') + 1),
            "7,2,B,black,BlackB,,Q@f7,Q@f7#,Q,,f7,1,,179.9,0.30000000000000004,1,3,9\n"
            "7,3,A,white,WhiteA,12,\"e4,\"\"x\"\"\",,,,,0,,-0.5,,0,4,1\n"
            "8,1,A,black,BlackA,0,exd1=N,\"\",P,e2,d1,0,N,1e+20,,1,5,2\n");
  EXPECT_EQ(text, cells_texts[std::size_t(TableId::Plies)].str());
}

TEST(CsvSink, ManyRowsAreAllHandedOn) {
  std::array<std::ostringstream, kTableCount> texts;
  std::array<std::ostream*, kTableCount> streams{};
  for (std::size_t i = 0; i < kTableCount; ++i) streams[i] = &texts[i];
  CsvSink sink(streams);
  const int rows = 20000;  // several drains of the buffer
  for (int i = 1; i <= rows; ++i) {
    const Value tag[] = {std::int64_t{i}, std::int64_t{1}, "Name"sv, "a,b"sv};
    sink.row(TableId::Tags, tag);
  }
  ASSERT_TRUE(sink.flush());
  std::istringstream in(texts[std::size_t(TableId::Tags)].str());
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "game_id,ordinal,name,value");
  for (int i = 1; i <= rows; ++i) {
    ASSERT_TRUE(std::getline(in, line));
    ASSERT_EQ(line, std::to_string(i) + ",1,Name,\"a,b\"");
  }
  EXPECT_FALSE(std::getline(in, line));
}

TEST(CsvSink, FlushSaysWhenAStreamFailed) {
  std::array<std::ostringstream, kTableCount> texts;
  std::array<std::ostream*, kTableCount> streams{};
  for (std::size_t i = 0; i < kTableCount; ++i) streams[i] = &texts[i];
  texts[std::size_t(TableId::Plies)].setstate(std::ios::badbit);
  CsvSink sink(streams);
  EXPECT_FALSE(sink.flush());
}

}  // namespace
}  // namespace bpgn::db
