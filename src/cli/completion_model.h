// What the shell completions of `bpgn completion` complete, read off the CLI11 app itself
// (subcommands, options, the values an option takes), and the pieces every shell's script shares.
// The scripts: completion_bash.cpp, completion_zsh.cpp, completion_fish.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace bpgn {

// What may stand after an option, or as a positional argument.
enum class ValueKind {
  None,          // nothing: a flag, or a command without positional arguments
  Words,         // one of `words`
  RuleOverride,  // --set KEY=VALUE: a key of the rule option table, then a word it lists for the key
  Files,         // a file or a folder
};

struct ValueChoice {
  ValueKind kind = ValueKind::None;
  std::vector<std::string> words;
};

struct CompletedOption {
  std::vector<std::string> short_names, long_names;  // without dashes: "o", "output"
  std::string description;
  bool repeatable = false;
  ValueChoice value;      // kind None: a flag
  std::string type_name;  // as --help shows it: "TEXT", "UINT:>= 0", "TEXT:{text,json}"; empty for a flag
  std::string group;      // the --help heading it is listed under: "Options", "Filters (...)"
};

struct CompletedCommand {
  std::vector<std::string> path;  // the subcommand names after bpgn: {} for bpgn itself, {"summary", "merge"}
  std::string description;
  std::vector<CompletedOption> options;
  std::string positional_name;  // "files", "shell", ...; empty: no positional argument
  bool positional_repeats = false;
  bool positional_required = false;
  std::string positional_description;
  ValueChoice positional;
  std::vector<CompletedCommand> subcommands;
};

// Every command of `app` (the root: `bpgn`), read off its CLI11 definitions.
CompletedCommand read_completions(const CLI::App& app);

// Every command, bpgn itself first, each before its subcommands.
void list_commands(const CompletedCommand& c, std::vector<const CompletedCommand*>& out);
// Every `--set` candidate: "key=" for each key of the option table, then "key=word" for each word
// it lists for the key.
std::vector<std::string> rule_override_words();
// The words of a rule option's `values` text (see completion_model.cpp).
std::vector<std::string> listed_words(std::string_view values);
std::string joined(const std::vector<std::string>& words, std::string_view separator);
// An option's names with their dashes ("-o --output"), joined by `separator`.
std::string dashed(const CompletedOption& o, std::string_view separator);
// `text` in single quotes for bash and zsh ('\'' for a quote).
std::string single_quoted(std::string_view text);
// The comment each script opens with.
std::string header(std::string_view shell);

std::string bash_script(const CompletedCommand& root);
std::string zsh_script(const CompletedCommand& root);
std::string fish_script(const CompletedCommand& root);

}  // namespace bpgn
