// database/game_rows: the rows of a real FICS match (corpus/fics/1934301.bpgn), each expected value
// read off the record by hand (the final positions are check's `final`, an independent route to
// the position after the last ply of each board).
#include "database/game_rows.h"

#include "pipeline/run/check_game.h"
#include "replay/check_test_util.h"

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

namespace bpgn::db {
namespace {

using check_test::corpus;
using check_test::read_games;

// Every row as text: "NULL", integers in decimal, reals as fmt writes them, text as is.
class RecordingSink : public TableSink {
 public:
  void row(TableId table, std::span<const Value> values) override {
    EXPECT_EQ(values.size(), db::table(table).columns.size()) << db::table(table).name;
    std::vector<std::string>& out = rows[table].emplace_back();
    for (std::size_t i = 0; i < values.size(); ++i) {
      const Value& v = values[i];
      const Column& c = db::table(table).columns[i];
      if (std::holds_alternative<std::monostate>(v)) {
        EXPECT_TRUE(c.nullable) << db::table(table).name << "." << c.name;
        out.push_back("NULL");
      } else if (auto n = std::get_if<std::int64_t>(&v)) {
        EXPECT_EQ(c.type, ColumnType::Integer) << c.name;
        out.push_back(std::to_string(*n));
      } else if (auto d = std::get_if<double>(&v)) {
        EXPECT_EQ(c.type, ColumnType::Real) << c.name;
        out.push_back(fmt::format("{}", *d));
      } else {
        EXPECT_EQ(c.type, ColumnType::Text) << c.name;
        out.emplace_back(std::get<std::string_view>(v));
      }
    }
  }
  std::string cell(TableId table, std::size_t row, std::string_view column) const {
    return rows.at(table).at(row).at(column_index(table, column));
  }
  std::size_t count(TableId table) const { return rows.contains(table) ? rows.at(table).size() : 0; }
  std::map<TableId, std::vector<std::vector<std::string>>> rows;
};

struct Emitted {
  Game game;
  ReplayResult result;
  RecordingSink sink;
};

void emit(Emitted& e, const std::string& text, bool positions) {
  e.game = read_games(text, "1934301.bpgn").at(0);
  e.game.file_index = 1;
  e.result = replay_for_output(e.game, RuleChoice{});
  GameRowsOptions options;
  options.positions = positions;
  emit_game_rows(e.game, e.result, status_of(e.game, e.result, false), 7, "the record", options, e.sink);
}

TEST(GameRows, FicsMatchGamesRow) {
  Emitted e;
  emit(e, corpus("fics/1934301.bpgn"), false);
  const RecordingSink& s = e.sink;
  ASSERT_EQ(s.count(TableId::Games), 1u);
  const auto g = [&](std::string_view c) { return s.cell(TableId::Games, 0, c); };
  EXPECT_EQ(g("id"), "7");
  EXPECT_EQ(g("file"), "1934301.bpgn");
  EXPECT_EQ(g("file_index"), "1");
  EXPECT_EQ(g("line"), "1");
  EXPECT_EQ(g("col"), "1");
  EXPECT_EQ(g("event"), "FICS unrated bughouse match");
  EXPECT_EQ(g("site"), "freechess.org");
  EXPECT_EQ(g("date"), "2021-10-05");
  EXPECT_EQ(g("round"), "NULL");
  EXPECT_EQ(g("white"), "NULL");
  EXPECT_EQ(g("result"), "1-0");
  EXPECT_EQ(g("time_control"), "300+0");
  EXPECT_EQ(g("variant"), "NULL");
  EXPECT_EQ(g("boards"), "2");
  EXPECT_EQ(g("dialect"), "bpgn");
  EXPECT_EQ(g("rules"), "bughouse");
  EXPECT_EQ(g("result_recorded"), "1-0");
  // 23B. B@g7# mates BobBughouse (BlackB): WhiteB Giomaxxim and his partner BlackA win.
  EXPECT_EQ(g("winner"), "team2");
  EXPECT_EQ(g("reason"), "checkmate");
  EXPECT_EQ(g("decided_board"), "B");
  EXPECT_EQ(g("status"), "valid");
  EXPECT_EQ(g("errors"), "0");
  EXPECT_EQ(g("warnings"), "0");
  EXPECT_EQ(g("plies"), "110");  // 33 + 32 moves on board A, 23 + 22 on board B
  EXPECT_NE(g("fingerprint"), "NULL");
  EXPECT_NE(g("date_key"), "0");  // the record has a Date
  EXPECT_NE(g("date_key"), "NULL");
  EXPECT_NE(g("clocks_key"), "0");
  EXPECT_EQ(g("record"), "the record");
}

TEST(GameRows, FicsMatchPlayersTagsPlies) {
  Emitted e;
  emit(e, corpus("fics/1934301.bpgn"), false);
  const RecordingSink& s = e.sink;
  ASSERT_EQ(s.count(TableId::Players), 4u);
  const auto p = [&](std::size_t r, std::string_view c) { return s.cell(TableId::Players, r, c); };
  EXPECT_EQ(p(0, "seat"), "WhiteA");
  EXPECT_EQ(p(0, "name"), "Rabbos");
  EXPECT_EQ(p(0, "elo"), "0");
  EXPECT_EQ(p(0, "team"), "1");
  EXPECT_EQ(p(1, "seat"), "BlackA");
  EXPECT_EQ(p(1, "team"), "2");
  EXPECT_EQ(p(3, "seat"), "BlackB");
  EXPECT_EQ(p(3, "name"), "BobBughouse");
  EXPECT_EQ(p(3, "board"), "B");
  EXPECT_EQ(p(3, "color"), "black");
  EXPECT_EQ(p(3, "team"), "1");
  // Event, Site, Date, TimeControl, Result and the seats (with their numeric Elos) have columns:
  // Time and Lag are left, in record order.
  ASSERT_EQ(s.count(TableId::Tags), 2u);
  EXPECT_EQ(s.cell(TableId::Tags, 0, "name"), "Time");
  EXPECT_EQ(s.cell(TableId::Tags, 0, "value"), "16:45:40");
  EXPECT_EQ(s.cell(TableId::Tags, 1, "name"), "Lag");
  EXPECT_EQ(s.cell(TableId::Tags, 1, "ordinal"), "2");
  EXPECT_EQ(s.count(TableId::Violations), 0u);
  EXPECT_EQ(s.count(TableId::Positions), 0u);

  ASSERT_EQ(s.count(TableId::Plies), 110u);
  const auto m = [&](std::size_t r, std::string_view c) { return s.cell(TableId::Plies, r, c); };
  // 1A. d4{298.21}
  EXPECT_EQ(m(0, "ply"), "1");
  EXPECT_EQ(m(0, "board"), "A");
  EXPECT_EQ(m(0, "seat"), "WhiteA");
  EXPECT_EQ(m(0, "move_number"), "1");
  EXPECT_EQ(m(0, "san"), "d4");
  EXPECT_EQ(m(0, "canonical_san"), "d4");
  EXPECT_EQ(m(0, "piece"), "P");
  EXPECT_EQ(m(0, "from_square"), "d2");
  EXPECT_EQ(m(0, "to_square"), "d4");
  EXPECT_EQ(m(0, "is_drop"), "0");
  EXPECT_EQ(m(0, "promotion"), "NULL");
  EXPECT_EQ(m(0, "clock"), "298.21");
  EXPECT_EQ(m(0, "played"), "1");
  EXPECT_EQ(m(0, "line"), "13");
  EXPECT_EQ(m(0, "col"), "5");
  // 1B. e4{296.208}, the fourth ply: WhiteB on board B used 3.792 s while board A went on.
  EXPECT_EQ(m(3, "board"), "B");
  EXPECT_EQ(m(3, "color"), "white");
  EXPECT_EQ(m(3, "seat"), "WhiteB");
  EXPECT_EQ(m(3, "clock"), "296.208");
  EXPECT_NEAR(std::stod(m(3, "match_time")), 300 - 296.208, 1e-9);
  // 32A. c8=Q+, the 102nd.
  EXPECT_EQ(m(101, "piece"), "P");
  EXPECT_EQ(m(101, "from_square"), "c7");
  EXPECT_EQ(m(101, "to_square"), "c8");
  EXPECT_EQ(m(101, "promotion"), "Q");
  // 23B. B@g7#{72.284}, the last.
  EXPECT_EQ(m(109, "seat"), "WhiteB");
  EXPECT_EQ(m(109, "move_number"), "23");
  EXPECT_EQ(m(109, "san"), "B@g7#");
  EXPECT_EQ(m(109, "piece"), "B");
  EXPECT_EQ(m(109, "from_square"), "NULL");
  EXPECT_EQ(m(109, "to_square"), "g7");
  EXPECT_EQ(m(109, "is_drop"), "1");
  EXPECT_EQ(m(109, "clock"), "72.284");
}

TEST(GameRows, PositionsAfterEachPlayedPly) {
  Emitted e;
  emit(e, corpus("fics/1934301.bpgn"), true);
  const RecordingSink& s = e.sink;
  ASSERT_EQ(s.count(TableId::Positions), 110u);
  EXPECT_EQ(s.cell(TableId::Positions, 0, "board"), "A");
  EXPECT_TRUE(s.cell(TableId::Positions, 0, "fen").starts_with("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR[] b KQkq"));
  // The last ply of each board leaves check's final position of that board (33A. N@d6+ is the
  // 109th ply, 23B. B@g7# the 110th).
  EXPECT_EQ(s.cell(TableId::Positions, 108, "fen"),
            "2Q~nk2r/p4ppp/2pN4/2Nn4/8/P4P1P/1PPR1PP1/4K2R[Np] b K - 0 33");
  EXPECT_EQ(s.cell(TableId::Positions, 109, "fen"),
            "r6r/1pp2QBp/p5pk/3p2q1/2n2bQ1/8/PPPP1PPP/RNB1K2R[BBPqrbbbnpppp] b KQ - 0 23");
}

TEST(GameRows, ErrorsAndUnplayedPlies) {
  // 2a. Ne4 (the fifth ply) made Ne2, a square no black knight reaches.
  std::string text = corpus("fics/1934301.bpgn");
  text.replace(text.find("2a. Ne4"), 7, "2a. Ne2");
  Emitted e;
  emit(e, text, false);
  const RecordingSink& s = e.sink;
  EXPECT_EQ(s.cell(TableId::Games, 0, "status"), "invalid");
  EXPECT_NE(s.cell(TableId::Games, 0, "errors"), "0");
  ASSERT_GE(s.count(TableId::Violations), 1u);
  EXPECT_EQ(s.cell(TableId::Violations, 0, "code"), "illegal-move");
  EXPECT_EQ(s.cell(TableId::Violations, 0, "ply"), "5");
  EXPECT_EQ(s.cell(TableId::Violations, 0, "board"), "A");
  EXPECT_EQ(s.cell(TableId::Violations, 0, "color"), "black");
  EXPECT_EQ(s.cell(TableId::Violations, 0, "move_number"), "2");
  EXPECT_EQ(s.cell(TableId::Violations, 0, "move"), "Ne2");
  // Board A stops at its first error; board B goes on.
  EXPECT_EQ(s.cell(TableId::Plies, 4, "played"), "0");
  EXPECT_EQ(s.cell(TableId::Plies, 4, "canonical_san"), "NULL");
  EXPECT_EQ(s.cell(TableId::Plies, 4, "piece"), "NULL");
  EXPECT_EQ(s.cell(TableId::Plies, 6, "board"), "A");
  EXPECT_EQ(s.cell(TableId::Plies, 6, "played"), "0");
  EXPECT_EQ(s.cell(TableId::Plies, 7, "board"), "B");
  EXPECT_EQ(s.cell(TableId::Plies, 7, "played"), "1");
}

TEST(GameRows, UnreadableGame) {
  Emitted e;
  emit(e, "{unclosed\n", false);
  const RecordingSink& s = e.sink;
  ASSERT_FALSE(e.game.readable());
  EXPECT_EQ(s.cell(TableId::Games, 0, "status"), "unreadable");
  EXPECT_EQ(s.cell(TableId::Games, 0, "errors"), "1");
  EXPECT_EQ(s.cell(TableId::Games, 0, "plies"), "0");
  EXPECT_EQ(s.cell(TableId::Games, 0, "winner"), "NULL");
  EXPECT_EQ(s.cell(TableId::Violations, 0, "code"), "syntax");
  EXPECT_EQ(s.cell(TableId::Games, 0, "rules"), "NULL");
  EXPECT_EQ(s.cell(TableId::Games, 0, "fingerprint"), "NULL");
}

}  // namespace
}  // namespace bpgn::db
