// for_each_moment / moments_of (one replay for every moment of a match) against moment_of (what
// `bpgn show --at` prints: the record replayed up to the moment), field by field, for every game of
// corpus/ and of tests/html/ -- the Turkish records played on after an unclaimed action included.
#include "core/fen.h"
#include "pipeline/run/check_game.h"
#include "pipeline/input/game_stream.h"
#include "pipeline/input/input_paths.h"
#include "replay/check_test_util.h"
#include "replay/moment.h"
#include "replay/moments.h"
#include "support/sanitizer.h"

#include <fmt/format.h>

namespace bpgn::check_test {
namespace {

std::string at_text(const MomentAt& at) {
  switch (at.kind) {
    case MomentAt::Kind::Start: return "start";
    case MomentAt::Kind::End: return "end";
    case MomentAt::Kind::Ply: return fmt::format("ply {}", at.ply);
  }
  return "?";
}

void expect_same(const Moment& got, const Moment& want) {
  EXPECT_EQ(got.at.kind, want.at.kind);
  EXPECT_EQ(got.at.ply, want.at.ply);
  EXPECT_EQ(got.boards, want.boards);
  EXPECT_EQ(got.played, want.played);
  for (int b = 0; b < 2; ++b) {
    EXPECT_TRUE(got.position[b] == want.position[b]) << "board " << b << ": " << to_fen(got.position[b]) << " against "
                                                     << to_fen(want.position[b]);
  }
  EXPECT_EQ(got.last_played, want.last_played);
  EXPECT_EQ(got.time, want.time);
  EXPECT_EQ(got.remaining, want.remaining);
  EXPECT_EQ(got.plies, want.plies);
  for (int s = 0; s < 4; ++s) {  // whose clock runs, when a flag fell, when the running one runs out
    EXPECT_EQ(got.clocks.seats[s].left, want.clocks.seats[s].left) << "seat " << s;
    EXPECT_EQ(got.clocks.seats[s].running, want.clocks.seats[s].running) << "seat " << s;
    EXPECT_EQ(got.clocks.seats[s].fell, want.clocks.seats[s].fell) << "seat " << s;
    EXPECT_EQ(got.clocks.seats[s].runs_out, want.clocks.seats[s].runs_out) << "seat " << s;
  }
  EXPECT_EQ(got.recent, want.recent);
  EXPECT_EQ(got.violations, want.violations);
}

// What the comparison met, so that a test can say it saw the cases it is about.
struct Seen {
  std::size_t games = 0;
  std::size_t moments = 0;
  std::size_t not_played = 0;  // moments at a ply that was not played
  std::size_t played_on = 0;   // games with an illegal action nobody claimed, played on as made
  std::size_t clocks = 0;      // moments with a clock known
};

// Every moment of the game from one replay, each against moment_of at its place.
void expect_moments_of_every_place(const Game& game, const CheckedGame& checked, Seen& seen,
                                   std::size_t recent_plies = 4) {
  const ReplayResult& r = checked.result;
  const std::vector<Moment> all = moments_of(game, r.rules, checked.replay, r, recent_plies);
  ASSERT_EQ(all.size(), game.plies.size() + 2);
  ++seen.games;
  for (const Violation& v : r.violations) seen.played_on += v.fate == ActionFate::PlayedOn;
  for (std::size_t k = 0; k < all.size(); ++k) {
    MomentAt at{MomentAt::Kind::Ply, k - 1};
    if (k == 0) at = {MomentAt::Kind::Start, 0};
    if (k == all.size() - 1) at = {MomentAt::Kind::End, 0};
    // Under the sanitizers (ten times slower; the build without them compares every moment): the
    // start, the end, every move not played and every fifth moment.
    if (test::kUnderSanitizer && k % 5 != 0 && k + 1 != all.size() && all[k].played) continue;
    SCOPED_TRACE(fmt::format("{} game {} at {}", game.file, game.file_index, at_text(at)));
    const Moment want = moment_of(game, r.rules, checked.replay, r, at, recent_plies);
    expect_same(all[k], want);
    ++seen.moments;
    seen.not_played += !want.played;
    seen.clocks += std::any_of(want.remaining.begin(), want.remaining.end(), [](auto& t) { return t.has_value(); });
  }
}

// Every game of the inputs as `bpgn view` reads them (folders searched as check searches them),
// checked under `choice`.
Seen compare_all(const std::vector<std::string>& inputs, const RuleChoice& choice, std::size_t recent_plies = 4) {
  Seen seen;
  InputList list = expand_inputs(inputs, InputOptions{});
  InputStreams streams(std::move(list.files), std::move(list.failures));
  GameStream stream(streams);
  Game game;
  for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
    EXPECT_NE(step, GameStream::Step::Failure) << stream.failure().reason;
    if (step != GameStream::Step::Game) continue;
    expect_moments_of_every_place(game, check_game(game, choice), seen, recent_plies);
  }
  return seen;
}

const std::string kHtml = std::string(BPGN_CORPUS_DIR) + "/../tests/html";

TEST(MomentsOf, EveryMomentOfEveryCorpusGameIsMomentOfs) {
  const Seen seen = compare_all({BPGN_CORPUS_DIR}, RuleChoice{});
  // corpus/ holds some 1,700 games (about 137,000 moments, some 400 of them at a move not played,
  // 33,000 with a clock known), every one compared.
  EXPECT_GT(seen.games, 1000u);
  EXPECT_GT(seen.moments, test::kUnderSanitizer ? 20000u : 100000u);
  EXPECT_GT(seen.not_played, 100u);
  EXPECT_GT(seen.clocks, test::kUnderSanitizer ? 2000u : 10000u);
}

TEST(MomentsOf, TheViewersMomentsWithoutRecentMovesAreMomentOfsToo) {
  const Seen seen = compare_all({std::string(BPGN_CORPUS_DIR) + "/broken", std::string(BPGN_CORPUS_DIR) + "/fics"},
                                RuleChoice{}, 0);
  EXPECT_GT(seen.games, 20u);
}

TEST(MomentsOf, TheRecordsOfTestsHtmlAreMomentOfsTurkishPlayedOnToo) {
  // Every record of tests/html/ under its own Variant tag, and turkish-played-on.bpgn under
  // --rules turkish as docs/view.md's pictures use it.
  const Seen seen = compare_all({kHtml}, RuleChoice{});
  EXPECT_EQ(seen.games, 13u);  // turkish-check-drop.bpgn's one and turkish-played-on.bpgn's twelve
  RuleChoice turkish;
  turkish.preset = *rules_by_name("turkish");
  const Seen under_turkish = compare_all({kHtml + "/turkish-played-on.bpgn"}, turkish);
  EXPECT_EQ(under_turkish.games, 12u);
  // The records are about actions nobody claimed: play went on from them as made; and moves that
  // were not played (a claimed action, a board stopped).
  EXPECT_GE(under_turkish.played_on, 4u);
  EXPECT_GT(under_turkish.not_played, 0u);
}

TEST(MomentsOf, ARecordThatIsNotReplayedStaysAtItsStart) {
  // A variant bpgn does not check and a FEN tag it cannot read: no ply is played, every moment
  // shows the starting boards (as moment_of does).
  Seen seen;
  for (const std::string& text :
       {std::string("[Variant \"Atomic\"]\n[White \"a\"][Black \"b\"][Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n"),
        std::string("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | not a fen\"]\n"
                    "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"][Result \"*\"]\n\n1A. e4 1B. d4 1a. e5 *\n")}) {
    const std::vector<Game> games = read_games(text);
    ASSERT_EQ(games.size(), 1u);
    const CheckedGame checked = check_game(games[0], RuleChoice{});
    expect_moments_of_every_place(games[0], checked, seen);
    const std::vector<Moment> all = moments_of(games[0], checked.result.rules, checked.replay, checked.result);
    EXPECT_EQ(to_fen(all[2].position[0]).substr(0, 8), "rnbqkbnr");
    EXPECT_FALSE(all[2].played);
  }
  EXPECT_EQ(seen.games, 2u);
}

}  // namespace
}  // namespace bpgn::check_test
