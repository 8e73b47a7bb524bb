// A match replayed in record order on one or two boards: holdings transfer, seat bookkeeping,
// timeline from clocks, violations, and the outcome under the rule set.
#pragma once

#include "core/move.h"
#include "core/position.h"
#include "record/game.h"
#include "replay/adjudication.h"
#include "replay/search_probe.h"
#include "replay/timeline.h"
#include "replay/violation.h"
#include "rules/rule_options.h"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// Seconds of lag allowance that `bpgn check` grants by default (on top of the Lag tag's values):
// measured on corpus/ (docs/check.md). Records with a Lag tag need little more than rounding: the
// largest inversion is 0 s, the largest accepted negative clock -0.576 s. Records without one (the
// 2001 archive) show board clocks drifting apart by up to 25 s of unrecorded lag.
constexpr double kToleranceWithLagTag = 1.0;
constexpr double kToleranceWithoutLagTag = 30.0;
// kToleranceWithLagTag when the record has a Lag tag or `[ts=]` clocks, else kToleranceWithoutLagTag.
double default_tolerance(const Game& game);

struct ReplayOptions {
  // Lag allowance (seconds, on top of the Lag tag) for clock-order and move-after-end: check's
  // --tolerance, or default_tolerance(game) for check's default. 0 is the strictest reading.
  double tolerance_seconds = 0.0;
  bool keep_positions = false;     // fill ReplayResult::before (for convert's FEN and PGN outputs)
  bool canonical_san = true;       // fill PlyOutcome::canonical_san (check turns it off: it costs a
                                   // second check/mate test per ply)
  // The position search (--position, --move, --material): the targets compared with each board's
  // starting position and with the boards after each played ply, into ReplayResult::found. Null:
  // no search, and the replay does nothing more than without it.
  const ReplayProbe* probe = nullptr;
  // illegal_action=claimed: the claim as a replay of the whole record found it (the ply of the
  // claimed action, or none), for a replay of a record cut short (moment_of): a cut record ends
  // at its last ply, which would make that ply's action look claimed. Unset: judged from the record.
  struct KnownClaim {
    std::optional<std::size_t> ply;
  };
  std::optional<KnownClaim> known_claim;
  // Called after each ply of the record is replayed (played or not), with both boards as they then
  // stand: every moment of a match from one replay (for_each_moment). Empty: not called.
  std::function<void(std::size_t ply, const std::array<Position, 2>& boards)> after_ply;
};


// What happened to one ply of the record.
// MatchReplay::run resets these field by field for every game: a new field needs its reset there.
struct PlyOutcome {
  bool replayed = false;          // false: not played (after the board's first error, or after the end)
  Move move{};                    // valid when replayed
  Color color = White;            // valid when replayed: the side that played it (one-board PGN: as
                                  // the SAN decided, whatever colour the record's number says)
  std::string canonical_san;      // canonical SAN in the position before it, when replayed
  std::optional<double> time;     // seconds since the match began when the ply happened, if known
};

enum class Winner : std::uint8_t { None, Team1, Team2, White, Black, Draw };
enum class EndReason : std::uint8_t { None, Checkmate, Time, Resignation, IllegalAction, Abort, Draw };
// Contract spellings: "team1", "team2", "white", "black", "draw"; "" for None (JSON null).
std::string_view to_string(Winner w);
// "checkmate", "time", "resignation", "illegal-action", "abort", "draw"; "" for None (JSON null).
std::string_view to_string(EndReason r);

// Where an outcome comes from: the record's own account (its termination text or written result),
// or the rules (bpgn's verdict from the moves and clocks as replayed: a mate, a flag fall, an
// illegal action).
enum class OutcomeSource : std::uint8_t { Record, Rules };
std::string_view to_string(OutcomeSource s);  // "record", "rules"

struct Outcome {
  std::string recorded;           // the written result token ("" when none)
  std::string computed;           // under the record's own convention where it can be told, else team1's view
  Winner winner = Winner::None;
  EndReason reason = EndReason::None;
  std::optional<Board> board;     // where it was decided
  std::optional<std::map<std::string, double>> points;  // turkish scoring: "WhiteA" -> 2, ...
  OutcomeSource source = OutcomeSource::Record;
  // illegal_action=claimed: the first illegal action that nobody claimed (the record goes on after
  // it and no termination text names it): play went on, and the result stands as played.
  std::optional<std::size_t> unclaimed_illegal_ply;
  // The arbiter's decision for the match (--adjudications), set after the replay (check_game);
  // the fields above stay what the record and the rules say.
  std::optional<Adjudicated> adjudication;
};

