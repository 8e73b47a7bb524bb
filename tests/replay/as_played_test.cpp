// Turkish records where play went on after an illegal action nobody claimed (issue "as played"):
// the action is played as it was made when it has a reading over the board, and every later move
// of both boards is checked against that position; the last action that the record's end or
// termination text can name is the claimed one. The records are tests/html/turkish-played-on.bpgn
// (the viewer's browser test steps through them too); every expectation below is worked out by
// hand from the moves, not taken from the program.
#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "replay/check_test_util.h"
#include "replay/moment.h"
#include "replay/outcome.h"

#include <fmt/format.h>

namespace bpgn::check_test::as_played {
namespace {

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

struct Error {
  ViolationCode code;
  Board board;
  Color color;
  int move_number;
  ActionFate fate;
};

struct Expected {
  std::vector<Error> errors;  // in order; every error of the game
  Winner winner;
  EndReason reason;
  Board decided_on;
  OutcomeSource source;
  std::map<std::string, double> points;
  std::string final_a, final_b;
  std::vector<std::size_t> not_played;  // plies (0-based) not replayed; every other one is
};

std::vector<Checked> played_on_records() {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/../tests/html/turkish-played-on.bpgn", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<Checked> out;
  for (Game& g : read_games(text.str())) {
    Checked c{g, {}};
    ReplayOptions options;
    options.tolerance_seconds = default_tolerance(g);
    c.result = replay(g, choose_rules(g, std::nullopt, std::vector<std::string>{}), options);
    out.push_back(std::move(c));
  }
  return out;
}

// Team 1 (Ayla, White A, and Deniz, Black B) wins: the winner of the deciding board 2 and partner 1.5.
const std::map<std::string, double> kAylaWins{{"WhiteA", 2}, {"BlackB", 1.5}, {"WhiteB", 0.5}, {"BlackA", 0}};
const std::map<std::string, double> kDenizWins{{"BlackB", 2}, {"WhiteA", 1.5}, {"BlackA", 0.5}, {"WhiteB", 0}};
const std::map<std::string, double> kBoraWins{{"BlackA", 2}, {"WhiteB", 1.5}, {"BlackB", 0.5}, {"WhiteA", 0}};

const std::vector<Expected>& expected() {
  using V = ViolationCode;
  using F = ActionFate;
  static const std::vector<Expected> e{
      // 1: 1b. P@f2+ stood; 2B. Kxf2 took the pawn, which went to Bora, who dropped it (2a. P@e6):
      // no drop-not-in-holding.
      {{{V::DropGivesCheck, Board::B, Black, 1, F::PlayedOn}},
       Winner::Team1, EndReason::Resignation, Board::A, OutcomeSource::Record, kAylaWins,
       "rnbqkbnr/ppp1pppp/4P3/8/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 3",
       "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPPKPP/RNBQ1BNR[p] b kq - 0 2", {}},
      // 2: the drop was answered, so not claimed; 4B. Ke1 into the queen's check is the claim: Cem loses.
      {{{V::DropGivesCheck, Board::B, Black, 1, F::PlayedOn}, {V::KingLeftInCheck, Board::B, White, 4, F::Claimed}},
       Winner::Team1, EndReason::IllegalAction, Board::B, OutcomeSource::Rules, kDenizWins,
       "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[pp] b KQkq - 0 2",
       "rnb1kbnr/pppp1ppp/8/4P3/7q/8/PPPPPKPP/RNBQ1BNR[] w kq - 1 4", {9}},
      // 3: the queen dropped on g1 mates, which turkish forbids; nobody claimed it, so no mate: Bora resigned.
      {{{V::DropGivesMate, Board::B, Black, 1, F::PlayedOn}},
       Winner::Team1, EndReason::Resignation, Board::A, OutcomeSource::Record, kAylaWins,
       "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] b KQkq - 1 2", "6k1/8/8/2b5/8/8/6PP/6qK[] w - - 0 2", {}},
      // 4: the pawn stands on d1 and later goes d1-d3; the knight Deniz did not hold stands on e5,
      // takes on d3 and is taken; Cem's capture gives Bora the knight he drops on f6.
      {{{V::PawnDropRank, Board::B, White, 1, F::PlayedOn}, {V::DropNotInHolding, Board::B, Black, 1, F::PlayedOn}},
       Winner::Team2, EndReason::Resignation, Board::A, OutcomeSource::Record, kBoraWins,
       "rnbqkbnr/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 2",
       "rnbqkbnr/pppppppp/8/8/8/3P4/PPP2PPP/RNB1KBNR[] b KQkq - 0 3", {}},
      // 5: the pinned bishop left the king in check; Deniz did not take the king, Cem stepped out.
      {{{V::KingLeftInCheck, Board::B, White, 1, F::PlayedOn}},
       Winner::Team1, EndReason::Resignation, Board::A, OutcomeSource::Record, kAylaWins,
       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1", "4r2k/8/8/8/8/3B4/8/5K2[] b - - 3 2", {}},
      // 6: the same, but Deniz takes the king: the claim. The match ends at 1B. Bd3.
      {{{V::KingLeftInCheck, Board::B, White, 1, F::Claimed}},
       Winner::Team1, EndReason::IllegalAction, Board::B, OutcomeSource::Rules, kDenizWins, kStart,
       "4r1k1/8/8/8/8/8/4B3/4K3[] w - - 0 1", {0, 1}},
      // 7: castled through f1; the rook Deniz took there goes to Ayla, the bishop Cem took to Bora.
      {{{V::KingLeftInCheck, Board::B, White, 1, F::PlayedOn}},
       Winner::Team2, EndReason::Resignation, Board::A, OutcomeSource::Record, kBoraWins,
       "rnbqkbnr/pppppppp/8/8/1b2P3/8/PPPP1PPP/RNBQKBNR[R] w KQkq - 0 2", "r3k3/8/8/8/8/8/8/5K2[] b - - 0 2", {}},
      // 8: a queen the holding lacked, placed on a8; the pawn goes to the holding.
      {{{V::PromotionInvalid, Board::B, White, 1, F::PlayedOn}},
       Winner::Team1, EndReason::Resignation, Board::A, OutcomeSource::Record, kAylaWins,
       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1", "Q7/3k4/8/8/8/8/8/4K3[P] w - - 1 2", {}},
      // 9: the knight of the b-file went to d4 (no knight move), then on to f5.
      {{{V::IllegalMove, Board::B, White, 1, F::PlayedOn}},
       Winner::Team1, EndReason::Resignation, Board::A, OutcomeSource::Record, kAylaWins,
       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1",
       "rnbqkbnr/pppp1ppp/8/4pN2/8/8/PPPPPPPP/R1BQKBNR[] b KQkq - 1 2", {}},
      // 10: a pawn dropped onto Cem's pawn on f4 has no reading: board B stops there.
      {{{V::DropOnOccupied, Board::B, Black, 1, F::NotPlayable}},
       Winner::Team1, EndReason::Resignation, Board::A, OutcomeSource::Record, kAylaWins,
       "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 3",
       "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPP1PP/RNBQKBNR[Pp] b KQkq - 0 1", {4, 5}},
      // 11: Ayla's queen jumped her pawn (Bora never moved after it); the text claims Cem's 3B. Nf3,
      // the last action: Cem loses, not Ayla.
      {{{V::IllegalMove, Board::A, White, 1, F::PlayedOn}, {V::KingLeftInCheck, Board::B, White, 3, F::Claimed}},
       Winner::Team1, EndReason::IllegalAction, Board::B, OutcomeSource::Rules, kDenizWins,
       "rnbqkbnr/pppppppp/8/8/8/3Q4/PPPPPPPP/RNB1KBNR[p] b KQkq - 1 1",
       "rnb1kbnr/pppp1ppp/8/4P3/7q/8/PPPPP1PP/RNBQKBNR[] w KQkq - 1 3", {5}},
      // 12: the text claims Ayla's queen move, the only action: the match ends there, board B's
      // moves after it were not played.
      {{{V::IllegalMove, Board::A, White, 1, F::Claimed}},
       Winner::Team2, EndReason::IllegalAction, Board::A, OutcomeSource::Rules, kBoraWins, kStart, kStart, {0, 1, 2}},
  };
  return e;
}

TEST(AsPlayed, EveryRecordAsWorkedOutByHand) {
  const std::vector<Checked> games = played_on_records();
  const std::vector<Expected>& want = expected();
  ASSERT_EQ(games.size(), want.size());
  for (std::size_t g = 0; g < games.size(); ++g) {
    SCOPED_TRACE("game " + std::to_string(g + 1) + ": " + codes_of(games[g].result));
    const ReplayResult& r = games[g].result;
    const Expected& e = want[g];
    std::vector<const Violation*> errors;
    for (const Violation& v : r.violations) {
      if (v.severity == Severity::Error) errors.push_back(&v);
    }
    ASSERT_EQ(errors.size(), e.errors.size());
    for (std::size_t k = 0; k < errors.size(); ++k) {
      SCOPED_TRACE("error " + std::to_string(k + 1) + ": " + errors[k]->message);
      EXPECT_EQ(errors[k]->code, e.errors[k].code);
      EXPECT_EQ(errors[k]->board, e.errors[k].board);
      EXPECT_EQ(errors[k]->color, e.errors[k].color);
      EXPECT_EQ(errors[k]->move_number, e.errors[k].move_number);
      EXPECT_EQ(errors[k]->fate, e.errors[k].fate);
    }
    EXPECT_EQ(r.outcome.winner, e.winner);
    EXPECT_EQ(r.outcome.reason, e.reason);
    EXPECT_EQ(r.outcome.board, e.decided_on);
    EXPECT_EQ(r.outcome.source, e.source);
    ASSERT_TRUE(r.outcome.points);
    EXPECT_EQ(*r.outcome.points, e.points);
    EXPECT_EQ(to_fen(r.final[0]), e.final_a);
    EXPECT_EQ(to_fen(r.final[1]), e.final_b);
    for (std::size_t i = 0; i < r.plies.size(); ++i) {
      const bool unplayed = std::find(e.not_played.begin(), e.not_played.end(), i) != e.not_played.end();
      EXPECT_EQ(r.plies[i].replayed, !unplayed) << "ply " << i + 1 << " " << games[g].game.plies[i].san;
    }
  }
}

TEST(AsPlayed, ABoardStopsOnlyWhereAnActionHasNoReadingAndTheReportSaysWhy) {
  const std::vector<Checked> games = played_on_records();
  for (const Checked& c : games) {
    for (const Violation& v : c.result.violations) {
      // The note of a stopped board never follows an action that was played as made.
      EXPECT_EQ(v.message.find("stopped at an earlier error"), std::string::npos) << v.message;
      if (v.fate == ActionFate::PlayedOn) {
        EXPECT_NE(v.message.find(": play went on from the position as made"), std::string::npos) << v.message;
      }
    }
  }
  const Violation& occupied = games[9].result.violations.front();
  EXPECT_NE(occupied.message.find("not claimed (White (Cem) on board B played on with 2B. e4), but it has no reading "
                                  "over the board (a piece already stands on the square), so board B is not replayed "
                                  "after it"),
            std::string::npos)
      << occupied.message;
  // The knight dropped without being held: the message says what the holding showed.
  const Violation& knight = games[3].result.violations[1];
  EXPECT_NE(knight.message.find("drops a knight at 1b. N@e5, but holds nothing; not claimed (White (Cem) on board B "
                                "played on with 2B. d3): play went on from the position as made, the knight placed "
                                "although the holding lacked it"),
            std::string::npos)
      << knight.message;
  // The earlier action that the claim passed over names the claimed one.
  EXPECT_NE(games[10].result.violations.front().message.find("not claimed (the claim is of 3B. Nf3)"), std::string::npos)
      << games[10].result.violations.front().message;
}

TEST(AsPlayed, AutomaticIsUnchanged) {
  // illegal_action=automatic: the first action decides, nothing after it is played.
  const Checked c = check_text(bpgn("1A. e4 1a. d5 2A. exd5 1B. f4 1b. P@f2+ 2B. Kxf2 2a. P@e6 3A. dxe6 {Bora resigns} 1-0",
                                    "[Variant \"Turkish\"]\n", "1-0"),
                               "turkish", {"illegal_action=automatic"});
  ASSERT_TRUE(first_error(c.result));
  EXPECT_EQ(first_error(c.result)->fate, ActionFate::Decided);
  EXPECT_EQ(c.result.outcome.reason, EndReason::IllegalAction);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  for (std::size_t i = 4; i < c.result.plies.size(); ++i) EXPECT_FALSE(c.result.plies[i].replayed) << i;
  // Bughouse (illegal_action_loses=no): the action is an error of the record, with no fate.
  const Checked b = check_text(bpgn("1A. e4 1a. d5 2A. exd5 1B. f4 1b. P@f2+ *"), "bughouse", {"drop_check=forbidden"});
  ASSERT_TRUE(first_error(b.result));
  EXPECT_FALSE(first_error(b.result)->fate);
}

// Random Turkish matches played with checking drops allowed, then checked under Turkish rules,
// where each such drop is an illegal action that nobody claimed (the record plays on): every
// error is one of those drops, and every ply is played. Before play went on from such actions,
// more than half of these matches got invented errors on the other board.
TEST(AsPlayed, RandomMatchesWithUnclaimedCheckingDropsGetNoOtherError) {
  RuleSet loose = *rules_by_name("turkish");
  loose.drop_check = true;
  loose.drop_mate = DropMate::Allowed;
  RuleSet strict = *rules_by_name("turkish");
  std::uint32_t seed = 12345;
  auto next = [&seed](std::uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  int with_drops = 0;
  for (int match = 0; match < 60; ++match) {
    std::string movetext;
    std::array<int, 4> moved{};  // moves made per seat: WhiteA, BlackA, WhiteB, BlackB
    for (int ply = 0; ply < 80; ++ply) {
      // The position so far under the loose rules (where every move so far is legal).
      std::vector<Game> games = read_games(bpgn(movetext + " *"));
      const ReplayResult now = replay(games.front(), loose);
      ASSERT_FALSE(now.has_error()) << movetext;
      if (now.outcome.reason == EndReason::Checkmate) break;
      const int b = int(next(2));
      const Position& pos = now.final[b];
      MoveList legal;
      generate_legal(pos, loose, legal);
      if (legal.size == 0) break;
      // Drops first when some check: the matches must have checking drops to mean anything.
      std::vector<Move> checking;
      for (const Move& m : legal) {
        if (m.kind == MoveKind::Drop && deserved_suffix(pos, loose, m) != CheckSuffix::None) checking.push_back(m);
      }
      const Move m = !checking.empty() && next(3) == 0 ? checking[next(std::uint32_t(checking.size()))]
                                                      : legal.moves[next(std::uint32_t(legal.size))];
      const Color us = pos.side_to_move();
      const int seat = 2 * b + (us == White ? 0 : 1);
      const int number = ++moved[seat];
      movetext += fmt::format(" {}{}. {}", number, us == White ? char('A' + b) : char('a' + b), to_san(pos, loose, m));
    }
    const Checked c = check_text(bpgn(movetext + " *", "[Variant \"Turkish\"]\n"), "turkish", {}, std::nullopt);
    bool dropped = false;
    for (const Violation& v : c.result.violations) {
      if (v.severity != Severity::Error) continue;
      EXPECT_TRUE(v.code == ViolationCode::DropGivesCheck || v.code == ViolationCode::DropGivesMate)
          << v.message << "\n" << movetext;
      dropped = true;
    }
    if (dropped) ++with_drops;
    // Every ply is played, unless a claim (the record ends at a drop) ended the match there.
    for (std::size_t i = 0; i + 1 < c.result.plies.size(); ++i) {
      if (c.result.outcome.reason == EndReason::IllegalAction) break;
      EXPECT_TRUE(c.result.plies[i].replayed) << i << "\n" << movetext;
    }
  }
  EXPECT_GE(with_drops, 30);
}

}  // namespace
}  // namespace bpgn::check_test::as_played

namespace bpgn::check_test::as_played {
namespace {

// A moment inside the record is the record cut there, replayed; the cut ends at the moment, not the
// record, so it must not make the moment's action look claimed: show and the viewer draw the drop
// that play went on from, and the position after a claimed action is the one before it.
TEST(AsPlayed, AMomentIsDrawnAsTheWholeRecordDecided) {
  const std::vector<Checked> games = played_on_records();
  ReplayOptions options;
  const Checked& drop = games[0];
  const Moment at_drop = moment_of(drop.game, drop.result.rules, options, drop.result, MomentAt{MomentAt::Kind::Ply, 4});
  EXPECT_TRUE(at_drop.played);
  EXPECT_EQ(to_fen(at_drop.position[1]), "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPPpPP/RNBQKBNR[] w KQkq - 0 2");
  const Moment at_answer = moment_of(drop.game, drop.result.rules, options, drop.result, MomentAt{MomentAt::Kind::Ply, 5});
  EXPECT_EQ(to_fen(at_answer.position[1]), "rnbqkbnr/pppppppp/8/8/5P2/8/PPPPPKPP/RNBQ1BNR[] b kq - 0 2");
  // Game 12: Ayla's 1A. Qd3 is the claimed action; at 1B. f4 the match had ended.
  const Checked& claimed = games[11];
  const Moment after = moment_of(claimed.game, claimed.result.rules, options, claimed.result, MomentAt{MomentAt::Kind::Ply, 1});
  EXPECT_FALSE(after.played);
  EXPECT_EQ(to_fen(after.position[0]), kStart);
}

}  // namespace
}  // namespace bpgn::check_test::as_played

namespace bpgn::check_test::as_played {
namespace {

// fmt writes a replayed move's canonical SAN; for a move played as made that is the record's own
// text, or the written form could name another piece (Nbd4 by the b1 knight as "Nd4", which fits
// both knights) and fmt's output would not read back the same (found by the fuzz run's seeds).
TEST(AsPlayed, AMovePlayedAsMadeKeepsItsWrittenText) {
  const std::vector<Checked> games = played_on_records();
  const Checked& knight = games[8];
  ReplayOptions options;
  options.canonical_san = true;
  const ReplayResult r = replay(knight.game, knight.result.rules, options);
  EXPECT_EQ(r.plies[0].canonical_san, "Nbd4");
  EXPECT_EQ(r.plies[2].canonical_san, "Nf5");
}

}  // namespace
}  // namespace bpgn::check_test::as_played
