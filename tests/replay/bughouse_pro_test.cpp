// bughouse.pro records (corpus/bughouse-pro/, hand-made in the server's export shape): the rule
// tags as rule options, `xe6` pawn captures, discard promotions, drop aggression, pawns dropped on
// their first rank, and variants that are not chess. Expected values are derived by hand in the
// comments; positions in the files come from the record text (pos_of).
#include "replay/check_test_util.h"

#include "core/fen.h"
#include "output/report_options.h"
#include "replay/check_summary.h"
#include "output/report_json.h"

#include <nlohmann/json.hpp>

namespace bpgn::check_test {
namespace {

struct File {
  std::string text;
  std::vector<Game> games;
};

File load(const std::string& name) {
  File f;
  f.text = corpus("bughouse-pro/" + name);
  f.games = read_games(f.text, name);
  return f;
}

// As `bpgn check` without --rules: the record's preset and rule tags.
ReplayResult check_game(const Game& g, const std::vector<std::string>& sets = {}) {
  ReplayOptions options;
  options.tolerance_seconds = default_tolerance(g);
  return replay(g, choose_rules(g, std::nullopt, sets), options);
}

// Where `needle` first stands in the text of `game` (from its first line on).
SourcePos pos_in_game(const std::string& text, const Game& game, const std::string& needle) {
  std::size_t from = 0;
  for (std::uint32_t line = 1; line < game.start.line; ++line) from = text.find('\n', from) + 1;
  const std::size_t at = text.find(needle, from);
  if (at == std::string::npos) {
    ADD_FAILURE() << needle << " not in game " << game.index;
    return {};
  }
  return advance_pos(text, from, at, SourcePos{game.start.line, 1});
}

std::vector<Violation> errors_of(const ReplayResult& r) {
  std::vector<Violation> out;
  for (const Violation& v : r.violations) {
    if (v.severity == Severity::Error) out.push_back(v);
  }
  return out;
}

// --- Rule tags --------------------------------------------------------------------------------

TEST(BughouseProRuleTags, EveryValueGivesItsOptions) {
  const File f = load("rule-tags.bpgn");
  ASSERT_EQ(f.games.size(), 5u);
  // 1: Upgrade / Mate allowed / 2-7: the bughouse preset itself.
  EXPECT_EQ(choose_rules(f.games[0], std::nullopt, RuleOverrides{}), bughouse_rules());
  // 2: Steal / No check / 2-6.
  RuleSet r = choose_rules(f.games[1], std::nullopt, RuleOverrides{});
  EXPECT_EQ(r.promotion, Promotion::StealFromPartnerBoard);
  EXPECT_FALSE(r.promoted_reverts);
  EXPECT_FALSE(r.drop_check);
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_EQ(r.pawn_drop_ranks, ranks(2, 6));
  EXPECT_EQ(r.mate, MateRule::Bughouse);
  // 3: Discard / No chess mate / 3-7.
  r = choose_rules(f.games[2], std::nullopt, RuleOverrides{});
  EXPECT_EQ(r.promotion, Promotion::Discard);
  EXPECT_TRUE(r.drop_check);
  EXPECT_EQ(r.drop_mate, DropMate::ForbiddenBoardMate);
  EXPECT_EQ(r.pawn_drop_ranks, ranks(3, 7));
  // 4: Upgrade / No bughouse mate / 1-7 (mate stays bughouse: the drop_mate=forbidden sense).
  r = choose_rules(f.games[3], std::nullopt, RuleOverrides{});
  EXPECT_EQ(r.promotion, Promotion::Choice);
  EXPECT_TRUE(r.promoted_reverts);
  EXPECT_TRUE(r.drop_check);
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_EQ(r.mate, MateRule::Bughouse);
  EXPECT_EQ(r.pawn_drop_ranks, ranks(1, 7));
  // 5: unknown values: the preset's options, untouched.
  EXPECT_EQ(choose_rules(f.games[4], std::nullopt, RuleOverrides{}), bughouse_rules());
}

TEST(BughouseProRuleTags, JsonReportNamesTheOptions) {
  const File f = load("rule-tags.bpgn");
  const std::vector<std::vector<std::string>> expected{
      // pawn_drop_ranks, drop_check, drop_mate, promotion, promoted_reverts
      {"2-7", "allowed", "allowed", "choice", "yes"},
      {"2-6", "forbidden", "forbidden", "steal_from_partner_board", "no"},
      {"3-7", "allowed", "forbidden_board_mate", "discard", "yes"},
      {"1-7", "allowed", "forbidden", "choice", "yes"},
      {"2-7", "allowed", "allowed", "choice", "yes"},
  };
  for (std::size_t i = 0; i < f.games.size(); ++i) {
    const ReplayResult r = check_game(f.games[i]);
    const auto j = nlohmann::ordered_json::parse(game_report_json(f.games[i], r, ReportOptions{}));
    EXPECT_EQ(j["rules"], "bughouse") << i;
    const auto& o = j["rule_options"];
    EXPECT_EQ(o["pawn_drop_ranks"], expected[i][0]) << i;
    EXPECT_EQ(o["drop_check"], expected[i][1]) << i;
    EXPECT_EQ(o["drop_mate"], expected[i][2]) << i;
    EXPECT_EQ(o["promotion"], expected[i][3]) << i;
    EXPECT_EQ(o["promoted_reverts"], expected[i][4] == "yes") << i;  // yes/no options are JSON booleans
    EXPECT_EQ(o["boards"], 2) << i;                                  // numbers are JSON numbers
    EXPECT_EQ(o["mate"], "bughouse") << i;
    EXPECT_EQ(j["status"], "valid") << i;  // the openings are legal under every one of these
  }
}

TEST(BughouseProRuleTags, UnknownValuesAreWarnedAtTheirTags) {
  const File f = load("rule-tags.bpgn");
  const ReplayResult r = check_game(f.games[4]);
  const std::vector<Violation> w = with_code(r, ViolationCode::RuleTag);
  ASSERT_EQ(w.size(), 3u);
  const std::vector<std::pair<std::string, std::string>> tags{
      {"Promotion", "Explode"}, {"DropAggression", "No drops"}, {"PawnDropRanks", "2-9"}};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(w[i].severity, Severity::Warning);
    EXPECT_EQ(w[i].pos, pos_of(f.text, "[" + tags[i].first + " \"" + tags[i].second + "\"]"));
    EXPECT_NE(w[i].message.find(tags[i].first + " \"" + tags[i].second + "\""), std::string::npos) << w[i].message;
    EXPECT_FALSE(w[i].board.has_value());
  }
  EXPECT_NE(w[1].message.find("drop_check=allowed, drop_mate=allowed"), std::string::npos) << w[1].message;
  // The known values of the other games give no warning.
  for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(with_code(check_game(f.games[i]), ViolationCode::RuleTag).empty()) << i;
}

TEST(BughouseProRuleTags, CommandLineWins) {
  const File f = load("rule-tags.bpgn");
  const Game& steal_no_check = f.games[1];
  // --rules names the whole rule set: the record's tags are not read.
  EXPECT_EQ(choose_rules(steal_no_check, bughouse_rules(), RuleOverrides{}), bughouse_rules());
  EXPECT_EQ(choose_rules(steal_no_check, turkish_rules(), RuleOverrides{}), turkish_rules());
  // --set wins over a tag and leaves the other tags standing.
  const RuleSet r = choose_rules(steal_no_check, std::nullopt, {"drop_check=allowed", "pawn_drop_ranks=2-7"});
  EXPECT_TRUE(r.drop_check);
  EXPECT_EQ(r.pawn_drop_ranks, ranks(2, 7));
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_EQ(r.promotion, Promotion::StealFromPartnerBoard);
}

// --- `xe6` ------------------------------------------------------------------------------------

TEST(BughouseProCaptures, FilelessPawnCaptureIsReadWithAWarning) {
  const File f = load("fileless-captures.bpgn");
  ASSERT_EQ(f.games.size(), 2u);
  const ReplayResult r = check_game(f.games[0]);
  EXPECT_TRUE(errors_of(r).empty());
  const std::vector<Violation> w = with_code(r, ViolationCode::NonstandardSan);
  ASSERT_EQ(w.size(), 4u);
  // 2A. xd5: only e4 takes d5. 3B. xd6: en passant by e5 (after 2b. d5). 3A. xc6: d5 takes c6.
  // 3a. xc6: b7 takes c6 (Black's d-pawn is gone).
  struct Want {
    std::string text;
    Board board;
    Color color;
    int number;
    std::string standard;
  };
  const std::vector<Want> want{{"2A. xd5", Board::A, White, 2, "exd5"},
                               {"3B. xd6", Board::B, White, 3, "exd6"},
                               {"3A. xc6", Board::A, White, 3, "dxc6"},
                               {"3a. xc6", Board::A, Black, 3, "bxc6"}};
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(w[i].severity, Severity::Warning);
    EXPECT_EQ(w[i].board, want[i].board) << i;
    EXPECT_EQ(w[i].color, want[i].color) << i;
    EXPECT_EQ(w[i].move_number, want[i].number) << i;
    SourcePos at = pos_of(f.text, want[i].text);
    at.column += std::uint32_t(want[i].text.find('x'));
    EXPECT_EQ(w[i].pos, at) << i;
    EXPECT_NE(w[i].message.find("standard SAN is " + want[i].standard), std::string::npos) << w[i].message;
  }
  // Board B after 3B. exd6 (en passant): the white pawn stands on d6 and Black's pawn left d5.
  EXPECT_EQ(r.final[1].piece_on(make_square(3, 5)), (Piece{White, Pawn}));
  EXPECT_TRUE(r.final[1].empty(make_square(3, 4)));
}