struct ReplayResult {
  RuleSet rules;                       // as applied (record tags + command line)
  std::vector<Violation> violations;   // in the order found
  std::vector<PlyOutcome> plies;       // parallel to Game::plies
  // Parallel to Game::plies: the board's move number when the replay reached the ply (the number
  // of a played ply in canonical output), 0 for a ply not reached (after the board's first error).
  std::vector<int> move_numbers;
  // With ReplayOptions::keep_positions, parallel to Game::plies: the position before each replayed
  // ply. Else empty. (Not a PlyOutcome field: a Position is 160 bytes, and the replay writes every
  // ply's outcome in turn; a 56-byte outcome keeps that walk within a cache line a ply.)
  std::vector<std::optional<Position>> before;
  // The position before ply i when it was kept, else null.
  const Position* kept_before(std::size_t i) const { return i < before.size() && before[i] ? &*before[i] : nullptr; }
  std::array<Position, 2> final;       // final position per board (only [0] for one-board games)
  int boards = 2;
  std::array<ClockUse, 2> clocks{};    // how each board's clock readings were used
  Outcome outcome;
  ProbeFound found;                    // what ReplayOptions::probe found (all false without one)
  bool has_error() const;
};

// Number of boards of a record: 2 for BPGN (seat-numbered moves, a two-board FEN, a board-B ply), else 1.
int record_boards(const Game& game);

// The preset a record gets when the command line names none: the `Variant` tag's preset when it names
// one with the record's number of boards ("Bughouse", "Crazyhouse", "Swedish", "Turkish", "BoltChess",
// "Standard"/"Chess"), else bughouse for two boards, crazyhouse for one board with drops, chess.
RuleSet default_rules_for_record(const Game& game);

// Rule set for a record: `base` (default_rules_for_record, or a preset a test names), with `boards` set to the record's, then the record's rule tags
// (rule_tags()) applied, then `command_line_overrides` ("key=value", the --set values) applied last
// so that the command line wins. Values that the rule set cannot read are ignored (unknown_rule_tags
// lists them).
RuleSet rules_for_record(const Game& game, const RuleSet& base, const RuleOverrides& command_line_overrides);
// The same with overrides as text (tests); values that cannot be read are left out.
RuleSet rules_for_record(const Game& game, const RuleSet& base, const std::vector<std::string>& command_line_overrides);

// THE choice of a record's rule set: check, fmt and convert all call it once per game. With `--rules` (command_line_preset) that preset as named, with
// `boards` set to the record's and the --set overrides applied; the record's rule tags are not read
// (the command line names the whole rule set). Without it, rules_for_record(game,
// default_rules_for_record(game), overrides): the record's preset and rule tags, then --set.
RuleSet choose_rules(const Game& game, const std::optional<RuleSet>& command_line_preset,
                     const RuleOverrides& command_line_overrides);
// The same with overrides as text (tests); values that cannot be read are left out.
RuleSet choose_rules(const Game& game, const std::optional<RuleSet>& command_line_preset,
                     const std::vector<std::string>& command_line_overrides);

// The third-party tags read as rule options, e.g. {"PawnDropRanks", "pawn_drop_ranks"}; `key` is
// empty for a tag that takes only a server's own words (bughouse.pro's DropAggression).
struct RuleTagName {
  std::string_view tag;
  std::string_view key;
};
const std::vector<RuleTagName>& rule_tags();
// The record's rule tags whose value bpgn does not know (each gets a `rule-tag` warning; the
// option keeps its value).
std::vector<const Tag*> unknown_rule_tags(const Game& game);
// The values a rule tag takes, for messages: "\"Upgrade\", \"Steal\", \"Discard\", or a value of promotion".
std::string rule_tag_values(std::string_view tag);
// The rule options a rule tag sets: {"drop_check", "drop_mate"} for DropAggression.
std::vector<std::string_view> rule_tag_options(std::string_view tag);

// The words of the record's Variant tag that are not chess as bpgn checks it ("DuckChess",
// "Atomic, DuckChess", an unknown word); nullopt when there is no such word. Such a game gets one
// `unsupported-variant` error and is not replayed.
std::optional<std::string> unsupported_variant(const Game& game);

// The claim a replay found: the ply of the violation whose fate is ActionFate::Claimed, if any.
ReplayOptions::KnownClaim claim_of(const ReplayResult& result);

ReplayResult replay(const Game& game, const RuleSet& rules, const ReplayOptions& options = {});
// The same into `result`, whose vectors keep their memory from one game to the next (bpgn check
// replays every game into one result).
void replay(const Game& game, const RuleSet& rules, const ReplayOptions& options, ReplayResult& result);

}  // namespace bpgn
