#include "cli/completion_model.h"

#include "replay/moment.h"
#include "replay/violation.h"
#include "rules/rule_options.h"
#include "rules/rule_set.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <utility>

namespace bpgn {
namespace {

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(' ');
  if (first == std::string_view::npos) return {};
  return std::string(s.substr(first, s.find_last_not_of(' ') - first + 1));
}

// The values of a CLI11 IsMember validator as get_type_name() shows them ("TEXT:{text,json}");
// empty when the type names no such list ("UINT:>= 0", "TEXT").
std::vector<std::string> braced_values(const std::string& type_name) {
  const std::size_t open = type_name.find('{');
  const std::size_t close = type_name.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return {};
  std::vector<std::string> values;
  std::stringstream list(type_name.substr(open + 1, close - open - 1));
  for (std::string v; std::getline(list, v, ',');) {
    if (!trimmed(v).empty()) values.push_back(trimmed(v));
  }
  return values;
}

}  // namespace

// The words a rule option's `values` text lists: "allowed, forbidden (or yes, no)" gives allowed
// and forbidden (the synonyms in parentheses are left out). Empty when the text describes a form
// instead of listing words (pawn_drop_ranks: "ranks 1-8 as ranges and lists: 2-7, ...").
std::vector<std::string> listed_words(std::string_view values) {
  values = values.substr(0, values.find(" ("));
  std::vector<std::string> words;
  std::size_t at = 0;
  while (at <= values.size()) {
    const std::size_t comma = std::min(values.find(',', at), values.size());
    const std::string word = trimmed(values.substr(at, comma - at));
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!plain) return {};
    words.push_back(word);
    at = comma + 1;
  }
  return words;
}

// Every `--set` candidate: "key=" for each key of the option table, then "key=word" for each word
// it lists for the key.
std::vector<std::string> rule_override_words() {
  std::vector<std::string> words;
  for (const RuleOption& o : rule_options()) {
    const std::string key(o.key);
    words.push_back(key + "=");
    for (const std::string& w : listed_words(o.values)) words.push_back(key + "=" + w);
  }
  return words;
}

namespace {

std::vector<std::string> rule_set_words() {
  std::vector<std::string> words;
  for (std::string_view n : rule_set_names()) words.emplace_back(n);
  return words;
}

std::vector<std::string> violation_code_words() {
  std::vector<std::string> words;
  for (std::size_t k = 0; k < std::size_t(ViolationCode::Count_); ++k) words.emplace_back(info(ViolationCode(k)).code);
  return words;
}

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (!sub->get_group().empty()) names.push_back(sub->get_name());
  }
  return names;
}

ValueChoice option_values(const CLI::Option& opt) {
  if (opt.get_items_expected_max() == 0) return {};  // a flag
  const std::string name = opt.get_lnames().empty() ? "" : opt.get_lnames().front();
  // --rules and --variant take a rule set's name; --set a rule option.
  if (name == "rules" || name == "variant") return {ValueKind::Words, rule_set_words()};
  if (name == "set") return {ValueKind::RuleOverride, rule_override_words()};
  // The filters --has and --lacks take a violation code; show --at a move or one of its words.
  if (name == "has" || name == "lacks") return {ValueKind::Words, violation_code_words()};
  if (name == "at") return {ValueKind::Words, {std::begin(kMomentWords), std::end(kMomentWords)}};
  if (auto words = braced_values(opt.get_type_name()); !words.empty()) return {ValueKind::Words, std::move(words)};
  return {ValueKind::Files, {}};
}

CompletedCommand read_command(const CLI::App& app, const CLI::App& root, std::vector<std::string> path) {
  CompletedCommand c;
  c.path = std::move(path);
  c.description = app.get_description();
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden (--piece-bytes)
    if (!opt->nonpositional()) {
      c.positional_name = opt->get_name(true);
      c.positional_repeats = opt->get_expected_max() > 1;
      c.positional_required = opt->get_required();
      c.positional_description = opt->get_description();
      if (c.path == std::vector<std::string>{"help"}) {
        c.positional = {ValueKind::Words, subcommand_names(root)};
      } else if (auto words = braced_values(opt->get_type_name()); !words.empty()) {
        c.positional = {ValueKind::Words, std::move(words)};
      } else {
        c.positional = {ValueKind::Files, {}};
      }
      continue;
    }
    CompletedOption o;
    o.short_names = opt->get_snames();
    o.long_names = opt->get_lnames();
    o.description = opt->get_description();
    o.repeatable = opt->get_expected_max() > 1;
    o.value = option_values(*opt);
    if (o.value.kind != ValueKind::None) o.type_name = opt->get_type_name();
    o.group = opt->get_group();
    c.options.push_back(std::move(o));
  }
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_group().empty()) continue;
    std::vector<std::string> sub_path = c.path;
    sub_path.push_back(sub->get_name());
    c.subcommands.push_back(read_command(*sub, root, std::move(sub_path)));
  }
  return c;
}

}  // namespace

CompletedCommand read_completions(const CLI::App& app) { return read_command(app, app, {}); }

// Every command, bpgn itself first, each before its subcommands.
void list_commands(const CompletedCommand& c, std::vector<const CompletedCommand*>& out) {
  out.push_back(&c);
  for (const CompletedCommand& sub : c.subcommands) list_commands(sub, out);
}

std::string joined(const std::vector<std::string>& words, std::string_view separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : std::string(separator)) + w;
  return out;
}

std::string dashed(const CompletedOption& o, std::string_view separator) {
  std::vector<std::string> names;
  for (const std::string& s : o.short_names) names.push_back("-" + s);
  for (const std::string& l : o.long_names) names.push_back("--" + l);
  return joined(names, separator);
}

// `text` in single quotes for bash and zsh ('\'' for a quote).
std::string single_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string header(std::string_view shell) {
  return "# " + std::string(shell) + " completion for bpgn " BPGN_VERSION_TEXT ", generated by `bpgn completion " +
         std::string(shell) +
         "` from the program's own command line:\n# regenerate it rather than edit it. Installing: docs/completion.md.\n";
}
}  // namespace bpgn
