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

// A field added to Ply needs its reset in emplace_back (and this size updated).
static_assert(sizeof(Ply) == 192, "Ply changed: reset the new field in PlyList::emplace_back");

Ply& PlyList::emplace_back() {
  if (size_ == items_.size()) return items_.emplace_back(), items_[size_++];
  Ply& p = items_[size_++];
  // Every field of Ply back to its default; the strings and vectors keep their memory.
  p.board = Board::A;
  p.color = White;
  p.seat_written = false;
  p.number = 0;
  p.number_pos = {};
  p.san.clear();
  p.san_pos = {};
  p.clock.kind = ClockKind::None;
  p.clock.seconds = 0;
  p.clock.decimals = 0;
  p.clock.text.clear();
  p.comments.clear();
  p.nags.clear();
  p.variations.clear();
  p.lag_ms.reset();
  return p;
}

void PlyList::resize(std::size_t n) {
  if (n <= size_) {
    size_ = n;
    return;
  }
  while (size_ < n) emplace_back();
}

void Game::clear() {
  file.clear();
  index = 0;
  file_index = 0;
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
