#include "output/rule_help.h"

#include "output/rule_quotes.h"

#include <fmt/format.h>

#include <vector>

namespace bpgn {
namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    lines.push_back(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::string_view severity_meaning(Severity s) {
  switch (s) {
    case Severity::Error: return "An error: the game is invalid.";
    case Severity::Warning: return "A warning: the game stays valid unless `--strict` is given.";
    case Severity::Note: return "A note: says how the record is written, never that it is wrong.";
  }
  return "";
}

}  // namespace

std::string violation_entry(ViolationCode code) {
  const std::string_view name = info(code).code;
  const std::string row_start = fmt::format("| `{}`<a id=\"{}\"></a> |", name, name);
  const std::string quoted = fmt::format("`{}`", name);
  std::string row, notes;
  const std::vector<std::string_view> lines = lines_of(violation_codes_document());
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const std::string_view line = lines[k];
    if (line.starts_with(row_start)) {
      // | `code`<a ...></a> | severity | when |: the last cell.
      std::string_view rest = line.substr(row_start.size());
      rest = rest.substr(rest.find('|') + 1);
      if (rest.ends_with('|')) rest.remove_suffix(1);
      row = std::string(trimmed(rest));
    } else if (line.starts_with("- ")) {
      // A note with its continuation lines (indented by two blanks).
      std::string note(line);
      while (k + 1 < lines.size() && lines[k + 1].starts_with("  ")) note += "\n" + std::string(lines[++k]);
      if (note.find(quoted) != std::string::npos) notes += note + "\n";
    }
  }
  if (row.empty()) return {};
  return notes.empty() ? row : row + "\n\n" + notes.substr(0, notes.size() - 1);
}

RuleHelp rule_help(ViolationCode code, std::string_view docs_link, std::string_view docs_path) {
  const ViolationInfo& i = info(code);
  std::string entry = violation_entry(code);
  if (entry.empty()) entry = std::string(i.summary);
  // The row's text starts in lower case after the code: "**`code`** (error): the dropped piece ...".
  std::string md = fmt::format("**`{}`** ({}): {}\n\n{}\n\n", i.code, to_string(i.severity), entry,
                               severity_meaning(i.severity));
  if (!docs_link.empty()) {
    md += fmt::format("From bpgn's [check.md, *Violation codes*]({}#{}).", docs_link, i.code);
  } else {
    md += "From bpgn's check.md, *Violation codes*.";
  }
  if (!docs_path.empty()) md += fmt::format(" Installed with bpgn: `{}/check.md`", docs_path);
  md += "\n";
  return RuleHelp{md, markdown_plain(md)};
}

}  // namespace bpgn
