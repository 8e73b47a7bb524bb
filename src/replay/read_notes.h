// The reader's notes on a game (broken tags, stray text) as violations.
#pragma once

#include "record/game.h"
#include "replay/violation.h"

#include <string>
#include <string_view>

namespace bpgn {

// A broken tag is a `syntax` error at the place it goes wrong; stray text a `stray-text` warning
// at its first character.
Violation note_violation(const ReadNote& note);

// `text` quoted for a message, at most `limit` characters, with the characters one cannot see
// (controls, bidirectional marks such as U+202C, zero-width spaces, U+FEFF) written `<U+202C>`, bytes
// that are not UTF-8 `\xff` (visible_text).
std::string visible_quote(std::string_view text, std::size_t limit = 60);
// The same without the quotes.
std::string visible(std::string_view text, std::size_t limit = 60);

// Whether the note stands before the game's first tag or move (stray text before the game).
bool note_precedes_game(const Game& game, const ReadNote& note);

}  // namespace bpgn
