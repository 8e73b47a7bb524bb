// The data of the match viewer (`bpgn view`, docs/view.md): for each game, the engine's own replay
// moment by moment -- the positions of both boards (FEN), the holdings with counts, the four clocks,
// the squares to mark, the caption and the violations of every moment -- as one JSON object, so
// that the page does no chess and cannot disagree with `bpgn check` and `bpgn show`.
//
// Each moment is the one `bpgn show --at` prints (moment_of): the start, after each ply of the
// record (at a ply that was not played, the position its player saw) and, when the record has
// violations that concern no move, the end.
#pragma once

#include "record/game.h"
#include "replay/checked_game.h"
#include "replay/moment.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

struct ViewerDataOptions {
  // A game with more plies is listed but not drawn: each moment is replayed from the start (as
  // show does), so the work grows with the square of the plies.
  std::size_t max_plies = 3000;
  // The moment the page opens at (`view --at`): its index among the moments is the game's `open`;
  // an instant that is no moment of the game (no ply's, no flag's) is added as a moment of its own.
  std::optional<MomentAt> open;
};

// Appends the game's JSON object to `out` (fields in docs/view.md, "The page's data").
void append_viewer_game(std::string& out, const Game& game, const CheckedGame& checked,
                        const ViewerDataOptions& options = {});

// JSON text made safe inside an HTML <script> element: `<`, `>` and `&` (which only occur inside
// JSON strings) written as \u003c, \u003e and \u0026, so no `</script>` or `<!--` can end or
// change the element; U+2028 and U+2029 as \u2028 and \u2029.
std::string json_for_script(std::string_view json);

}  // namespace bpgn
