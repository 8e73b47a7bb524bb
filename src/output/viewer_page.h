// `bpgn view`: the match viewer, one self-contained HTML page (docs/view.md). The page holds the
// boards (svg_board), the clock charts (clock_chart_svg), the piece drawings, the games' data
// (viewer_data: the engine's replay, moment by moment) as JSON, and one inline script that draws
// the moments and steps or plays through them; its content security policy allows that script
// alone (by its SHA-256) and fetches nothing.
#pragma once

#include "output/spill_file.h"
#include "output/viewer_data.h"
#include "record/game.h"
#include "replay/checked_game.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

class ViewerPage {
 public:
  // `inputs`: named in the page's header.
  explicit ViewerPage(std::vector<std::string> inputs);

  // One game: its data and its clock chart, kept in temporary files (memory does not grow with
  // the number of games, and the data of a long match is written a part at a time). Throws
  // std::runtime_error when they cannot be written. `open`: the moment the page opens at in this
  // game (view FILE:LINE[:COLUMN]); `open_at`: the same by `view --at`.
  void game(const Game& game, const CheckedGame& checked, const std::optional<PlaceMoment>& open = std::nullopt,
            const std::optional<MomentAt>& open_at = std::nullopt);

  // The whole page, once (the games' texts are read back from their temporary files).
  void write(std::ostream& out);

  std::size_t games() const { return games_; }

 private:
  std::vector<std::string> inputs_;
  SpillFile json_{"the viewer's game data"};     // the games' objects, comma-separated, escaped for the script element
  SpillFile charts_{"the viewer's clock charts"};  // each game's clock chart, hidden until its game is shown
  std::string game_json_;                          // a part of one game's object, reused
  std::size_t games_ = 0;
};

// The script and style sheet of the page (generated from src/output/viewer/).
std::string_view viewer_script();
std::string_view viewer_style();

}  // namespace bpgn
