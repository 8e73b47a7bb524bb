#include "cli/game_target.h"

#include "cli/errors.h"
#include "pipeline/input_paths.h"
#include "record/visible_text.h"

#include <fmt/format.h>

#include <filesystem>

namespace bpgn {
namespace {

bool exists(const std::string& name) {
  std::error_code ec;
  return std::filesystem::exists(name, ec);
}

}  // namespace

bool names_a_place(const std::string& file) {
  const GameAddress place = parse_game_address(file, exists);
  return place.line.has_value() || place.open != file;
}

GameTarget game_target(const std::vector<std::string>& files, std::optional<std::size_t> game,
                       std::optional<std::size_t> index) {
  if (files.empty()) throw UsageError("a FILE is required");
  if (game && index) throw UsageError("--game and --index both say which game: give one of them");
  GameTarget target;
  if (index) {
    for (const std::string& file : files) {
      if (parse_game_address(file, exists).line) {
        throw UsageError(fmt::format("{} names a line and --index a game: give one of them", visible_text(file)));
      }
    }
    InputList list = expand_inputs(files, InputOptions{});
    target.files = std::move(list.files);
    target.failures = std::move(list.failures);
    target.wanted.by = GameWanted::By::Index;
    target.wanted.number = *index;
    return target;
  }
  if (files.size() > 1) {
    throw UsageError("several files: say which game of them with --index N (counted over them all, as check does)");
  }
  const GameAddress place = parse_game_address(files[0], exists);
  target.files = {place.open};
  if (place.line) {
    if (game) {
      throw UsageError(fmt::format("{} names a line and --game a game: give one of them", visible_text(files[0])));
    }
    if (*place.line == 0) throw UsageError("line 0: lines are counted from 1");
    target.wanted.by = GameWanted::By::Line;
    target.wanted.line = *place.line;
    target.wanted.stream = place.stream;
    target.line = place.line;
    target.column = place.column;
    return target;
  }
  target.wanted.number = game.value_or(1);
  // Games are counted through all members of an archive, as check counts them; ARCHIVE:MEMBER: its own.
  if (place.stream != place.open) target.wanted.stream = place.stream;
  target.wanted.name = files[0];
  return target;
}

}  // namespace bpgn
