#include "pipeline/run/duplicate_index.h"

#include <algorithm>

namespace bpgn {

Violation duplicate_note(const Game& game, const SeenGame& first) {
  Violation v;
  v.code = ViolationCode::DuplicateGame;
  v.severity = info(v.code).severity;
  v.pos = game.start;
  v.message = "this match repeats game " + std::to_string(first.index) + " (" +
              (first.file == "-" ? std::string("standard input") : first.file) + ":" + std::to_string(first.line) +
              ") move for move on both boards";
  return v;
}

std::optional<SeenGame> DuplicateIndex::offer(const MatchKey& key, std::uint64_t index, std::uint32_t line,
                                              const std::string& file) {
  const std::uint64_t fingerprint = key.fingerprint == 0 ? 1 : key.fingerprint;
  const MatchKey wanted{fingerprint, key.date, key.clocks};
  if (files_.empty() || files_.back().second != file) files_.emplace_back(index, file);
  if ((size_ + 1) * 4 > slots_.size() * 3) grow();
  const std::size_t mask = slots_.size() - 1;
  // The earliest game seen that is the same game: several may share the fingerprint (the same
  // moves by the same players on other dates, or with other clocks).
  std::optional<std::uint64_t> first;
  const Slot* first_slot = nullptr;
  for (std::size_t at = fingerprint & mask;; at = (at + 1) & mask) {
    Slot& s = slots_[at];
    if (s.fingerprint == 0) {
      if (first_slot) break;
      s = Slot{fingerprint, key.date, key.clocks, static_cast<std::uint32_t>(index), line};
      ++size_;
      return std::nullopt;
    }
    if (s.fingerprint != fingerprint || !same_game(MatchKey{s.fingerprint, s.date, s.clocks}, wanted)) continue;
    // The full index: the latest index below `index` with these low 32 bits.
    std::uint64_t seen = (index & ~std::uint64_t{0xffffffff}) | s.index;
    if (seen >= index) seen -= std::uint64_t{1} << 32;
    if (!first || seen < *first) first = seen, first_slot = &s;
  }
  auto it = std::upper_bound(files_.begin(), files_.end(), *first,
                             [](std::uint64_t i, const auto& f) { return i < f.first; });
  return SeenGame{*first, first_slot->line, it == files_.begin() ? std::string() : std::prev(it)->second};
}

void DuplicateIndex::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 1024 : old.size() * 2, Slot{});
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.fingerprint == 0) continue;
    std::size_t at = s.fingerprint & mask;
    while (slots_[at].fingerprint != 0) at = (at + 1) & mask;
    slots_[at] = s;
  }
}

std::size_t DuplicateIndex::memory_bytes() const {
  std::size_t bytes = slots_.capacity() * sizeof(Slot);
  for (const auto& f : files_) bytes += sizeof(f) + f.second.capacity();
  return bytes;
}

}  // namespace bpgn
