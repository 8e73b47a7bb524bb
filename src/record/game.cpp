#include "record/game.h"

namespace bpgn {

const std::string* Game::tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

bool Game::has_broken_tag() const {
  for (const ReadNote& n : notes)
    if (n.kind == ReadNote::Kind::BadTag) return true;
  return false;
}

void Game::clear() {
  file.clear();
  index = 0;
  start = {};
  bytes = {};
  raw.clear();
  raw_cut = false;
  tags.clear();
  leading_comments.clear();
  plies.clear();
  result.clear();
  result_pos = {};
  termination.clear();
  dialect = Dialect::Pgn;
  encoding = Encoding::Utf8;
  clock_kind = ClockKind::None;
  error.reset();
  notes.clear();
}

}  // namespace bpgn
