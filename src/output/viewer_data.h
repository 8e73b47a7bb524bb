// The data of the match viewer (`bpgn view`, docs/view.md): for each game, the engine's own replay
// moment by moment -- the positions of both boards (FEN), the holdings with counts, the four clocks,
// the squares to mark, the caption and the violations of every moment -- as one JSON object, so
// that the page does no chess and cannot disagree with `bpgn check` and `bpgn show`.
//
// Each moment is the one `bpgn show --at` prints (moment_of; all of them from one replay): the
// start, after each ply of the record (at a ply that was not played, the position its player saw)
// and, when the record has violations that concern no move, the end.
#pragma once

#include "record/game.h"
#include "replay/checked_game.h"
#include "replay/moment_place.h"

#include <cstddef>
#include <optional>
#include <functional>
#include "replay/moment.h"
#include <string>
#include <string_view>

namespace bpgn {

struct ViewerDataOptions {
  // The moment a place of the command line names (view FILE:LINE[:COLUMN]): the page opens there.
  std::optional<PlaceMoment> open;
  // The moment the page opens at (`view --at`): an instant that is no moment of the game (no
  // ply's, no flag's) is added as a moment of its own.
  std::optional<MomentAt> open_at;
  // Called between the values of the game's object (its plies, its moments) with the text
  // appended so far once it is some 64 KB, which it takes away (writes it out and clears `text`):
  // a long match is never whole in memory. Unset: the whole object is appended to `out`.
  std::function<void(std::string& text)> spill;
};

// Appends the game's JSON object to `out` (fields in docs/view.md, "The page's data"). Every moment
// comes from one replay of the record (for_each_moment): the work grows with the plies.
void append_viewer_game(std::string& out, const Game& game, const CheckedGame& checked,
                        const ViewerDataOptions& options = {});

// JSON text made safe inside an HTML <script> element: `<`, `>` and `&` (which only occur inside
// JSON strings) written as \u003c, \u003e and \u0026, so no `</script>` or `<!--` can end or
// change the element; U+2028 and U+2029 as \u2028 and \u2029.
std::string json_for_script(std::string_view json);

}  // namespace bpgn
