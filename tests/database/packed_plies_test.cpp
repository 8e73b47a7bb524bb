// The packing of version 2 archives (database/packed_plies.h): the arrays as worked out by hand,
// and what SQLite's view gives back of them, value for value and type for type, for rows that
// try the encoding (NULLs, a steal, a drop, odd text, times with 17 digits, an infinity).
#include "database/packed_plies.h"
#include "database/real_text.h"
#include "database/schema.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace bpgn::db {
namespace {

using namespace std::string_view_literals;
using Null = std::monostate;
using Row = std::array<Value, 18>;

Row ply(std::int64_t n, std::string_view board, std::string_view color, std::string_view seat, Value number,
        std::string_view san, Value canonical, Value piece, Value from, Value to, std::int64_t drop, Value promotion,
        Value clock, Value time, std::int64_t played, std::int64_t line, std::int64_t col) {
  return {std::int64_t(7), n, board, color, seat, number, san, canonical, piece, from, to, drop, promotion, clock, time,
          played, line, col};
}

TEST(PackedPlies, ArraysAreAsWorkedOutByHand) {
  PlyPacker packer;
  // 1A. e4 {118.5}: board A, white, played, pawn e2-e4, number 1.
  packer.add(ply(1, "A", "white", "WhiteA", std::int64_t(1), "e4", "e4"sv, "P"sv, "e2"sv, "e4"sv, 0, Null{}, 118.5,
                 Null{}, 1, 3, 1));
  // 1b. Q@f7#: board B, black, a drop written without '#', not numbered, clock 180 (a whole number).
  packer.add(ply(2, "B", "black", "BlackB", Null{}, "Q@f7", "Q@f7#"sv, "Q"sv, Null{}, "f7"sv, 1, Null{}, 180.0,
                 0.30000000000000004, 1, 3, 9));
  // A move not played: no canonical SAN, no piece, no squares.
  packer.add(ply(3, "A", "black", "BlackA", std::int64_t(4000000000), "Zz9", Null{}, Null{}, Null{}, Null{}, 0, Null{},
                 Null{}, Null{}, 0, 4, 2));
  const PackedPlies p = packer.packed();
  // ply 1: 8 (played) + 1*16 (P) + 12*1024 (e2 = 4 + 8*1) + 28*131072 (e4 = 4 + 8*3) + 2^24 + 1*2^25
  const std::int64_t c1 = 8 + 16 + 12 * 1024 + 28 * 131072 + (1LL << 24) + (1LL << 25);
  // ply 2: 1 (B) + 2 (black) + 4 (drop) + 8 + 5*16 (Q) + 64*1024 (no from) + 53*131072 (f7 = 5 + 8*6) + 2^58
  const std::int64_t c2 = 1 + 2 + 4 + 8 + 5 * 16 + 64 * 1024 + 53 * 131072 + (1LL << 58);
  // ply 3: 2 (black) + 64*1024 + 64*131072 + 2^24 + 4000000000*2^25 + 2^57 (no canonical SAN)
  const std::int64_t c3 = 2 + 64 * 1024 + 64 * 131072 + (1LL << 24) + (4000000000LL << 25) + (1LL << 57);
  EXPECT_EQ(p.codes, "[" + std::to_string(c1) + "," + std::to_string(c2) + "," + std::to_string(c3) + "]");
  EXPECT_EQ(p.moves, R"(["e4",0,"Q@f7","Q@f7#","Zz9",0])");
  EXPECT_EQ(p.extras, "[118.5,null,3,1,180.0,0.30000000000000004,3,9,null,null,4,2]");
  packer.clear();
  EXPECT_TRUE(packer.empty());
  EXPECT_EQ(packer.packed().codes, "[]");
}

TEST(PackedPlies, RowsThatVersionTwoCannotHoldAreRefused) {
  const auto refused = [&](const Row& row) {
    try {
      PlyPacker fresh;
      fresh.add(row);
    } catch (const ArchiveError& e) {
      return e.exit_code == 3;
    }
    return false;
  };
  EXPECT_TRUE(refused(ply(1, "A", "white", "BlackB", Null{}, "e4", Null{}, Null{}, Null{}, Null{}, 0, Null{}, Null{},
                          Null{}, 0, 1, 1)));  // a seat not the board's and colour's
  EXPECT_TRUE(refused(ply(1, "A", "white", "WhiteA", Null{}, "e4", Null{}, Null{}, "i9"sv, Null{}, 0, Null{}, Null{},
                          Null{}, 0, 1, 1)));  // no such square
  EXPECT_TRUE(refused(ply(2, "A", "white", "WhiteA", Null{}, "e4", Null{}, Null{}, Null{}, Null{}, 0, Null{}, Null{},
                          Null{}, 0, 1, 1)));  // ply 2 first
  EXPECT_TRUE(refused(ply(1, "A", "white", "WhiteA", std::int64_t(-1), "e4", Null{}, Null{}, Null{}, Null{}, 0, Null{},
                          Null{}, Null{}, 0, 1, 1)));  // a negative move number
  EXPECT_FALSE(refused(ply(1, "A", "white", "WhiteA", std::int64_t(1), "e4", Null{}, Null{}, Null{}, Null{}, 0, Null{},
                           Null{}, Null{}, 0, 1, 1)));
}

// The view over rows packed here gives the rows back exactly: each value, its SQL type, and a
// REAL to the last bit.
TEST(PackedPlies, TheViewGivesEveryValueBackExactly) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Row> rows = {
      ply(1, "A", "white", "WhiteA", std::int64_t(1), "e4", "e4"sv, "P"sv, "e2"sv, "e4"sv, 0, Null{}, 0.1 + 0.2,
          12345.678901234567, 1, 1, 1),
      ply(2, "B", "black", "BlackB", std::int64_t(12), "e8=R/d1", "exd8=R/d1+"sv, "P"sv, "e7"sv, "d8"sv, 0, "R"sv,
          1e-7, 5e300, 1, 2, 30),
      ply(3, "B", "white", "WhiteB", Null{}, "N@h8", "N@h8"sv, "N"sv, Null{}, "h8"sv, 1, Null{}, -0.5, inf, 1, 2, 40),
      ply(4, "A", "black", "BlackA", std::int64_t(0), "q\"\\\x01\t\xc3\xa9", Null{}, Null{}, Null{}, Null{}, 0,
          Null{}, Null{}, Null{}, 0, 4294967295, 0),
  };
  PlyPacker packer;
  for (const Row& r : rows) packer.add(r);
  const PackedPlies p = packer.packed();

  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(":memory:", &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, packed_plies_statements(false).c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_stmt* insert = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "INSERT INTO plies_packed VALUES (7, ?1, ?2, ?3)", -1, &insert, nullptr), SQLITE_OK);
  sqlite3_bind_text(insert, 1, p.codes.data(), int(p.codes.size()), SQLITE_STATIC);
  sqlite3_bind_text(insert, 2, p.moves.data(), int(p.moves.size()), SQLITE_STATIC);
  sqlite3_bind_text(insert, 3, p.extras.data(), int(p.extras.size()), SQLITE_STATIC);
  ASSERT_EQ(sqlite3_step(insert), SQLITE_DONE) << sqlite3_errmsg(db);
  sqlite3_finalize(insert);

