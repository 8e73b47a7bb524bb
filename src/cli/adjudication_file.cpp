#include "cli/adjudication_file.h"

#include "cli/errors.h"
#include "text/visible_text.h"

#include "pipeline/input/input_lines.h"

#include <filesystem>
#include <system_error>

namespace bpgn {

Adjudications read_adjudications(std::string_view command, const std::string& path, std::ostream& err) {
  if (path.empty()) return {};
  const std::string name = input_label(path);
  const auto cannot = [&](const std::string& why) {
    return IoError(std::string(command) + ": cannot read the --adjudications file " + name + (why.empty() ? "" : ": " + why));
  };
  if (const std::string why = side_file_refusal(path); !why.empty()) throw cannot(why);
  // Through the bounded line reader (pipeline/input/input_lines.h): the text is at most its limit.
  std::string text, line;
  InputStreams in({path});
  for (InputStreams::Step step; (step = in.next()) != InputStreams::Step::End;) {
    if (step == InputStreams::Step::Failure) throw cannot(in.failure().reason);
    try {
      InputLines lines(in, kSmallSideFileLimits);
      for (InputLines::Got got; (got = lines.next(line)) != InputLines::Got::End;) {
        if (got != InputLines::Got::Line) {
          throw cannot(side_file_limit_message(got, lines.number(), kSmallSideFileLimits));
        }
        (text += line) += '\n';
      }
    } catch (const std::system_error& e) {
      throw cannot(in.fail(e).reason);
    }
  }
  std::vector<AdjudicationError> errors;
  Adjudications out = Adjudications::parse(text, path, errors);
  for (const AdjudicationError& e : errors) {
    err << command_message(command, path + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message)
        << '\n';
  }
  if (!errors.empty()) {
    throw UsageError(std::string(command) + ": " + path + ": " + std::to_string(errors.size()) +
                     (errors.size() == 1 ? " error" : " errors") + " in the --adjudications file");
  }
  // `match: ./cup.bpgn:12`, `sub/../cup.bpgn:12` or the absolute path name the file the command
  // line names `cup.bpgn`: one file, however it is spelt.
  out.set_file_identity([](const std::string& name) {
    std::error_code ec;
    const std::filesystem::path canonical = std::filesystem::canonical(name, ec);
    return ec ? std::string() : canonical.string();
  });
  return out;
}

bool adjudications_hold(std::string_view command, const Adjudications& adjudications, std::ostream& err) {
  const std::vector<std::string> problems = adjudications.problems();
  for (const std::string& p : problems) err << command_message(command, p) << '\n';
  return problems.empty();
}

}  // namespace bpgn
