#include "cli/alias_file.h"

#include "pipeline/input/input_lines.h"
#include "pipeline/input/inputs.h"
#include "pipeline/run/command_error.h"

#include <system_error>

namespace bpgn {

PlayerAliases read_aliases(const std::string& path) {
  PlayerAliases aliases;
  if (path.empty()) return aliases;
  const auto cannot = [&](const std::string& why) {
    return IoError("standings: cannot read the alias file " + input_label(path) + (why.empty() ? "" : ": " + why));
  };
  if (const std::string why = side_file_refusal(path); !why.empty()) throw cannot(why);
  InputStreams input({path});
  std::string line;
  for (InputStreams::Step step; (step = input.next()) != InputStreams::Step::End;) {
    if (step == InputStreams::Step::Failure) throw cannot(input.failure().reason);
    try {
      InputLines lines(input, kSmallSideFileLimits);
      for (InputLines::Got got; (got = lines.next(line)) != InputLines::Got::End;) {
        if (got != InputLines::Got::Line) throw cannot(side_file_limit_message(got, lines.number(), kSmallSideFileLimits));
        if (auto bad = add_alias_line(line, aliases))
          throw UsageError("standings: " + path + ":" + std::to_string(lines.number()) + ": " + *bad);
      }
    } catch (const std::system_error& e) {
      throw cannot(input.fail(e).reason);
    }
  }
  return aliases;
}

}  // namespace bpgn
