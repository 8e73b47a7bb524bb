// Parses the text of one game (the grammar's `game` rule) into the state's consumer.
#pragma once

#include "record/parse_state.h"

namespace bpgn {

// Parses from `begin`, never past `end`; returns where the game's text ends (the next game's
// first byte). Throws SyntaxFailure when the text is not a well-formed record. `reached_end`, when
// given, says whether the parse looked for a byte at `end`: if not, the result is the same for any
// text that follows `end`, so the caller may parse in a window of the input smaller than its rest.
const char* parse_game(const char* begin, const char* end, ParseState& state, bool* reached_end = nullptr);

// What is wrong with the broken tag [begin, end) (grammar::broken_tag): the grammar's message and
// where it stands.
struct TagDiagnosis {
  const char* message;
  const char* at;
};
TagDiagnosis diagnose_tag(const char* begin, const char* end);

// Whether the line starting at `begin` starts a game (`[Event `), or holds a tag (`[Name "`).
bool starts_event_tag(const char* begin, const char* end);
bool starts_tag_line(const char* begin, const char* end);

// The first byte at or after `begin` that is not whitespace (grammar::ws) or a byte order mark.
const char* skip_whitespace(const char* begin, const char* end);

}  // namespace bpgn
