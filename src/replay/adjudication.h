// An arbiter's decisions (--adjudications FILE, docs/adjudications.md): which match, what was
// decided, and why. Read from the file's text (the command reads the file: no I/O here), then
// looked up for every game, from every thread at once; after the run, a decision that named no
// match or more than one is an error.
#pragma once

#include "record/game.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpgn {

struct ReplayResult;

struct Adjudication {
  enum class Decision : std::uint8_t { Result, Points, Replay };
  Decision decision = Decision::Result;
  std::string result;  // Result: "1-0", "0-1" or "1/2-1/2", from team 1's view (one board: White's)
  // Points: each player's points as written: a seat tag (WhiteA, ...; one board White, Black) or a
  // player's name, and where the name stands in the file (line, column).
  struct Share {
    std::string who;
    double points = 0;
    std::uint32_t line = 0, column = 0;
  };
  std::vector<Share> points;
  std::string reason;
  // `award: special` (Points only): a split of the arbiter's own, which no outcome of the rules
  // gives; checked only against the scoring's range. Without it the points must be an outcome's.
  bool special_award = false;
  // `board: A` or `board: B` (a decisive Result only): the board the winning team won, which
  // Turkish scoring's points need (its winner 2, partner 1.5, the loser's partner 0.5, the loser 0).
  std::optional<Board> board;
  std::uint32_t decision_line = 0, decision_column = 0;  // where the `result:`/`points:` value stands

  // The match: `FILE:LINE` (the game's first line, as check names it; FILE as given, or its
  // trailing path components) or tags (`Round "3" WhiteA "Ayla"`: every one must be the game's).
  std::string match_text;  // as written
  std::string file;
  std::uint32_t game_line = 0;
  std::vector<std::pair<std::string, std::string>> tags;
  std::uint32_t line = 0, column = 0;  // of the match text, in the adjudications file

  // "result 0-1", "result 0-1 (board B)", "points WhiteA 2, BlackA 0, ...", "points ... (special
  // award)", "replay": the decision in words.
  std::string decision_text() const;
};

// A problem of the adjudications file, where it is (line and column from 1).
struct AdjudicationError {
  std::uint32_t line = 0, column = 0;
  std::string message;
};

// The decision a game got, its points resolved to the match's seats ("WhiteA" -> 2).
struct Adjudicated {
  const Adjudication* decision = nullptr;
  // Decision::Points; and a Result under Turkish scoring when found with the replay (find(game,
  // replay)): the points of that result (a draw 1 each; a board won: 2, 1.5, 0.5, 0).
  std::map<std::string, double> points;
  std::string_view source;                // the adjudications file's name (the Adjudications outlive it)
};

class Adjudications {
 public:
  Adjudications() = default;
  // The decisions of an adjudications file's text; `errors` gets what cannot be read (the
  // decisions read are kept). `name` is the file's name, for messages.
  static Adjudications parse(std::string_view text, std::string name, std::vector<AdjudicationError>& errors);

  bool empty() const { return list_.empty(); }
  std::size_t size() const { return list_.size(); }
  const std::vector<Adjudication>& decisions() const { return list_; }
  const std::string& name() const { return name_; }

  // The decision for `game`, if one names it. Thread-safe; remembers which games each decision
  // named (problems() reports a decision naming none or several, and two decisions for one game).
  std::optional<Adjudicated> find(const Game& game) const;
  // The same, and the decision checked against the rules the match was replayed by
  // (replay.rules.scoring, replay.boards; docs/adjudications.md, *Checked against the rules*):
  // points within the scoring's range and an outcome's split (unless `award: special`); a decisive
  // result under Turkish scoring gets its points (from `board:`, else bpgn's outcome when it has
  // the same winner; else it is a problem). What does not hold goes to problems().
  std::optional<Adjudicated> find(const Game& game, const ReplayResult& replay) const;

  // How a decision's FILE and a game's file are found to be one file when their names differ
  // (`./cup.bpgn`, `sub/../cup.bpgn`, an absolute path): `identity` gives a name's identity (its
  // canonical path), "" when it has none (standard input, an archive's member). Without it, names
  // are compared as text (adjudication_names_file). The command sets it: here is no I/O.
  void set_file_identity(std::function<std::string(const std::string&)> identity);

  // After every game was looked up: "FILE:LINE:COLUMN: what" for each decision that named no
  // match, more than one, a player the match does not have, and each game two decisions name.
  std::vector<std::string> problems() const;

 private:
  std::optional<Adjudicated> find_checked(const Game& game, const ReplayResult* replay) const;
  bool names_game(const Adjudication& a, std::size_t i, const Game& game, std::uint32_t last_line) const;
  std::string identity_of_game_file(const std::string& file) const;

  std::string name_;
  std::vector<Adjudication> list_;
  std::function<std::string(const std::string&)> identity_;
  std::vector<std::string> decision_file_ids_;  // per decision: its FILE's identity ("" when none)
  struct Seen {
    std::mutex mutex;
    std::vector<std::set<std::pair<std::string, std::uint32_t>>> games;  // per decision: (file, line)
    std::set<std::string> errors;                                        // found while matching
    std::map<std::string, std::string> file_ids;                         // game file -> identity
  };
  std::shared_ptr<Seen> seen_ = std::make_shared<Seen>();
};

// Does FILE (as an adjudication names it) name the game's file: the same text, or its trailing
// path components (`rr.bpgn` names `games/rr.bpgn`).
bool adjudication_names_file(std::string_view key, std::string_view game_file);

}  // namespace bpgn
