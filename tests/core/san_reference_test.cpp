// The one-pass SAN reader and the attack-table writer against the reference (the reader and writer
// before them, kept in san_reference.cpp): for every position of every game of corpus/, the record's
// own move text and many mutations of it (characters left out, added or replaced; suffixes,
// disambiguators, promotions, drops of every piece on every square, castling spellings) read to the
// same result (move, error kind, notes, written suffix, candidates) under the record's rule set and
// under other rule sets; every legal move is written (to_san, and to_san with the deserved suffix
// given, and without a suffix plus the one the board after the move shows, as the replay does) and
// gets its suffix (deserved_suffix) as the reference does it.
#include "core/san.h"

#include "core/fen.h"
#include "core/movegen.h"
#include "core/san_reference.h"
#include "record/read_games.h"
#include "replay/replay.h"
#include "rules/rule_set.h"
#include "support/sanitizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {
namespace {

bool same_result(const SanResult& a, const SanResult& b) {
  return a.move == b.move && a.error == b.error && a.notes == b.notes && a.written_suffix == b.written_suffix &&
         a.candidates == b.candidates;
}

std::string describe(const SanResult& r) {
  return "{move " + reference::to_uci(r.move) + " kind " + std::to_string(int(r.move.kind)) + " piece " +
         std::to_string(int(r.move.piece)) + " promotion " + std::to_string(int(r.move.promotion)) + " steal " +
         std::to_string(int(r.move.steal_from)) + ", error " + std::to_string(int(r.error)) + ", notes " +
         std::to_string(int(r.notes)) + ", suffix " + std::to_string(int(r.written_suffix)) + ", candidates " +
         std::to_string(r.candidates) + "}";
}

struct Comparison {
  long texts = 0;
  long moves = 0;
  long accepted = 0;  // texts that read as a move
  int failures = 0;

  void fail(const Position& pos, const RuleSet& rules, const std::string& what) {
    if (++failures <= 20) ADD_FAILURE() << what << " in " << to_fen(pos) << " (" << rules.name << ")";
  }

  void text(const Position& pos, const RuleSet& rules, std::string_view text) {
    ++texts;
    const SanResult got = parse_san(pos, rules, text);
    const SanResult want = reference::parse_san(pos, rules, text);
    if (!same_result(got, want)) {
      fail(pos, rules, "parse_san(\"" + std::string(text) + "\") = " + describe(got) + ", reference " + describe(want));
    }
    if (got.error == SanError::None) ++accepted;
    if (is_move_text(text) != reference::is_move_text(text)) {
      fail(pos, rules, "is_move_text(\"" + std::string(text) + "\") differs");
    }
  }

