// The JSON form of a record (convert --to json, docs/convert.md): one JSON object per game, on
// one line, for other programs.
#pragma once

#include "record/game.h"
#include "replay/violation.h"
#include "replay/replay.h"

#include <string>
#include <string_view>

namespace bpgn {

struct JsonRecordOptions {
  bool fen = false;  // add each ply's position after it ("fen")
};

// Appends the game's object and LF.
void append_json_record(const Game& game, const ReplayResult& replay, const JsonRecordOptions& options,
                        std::string& out);

// Appends the object of a record that could not be read (status "unreadable", its raw text).
void append_json_unreadable(const Game& game, std::string_view raw, std::string& out);
// Appends the object of a record of a Variant bpgn cannot check (status "unsupported-variant", the
// error's message and position, its raw text as found).
void append_json_unsupported(const Game& game, std::string_view raw, const Violation& error, std::string& out);

}  // namespace bpgn
