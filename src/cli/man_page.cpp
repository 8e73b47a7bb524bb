#include "cli/man_page.h"

#include "cli/command_line.h"
#include "cli/help_text.h"

#include <CLI/CLI.hpp>

#include <cctype>
#include <string>
#include <vector>

namespace bpgn {
namespace {

// The command whose path is `path` ({"check"}, {"summary", "merge"}); null when there is none.
const CompletedCommand* find_command(const CompletedCommand& c, const std::vector<std::string>& path) {
  if (c.path == path) return &c;
  for (const CompletedCommand& sub : c.subcommands) {
    if (const CompletedCommand* found = find_command(sub, path)) return found;
  }
  return nullptr;
}

std::string command_words(const CompletedCommand& c) {
  std::string words = "bpgn";
  for (const std::string& p : c.path) words += " " + p;
  return words;
}

// What the value of an option is called: the words its definition allows ("text|json"), KEY=VALUE
// for --set, else the type --help shows ("TEXT", "UINT"; show --at TEXT: a move too, not only the
// words completed).
std::string value_name(const CompletedOption& o) {
  if (o.value.kind == ValueKind::Words && o.type_name.find('{') != std::string::npos) return joined(o.value.words, "|");
  if (o.value.kind == ValueKind::RuleOverride) return "KEY=VALUE";
  return o.type_name.substr(0, o.type_name.find(':'));
}

// `-o`, `--output` *TEXT*: the definition-list term of an option.
std::string option_term(const CompletedOption& o) {
  std::vector<std::string> names;
  for (const std::string& s : o.short_names) names.push_back("**\\-" + s + "**");
  for (const std::string& l : o.long_names) names.push_back("**\\-\\-" + markdown_escaped(l) + "**");
  std::string term = joined(names, ", ");
  if (o.value.kind != ValueKind::None) term += " *" + markdown_escaped(value_name(o)) + "*";
  if (o.repeatable) term += " ...";
  return term;
}

std::string positional_term(const CompletedCommand& c) {
  return "*" + markdown_escaped(c.positional_name) + "*" + (c.positional_repeats ? "..." : "");
}

// **bpgn check** \[*OPTIONS*\] \[*files*...\]
std::string synopsis_line(const CompletedCommand& c) {
  std::string line = "**" + command_words(c) + "** \\[*OPTIONS*\\]";
  if (!c.subcommands.empty() && c.positional_name.empty()) line += " *SUBCOMMAND*";
  if (!c.positional_name.empty()) {
    line += " " + (c.positional_required ? positional_term(c) : "\\[" + positional_term(c) + "\\]");
  }
  return line;
}

void append_options(const CompletedCommand& c, std::string& out) {
  if (!c.positional_name.empty()) {
    out += positional_term(c) + "\n:   " + markdown_escaped(c.positional_description) + "\n\n";
  }
  // In the order of --help: the options of each group, groups in order of first appearance.
  std::vector<std::string> groups;
  for (const CompletedOption& o : c.options) {
    bool seen = false;
    for (const std::string& g : groups) seen = seen || g == o.group;
    if (!seen) groups.push_back(o.group);
  }
  for (const std::string& group : groups) {
    if (group != groups.front()) out += "### " + markdown_escaped(group) + "\n\n";
    for (const CompletedOption& o : c.options) {
      if (o.group != group) continue;
      // The term shows the words an option takes and "..." when it may be repeated.
      out += option_term(o) + "\n:   " + markdown_escaped(o.description) + "\n\n";
    }
  }
}

// The "Exit codes: 0 ...; 1 ...; 2 ..." sentence of a subcommand's help footer as a list.
std::string exit_status(const std::string& command) {
  const std::string footer = help_footer(command);
  const std::string opening = "Exit codes: ";
  std::size_t at = footer.find(opening);
  if (at == std::string::npos) return {};
  at += opening.size();
  std::string text = footer.substr(at, footer.find("\nDocs:", at) - at);
  for (char& ch : text) {
    if (ch == '\n') ch = ' ';
  }
  // Items "N what"; a piece that starts otherwise belongs to the item before (a ';' in its text).
  std::vector<std::pair<std::string, std::string>> items;
  std::size_t from = 0;
  while (from < text.size()) {
    const std::size_t end = std::min(text.find("; ", from), text.size());
    const std::string piece = text.substr(from, end - from);
    const bool numbered = piece.size() > 2 && std::isdigit(static_cast<unsigned char>(piece[0])) && piece[1] == ' ';
    if (numbered || items.empty()) {
      items.emplace_back(numbered ? piece.substr(0, 1) : "", numbered ? piece.substr(2) : piece);
    } else {
      items.back().second += "; " + piece;
    }
    from = end + 2;
  }
  std::string out;
  for (auto& [code, what] : items) {
    if (!what.empty() && what.back() == '.') what.pop_back();
    out += "**" + code + "**\n:   " + markdown_escaped(what) + "\n\n";
  }
  return out;
}

// The doc without its title line: what stands before its first `##` section (the description),
// and the sections from there on. Fenced code is skipped when looking for the first section.
std::pair<std::string, std::string> split_doc(const std::string& doc) {
  std::size_t at = doc.find('\n');
  if (at == std::string::npos) return {};
  ++at;
  const std::size_t body = at;
  bool fenced = false;
  while (at < doc.size()) {
    const std::size_t end = std::min(doc.find('\n', at), doc.size());
    const std::string_view line(doc.data() + at, end - at);
    if (line.substr(0, 3) == "```") fenced = !fenced;
    if (!fenced && line.substr(0, 3) == "## ") return {doc.substr(body, at - body), doc.substr(at)};
    at = end + 1;
  }
  return {doc.substr(body), {}};
}

}  // namespace

std::string markdown_escaped(std::string_view text) {
  std::string out;
  bool code = false;
  for (char ch : text) {
    if (ch == '`') code = !code;
    if (!code && std::string_view("\\*_[]<>#|~^$&@!{}").find(ch) != std::string_view::npos) out += '\\';
    if (!code && ch == '-') {
      out += "\\-";  // no en-dash from "--", and a hyphen man shows as the minus sign options need
      continue;
    }
    out += ch;
  }
  return out;
}

std::string man_page_markdown(const CompletedCommand& root, const ManPageSource& source) {
  std::string title;
  for (char ch : source.page) title += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  std::string out = "# " + title + "\n\n## NAME\n\n" + markdown_escaped(source.page) + " \\- " +
                    markdown_escaped(source.summary) + "\n\n";
  std::vector<std::string> path;
  if (source.page.rfind("bpgn-", 0) == 0) path = {source.page.substr(5)};
  const CompletedCommand* command = path.empty() ? nullptr : find_command(root, path);
  auto [description, sections] = split_doc(source.doc);
  if (!command) return out + description + "\n" + sections;

  std::vector<const CompletedCommand*> commands;
  list_commands(*command, commands);
  out += "## SYNOPSIS\n\n";
  for (const CompletedCommand* c : commands) {
    if (c->subcommands.empty() || c == command) out += synopsis_line(*c) + "\\\n";
  }
  out.resize(out.size() - 2);
  out += "\n\n## DESCRIPTION\n\n" + markdown_escaped(command->description) + ".\n\n" + description + "\n";
  out += "## OPTIONS\n\n";
  for (const CompletedCommand* c : commands) {
    if (c != command) out += "### " + command_words(*c) + "\n\n";
    append_options(*c, out);
  }
  out += sections + "\n";
  out += "## EXIT STATUS\n\n" + exit_status(path.front());
  out += "## SEE ALSO\n\n**bpgn**(1); the full documentation: " + markdown_escaped(source.docs_dir) + "/" +
         markdown_escaped(source.doc_name) + "\n";
  return out;
}

std::string program_man_page_markdown(const ManPageSource& source) {
  CLI::App app{kProgramDescription, "bpgn"};
  CommandAction action;
  define_command_line(app, action, [](std::string_view) { return true; });
  return man_page_markdown(read_completions(app), source);
}

}  // namespace bpgn