  void move(const Position& pos, const RuleSet& rules, const Move& m) {
    ++moves;
    const std::string got = to_san(pos, rules, m), want = reference::to_san(pos, rules, m);
    if (got != want) fail(pos, rules, "to_san(" + reference::to_uci(m) + ") = " + got + ", reference " + want);
    const CheckSuffix deserved = deserved_suffix(pos, rules, m);
    if (deserved != reference::deserved_suffix(pos, rules, m)) {
      fail(pos, rules, "deserved_suffix(" + reference::to_uci(m) + ") differs");
    }
    // The variant with the suffix given (the replay's): with the deserved one it is to_san.
    const std::string given = to_san(pos, rules, m, deserved);
    if (given != want) fail(pos, rules, "to_san(" + reference::to_uci(m) + ", deserved) = " + given + ", reference " + want);
    // The replay's way: the text without a suffix before the move, the suffix from the board after it.
    Position after = pos;
    after.play(m, rules);
    const char mark = !after.in_check() ? '\0' : is_checkmate(after, rules) ? '#' : '+';
    std::string replayed = to_san(pos, rules, m, CheckSuffix::None);
    if (mark != '\0') replayed += mark;
    if (replayed != want) fail(pos, rules, "to_san(" + reference::to_uci(m) + ", None) + after = " + replayed + ", reference " + want);
    if (to_uci(m) != reference::to_uci(m)) fail(pos, rules, "to_uci(" + reference::to_uci(m) + ") differs");
  }
};

// The text with suffixes and promotions added (with and without `=`, Gambler's steal square, the
// discard), en passant marks, blanks.
void add_suffixes(std::string_view san, std::vector<std::string>& out) {
  const std::string s(san);
  out.push_back(s);
  for (const char* tail : {"+", "#", "!", "?!", "+#", "#+", "!!+", " e.p.", "e.p.", "e.p.+", " ", "\r\n", "=Q", "Q",
                           "=q", "=K", "=P", "=.", "=.+", "=R/d1", "=Rd1", "Rd1", "=N/a9", "=B/", "/d1", "=Q#"}) {
    out.push_back(s + tail);
  }
  out.push_back(" " + s);
}

// Characters that SAN uses or that sit next to it in records.
constexpr std::string_view kAlphabet = "x+#!?=@*/.- \tO0QRBNKPqrbnkpaeh148$";

// The text itself, each character left out, each character of kAlphabet added before each
// character (and at the end) or put in place of each character, and add_suffixes.
void add_mutations(std::string_view san, std::vector<std::string>& out) {
  const std::string s(san);
  for (std::size_t i = 0; i < s.size(); ++i) out.push_back(s.substr(0, i) + s.substr(i + 1));
  for (std::size_t i = 0; i <= s.size(); ++i) {
    for (char c : kAlphabet) {
      out.push_back(s.substr(0, i) + c + s.substr(i));
      if (i < s.size()) out.push_back(s.substr(0, i) + c + s.substr(i + 1));
    }
  }
  add_suffixes(san, out);
}

// Where every piece (and the bare `@`) is dropped, written with `@` and `*`.
void add_drops(std::vector<std::string>& out) {
  for (const char* who : {"", "P", "N", "B", "R", "Q", "K", "$146"}) {
    for (int s = 0; s < 64; ++s) {
      out.push_back(std::string(who) + "@" + square_name(Square(s)));
      if (s % 9 == 0) out.push_back(std::string(who) + "*" + square_name(Square(s)) + "+");
    }
  }
}

void add_castlings(std::vector<std::string>& out) {
  for (const char* c : {"O-O", "O-O-O", "0-0", "0-0-0", "O-O+", "O-O-O#", "O-0", "0-O-O", "O-O-O-O", "OO", "O-O "}) {
    out.push_back(c);
  }
}

// Texts for every legal move: its canonical SAN, the same with the origin square written in full,
// and without any disambiguation.
void add_legal_spellings(const Position& pos, const RuleSet& rules, const MoveList& legal, std::vector<std::string>& out) {
  for (const Move& m : legal) {
    const std::string san = reference::to_san(pos, rules, m);
    out.push_back(san);
    if (m.kind == MoveKind::Normal && m.piece != Pawn && m.from < 64 && m.to < 64) {
      const char letter = piece_letter(m.piece);
      out.push_back(letter + square_name(m.from) + square_name(m.to));
      out.push_back(letter + square_name(m.from) + "x" + square_name(m.to));
      out.push_back(letter + square_name(m.to));
      out.push_back(letter + std::string("x") + square_name(m.to));
    }
    if (m.piece == Pawn && m.kind != MoveKind::Drop && m.from < 64 && m.to < 64) {
      out.push_back(square_name(m.from) + square_name(m.to));
      out.push_back("x" + square_name(m.to));
    }
  }
}

struct Sample {
  Position position;
  std::size_t rules;  // index into the rule sets
  std::string san;    // the record's text
};

// Every position a ply of corpus/ is played from (with its rule set as check chooses it), and the
// text the record wrote there.
void collect(std::vector<Sample>& samples, std::vector<RuleSet>& rule_sets) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(BPGN_CORPUS_DIR)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".bpgn" || ext == ".pgn")) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  ReplayOptions options;
  options.keep_positions = true;
  options.canonical_san = false;
  for (const auto& file : files) {
    for (const Game& game : test::games_in_file(file.string())) {
      const RuleSet rules = choose_rules(game, std::nullopt, std::vector<std::string>{});
      auto known = std::find(rule_sets.begin(), rule_sets.end(), rules);
      if (known == rule_sets.end()) known = rule_sets.insert(rule_sets.end(), rules);
      const std::size_t index = std::size_t(known - rule_sets.begin());
      const ReplayResult result = replay(game, rules, options);
      for (std::size_t i = 0; i < game.plies.size() && i < result.plies.size(); ++i) {
        if (result.before[i]) samples.push_back({*result.before[i], index, game.plies[i].san});
      }
    }
  }
}

// Other rule sets that read the same boards differently: every preset, with one board and with two,
// and bughouse.pro's options (discard promotion, mates by a drop forbidden, pawns dropped on rank 1).
std::vector<RuleSet> other_rule_sets() {
  std::vector<RuleSet> v;
  for (std::string_view name : rule_set_names()) {
    RuleSet r = *rules_by_name(name);
    v.push_back(r);
    r.boards = 3 - r.boards;
    v.push_back(r);
  }
  for (const char* option : {"promotion=discard", "drop_mate=forbidden_board_mate", "drop_mate=forbidden",
                             "drop_check=false", "pawn_drop_ranks=1-7", "promotion=from_holding"}) {
    RuleSet r = bughouse_rules();
    EXPECT_FALSE(apply_override(r, option).has_value()) << option;
    v.push_back(r);
  }
  return v;
}

