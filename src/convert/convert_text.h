// The records bpgn convert writes (docs/convert.md), in its target format: a replayed game, one
// that could not be read through and one of a Variant bpgn cannot check (both as found). No I/O:
// the text is appended to a string.
#pragma once

#include "convert/json_record.h"
#include "output/canonical_writer.h"
#include "record/game.h"
#include "replay/replay.h"

#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

enum class ConvertTarget { Bpgn, Pgn, Json };

// "bpgn", "pgn", "json"; nullopt for another name.
std::optional<ConvertTarget> convert_target(std::string_view name);

// What stands between two records: a blank line, nothing between JSON lines.
inline std::string_view record_separator(ConvertTarget target) { return target == ConvertTarget::Json ? "" : "\n"; }

class RecordConverter {
 public:
  RecordConverter(ConvertTarget target, bool fen) : target_(target) { json_.fen = fen; }

  ConvertTarget target() const { return target_; }
  // A replayed game (replay_for_output): JSON, per-board PGN of a BPGN match, else canonical.
  void write(const Game& game, const ReplayResult& result, std::string& out);
  // A game a syntax error kept the reader from reading through: its text as found (JSON: in an object).
  void unreadable(const Game& game, std::string_view raw, std::string& out) const;
  // A game of a Variant bpgn cannot check, with that one error: as found (JSON: in an object).
  void unsupported(const Game& game, std::string_view raw, const Violation& error, std::string& out) const;

 private:
  ConvertTarget target_;
  JsonRecordOptions json_;
  CanonicalWriter writer_;
};

}  // namespace bpgn
