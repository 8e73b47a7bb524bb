#include "cli/adjudication_file.h"

#include "cli/errors.h"
#include "record/visible_text.h"

#include <fstream>
#include <iterator>

namespace bpgn {

Adjudications read_adjudications(std::string_view command, const std::string& path, std::ostream& err) {
  if (path.empty()) return {};
  std::ifstream in(path, std::ios::binary);
  const auto cannot = [&] { return IoError(std::string(command) + ": cannot read the --adjudications file " + path); };
  if (!in.is_open()) throw cannot();
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw cannot();
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
  return out;
}

bool adjudications_hold(std::string_view command, const Adjudications& adjudications, std::ostream& err) {
  const std::vector<std::string> problems = adjudications.problems();
  for (const std::string& p : problems) err << command_message(command, p) << '\n';
  return problems.empty();
}

}  // namespace bpgn
