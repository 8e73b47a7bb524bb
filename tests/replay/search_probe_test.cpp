// The position search's parts (replay/search_probe.h) and the replay's probe: the SAN wildcard,
// the patterns as read, FEN targets, material, and the boards a real FICS match reaches. Every
// expected FEN below was worked out by hand from the record's moves (the reasoning is beside it),
// not taken from bpgn's output.
#include "core/fen.h"
#include "replay/check_test_util.h"

#include "replay/search_probe.h"
#include "rules/rule_set.h"

namespace bpgn::check_test {
namespace {

MovePattern pattern(const std::string& text) {
  auto p = read_move_pattern(text);
  EXPECT_TRUE(std::holds_alternative<MovePattern>(p)) << text;
  return std::holds_alternative<MovePattern>(p) ? std::get<MovePattern>(p) : MovePattern{};
}

std::string pattern_error(const std::string& text) {
  auto p = read_move_pattern(text);
  return std::holds_alternative<std::string>(p) ? std::get<std::string>(p) : std::string();
}

PositionTarget target(const std::string& fen) {
  auto t = read_position_target(fen);
  EXPECT_TRUE(std::holds_alternative<PositionTarget>(t)) << fen << ": " << std::get<std::string>(t);
  return std::holds_alternative<PositionTarget>(t) ? std::get<PositionTarget>(t) : PositionTarget{};
}

std::string target_error(const std::string& fen) {
  auto t = read_position_target(fen);
  return std::holds_alternative<std::string>(t) ? std::get<std::string>(t) : std::string();
}

Position position(const std::string& fen) {
  Position p;
  EXPECT_FALSE(parse_fen(fen, p)) << fen;
  return p;
}

TEST(SearchProbe, WildcardsMatchTheWholeText) {
  EXPECT_TRUE(wildcard_match("Q@*", "Q@e4"));
  EXPECT_TRUE(wildcard_match("N*f7", "Nf7"));
  EXPECT_TRUE(wildcard_match("N*f7", "Nxf7"));
  EXPECT_TRUE(wildcard_match("N*f7", "Ndxf7"));
  EXPECT_FALSE(wildcard_match("N*f7", "Nf6"));
  EXPECT_FALSE(wildcard_match("N*f7", "Nf7x"));  // anchored at both ends
  EXPECT_FALSE(wildcard_match("e4", "Re4"));
  EXPECT_TRUE(wildcard_match("*", ""));
  EXPECT_FALSE(wildcard_match("?", ""));
  EXPECT_TRUE(wildcard_match("?x??", "exd5"));
  EXPECT_TRUE(wildcard_match("a*b*c", "axxbyyc"));
  EXPECT_FALSE(wildcard_match("a*b*c", "axxbyyd"));
  EXPECT_TRUE(wildcard_match("*=R*", "dxe8=R/h1"));
  EXPECT_FALSE(wildcard_match("O-O", "O-O-O"));
}

TEST(SearchProbe, PatternsAreReadAsCanonicalSan) {
  EXPECT_EQ(pattern("@e4").text(), "P@e4");         // the bare pawn drop
  EXPECT_EQ(pattern("0-0-0").text(), "O-O-O");      // zeros for castling
  EXPECT_EQ(pattern("e8=Rd1").text(), "e8=R/d1");   // bughouse.pro's steal
  EXPECT_EQ(pattern("*=Nh1").text(), "*=N/h1");
  EXPECT_EQ(pattern("*=R/*").text(), "*=R/*");      // ours as written
  EXPECT_EQ(pattern(" Q@* ").text(), "Q@*");
  EXPECT_NE(pattern_error("Qe4!").find("'!'"), std::string::npos);
  EXPECT_NE(pattern_error("Nf3 Nc6").find("' '"), std::string::npos);
  EXPECT_EQ(pattern_error(""), "is empty");
  EXPECT_NE(pattern_error("e0"), "");
}

TEST(SearchProbe, CheckMarksCountOnlyWhenThePatternHasOne) {
  const MovePattern any = pattern("Q@*"), mate = pattern("Q@*#"), check = pattern("*+");
  EXPECT_TRUE(any.matches("Q@f7", CheckSuffix::Mate));
  EXPECT_TRUE(any.matches("Q@f7", CheckSuffix::None));
  EXPECT_TRUE(mate.matches("Q@f7", CheckSuffix::Mate));
  EXPECT_FALSE(mate.matches("Q@f7", CheckSuffix::Check));
  EXPECT_FALSE(mate.matches("Q@f7", CheckSuffix::None));
  EXPECT_TRUE(check.matches("Nf7", CheckSuffix::Check));
  EXPECT_FALSE(check.matches("Nf7", CheckSuffix::Mate));
  EXPECT_FALSE(check.matches("Nf7", CheckSuffix::None));
}

TEST(SearchProbe, TheFirstCharacterLetsOnlyItsMovesThrough) {
  Move queen_drop{kNoSquare, 28, MoveKind::Drop, Queen};
  Move pawn_drop{kNoSquare, 28, MoveKind::Drop, Pawn};
  Move knight{6, 21, MoveKind::Normal, Knight};
  Move pawn{12, 28, MoveKind::Normal, Pawn};
  Move castle{4, 2, MoveKind::Castle, King};
  EXPECT_TRUE(pattern("Q@*").may_match(queen_drop));
  EXPECT_FALSE(pattern("Q@*").may_match(pawn_drop));
  EXPECT_FALSE(pattern("Q@*").may_match(knight));
  EXPECT_TRUE(pattern("@e4").may_match(pawn_drop));
  EXPECT_FALSE(pattern("@e4").may_match(pawn));
  EXPECT_FALSE(pattern("Q@*").may_match(Move{3, 28, MoveKind::Normal, Queen}));  // Qd1-e4 is no drop
  EXPECT_TRUE(pattern("Q*").may_match(Move{3, 28, MoveKind::Normal, Queen}));
  EXPECT_TRUE(pattern("Q*").may_match(queen_drop));
  EXPECT_FALSE(pattern("Qe4").may_match(queen_drop));
  EXPECT_TRUE(pattern("N*f3").may_match(knight));
  EXPECT_FALSE(pattern("Nf3").may_match(Move{kNoSquare, 21, MoveKind::Drop, Knight}));
  EXPECT_TRUE(pattern("e*").may_match(pawn));
  EXPECT_FALSE(pattern("e*").may_match(knight));
  EXPECT_TRUE(pattern("O-O-O").may_match(castle));
  EXPECT_FALSE(pattern("K*").may_match(castle));  // castling is written O-O, not with the king
  for (const Move& m : {queen_drop, pawn_drop, knight, pawn, castle}) EXPECT_TRUE(pattern("*").may_match(m));
}

TEST(SearchProbe, APositionIsItsPiecesSideAndAtLeastItsHoldings) {
  // After 1. e4 from the start: the e-pawn on e4, Black to move.
  const Position after_e4 = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_TRUE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").matches(after_e4));
  // Castling, en passant and the counters are not compared (nor read: `KQkq` with no king to have it).
  EXPECT_TRUE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 40 77").matches(after_e4));
  EXPECT_TRUE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR").matches(after_e4));  // either side
  EXPECT_FALSE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w").matches(after_e4));
  EXPECT_FALSE(target("rnbqkbnr/pppppppp/8/8/3P4/8/PPPP1PPP/RNBQKBNR b").matches(after_e4));   // d4, not e4
  EXPECT_FALSE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[P] b").matches(after_e4));  // nothing held
  // Holdings: at least those pieces in hand, either spelling.
  const Position held = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[QNpp] b - - 0 1");
  EXPECT_TRUE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[Qp] b").matches(held));
  EXPECT_TRUE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR/Np b").matches(held));
  EXPECT_TRUE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b").matches(held));
  EXPECT_FALSE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[QQ] b").matches(held));
  EXPECT_FALSE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[ppp] b").matches(held));
  EXPECT_FALSE(target("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[q] b").matches(held));  // colour counts
  // Malformed: the reader's message and where.
  EXPECT_NE(target_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w").find("rank 1 has 7 squares"), std::string::npos);
  EXPECT_NE(target_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x").find("'w' or 'b'"), std::string::npos);
  EXPECT_NE(target_error("8/8/8/8/8/8/8/8 w").find("one king"), std::string::npos);
  EXPECT_NE(target_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra").find("six fields"), std::string::npos);
  EXPECT_EQ(target_error("   "), "empty FEN");
}

std::array<MaterialTarget, 2> material(const std::string& text) {
  auto m = read_material_target(text);
  EXPECT_TRUE((std::holds_alternative<std::array<MaterialTarget, 2>>(m))) << text;
  return std::holds_alternative<std::string>(m) ? std::array<MaterialTarget, 2>{} : std::get<0>(m);
}

std::string material_error(const std::string& text) {
  auto m = read_material_target(text);
  return std::holds_alternative<std::string>(m) ? std::get<std::string>(m) : std::string();
}

bool material_matches(const std::string& text, const Position& p) {
  const auto both = material(text);
  return both[0].matches(p) || both[1].matches(p);
}

TEST(SearchProbe, MaterialCountsPiecesOnTheBoardAsPgnExtractReadsThem) {
  const Position start = Position::start();
  EXPECT_TRUE(material_matches("QR2B2N2P8:qr2b2n2p8", start));
  EXPECT_TRUE(material_matches("QR2B2N2P8 qr2b2n2p8", start));  // pgn-extract's space
  EXPECT_TRUE(material_matches("KQR2B2N2P8:KQR2B2N2P8", start));  // a king may be named, once
  EXPECT_FALSE(material_matches("QR2B2N2:qr2b2n2p8", start));    // no pawns named: none
  EXPECT_FALSE(material_matches("Q:q", start));
  EXPECT_TRUE(material_matches("Q*R+B2-N1+P*:q*r*b*n*p*", start));
  EXPECT_FALSE(material_matches("Q2+R*B*N*P*:q*r*b*n*p*", start));
  // R+N against R+B, both ways round (as -z).
  const Position rn_rb = position("4k3/8/8/3rb3/8/8/3RN3/4K3 w - - 0 1");
  EXPECT_TRUE(material_matches("RN:RB", rn_rb));
  EXPECT_TRUE(material_matches("rb:rn", rn_rb));
  EXPECT_FALSE(material_matches("RN:RN", rn_rb));
  const auto written = material("rb:rn");
  EXPECT_FALSE(written[0].matches(rn_rb));  // as written, White would have R+B
  EXPECT_TRUE(written[1].matches(rn_rb));
  // Holdings are not material on the board.
  EXPECT_TRUE(material_matches(":", position("4k3/8/8/8/8/8/8/4K3[QQqq] w - - 0 1")));
  EXPECT_NE(material_error("QR"), "");
  EXPECT_NE(material_error("Q=:q").find("not offered"), std::string::npos);
  EXPECT_NE(material_error("QQ:q").find("twice"), std::string::npos);
  EXPECT_NE(material_error("X:q").find("'X'"), std::string::npos);
  EXPECT_NE(material_error("K2:k").find("one king"), std::string::npos);
}

// corpus/fics/1934301.bpgn, replayed with a probe: which positions each board reaches.
ProbeFound search(const ReplayProbe& probe, const std::string& file = "fics/1934301.bpgn") {
  const std::vector<Game> games = read_games(corpus(file), file);
  EXPECT_FALSE(games.empty());
  ReplayOptions options;
  options.probe = &probe;
  return replay(games.front(), default_rules_for_record(games.front()), options).found;
}

bool reaches(const std::string& fen, std::optional<int> board = std::nullopt) {
  ReplayProbe probe;
  probe.positions.push_back(target(fen));
  probe.board = board;
  return search(probe).position;
}

TEST(SearchProbe, AFicsMatchReachesTheseBoards) {
  // Board B: 1B. e4 1b. e5 2B. Nf3 2b. Nc6 3B. Bb5 3b. a6 4B. Bxc6 4b. dxc6 5B. Nxe5, Black to move.
  // White's pieces: pawns a2-d2 e4 f2-h2, Ne5 (g1-f3-e5), Nb1, Bc1, Qd1, Ke1, Ra1, Rh1 (Bf1 went to
  // c6 and was taken). Black's: pawns a6 b7 c7 c6 (d7xc6) f7 g7 h7, Ra8 Bc8 Qd8 Ke8 Bf8 Ng8 Rh8.
  // In hand, from board A before 5B: 5A. Nxe4 (a black knight to BlackB), 5a. dxe4 and 6a. exf3
  // (two white knights to WhiteB), 7A. exf3 (a black pawn to BlackB): White NN, Black np.
  const std::string b = "r1bqkbnr/1pp2ppp/p1p5/4N3/4P3/8/PPPP1PPP/RNBQK2R";
  EXPECT_TRUE(reaches(b + "[NNnp] b"));
  EXPECT_TRUE(reaches(b + "[NNnp] b", 1));
  EXPECT_FALSE(reaches(b + "[NNnp] b", 0));                        // not on board A
  EXPECT_TRUE(reaches(b + "[Nn] b"));                              // at least
  EXPECT_TRUE(reaches(b));                                         // either side, no holding asked
  EXPECT_FALSE(reaches(b + "[NNNnp] b"));                          // a third knight was never held
  EXPECT_FALSE(reaches(b + "[NNnp] w"));                           // Black was to move
  EXPECT_FALSE(reaches("r1bqkbnr/1pp2ppp/p1p5/3N4/4P3/8/PPPP1PPP/RNBQK2R[NNnp] b"));  // the knight one file off

  // Board A: 1A. d4 1a. Nf6 2A. h3 2a. Ne4 3A. Be3 3a. d5 4A. Nc3 4a. e6 5A. Nxe4 5a. dxe4 6A. Nf3
  // 6a. exf3 7A. exf3, Black to move; no capture on board B yet, so nothing in hand.
  const std::string a = "rnbqkb1r/ppp2ppp/4p3/8/3P4/4BP1P/PPP2PP1/R2QKB1R";
  EXPECT_TRUE(reaches(a + "[] b"));
  EXPECT_TRUE(reaches(a + " b", 0));
  EXPECT_FALSE(reaches(a + " b", 1));
  // Then 4B. Bxc6 hands Black on board A the knight before 7a. Nc6 moves there: reached by a move
  // of the other board.
  EXPECT_TRUE(reaches(a + "[n] b"));
  EXPECT_FALSE(reaches(a + "[nn] b"));
  // The starting position of both boards counts as reached.
  EXPECT_TRUE(reaches("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 0));
  EXPECT_TRUE(reaches("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", 1));
}

bool has_move(const std::string& text, std::optional<int> board = std::nullopt,
              const std::string& file = "fics/1934301.bpgn") {
  ReplayProbe probe;
  probe.moves.push_back(pattern(text));
  probe.board = board;
  return search(probe, file).move;
}

TEST(SearchProbe, AFicsMatchPlaysTheseMoves) {
  // 1934301: queen drops on both boards (29A. Q@d7+, 30a. Q@e8+, 19B. Q@e6+, 20B. Q@f7+, 22b. Q@g5).
  EXPECT_TRUE(has_move("Q@*"));
  EXPECT_TRUE(has_move("Q@*", 0));
  EXPECT_TRUE(has_move("Q@*", 1));
  EXPECT_TRUE(has_move("Q@g5", 1));
  EXPECT_FALSE(has_move("Q@g5", 0));
  EXPECT_TRUE(has_move("B@g7#", 1));  // 23B. B@g7#, the mate
  EXPECT_TRUE(has_move("B@g7"));
  EXPECT_FALSE(has_move("B@g7+"));    // a mate is marked '#'
  EXPECT_TRUE(has_move("c8=Q"));      // 32A. c8=Q+
  EXPECT_TRUE(has_move("@f6"));       // 5b. P@f6, written as a bare drop
  EXPECT_FALSE(has_move("O-O*"));     // nobody castles
  EXPECT_TRUE(has_move("B8d7"));      // 15a. B8d7: disambiguation as the canonical SAN writes it
  // 1934461: one queen drop, on board B (24B. Q@f8+).
  EXPECT_TRUE(has_move("Q@*", std::nullopt, "fics/1934461.bpgn"));
  EXPECT_TRUE(has_move("Q@*", 1, "fics/1934461.bpgn"));
  EXPECT_FALSE(has_move("Q@*", 0, "fics/1934461.bpgn"));
  // 1934660: none.
  EXPECT_FALSE(has_move("Q@*", std::nullopt, "fics/1934660.bpgn"));
}

TEST(SearchProbe, AStealIsMatchedAsOursAndBughouseProWriteIt) {
  // corpus/swedish/steal-notation.bpgn, 1A. dxe8=R/h1+ (game 1) and dxe8=Rh1+ (game 2).
  for (const std::string& file : {std::string("swedish/steal-notation.bpgn")}) {
    const std::vector<Game> games = read_games(corpus(file), file);
    ASSERT_EQ(games.size(), 2u);
    for (const Game& g : games) {
      auto found = [&](const ReplayProbe& probe) {
        ReplayOptions options;
        options.probe = &probe;
        return replay(g, default_rules_for_record(g), options).found;
      };
      ReplayProbe steal;
      steal.moves = {pattern("*=R/*")};
      EXPECT_TRUE(found(steal).move);
      steal.moves = {pattern("*=Rh1")};
      EXPECT_TRUE(found(steal).move);
      steal.moves = {pattern("*=Rd1")};
      EXPECT_FALSE(found(steal).move);
      steal.moves = {pattern("*=Q*")};
      EXPECT_FALSE(found(steal).move);
      // Board B after the steal: White's h1 rook gone, the pawn in WhiteB's hand (WhiteA's partner
      // is BlackB, whose opponent gets it), White to move: reached by board A's move.
      ReplayProbe b;
      b.positions = {target("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[P] w")};
      EXPECT_TRUE(found(b).position);
      b.board = 0;
      EXPECT_FALSE(found(b).position);
    }
  }
}

TEST(SearchProbe, MovesAfterABoardsFirstErrorAreNotPlayedAndNotFound) {
  // 2. Ke3 is illegal (e3 is no king's square from e1): the board stops there.
  const std::vector<Game> games = read_games("[White \"w\"][Black \"b\"][Result \"*\"]\n1. e4 e5 2. Ke3 Nc6 3. Qh5 *\n");
  ASSERT_EQ(games.size(), 1u);
  auto found = [&](const std::string& move) {
    ReplayProbe probe;
    probe.moves = {pattern(move)};
    ReplayOptions options;
    options.probe = &probe;
    return replay(games.front(), default_rules_for_record(games.front()), options).found.move;
  };
  EXPECT_TRUE(found("e5"));
  EXPECT_FALSE(found("Ke3"));
  EXPECT_FALSE(found("Nc6"));
  EXPECT_FALSE(found("Qh5"));
}

TEST(SearchProbe, WithoutAProbeNothingIsFound) {
  const std::vector<Game> games = read_games(corpus("fics/1934301.bpgn"));
  const ReplayResult r = replay(games.front(), default_rules_for_record(games.front()));
  EXPECT_FALSE(r.found.position || r.found.move || r.found.material);
}

}  // namespace
}  // namespace bpgn::check_test
