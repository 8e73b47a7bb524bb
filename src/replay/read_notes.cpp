#include "replay/read_notes.h"

#include "record/visible_text.h"
#include "replay/messages.h"

#include <fmt/format.h>

#include <cstdint>

namespace bpgn {
namespace {

// One UTF-8 code point from `text` at `i` (advancing `i`); an invalid byte is taken as itself.
std::uint32_t next_code_point(std::string_view text, std::size_t& i) {
  const auto b = static_cast<unsigned char>(text[i]);
  int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  if (i + static_cast<std::size_t>(extra) >= text.size()) extra = 0;
  std::uint32_t cp = extra == 0 ? b : extra == 1 ? (b & 0x1Fu) : extra == 2 ? (b & 0x0Fu) : (b & 0x07u);
  for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + std::size_t(k)]) & 0x3Fu);
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

bool before(SourcePos a, SourcePos b) { return a.line != b.line ? a.line < b.line : a.column < b.column; }

}  // namespace

std::string visible_quote(std::string_view text, std::size_t limit) { return '"' + visible(text, limit) + '"'; }

std::string visible(std::string_view text, std::size_t limit) {
  std::size_t i = 0;
  for (std::size_t count = 0; count < limit && i < text.size(); ++count) next_code_point(text, i);
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
