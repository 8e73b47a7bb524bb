// bpgn view --sheet: the decision sheet of the one game the command line names
// (output/decision_sheet.h, docs/view.md), in place of the viewer's page.
#pragma once

#include "record/game.h"
#include "replay/checked_game.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace bpgn {

class ViewSheet {
 public:
  // `line` and `column`: the place FILE:LINE[:COLUMN] named, if it did.
  ViewSheet(std::optional<std::uint32_t> line, std::optional<std::uint32_t> column) : line_(line), column_(column) {}

  // The game's sheet. A second game is a UsageError: a sheet is about one match.
  void game(const Game& game, const CheckedGame& checked);

  void write(std::ostream& out) const { out << page_; }
  std::size_t games() const { return games_; }

 private:
  std::optional<std::uint32_t> line_, column_;  // FILE:LINE[:COLUMN]
  std::string page_;
  std::size_t games_ = 0;
};

}  // namespace bpgn
