// check --valid-out / --invalid-out / --unreadable-out / --duplicates-out: the files games are
// sorted into (docs/check.md). The text of a game is made where the game is read (a worker thread
// with --jobs N) and written, in input order, by the one thread that writes the report.
#pragma once

#include "replay/rule_choice.h"
#include "output/canonical_writer.h"
#include "record/game.h"

#include <array>
#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

enum class SortedKind { Valid, Invalid, Unreadable, Duplicate };
inline constexpr std::array<std::string_view, 4> kSortedWords = {"valid", "invalid", "unreadable", "duplicate"};

// How a game's text is made for the sorted outputs: as found (byte for byte) or canonical.
class SortedText {
 public:
  SortedText(bool canonical, RuleChoice choice) : canonical_(canonical), choice_(std::move(choice)) {}
  // The game's text (without the blank line that separates canonical games) into `out`; false
  // when the game is too long to be written as found (Game::raw_cut).
  bool make(const Game& game, std::string& out);
  bool canonical() const { return canonical_; }

 private:
  bool canonical_;
  RuleChoice choice_;
  CanonicalWriter writer_;
};

struct SortedOutputs {
  // By SortedKind: where its games go (owned by the command, e.g. its output files), null when not
  // asked for, and its name in messages.
  std::array<std::ostream*, 4> file{};
  std::array<std::string, 4> name{};
  std::array<std::size_t, 4> written{};
  std::array<bool, 4> started{};  // a game was written to it
  bool failed = false;            // a game too long to be written as found: the run commits no output
  // The first input that failed while read (InputFailure::while_read), as messages name it. Then
  // no sorted output is committed (the report and the summary are): games read from it before the
  // failure were sorted already, and their text may be changed.
  std::string damaged_input;
  bool canonical = false;

  bool any() const { return file[0] || file[1] || file[2] || file[3]; }
  // Where a game of this kind goes: a duplicate without --duplicates-out goes with the valid
  // games; null when that output was not asked for.
  std::ostream* target(SortedKind& kind) const;
  // Writes a game's text made by SortedText (canonical games are separated by a blank line).
  void emit(SortedKind kind, std::string_view text);
  // Says on `err` that the game (file:line) is too long to be written as found, and fails the run.
  void too_long(const Game& game, SortedKind kind, std::ostream& err);
};

}  // namespace bpgn