// Which parts of the comparison a corpus position gets: each every `every`-th position (moduli
// prime to each other and to 2, so that both boards and both colours take turns). With
// BPGN_SAN_REFERENCE_FULL=1 in the environment every position gets every part (1.9 billion texts
// and 78 million moves: about 9 minutes of one core).
struct Sampling {
  std::size_t mutations = 7, spellings = 3, moves = 3, drops = 29, other_rules = 331;
  static Sampling chosen() {
    const char* full = std::getenv("BPGN_SAN_REFERENCE_FULL");
    if (full && std::string_view(full) == "1") return {1, 1, 1, 1, 1};
    // Under the sanitizers (ten times slower) about a third as many, with the same kind of moduli.
    if (test::kUnderSanitizer) return {17, 7, 7, 59, 661};
    return {};
  }
};

TEST(SanReference, CorpusPositionsReadAndWriteAsTheReference) {
  std::vector<Sample> samples;
  std::vector<RuleSet> rule_sets;
  collect(samples, rule_sets);
  ASSERT_GT(samples.size(), 100000u);
  const std::vector<RuleSet> others = other_rule_sets();
  const Sampling every = Sampling::chosen();

  Comparison c;
  std::vector<std::string> texts;
  auto legal = std::make_unique<MoveList>();
  for (std::size_t i = 0; i < samples.size() && c.failures < 20; ++i) {
    const Sample& s = samples[i];
    const RuleSet& rules = rule_sets[s.rules];
    texts.clear();
    if (i % every.mutations == 0) {
      add_mutations(s.san, texts);
    } else {
      add_suffixes(s.san, texts);
    }
    add_castlings(texts);
    const bool spellings = i % every.spellings == 0, moves = i % every.moves == 0;
    if (spellings || moves) generate_legal(s.position, rules, *legal);
    if (spellings) add_legal_spellings(s.position, rules, *legal, texts);
    if (i % every.drops == 0) add_drops(texts);
    for (const std::string& t : texts) c.text(s.position, rules, t);
    if (moves) {
      for (const Move& m : *legal) c.move(s.position, rules, m);
    }
    // Now and then also under the other rule sets: the record's text, castling, the drops and the
    // legal moves (what those rules forbid or allow differently).
    if (i % every.other_rules == 0) {
      for (const RuleSet& other : others) {
        texts.clear();
        add_suffixes(s.san, texts);
        add_castlings(texts);
        add_drops(texts);
        generate_legal(s.position, other, *legal);
        add_legal_spellings(s.position, other, *legal, texts);
        for (const std::string& t : texts) c.text(s.position, other, t);
        for (const Move& m : *legal) c.move(s.position, other, m);
      }
    }
  }
  EXPECT_EQ(c.failures, 0);
  // The comparison must have covered something: texts read as moves and texts refused.
  EXPECT_GT(c.accepted, 1000000);
  EXPECT_GT(c.texts - c.accepted, 1000000);
  EXPECT_GT(c.moves, test::kUnderSanitizer ? 500000 : 1000000);  // a third sampled under the sanitizers
  std::printf("[ SanReference ] %zu positions, %ld texts (%ld read as moves), %ld moves written\n", samples.size(),
              c.texts, c.accepted, c.moves);
}

