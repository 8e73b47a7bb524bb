// An arbiter's decisions (--adjudications FILE, docs/adjudications.md): which match, what was
// decided, and why. Read from the file's text (the command reads the file: no I/O here), then
// looked up for every game, from every thread at once; after the run, a decision that named no
// match or more than one is an error.
#pragma once

#include "record/game.h"

#include <cstdint>
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

  // The match: `FILE:LINE` (the game's first line, as check names it; FILE as given, or its
  // trailing path components) or tags (`Round "3" WhiteA "Ayla"`: every one must be the game's).
  std::string match_text;  // as written
  std::string file;
  std::uint32_t game_line = 0;
  std::vector<std::pair<std::string, std::string>> tags;
  std::uint32_t line = 0, column = 0;  // of the match text, in the adjudications file

  // "result 0-1", "points WhiteA 2, BlackA 0, ...", "replay": the decision in words.
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
  std::map<std::string, double> points;  // Decision::Points only
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

  // After every game was looked up: "FILE:LINE:COLUMN: what" for each decision that named no
  // match, more than one, a player the match does not have, and each game two decisions name.
  std::vector<std::string> problems() const;

 private:
  std::string name_;
  std::vector<Adjudication> list_;
  struct Seen {
    std::mutex mutex;
    std::vector<std::set<std::pair<std::string, std::uint32_t>>> games;  // per decision: (file, line)
    std::set<std::string> errors;                                        // found while matching
  };
  std::shared_ptr<Seen> seen_ = std::make_shared<Seen>();
};

// Does FILE (as an adjudication names it) name the game's file: the same text, or its trailing
// path components (`rr.bpgn` names `games/rr.bpgn`).
bool adjudication_names_file(std::string_view key, std::string_view game_file);

}  // namespace bpgn
