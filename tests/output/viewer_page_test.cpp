// The match viewer's page and data (bpgn view), read as text: every moment's JSON is the moment
// `bpgn show --at` prints, record text cannot leave the JSON or the page, and the content
// security policy names the one script. (tests/html/viewer_browser_test.py drives it in Chromium.)
#include "cli/binary_run.h"
#include "core/fen.h"
#include "output/board_view.h"
#include "output/sha256.h"
#include "output/viewer_data.h"
#include "output/viewer_page.h"
#include "pipeline/run/check_game.h"
#include "pipeline/input/game_stream.h"
#include "pipeline/input/input_paths.h"
#include "text/visible_text.h"
#include "replay/messages.h"
#include "replay/moment.h"
#include "support/text.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace bpgn::check_test {
namespace {

using test::count;

std::string hex(const std::array<std::uint8_t, 32>& d) {
  std::string out;
  for (std::uint8_t b : d) out += fmt::format("{:02x}", b);
  return out;
}

TEST(Sha256, KnownDigests) {
  // FIPS 180-4's examples (one block, two blocks) and the empty message.
  EXPECT_EQ(hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(hex(sha256(std::string(1000000, 'a'))), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // 55, 56 and 64 bytes: the padding's edges.
  EXPECT_EQ(hex(sha256(std::string(55, 'a'))), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(hex(sha256(std::string(56, 'a'))), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(hex(sha256(std::string(64, 'a'))), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
  EXPECT_EQ(sha256_base64(""), "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
}

TEST(ViewerData, JsonForScriptLeavesNoMarkup) {
  const std::string json = R"({"name":"</script><!--<script>alert(1)</script>&amp;)" "\xE2\x80\xA8" R"("})";
  const std::string safe = json_for_script(json);
  EXPECT_EQ(safe.find('<'), std::string::npos);
  EXPECT_EQ(safe.find('>'), std::string::npos);
  EXPECT_EQ(safe.find('&'), std::string::npos);
  EXPECT_EQ(safe.find("\xE2\x80\xA8"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(safe), nlohmann::json::parse(json));
}

struct Viewed {
  Game game;
  CheckedGame checked;
  nlohmann::json data;
};

Viewed view_first(const std::string& text, const std::string& name = "test.bpgn", ViewerDataOptions options = {}) {
  std::vector<Game> games = read_games(text, name);
  EXPECT_FALSE(games.empty());
  Viewed v;
  v.game = games.front();
  v.checked = check_game(v.game, RuleChoice{});
  std::string json;
  append_viewer_game(json, v.game, v.checked, options);
  v.data = nlohmann::json::parse(json);
  return v;
}

// Every moment of the data against moment_of (what show prints) at the same place.
void expect_moments_are_show_s(const Viewed& v) {
  const nlohmann::json& moments = v.data["moments"];
  const std::size_t n = v.game.plies.size();
  ASSERT_GE(moments.size(), n + 1);
  std::size_t next_ply = 0;
  double last_time = 0;
  for (std::size_t k = 0; k < moments.size(); ++k) {
    const nlohmann::json& j = moments[k];
    MomentAt at{MomentAt::Kind::Start, 0};
    if (j["at"].is_number()) at = {MomentAt::Kind::Ply, j["at"].get<std::size_t>()};
    else if (j["at"] == "end") at = {MomentAt::Kind::End, 0};
    else if (j["at"] == "instant") at = {MomentAt::Kind::Instant, 0, j["time"].get<double>()};
    if (k == 0) EXPECT_EQ(j["at"], "start");
    else if (j["at"].is_number()) EXPECT_EQ(j["at"], next_ply++);  // the plies in record order
    // A flag's instant comes after the plies made by then, before the next.
    if (j["at"] == "instant") EXPECT_GE(j["time"].get<double>(), last_time);
    if (j["at"].is_number() && !j["time"].is_null()) last_time = std::max(last_time, j["time"].get<double>());
    const ReplayResult& r = v.checked.result;
    const Moment m = moment_of(v.game, r.rules, v.checked.replay, r, at, 0);
    SCOPED_TRACE(j["caption"].get<std::string>());
    EXPECT_EQ(j["caption"], visible_text(moment_caption(v.game, move_numbers(v.game), m)));
    EXPECT_EQ(j["played"], m.played);
    if (m.time) EXPECT_EQ(j["time"], *m.time);
    else EXPECT_TRUE(j["time"].is_null());
    for (int b = 0; b < m.boards; ++b) {
      if (m.last_played[b]) EXPECT_EQ(j["last"][b][1], square_name(r.plies[*m.last_played[b]].move.to));
      else EXPECT_TRUE(j["last"][b].is_null());
    }
    for (int b = 0; b < m.boards; ++b) {
      EXPECT_EQ(j["fen"][b], to_fen(m.position[b]));
      for (Color c : {White, Black}) {
        const Holding& h = m.position[b].holding(c);
        EXPECT_EQ(j["hands"][b][int(c)], nlohmann::json({h[Queen], h[Rook], h[Bishop], h[Knight], h[Pawn]}));
      }
    }
    for (int s = 0; s < 2 * m.boards; ++s) {
      if (m.remaining[s]) EXPECT_EQ(j["clocks"][s], clock_text(*m.remaining[s]));
      else EXPECT_TRUE(j["clocks"][s].is_null());
    }
    EXPECT_EQ(j["violations"], nlohmann::json(m.violations));
  }
}

TEST(ViewerData, EveryMomentIsTheOneShowPrints) {
  for (const char* file : {"check/mixed.bpgn", "broken/bughouse-pro-ts-flag.bpgn", "fics/1934301.bpgn",
                           "bughouse-pro/discard.bpgn", "crazyhouse/lichess-tnA9XCCX.pgn"}) {
    SCOPED_TRACE(file);
    const std::string text = read_file(std::string(BPGN_CORPUS_DIR) + "/" + file);
    for (const Game& g : read_games(text, file)) {
      Viewed v;
      v.game = g;
      v.checked = check_game(g, RuleChoice{});
      std::string json;
      append_viewer_game(json, v.game, v.checked);
      v.data = nlohmann::json::parse(json);
      expect_moments_are_show_s(v);
    }
  }
}

TEST(ViewerData, TheFlagGameAsShowDrawsIt) {
  // White A's flag fell at 2 + 179 = 181 s: a moment of its own after 2B. c4 (1:40, the sixth
  // moment), with White A's clock at 0:00, Black A's 2:59, White B's 1:21 and Black B's 179 -
  // (181 - 100) = 98 s, running.
  const Viewed v = view_first(read_file(std::string(BPGN_CORPUS_DIR) + "/broken/bughouse-pro-ts-flag.bpgn"));
  const nlohmann::json& flag = v.data["moments"][6];
  EXPECT_EQ(flag["at"], "instant");
  EXPECT_EQ(flag["time"], 181.0);
  EXPECT_EQ(flag["clocks"], nlohmann::json({"0:00", "2:59", "1:21", "1:38"}));
  EXPECT_EQ(flag["fell"], nlohmann::json({181.0, nullptr, nullptr, nullptr}));
  EXPECT_EQ(flag["running"], nlohmann::json({true, false, false, true}));
  EXPECT_EQ(flag["runs_out"][3], 279.0);  // Black B: 100 + 179
  EXPECT_EQ(flag["caption"], "At match time 3:01, after 2B. c4 (ply 5 of 8): the flag of WhiteA Alice fell");
  // docs/show.md's example, read by hand: at 2b. e6 (ply 6), not played; White A's clock 0:00 (her
  // flag fell; 179 - 228 = -49 is no clock's time), Black A's 2:59, White B's 1:21, Black B's 0:49
  // (WhiteA, BlackA, WhiteB, BlackB).
  const nlohmann::json& m = v.data["moments"][7];
  EXPECT_EQ(m["at"], 5);
  EXPECT_FALSE(m["played"]);
  EXPECT_EQ(m["clocks"], nlohmann::json({"0:00", "2:59", "1:21", "0:49"}));
  EXPECT_EQ(m["caption"], "At 2b. e6 (ply 6 of 8, match time 3:50), not played: the position its player saw");
  EXPECT_EQ(m["mark"], nlohmann::json({{"board", 1}, {"from", nullptr}, {"to", "e6"}}));
  EXPECT_EQ(m["last"][0], nlohmann::json({"e7", "e5"}));
  EXPECT_EQ(m["last"][1], nlohmann::json({"c2", "c4"}));
  ASSERT_EQ(m["violations"].size(), 1u);
  EXPECT_EQ(v.data["violations"][m["violations"][0].get<int>()]["code"], "move-after-end");
  EXPECT_FALSE(v.data["plies"][5]["played"]);
  EXPECT_EQ(v.data["plies"][5]["ref"], "2b. e6");
  EXPECT_EQ(v.data["plies"][5]["time"], 230.0);
  EXPECT_EQ(v.data["players"], nlohmann::json({"WhiteA Alice", "BlackA Bob", "WhiteB Charlie", "BlackB Dave"}));
}

TEST(ViewerData, OpensAtTheMomentAsked) {
  // The flag game's moments: the start, its plies 1-5 (to 2B. c4 at 1:40), the flag at 3:01, 2b. e6.
  const std::string text = read_file(std::string(BPGN_CORPUS_DIR) + "/broken/bughouse-pro-ts-flag.bpgn");
  ViewerDataOptions options;
  options.open_at = MomentAt{MomentAt::Kind::Ply, 5};
  EXPECT_EQ(view_first(text, "f.bpgn", options).data["open"]["moment"], 7);
  EXPECT_EQ(view_first(text, "f.bpgn", options).data["open"]["by"], "time");
  options.open_at = MomentAt{MomentAt::Kind::Instant, 0, 181};  // the flag's own moment
  EXPECT_EQ(view_first(text, "f.bpgn", options).data["open"]["moment"], 6);
  // 2:30, no moment yet: one of its own after 2B. c4, before the flag. Black B 179 - 50 = 2:09.
  options.open_at = MomentAt{MomentAt::Kind::Instant, 0, 150};
  const Viewed v = view_first(text, "f.bpgn", options);
  EXPECT_EQ(v.data["open"]["moment"], 6);
  EXPECT_EQ(v.data["moments"][6]["at"], "instant");
  EXPECT_EQ(v.data["moments"][6]["clocks"], nlohmann::json({"0:31", "2:59", "1:21", "2:09"}));
  EXPECT_EQ(v.data["moments"][7]["time"], 181.0);
  EXPECT_FALSE(view_first(text).data.contains("open"));
}

TEST(ViewerData, TheRuleIsQuotedAndTheDropMarked) {
  const Viewed v = view_first(read_file(std::string(BPGN_CORPUS_DIR) + "/../tests/html/turkish-check-drop.bpgn"));
  const nlohmann::json& m = v.data["moments"][5];  // after 1b. P@f2+, the fifth ply
  EXPECT_EQ(m["mark"], nlohmann::json({{"board", 1}, {"from", nullptr}, {"to", "f2"}}));
  ASSERT_FALSE(m["violations"].empty());
  const nlohmann::json& violation = v.data["violations"][m["violations"][0].get<int>()];
  EXPECT_NE(violation["quote"].get<std::string>().find("no drop may give check"), std::string::npos);
  EXPECT_EQ(m["hand_words"][1][1], "a pawn");  // Black on board B holds the pawn it tried to drop
  EXPECT_EQ(m["hands"][1][1], nlohmann::json({0, 0, 0, 0, 1}));
}

// A legal match of `plies` plies, the knights going out and back on both boards in turn (board A's
// ply, then board B's), each move taking its player one second of a 10-hour clock.
std::string knights_match(std::size_t plies) {
  static constexpr std::array<std::string_view, 4> kMoves{"Nf3", "Nf6", "Ng1", "Ng8"};
  std::string text = "[Event \"long\"]\n[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n"
                     "[TimeControl \"36000+0\"]\n[Result \"*\"]\n\n";
  for (std::size_t k = 0; k < plies; ++k) {
    const std::size_t i = k / 2;  // the ply's index on its board
    const bool white = i % 2 == 0;
    const char seat = k % 2 == 0 ? (white ? 'A' : 'a') : (white ? 'B' : 'b');
    text += fmt::format("{}{}. {}{{{}}}{}", i / 2 + 1, seat, kMoves[i % 4], 36000 - (i / 2 + 1), k % 8 == 7 ? "\n" : " ");
  }
  return text + " *\n";
}

TEST(ViewerData, ALongMatchIsDrawn) {
  // 10,000 plies: every moment is drawn (each from one replay of the record, not one replay per
  // moment), none refused.
  const Viewed v = view_first(knights_match(10000));
  EXPECT_TRUE(v.checked.result.violations.empty());
  EXPECT_FALSE(v.data.contains("not_drawn"));
  EXPECT_EQ(v.data["plies"].size(), 10000u);
  const nlohmann::json& moments = v.data["moments"];
  ASSERT_EQ(moments.size(), 10001u);  // the start and each ply (no end: no violation there)
  const std::string home = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  const auto placement = [](const nlohmann::json& fen) {
    const std::string f = fen.get<std::string>();
    return f.substr(0, f.find_first_of("[ "));
  };
  // After 1A. Nf3: board A's knight on f3, board B at its start.
  EXPECT_EQ(placement(moments[1]["fen"][0]), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R");
  EXPECT_EQ(placement(moments[1]["fen"][1]), home);
  // After ply 9,998 (board A's 5,000th: 2500a. Ng8) board A is home again; board B's last was
  // 2500B. Ng1, its black knight still on f6.
  EXPECT_EQ(moments[9999]["at"], 9998);
  EXPECT_EQ(placement(moments[9999]["fen"][0]), home);
  EXPECT_EQ(placement(moments[9999]["fen"][1]), "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR");
  // After the last (2500b. Ng8): every knight home, 2,500 moves of one second on every clock.
  const nlohmann::json& last = moments[10000];
  EXPECT_EQ(last["at"], 9999);
  for (int b = 0; b < 2; ++b) EXPECT_EQ(placement(last["fen"][b]), home);
  EXPECT_EQ(last["remaining"], nlohmann::json({33500.0, 33500.0, 33500.0, 33500.0}));
  EXPECT_EQ(last["time"], 5000.0);  // each board's two clocks used 2,500 s each
  EXPECT_EQ(last["caption"].get<std::string>().find("After 2500b. Ng8 (ply 10000 of 10000"), 0u);
}

TEST(ViewerPage, ALongMatchIsWrittenInPartsAndReadsBackWhole) {
  // The page writes a game's data a part at a time (ViewerDataOptions::spill): the same JSON as
  // the object made whole.
  const std::string text = knights_match(2000);
  const Viewed v = view_first(text);
  ViewerPage page({"long.bpgn"});
  for (const Game& g : read_games(text)) page.game(g, check_game(g, RuleChoice{}));
  std::ostringstream out;
  page.write(out);
  const std::string html = out.str();
  const std::string open = R"(<script type="application/json" id="bpgn-data">)";
  const std::size_t from = html.find(open) + open.size();
  const nlohmann::json data = nlohmann::json::parse(html.substr(from, html.find("</script>", from) - from));
  ASSERT_EQ(data["games"].size(), 1u);
  EXPECT_EQ(data["games"][0], v.data);
}

TEST(ViewerPage, APageOfManyGamesHoldsTheMomentsShowPrints) {
  // The page as view writes it (ViewerPage: the data in parts through its temporary file) for
  // every game of several folders, read back from the page's data element: each game's moments
  // are moment_of's (what show --at prints) at every place.
  const std::string corpus = BPGN_CORPUS_DIR;
  InputList list = expand_inputs({corpus + "/fics", corpus + "/broken", corpus + "/bughouse-pro", corpus + "/check",
                                  corpus + "/../tests/html"},
                                 InputOptions{});
  InputStreams streams(std::move(list.files), std::move(list.failures));
  GameStream stream(streams);
  std::vector<Viewed> games;
  ViewerPage page({"many"});
  Game game;
  for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
    if (step != GameStream::Step::Game) continue;
    Viewed v;
    v.game = game;
    v.checked = check_game(game, RuleChoice{});
    page.game(v.game, v.checked);
    games.push_back(std::move(v));
  }
  std::ostringstream out;
  page.write(out);
  const std::string html = out.str();
  const std::string open = R"(<script type="application/json" id="bpgn-data">)";
  const std::size_t from = html.find(open) + open.size();
  const nlohmann::json data = nlohmann::json::parse(html.substr(from, html.find("</script>", from) - from));
  ASSERT_EQ(data["games"].size(), games.size());
  EXPECT_GT(games.size(), 60u);
  std::size_t drawn = 0;
  for (std::size_t k = 0; k < games.size(); ++k) {
    Viewed& v = games[k];
    SCOPED_TRACE(fmt::format("{} game {}", v.game.file, v.game.file_index));
    v.data = data["games"][k];
    EXPECT_EQ(v.data["index"], v.game.index);
    EXPECT_EQ(v.data["plies"].size(), v.game.plies.size());
    if (v.data.contains("not_drawn")) {  // a game with no moves
      EXPECT_TRUE(v.game.plies.empty());
      EXPECT_TRUE(v.data["moments"].empty());
      continue;
    }
    expect_moments_are_show_s(v);
    ++drawn;
  }
  EXPECT_GT(drawn, 60u);
}

std::string page_of(const std::string& text) {
  ViewerPage page({"hostile.bpgn"});
  for (const Game& g : read_games(text, "</script>.bpgn")) page.game(g, check_game(g, RuleChoice{}));
  std::ostringstream out;
  page.write(out);
  return out.str();
}

TEST(ViewerPage, RecordTextStaysInsideTheData) {
  const std::string hostile = "</script><!--<script>alert(1)</script>\x1b[31m \xE2\x80\xA8";
  const std::string text = "[Event \"x\"]\n[WhiteA \"" + hostile + "\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n" +
                           "[Result \"*\"]\n\n1A. e4 {</script>} 1a. e5 *\n";
  const std::string html = page_of(text);
  // Two script elements: the data and the program; nothing else opens or closes one.
  EXPECT_EQ(count(html, "<script"), 2u);
  EXPECT_EQ(count(html, "</script>"), 2u);
  EXPECT_EQ(count(html, "<!--"), 0u);
  EXPECT_EQ(html.find("alert(1)</"), std::string::npos);
  // The data reads back with the name as show writes it (controls made visible).
  const std::string open = R"(<script type="application/json" id="bpgn-data">)";
  const std::size_t from = html.find(open) + open.size();
  const nlohmann::json data = nlohmann::json::parse(html.substr(from, html.find("</script>", from) - from));
  EXPECT_EQ(data["games"][0]["players"][0], "WhiteA </script><!--<script>alert(1)</script><U+001B>[31m <U+2028>");
  EXPECT_EQ(data["games"][0]["file"], "</script>.bpgn");
}

TEST(ViewerPage, ThePolicyAllowsOnlyItsOwnScript) {
  const std::string html = page_of(bpgn("1A. e4 1a. e5"));
  const std::string script(viewer_script());
  const std::string tag = "<script>" + script + "</script>";
  EXPECT_NE(html.find(tag), std::string::npos);
  EXPECT_NE(html.find("default-src 'none'; script-src 'sha256-" + sha256_base64(script) + "'; style-src 'unsafe-inline'"),
            std::string::npos);
  EXPECT_EQ(html.find("unsafe-eval"), std::string::npos);
  // Nothing fetched: no address, no element that loads.
  EXPECT_EQ(html.find("http:"), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_EQ(html.find(" src="), std::string::npos);
  // The boards, their named squares, both figures.
  EXPECT_EQ(count(html, R"(role="img" aria-label="e4")"), 2u);
  EXPECT_NE(html.find(R"(id="board-A")"), std::string::npos);
  EXPECT_NE(html.find(R"(id="board-B")"), std::string::npos);
}

TEST(ViewCommand, WritesThePageAndKeepsTheContract) {
  const std::string in = write_temp("view.bpgn", bpgn("1A. e4 1a. e5") + "\n" + bpgn("1A. e4 1a. d5 1B. N@f3"));
  const std::string out = temp_path("view.html");
  BinaryRun r = run_binary("view -o " + shell_quoted(out) + " " + shell_quoted(in));
  EXPECT_EQ(r.exit_code, 1) << r.err;  // game 2 has an error
  const std::string html = test::slurp(out);
  EXPECT_EQ(count(html, "\"index\":"), 2u);
  // One game by its line, valid: exit 0.
  r = run_binary("view -o " + shell_quoted(out) + " " + shell_quoted(in + ":2"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(count(test::slurp(out), "\"index\":"), 1u);
  // The page is never written onto an input; a game the file does not hold is a usage error.
  r = run_binary("view -o " + shell_quoted(in) + " " + shell_quoted(in));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("would destroy the input"), std::string::npos) << r.err;
  r = run_binary("view --game 3 " + shell_quoted(in));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("there is no game 3"), std::string::npos) << r.err;
  r = run_binary("view " + shell_quoted(temp_path("no-such.bpgn")));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  std::filesystem::remove(in);
  std::filesystem::remove(out);
}

// --adjudications: a decided game's outcome carries the arbiter's decision and reason in the page;
// a decision that names no game of the page is an error (exit 2), and so is the page never written
// onto the adjudications file.
TEST(ViewCommand, ShowsTheArbitersDecision) {
  const std::string in = write_temp("view-adj.bpgn", bpgn("1A. e4 1a. e5") + "\n" + bpgn("1A. e4 1a. d5 1B. N@f3"));
  const std::string adj = write_temp("view.adjudications",
                                     "match: " + in + ":" + std::to_string(1 + count(bpgn("1A. e4 1a. e5"), "\n") + 1) +
                                         "\nresult: 1/2-1/2\nreason: the <knight> & the scorer\n");
  const std::string out = temp_path("view-adj.html");
  BinaryRun r = run_binary("view --adjudications " + shell_quoted(adj) + " -o " + shell_quoted(out) + " " +
                           shell_quoted(in));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const std::string html = test::slurp(out);
  EXPECT_EQ(count(html, "arbiter's decision: result 1/2-1/2"), 1u) << html.substr(0, 3000);
  // The reason is record-like text: escaped in the page's data, never markup.
  EXPECT_EQ(html.find("<knight>"), std::string::npos);
  EXPECT_NE(html.find("\\u003cknight\\u003e"), std::string::npos);
  // A decision naming a game the page does not hold.
  const std::string stray = write_temp("view-stray.adjudications", "match: " + in + ":999\nresult: 1-0\nreason: x\n");
  r = run_binary("view --adjudications " + shell_quoted(stray) + " -o " + shell_quoted(out) + " " + shell_quoted(in));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("view-stray.adjudications:1:"), std::string::npos) << r.err;
  r = run_binary("view --adjudications " + shell_quoted(adj) + " -o " + shell_quoted(adj) + " " + shell_quoted(in));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(test::slurp(adj).find("reason: the <knight>"), std::string::npos);
  for (const std::string& f : {in, adj, stray, out}) std::filesystem::remove(f);
}

}  // namespace
}  // namespace bpgn::check_test