// Positions made for the rare branches, beyond what corpus/ reaches: checks and double checks,
// pins, en passant (also the one that uncovers a rank), promotions with and without holdings, pawns
// on their first and last ranks, boards without a king.
// Every legal move of every corpus position (no sampling): to_san with the deserved suffix given,
// and without a suffix plus the one the board after the move shows (the replay's way), are to_san.
TEST(SanReference, EveryCorpusMoveWithItsSuffixGivenIsToSan) {
  std::vector<Sample> samples;
  std::vector<RuleSet> rule_sets;
  collect(samples, rule_sets);
  ASSERT_GT(samples.size(), 100000u);
  auto legal = std::make_unique<MoveList>();
  long moves = 0, checks = 0, mates = 0;
  int failures = 0;
  for (const Sample& s : samples) {
    const RuleSet& rules = rule_sets[s.rules];
    generate_legal(s.position, rules, *legal);
    for (const Move& m : *legal) {
      ++moves;
      const std::string want = to_san(s.position, rules, m);
      const CheckSuffix deserved = deserved_suffix(s.position, rules, m);
      Position after = s.position;
      after.play(m, rules);
      const CheckSuffix shown =
          !after.in_check() ? CheckSuffix::None : is_checkmate(after, rules) ? CheckSuffix::Mate : CheckSuffix::Check;
      checks += shown != CheckSuffix::None;
      mates += shown == CheckSuffix::Mate;
      std::string replayed = to_san(s.position, rules, m, CheckSuffix::None);
      if (shown != CheckSuffix::None) replayed += shown == CheckSuffix::Mate ? '#' : '+';
      if ((to_san(s.position, rules, m, deserved) != want || shown != deserved || replayed != want) && ++failures <= 20) {
        ADD_FAILURE() << reference::to_uci(m) << ": to_san " << want << ", with its suffix "
                      << to_san(s.position, rules, m, deserved) << ", replayed " << replayed << " in "
                      << to_fen(s.position) << " (" << rules.name << ")";
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(moves, 3000000);
  EXPECT_GT(checks, 10000);
  EXPECT_GT(mates, 10);
  std::printf("[ SanReference ] %ld moves written with their suffix given (%ld checks, %ld mates)\n", moves, checks, mates);
}

TEST(SanReference, MadePositionsReadAndWriteAsTheReference) {
  const char* fens[] = {
      "r3k2r/pppq1ppp/2n1bn2/3pp3/1b1PP3/2N1BN2/PPPQ1PPP/R3K2R[PNBRQpnbrq] w KQkq - 4 8",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq f6 0 3",
      "1r2k2r/P1P3P1/8/8/8/8/1p5p/R3K1N1[QRBNqrbn] w Qk - 0 30",
      "1r2k2r/P1P3P1/8/8/8/8/1p5p/R3K1N1[QRBNqrbn] b Qk - 0 30",
      "P3k3/8/8/8/8/8/8/4K2p[QRBNPqrbnp] w - - 0 40",
      "8/2k5/1N3N2/8/R2N3R/8/1N3N2/K7[N] w - - 0 1",
      "4k3/8/8/8/8/8/3q4/4K3[Q] w - - 0 1",
      "4k3/8/8/8/8/8/8/3QK3[] b - - 0 1",
      "6k1/5ppp/8/8/8/8/8/R5K1[n] w - - 0 1",
      "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
      "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
      "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
      "4k3/8/8/8/8/2n5/4r3/R3K2R w KQ - 0 1",
      "3rk3/8/8/8/8/5n2/8/4K3[QRBNP] w - - 0 1",
      "4k3/8/8/8/8/8/8/Q3K2Q w - - 0 1",
      "Q3k3/8/8/8/8/8/8/Q3K2Q b - - 0 1",
      "7k/8/8/8/8/8/K7/N1N1N1N1 w - - 0 1",
      "6k1/8/8/8/8/8/PPPPPPPP/4K3[QRBNPqrbnp] b - - 0 1",
      "4k3/PPP3PP/8/8/8/8/8/4K3[QRBNqrbn] w - - 0 1",
      "R3k3/8/8/8/8/8/8/4K3[QRBNqrbn] b - - 0 1",
      "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3",
  };
  const std::vector<RuleSet> rule_sets = other_rule_sets();
  Comparison c;
  std::vector<std::string> texts;
  auto legal = std::make_unique<MoveList>();
  std::size_t round = 0;
  std::vector<Position> positions;
  for (const char* fen : fens) {
    ASSERT_FALSE(parse_fen(fen, positions.emplace_back()).has_value()) << fen;
  }
  // Edited boards (no FEN reads them): without one king or the other, with two kings of a colour.
  for (Square king : {Square(4), Square(60)}) {
    Position& p = positions.emplace_back(positions[0]);
    p.remove(king);
  }
  positions.emplace_back(positions[0]).put(Square(35), Piece{White, King});
  for (Position pos : positions) {
    for (Color side : {White, Black}) {
      pos.set_side_to_move(side);
      for (const RuleSet& rules : rule_sets) {
        texts.clear();
        add_castlings(texts);
        generate_legal(pos, rules, *legal);
        add_legal_spellings(pos, rules, *legal, texts);
        // Every text mutated under one rule set in five (in turn).
        if (round++ % 5 == 0) {
          for (std::size_t i = 0, n = texts.size(); i < n; ++i) add_mutations(std::string(texts[i]), texts);
        }
        add_drops(texts);
        for (const std::string& t : texts) c.text(pos, rules, t);
        for (const Move& m : *legal) c.move(pos, rules, m);
      }
    }
  }
  EXPECT_EQ(c.failures, 0);
  EXPECT_GT(c.accepted, 1000);
}

}  // namespace
}  // namespace bpgn