TEST(BughouseProCaptures, TwoPawnsMakeItAmbiguous) {
  const File f = load("fileless-captures.bpgn");
  const ReplayResult r = check_game(f.games[1]);
  const std::vector<Violation> e = errors_of(r);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].code, ViolationCode::AmbiguousMove);
  EXPECT_EQ(e[0].board, Board::B);
  EXPECT_EQ(e[0].color, White);
  EXPECT_EQ(e[0].move_number, 5);
  SourcePos at = pos_of(f.text, "5B. xe6");
  at.column += 4;
  EXPECT_EQ(e[0].pos, at);
  EXPECT_NE(e[0].message.find("d5 and f5"), std::string::npos) << e[0].message;
}

// --- Discard ----------------------------------------------------------------------------------

TEST(BughouseProDiscard, ThePawnGoesToThePartnersOpponent) {
  const File f = load("discard.bpgn");
  ASSERT_EQ(f.games.size(), 5u);
  // 30A. e8=. : WhiteA's pawn leaves board A; WhiteB (the partner BlackB's opponent) gets it.
  ReplayResult r = check_game(f.games[0]);
  EXPECT_TRUE(errors_of(r).empty());
  EXPECT_EQ(to_fen(r.final[0], true), "k7/8/8/8/8/8/8/4K3[] b - - 0 30");
  EXPECT_EQ(to_fen(r.final[1], true), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQkq - 0 1");
  // 41A. dxe8=. : the rook taken goes to BlackB as a black rook, the pawn to WhiteB.
  r = check_game(f.games[1]);
  EXPECT_TRUE(errors_of(r).empty());
  EXPECT_EQ(to_fen(r.final[0], true), "7k/8/8/8/8/8/8/4K3[] b - - 0 41");
  EXPECT_EQ(to_fen(r.final[1], true), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pr] w KQkq - 0 1");
  // 9b. d1=. : BlackB's pawn goes to BlackA (WhiteA's opponent), a black pawn on board A.
  r = check_game(f.games[2]);
  EXPECT_TRUE(errors_of(r).empty());
  EXPECT_EQ(to_fen(r.final[0], true), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w KQkq - 0 1");
  EXPECT_EQ(to_fen(r.final[1], true), "7k/8/8/8/8/8/8/K7[] w - - 0 10");
}

TEST(BughouseProDiscard, OnlyUnderItsOwnRule) {
  const File f = load("discard.bpgn");
  for (std::size_t i : {3u, 4u}) {  // e8=Q under Discard, e8=. under Upgrade
    const std::vector<Violation> e = errors_of(check_game(f.games[i]));
    ASSERT_EQ(e.size(), 1u) << i;
    EXPECT_EQ(e[0].code, ViolationCode::PromotionInvalid) << i;
    EXPECT_EQ(e[0].board, Board::A);
    EXPECT_EQ(e[0].color, White);
    EXPECT_EQ(e[0].move_number, 30);
  }
}

// A discard leaves the promotion square empty: the king is tested on the board without the pawn
// (the server's UnprotectedKing). Game 1: c7xd8=. takes the bishop that alone shielded Kg8 from
// Ra8; game 2: e8=. with Kg8 in check from Ra8 along the eighth rank. Games 3 and 4: the same
// moves promoting to a queen under Upgrade block the line and are legal.
TEST(BughouseProDiscard, ADiscardThatExposesItsOwnKingIsKingLeftInCheck) {
  const File f = load("discard-exposes-king.bpgn");
  ASSERT_EQ(f.games.size(), 4u);
  const char* san[] = {"cxd8=.", "e8=."};
  for (std::size_t i : {0u, 1u}) {
    const std::vector<Violation> e = errors_of(check_game(f.games[i]));
    ASSERT_EQ(e.size(), 1u) << i;
    EXPECT_EQ(e[0].code, ViolationCode::KingLeftInCheck) << i;
    EXPECT_EQ(e[0].board, Board::A) << i;
    EXPECT_EQ(e[0].color, White) << i;
    EXPECT_EQ(e[0].move_number, 30) << i;
    EXPECT_EQ(e[0].pos, pos_in_game(f.text, f.games[i], san[i])) << i;
  }
  for (std::size_t i : {2u, 3u}) EXPECT_TRUE(errors_of(check_game(f.games[i])).empty()) << i;
}

// --- DropAggression ---------------------------------------------------------------------------

TEST(BughouseProDropAggression, EachValueForbidsItsDrops) {
  const File f = load("drop-aggression.bpgn");
  ASSERT_EQ(f.games.size(), 10u);
  struct Want {
    std::optional<ViolationCode> code;  // nullopt: the drop is allowed
    Board board = Board::A;
    Color color = White;
    int number = 0;
    std::string text;
  };
  const std::vector<Want> want{
      {std::nullopt},                                               // Mate allowed: smothered N@f7 mates
      {std::nullopt},                                               // Mate allowed: R@a8
      {std::nullopt},                                               // No check: R@b1 gives no check
      {ViolationCode::DropGivesCheck, Board::A, White, 12, "12A. R@a8"},
      {std::nullopt},                                               // No check: R@b8 on board B
      {ViolationCode::DropGivesCheck, Board::B, Black, 7, "7b. R@a1"},
      {std::nullopt},                                               // No chess mate: Nc6 can block
      // No chess mate: no piece move answers R@a8, though Black's knight in hand could block it.
      {ViolationCode::DropGivesMate, Board::A, White, 12, "12A. R@a8"},
      {std::nullopt},  // No bughouse mate: a distant rook check can always be blocked by a drop
      {ViolationCode::DropGivesMate, Board::A, White, 20, "20A. N@f7"},  // smothered: no drop blocks a knight
  };
  for (std::size_t i = 0; i < want.size(); ++i) {
    const ReplayResult r = check_game(f.games[i]);
    const std::vector<Violation> e = errors_of(r);
    if (!want[i].code) {
      EXPECT_TRUE(e.empty()) << i << ": " << (e.empty() ? "" : e[0].message);
      continue;
    }
    ASSERT_EQ(e.size(), 1u) << i;
    EXPECT_EQ(e[0].code, *want[i].code) << i;
    EXPECT_EQ(e[0].board, want[i].board) << i;
    EXPECT_EQ(e[0].color, want[i].color) << i;
    EXPECT_EQ(e[0].move_number, want[i].number) << i;
    SourcePos at = pos_in_game(f.text, f.games[i], want[i].text);
    at.column += std::uint32_t(want[i].text.find(' ') + 1);
    EXPECT_EQ(e[0].pos, at) << i;
  }
  // The smothered mate under "Mate allowed" ends the match on board A.
  EXPECT_EQ(check_game(f.games[0]).outcome.reason, EndReason::Checkmate);
}

TEST(BughouseProDropAggression, ChessMateDiffersFromClassicMate) {
  // The position of game 8 under mate=classic with drop_mate=forbidden: Black's knight in hand can
  // block, so R@a8 is no classic mate and is allowed; forbidden_board_mate forbids it.
  const File f = load("drop-aggression.bpgn");
  EXPECT_TRUE(errors_of(check_game(f.games[7], {"mate=classic", "drop_mate=forbidden"})).empty());
  EXPECT_EQ(errors_of(check_game(f.games[7])).size(), 1u);
}

// --- PawnDropRanks 1-7 ------------------------------------------------------------------------

TEST(BughouseProPawnRanks, DroppedOnRankOneThenStepping) {
  const File f = load("pawn-rank-one.bpgn");
  ASSERT_EQ(f.games.size(), 2u);
  // P@a1, P@h8 (Black's rank 1), then a2 a3 and h7 h6, one square at a time.
  const ReplayResult r = check_game(f.games[0]);
  EXPECT_TRUE(errors_of(r).empty()) << (errors_of(r).empty() ? "" : errors_of(r)[0].message);
  EXPECT_EQ(to_fen(r.final[0], true), "4k3/8/7p/8/8/P7/8/4K3[] w - - 0 4");
  // Under 2-7 the same drop is pawn-drop-rank.
  const std::vector<Violation> e = errors_of(check_game(f.games[1]));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].code, ViolationCode::PawnDropRank);
  EXPECT_EQ(e[0].board, Board::A);
  EXPECT_EQ(e[0].color, White);
  EXPECT_EQ(e[0].move_number, 1);
}