  sqlite3_stmt* select = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT * FROM plies ORDER BY ply", -1, &select, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_column_count(select), 18);
  std::size_t n = 0;
  while (sqlite3_step(select) == SQLITE_ROW) {
    ASSERT_LT(n, rows.size());
    const Row& want = rows[n++];
    for (int c = 0; c < 18; ++c) {
      const Value& v = want[std::size_t(c)];
      const int type = sqlite3_column_type(select, c);
      const std::string where = "ply " + std::to_string(n) + " column " + sqlite3_column_name(select, c);
      if (std::holds_alternative<Null>(v)) {
        EXPECT_EQ(type, SQLITE_NULL) << where;
      } else if (const auto* i = std::get_if<std::int64_t>(&v)) {
        EXPECT_EQ(type, SQLITE_INTEGER) << where;
        EXPECT_EQ(sqlite3_column_int64(select, c), *i) << where;
      } else if (const auto* d = std::get_if<double>(&v)) {
        EXPECT_EQ(type, SQLITE_FLOAT) << where;
        EXPECT_EQ(sqlite3_column_double(select, c), *d) << where;
      } else {
        EXPECT_EQ(type, SQLITE_TEXT) << where;
        const auto* t = reinterpret_cast<const char*>(sqlite3_column_text(select, c));
        EXPECT_EQ(std::string(t, std::size_t(sqlite3_column_bytes(select, c))), std::get<std::string_view>(v)) << where;
      }
    }
  }
  EXPECT_EQ(n, rows.size());
  sqlite3_finalize(select);
  sqlite3_close(db);
}

