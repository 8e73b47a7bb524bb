#include "convert/as_found.h"

#include "replay/replay.h"

#include <fmt/format.h>

#include <stdexcept>

namespace bpgn {

bool written_as_found(const Game& game) {
  return game.error || game.has_broken_tag() || unsupported_variant(game);
}

ReaderOptions as_found_reader_options() {
  ReaderOptions options;
  options.keep_raw_text = written_as_found;
  return options;
}

std::string raw_text_cut_message(std::size_t index, std::uint32_t line) {
  return fmt::format(
      "game {} (line {}) is written as found, but its text with the lines skipped after it is longer than "
      "the {}-byte limit: stopped there",
      index, line, ReaderOptions{}.max_raw_bytes);
}

void require_whole_raw_text(const Game& game) {
  if (game.raw_cut) throw std::runtime_error(raw_text_cut_message(game.index, game.start.line));
}

}  // namespace bpgn
