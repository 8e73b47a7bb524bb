#include "replay/read_notes.h"

#include "text/visible_text.h"
#include "replay/messages.h"

#include <fmt/format.h>

#include <cstdint>

namespace bpgn {
namespace {

// Moves `i` past one UTF-8 character of `text` (by its lead byte; a sequence cut by the end, or an
// invalid byte, counts one byte).
void skip_character(std::string_view text, std::size_t& i) {
  const auto b = static_cast<unsigned char>(text[i]);
  const std::size_t extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  i += i + extra < text.size() ? extra + 1 : 1;
}

bool before(SourcePos a, SourcePos b) { return a.line != b.line ? a.line < b.line : a.column < b.column; }

}  // namespace

std::string visible_quote(std::string_view text, std::size_t limit) { return '"' + visible(text, limit) + '"'; }

std::string visible(std::string_view text, std::size_t limit) {
  std::size_t i = 0;
  for (std::size_t count = 0; count < limit && i < text.size(); ++count) skip_character(text, i);
  std::string out = visible_text(text.substr(0, i));
  if (i < text.size()) out += "...";
  return out;
}

Violation note_violation(const ReadNote& note) {
  if (note.kind == ReadNote::Kind::BadTag) {
    return game_violation(ViolationCode::Syntax, note.pos,
                          fmt::format("{}; the tag {} is left out, the rest of the header is read", note.message,
                                      visible(note.text)));
  }
  return game_violation(ViolationCode::StrayText, note.pos,
                        fmt::format("text outside any game, skipped: {}", visible_quote(note.text)));
}

bool note_precedes_game(const Game& game, const ReadNote& note) {
  if (!game.tags.empty()) return before(note.pos, game.tags.front().pos);
  if (!game.plies.empty()) return before(note.pos, game.plies.front().number_pos);
  if (!game.leading_comments.empty()) return before(note.pos, game.leading_comments.front().pos);
  return game.result_pos.line != 0 && before(note.pos, game.result_pos);
}

}  // namespace bpgn