// The parts of a ply (PlyRow, what emit_game_rows gives) pack as the same row's cells do: the
// arrays of ArraysAreAsWorkedOutByHand again, and ply_values() gives those cells back.
TEST(PackedPlies, PlyPartsPackAsTheirCells) {
  PlyRow e4;  // 1A. e4 {118.5}
  e4.game_id = 7;
  e4.ply = 1;
  e4.number = 1;
  e4.san = "e4";
  e4.canonical = "e4"sv;
  e4.piece = 'P';
  e4.from = 12;
  e4.to = 28;
  e4.played = true;
  e4.clock = 118.5;
  e4.line = 3;
  e4.column = 1;
  PlyRow drop;  // 1b. Q@f7, written without '#'
  drop.game_id = 7;
  drop.ply = 2;
  drop.board = Board::B;
  drop.color = Black;
  drop.san = "Q@f7";
  drop.canonical = "Q@f7#"sv;
  drop.piece = 'Q';
  drop.to = 53;
  drop.drop = drop.played = true;
  drop.clock = 180.0;
  drop.time = 0.30000000000000004;
  drop.line = 3;
  drop.column = 9;
  PlyRow unplayed;  // not played: no canonical SAN, no piece, no squares
  unplayed.game_id = 7;
  unplayed.ply = 3;
  unplayed.color = Black;
  unplayed.number = 4000000000;
  unplayed.san = "Zz9";
  unplayed.line = 4;
  unplayed.column = 2;

  PlyPacker parts, cells;
  for (const PlyRow& r : {e4, drop, unplayed}) {
    parts.add(r);
    PlyScratch scratch;
    const Row values = ply_values(r, scratch);
    cells.add(values);
  }
  const std::int64_t c1 = 8 + 16 + 12 * 1024 + 28 * 131072 + (1LL << 24) + (1LL << 25);
  const std::int64_t c2 = 1 + 2 + 4 + 8 + 5 * 16 + 64 * 1024 + 53 * 131072 + (1LL << 58);
  const std::int64_t c3 = 2 + 64 * 1024 + 64 * 131072 + (1LL << 24) + (4000000000LL << 25) + (1LL << 57);
  const PackedPlies p = parts.packed();
  EXPECT_EQ(p.codes, "[" + std::to_string(c1) + "," + std::to_string(c2) + "," + std::to_string(c3) + "]");
  EXPECT_EQ(p.moves, R"(["e4",0,"Q@f7","Q@f7#","Zz9",0])");
  EXPECT_EQ(p.extras, "[118.5,null,3,1,180.0,0.30000000000000004,3,9,null,null,4,2]");
  const PackedPlies q = cells.packed();
  EXPECT_EQ(q.codes, p.codes);
  EXPECT_EQ(q.moves, p.moves);
  EXPECT_EQ(q.extras, p.extras);

  PlyScratch scratch;
  const Row values = ply_values(drop, scratch);
  EXPECT_EQ(values[2], Value("B"sv));
  EXPECT_EQ(values[3], Value("black"sv));
  EXPECT_EQ(values[4], Value("BlackB"sv));
  EXPECT_EQ(values[5], Value(Null{}));
  EXPECT_EQ(values[8], Value("Q"sv));
  EXPECT_EQ(values[9], Value(Null{}));
  EXPECT_EQ(values[10], Value("f7"sv));
  EXPECT_EQ(values[11], Value(std::int64_t(1)));
  EXPECT_EQ(values[12], Value(Null{}));
  EXPECT_EQ(values[13], Value(180.0));
}

// A clock or time of whole thousandths is written by thousandths_text (database/real_text.h)
// exactly as std::to_chars and fmt write it, and anything else is left to them.
TEST(PackedPlies, ThousandthsTextIsThatOfToCharsAndFmt) {
  const auto fast = [](double d) {
    char buf[32];
    const char* end = thousandths_text(buf, d);
    return end ? std::string(buf, std::size_t(end - buf)) : std::string("(none)");
  };
  EXPECT_EQ(fast(179.9), "179.9");
  EXPECT_EQ(fast(180.0), "180");
  EXPECT_EQ(fast(-0.005), "-0.005");
  EXPECT_EQ(fast(58.345), "58.345");
  EXPECT_EQ(fast(99999.999), "99999.999");
  EXPECT_EQ(fast(0.0), "(none)");
  EXPECT_EQ(fast(100000.0), "(none)");
  EXPECT_EQ(fast(0.0005), "(none)");
  EXPECT_EQ(fast(0.1 + 0.2), "(none)");
  EXPECT_EQ(fast(std::numeric_limits<double>::infinity()), "(none)");
  EXPECT_EQ(fast(std::numeric_limits<double>::quiet_NaN()), "(none)");
  const auto check = [&](std::int64_t n) {
    const double d = double(n) / 1000;
    char buf[32];
    const std::string shortest(buf, std::to_chars(buf, buf + sizeof buf, d).ptr);
    const std::string text = fast(d);
    if (n == 0) return text == "(none)";
    return text == shortest && text == fmt::format("{}", d);
  };
  int wrong = 0;
  for (std::int64_t n = -300000; n <= 300000; ++n) wrong += !check(n);
  for (std::int64_t n = 300000; n < 100000000; n += 997) wrong += !check(n) + !check(-n);
  for (std::int64_t n = 99990000; n < 100000000; ++n) wrong += !check(n);
  EXPECT_EQ(wrong, 0);
}

}  // namespace
}  // namespace bpgn::db
