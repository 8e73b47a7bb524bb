#include "convert/board_merge.h"

#include <array>

namespace bpgn {
namespace {

using Holdings = std::array<std::array<int, kHoldablePieceTypes>, 4>;  // per Seat

struct Cursor {
  std::span<const MergePly> plies;
  Board board;
  std::size_t next = 0;
  double last_time = 0;  // of the previous ply placed from this board

  bool done() const { return next >= plies.size(); }
  const MergePly& head() const { return plies[next]; }
  double head_time() const { return head().time.value_or(last_time); }
};

bool droppable(const Cursor& c, const Holdings& holdings) {
  const MergePly& p = c.head();
  if (p.dropped == NoPieceType) return true;
  return holdings[int(seat_of(c.board, p.color))][p.dropped] > 0;
}

void place(Cursor& c, Holdings& holdings, std::vector<MergeStep>& out) {
  const MergePly& p = c.head();
  const Seat seat = seat_of(c.board, p.color);
  if (p.dropped != NoPieceType && holdings[int(seat)][p.dropped] > 0) --holdings[int(seat)][p.dropped];
  if (p.supplies != NoPieceType && p.supplies != King) ++holdings[int(partner_of(seat))][p.supplies];
  c.last_time = c.head_time();
  out.push_back({c.board, c.next});
  ++c.next;
}

}  // namespace

std::vector<MergeStep> merge_boards(std::span<const MergePly> a, std::span<const MergePly> b) {
  std::vector<MergeStep> out;
  out.reserve(a.size() + b.size());
  Holdings holdings{};
  Cursor ca{a, Board::A};
  Cursor cb{b, Board::B};
  while (!ca.done() || !cb.done()) {
    if (ca.done()) {
      place(cb, holdings, out);
      continue;
    }
    if (cb.done()) {
      place(ca, holdings, out);
      continue;
    }
    // Playable now: a drop needs its piece, a mate needs the other board to have finished.
    const bool a_ok = droppable(ca, holdings) && !ca.head().ends_match;
    const bool b_ok = droppable(cb, holdings) && !cb.head().ends_match;
    const bool a_first = ca.head_time() <= cb.head_time();
    if (a_ok == b_ok) {
      place(a_first ? ca : cb, holdings, out);
    } else {
      place(a_ok ? ca : cb, holdings, out);
    }
  }
  return out;
}

std::vector<std::optional<double>> elapsed_from_clocks(double base_seconds, double increment_seconds,
                                                       std::span<const std::optional<double>> remaining,
                                                       Color first_mover) {
  std::vector<std::optional<double>> out(remaining.size());
  std::array<double, 2> used{0, 0};  // time used by each colour so far
  std::array<int, 2> moves{0, 0};    // moves made by each colour so far
  Color mover = first_mover;
  for (std::size_t i = 0; i < remaining.size(); ++i) {
    ++moves[mover];
    // A ply without a clock has no time; the colour's last known use still counts for later plies.
    if (remaining[i]) {
      used[mover] = base_seconds - *remaining[i] + increment_seconds * moves[mover];
      out[i] = used[White] + used[Black];
    }
    mover = ~mover;
  }
  return out;
}

}  // namespace bpgn