// --- Variants ---------------------------------------------------------------------------------

TEST(BughouseProVariants, NotChessIsReportedOnce) {
  const File f = load("unsupported-variants.bpgn");
  const std::vector<std::string> words{"DuckChess", "Atomic", "Accolade", "Koedem", "DarkChess", "Capablanca", "Zombie"};
  ASSERT_EQ(f.games.size(), words.size());  // one game per record, also where a move does not parse
  for (std::size_t i = 0; i < words.size(); ++i) {
    const ReplayResult r = check_game(f.games[i]);
    ASSERT_EQ(r.violations.size(), 1u) << i;
    const Violation& v = r.violations[0];
    EXPECT_EQ(v.code, ViolationCode::UnsupportedVariant) << i;
    EXPECT_EQ(v.severity, Severity::Error);
    EXPECT_NE(v.message.find(words[i]), std::string::npos) << v.message;
    EXPECT_EQ(v.pos.line, pos_of(f.text, "[Variant \"Bughouse " + words[i]).line) << i;
    EXPECT_FALSE(v.board.has_value());
    for (const PlyOutcome& p : r.plies) EXPECT_FALSE(p.replayed) << i;
    EXPECT_EQ(status_of(f.games[i], r, false), GameStatus::Invalid) << i;
  }
  // `--rules` does not make them chess.
  EXPECT_EQ(replay(f.games[0], choose_rules(f.games[0], bughouse_rules(), RuleOverrides{})).violations.size(), 1u);
}

TEST(BughouseProVariants, BughouseAndChess960AreChecked) {
  EXPECT_FALSE(unsupported_variant(read_games(bpgn("1A. e4", "[Variant \"Bughouse\"]\n")).at(0)));
  const Game c960 = read_games(bpgn("1A. e4", "[Variant \"Bughouse Chess960\"]\n")).at(0);
  EXPECT_FALSE(unsupported_variant(c960));
  EXPECT_EQ(default_rules_for_record(c960).name, "bughouse");
  EXPECT_FALSE(unsupported_variant(read_games(pgn("1. e4 e5", "[Variant \"Crazyhouse\"]\n")).at(0)));
  EXPECT_FALSE(unsupported_variant(read_games(pgn("1. e4 e5", "[Variant \"From Position\"]\n")).at(0)));
  EXPECT_FALSE(unsupported_variant(read_games(bpgn("1A. e4", "[Variant \"Bughouse Chess\"]\n")).at(0)));
  EXPECT_FALSE(unsupported_variant(read_games(bpgn("1A. e4", "[Variant \"\"]\n")).at(0)));
  EXPECT_EQ(unsupported_variant(read_games(pgn("1. e4 e5", "[Variant \"Atomic\"]\n")).at(0)), "Atomic");
  // lichess's other variants are no chess bpgn checks either.
  EXPECT_EQ(unsupported_variant(read_games(pgn("1. e4 e5", "[Variant \"King of the Hill\"]\n")).at(0)),
            "King of the Hill");
  EXPECT_EQ(unsupported_variant(read_games(bpgn("1A. e4", "[Variant \"Bughouse Atomic Chess960 DuckChess\"]\n")).at(0)),
            "Atomic, DuckChess");
}

}  // namespace
}  // namespace bpgn::check_test
