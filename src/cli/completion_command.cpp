#include "cli/completion_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "rules/rule_options.h"
#include "rules/rule_set.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <utility>
#include <vector>

namespace bpgn {
namespace {

// ---- What there is to complete, read off the app ----

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
  ValueChoice value;  // kind None: a flag
};

struct CompletedCommand {
  std::vector<std::string> path;  // the subcommand names after bpgn: {} for bpgn itself, {"summary", "merge"}
  std::string description;
  std::vector<CompletedOption> options;
  std::string positional_name;  // "files", "shell", ...; empty: no positional argument
  bool positional_repeats = false;
  ValueChoice positional;
  std::vector<CompletedCommand> subcommands;
};

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

std::vector<std::string> rule_set_words() {
  std::vector<std::string> words;
  for (std::string_view n : rule_set_names()) words.emplace_back(n);
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

// ---- bash ----

// A `case` pattern line of the bash script: `    'a'|'b') echo 'words';;`.
std::string bash_case(const std::vector<std::string>& patterns, const std::string& answer) {
  std::vector<std::string> quoted;
  for (const std::string& p : patterns) quoted.push_back(single_quoted(p));
  return "    " + joined(quoted, " | ") + ") echo " + single_quoted(answer) + " ;;\n";
}

std::string bash_takes(const ValueChoice& v) {
  switch (v.kind) {
    case ValueKind::Words: return "words " + joined(v.words, " ");
    case ValueKind::RuleOverride: return "words " + joined(rule_override_words(), " ");
    case ValueKind::Files: return "files";
    case ValueKind::None: break;
  }
  return {};
}

// The runtime part of the bash script: the same for every app.
constexpr std::string_view kBashFunctions = R"BASH(
# Without bash-completion: the words of the line up to the cursor as the shell split them, with the
# pieces of KEY=VALUE joined again ('=' is in COMP_WORDBREAKS), as `_init_completion -n =` does.
_bpgn_split_words() {
  local line=$COMP_LINE i word adjacent
  words=() cword=0
  for ((i = 0; i <= COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    adjacent=1
    [[ $line == [[:space:]]* ]] && adjacent=0
    line=${line#"${line%%[![:space:]]*}"}
    line=${line:${#word}}
    if ((i > 0 && adjacent)) && [[ $word == =* || ${words[${#words[@]} - 1]} == *= ]]; then
      words[${#words[@]} - 1]+=$word
    else
      words+=("$word")
    fi
    cword=$((${#words[@]} - 1))
  done
  cur=${words[cword]}
  prev=${words[cword - 1]}
}

# Files and folders matching $cur.
_bpgn_files() {
  if declare -F _filedir >/dev/null; then
    _filedir
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    compopt -o filenames 2>/dev/null
  fi
}

_bpgn() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion -n = || return
  else
    _bpgn_split_words
  fi
  COMPREPLY=()

  # The subcommand path: the subcommand names between bpgn and the cursor; after `--` only
  # positional arguments. A word that names no subcommand where one is due: nothing to offer.
  local path='' i word end_of_options=0 subcommands
  for ((i = 1; i < cword; i++)); do
    word=${words[i]}
    subcommands=$(_bpgn_subcommands "$path")
    if [[ $word == -- && -n $path ]]; then
      end_of_options=1
    elif ((!end_of_options)) && [[ " $subcommands " == *" $word "* ]]; then
      path=${path:+$path }$word
    elif [[ -n $subcommands && $word != -* ]]; then
      return 0
    fi
  done

  # What the word at the cursor is: the value of the option before it (or of --option=value), an
  # option, or a subcommand or positional argument.
  local takes='' option_prefix=''
  if ((!end_of_options)); then
    if [[ $cur == --*=* ]]; then
      takes=$(_bpgn_option_takes "$path" "${cur%%=*}")
      if [[ -n $takes ]]; then
        option_prefix=${cur%%=*}=
        cur=${cur#*=}
      fi
    elif [[ $prev == -* ]]; then
      takes=$(_bpgn_option_takes "$path" "$prev")
    fi
    if [[ -z $takes && $cur == -* ]]; then
      takes="words $(_bpgn_options "$path")"
    fi
  fi
  if [[ -z $takes ]]; then
    subcommands=$(_bpgn_subcommands "$path")
    if [[ -n $subcommands ]]; then
      takes="words $subcommands"
    else
      takes=$(_bpgn_positional_takes "$path")
    fi
  fi

  case $takes in
    words\ *) mapfile -t COMPREPLY < <(compgen -W "${takes#words }" -- "$cur") ;;
    files) _bpgn_files ;;
  esac

  # Readline replaces only the text after the last '=' when '=' breaks words: drop what comes
  # before it; when it does not, --option=value is one word: put the option back.
  if [[ $COMP_WORDBREAKS == *=* ]]; then
    if [[ $cur == *=* ]]; then
      local typed=${cur%"${cur##*=}"} reply
      local -a rest=()
      for reply in "${COMPREPLY[@]}"; do
        [[ $reply == "$typed" ]] || rest+=("${reply#"$typed"}")
      done
      COMPREPLY=("${rest[@]}")
    fi
  elif [[ -n $option_prefix ]]; then
    COMPREPLY=("${COMPREPLY[@]/#/$option_prefix}")
  fi
  # KEY= waits for its value.
  if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *= ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}

complete -F _bpgn bpgn
)BASH";

std::string bash_script(const CompletedCommand& root) {
  std::vector<const CompletedCommand*> commands;
  list_commands(root, commands);
  std::string subcommands, options, option_takes, positional_takes;
  for (const CompletedCommand* c : commands) {
    const std::string path = joined(c->path, " ");
    if (!c->subcommands.empty()) {
      std::vector<std::string> names;
      for (const CompletedCommand& sub : c->subcommands) names.push_back(sub.path.back());
      subcommands += bash_case({path}, joined(names, " "));
    }
    std::vector<std::string> names;
    for (const CompletedOption& o : c->options) {
      names.push_back(dashed(o, " "));
      if (o.value.kind == ValueKind::None) continue;
      std::vector<std::string> patterns;
      for (const std::string& s : o.short_names) patterns.push_back(path + "|-" + s);
      for (const std::string& l : o.long_names) patterns.push_back(path + "|--" + l);
      option_takes += bash_case(patterns, bash_takes(o.value));
    }
    options += bash_case({path}, joined(names, " "));
    if (c->positional.kind != ValueKind::None) positional_takes += bash_case({path}, bash_takes(c->positional));
  }
  return "# shellcheck shell=bash\n" + header("bash") +
         "\n# The subcommands of subcommand path $1 (\"\" for bpgn itself, \"summary\").\n"
         "_bpgn_subcommands() {\n  case $1 in\n" +
         subcommands +
         "  esac\n}\n\n# The options of subcommand path $1.\n_bpgn_options() {\n  case $1 in\n" + options +
         "  esac\n}\n\n# What option $2 of subcommand path $1 takes: \"words W...\" or \"files\"; nothing for a flag.\n"
         "_bpgn_option_takes() {\n  case \"$1|$2\" in\n" +
         option_takes +
         "  esac\n}\n\n# What the positional arguments of subcommand path $1 are: \"words W...\" or \"files\".\n"
         "_bpgn_positional_takes() {\n  case $1 in\n" +
         positional_takes + "  esac\n}\n" + std::string(kBashFunctions);
}

// ---- zsh ----

// An _arguments spec's description: in brackets, its own brackets escaped.
std::string zsh_description(std::string_view text) {
  std::string out = "[";
  for (char c : text) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return single_quoted(out + "]");
}

std::string zsh_function_name(const CompletedCommand& c) {
  std::string name = "_bpgn";
  for (const std::string& p : c.path) name += "_" + p;
  return name;
}

std::string zsh_action(const ValueChoice& v, const std::string& message) {
  switch (v.kind) {
    case ValueKind::Words: return single_quoted(":" + message + ":(" + joined(v.words, " ") + ")");
    case ValueKind::RuleOverride: return single_quoted(":" + message + ":_bpgn_rule_override");
    case ValueKind::Files: return single_quoted(":" + message + ":_files");
    case ValueKind::None: break;
  }
  return {};
}

// One _arguments spec: '(-o --output)'{-o,--output}'[Write ...]:output:_files'.
std::string zsh_option_spec(const CompletedOption& o) {
  std::vector<std::string> names;
  const bool takes_value = o.value.kind != ValueKind::None;
  for (const std::string& s : o.short_names) names.push_back("-" + s);
  // --long= : the value in the same word (--format=json) or the next.
  for (const std::string& l : o.long_names) names.push_back("--" + l + (takes_value ? "=" : ""));
  std::string spec;
  if (o.repeatable) {
    spec = "'*'";
  } else if (names.size() > 1) {
    spec = single_quoted("(" + dashed(o, " ") + ")");
  }
  spec += names.size() > 1 ? "{" + joined(names, ",") + "}" : names.front();
  spec += zsh_description(o.description);
  const std::string message = o.long_names.empty() ? o.short_names.front() : o.long_names.front();
  if (takes_value) spec += zsh_action(o.value, message);
  return spec;
}

std::string zsh_function(const CompletedCommand& c) {
  const std::string name = zsh_function_name(c);
  std::string specs;
  for (const CompletedOption& o : c.options) specs += "    " + zsh_option_spec(o) + " \\\n";
  std::string out = name + "() {\n";
  if (c.subcommands.empty()) {
    if (c.positional.kind != ValueKind::None) {
      specs += "    " + std::string(c.positional_repeats ? "'*'" : "'1'") + zsh_action(c.positional, c.positional_name) +
               " \\\n";
    }
    return out + "  _arguments -s -S \\\n" + specs + "    && return 0\n  return 1\n}\n";
  }
  std::string items, dispatch;
  for (const CompletedCommand& sub : c.subcommands) {
    items += "    " + single_quoted(sub.path.back() + ":" + sub.description) + "\n";
    dispatch += "        (" + sub.path.back() + ") " + zsh_function_name(sub) + " && ret=0 ;;\n";
  }
  const std::string what = c.path.empty() ? "bpgn subcommand" : "bpgn " + joined(c.path, " ") + " subcommand";
  return out + "  local curcontext=$curcontext state state_descr line ret=1\n  typeset -A opt_args\n" +
         "  _arguments -C -s -S \\\n" + specs + "    ': :->command' \\\n    '*:: :->argument' && ret=0\n" +
         "  case $state in\n    (command)\n      local -a commands\n      commands=(\n" + items + "      )\n" +
         "      _describe -t commands " + single_quoted(what) + " commands && ret=0 ;;\n" +
         "    (argument)\n      curcontext=${curcontext%:*:*}:" + (c.path.empty() ? "bpgn" : "bpgn-" + joined(c.path, "-")) +
         "-$words[1]:\n      case $words[1] in\n" + dispatch + "      esac ;;\n  esac\n  return ret\n}\n";
}

std::string zsh_rule_override() {
  std::string keys, cases;
  for (const RuleOption& o : rule_options()) {
    keys += " " + std::string(o.key);
    const std::vector<std::string> words = listed_words(o.values);
    cases += "      (" + std::string(o.key) + ") " +
             (words.empty() ? "_message -e values " + single_quoted(std::string(o.values))
                            : "compadd -- " + joined(words, " ")) +
             " ;;\n";
  }
  return "# --set KEY=VALUE: a key of the rule option table, then a value it lists for the key.\n"
         "_bpgn_rule_override() {\n  if compset -P '*='; then\n    case ${${IPREFIX%=}##*=} in\n" +
         cases + "    esac\n  else\n    compadd -S '=' --" + keys + "\n  fi\n}\n";
}

std::string zsh_script(const CompletedCommand& root) {
  std::vector<const CompletedCommand*> commands;
  list_commands(root, commands);
  std::string functions;
  for (const CompletedCommand* c : commands) functions += "\n" + zsh_function(*c);
  return "#compdef bpgn\n" + header("zsh") + "\n" + zsh_rule_override() + functions +
         "\n# Autoloaded from $fpath (the file _bpgn), or sourced: source <(bpgn completion zsh).\n"
         "if [[ $funcstack[1] == _bpgn ]]; then\n  _bpgn \"$@\"\nelse\n  compdef _bpgn bpgn\nfi\n";
}

// ---- fish ----

std::string fish_quoted(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string fish_values(const ValueChoice& v) {
  switch (v.kind) {
    case ValueKind::Words: return " -x -a " + fish_quoted(joined(v.words, " "));
    case ValueKind::RuleOverride: return " -x -a '(__bpgn_rule_overrides)'";
    case ValueKind::Files: return " -r -F";
    case ValueKind::None: break;
  }
  return {};
}

std::string fish_script(const CompletedCommand& root) {
  std::vector<const CompletedCommand*> commands;
  list_commands(root, commands);
  std::string steps, lines;
  for (const CompletedCommand* c : commands) {
    const std::string path = joined(c->path, " ");
    const std::string when = "complete -c bpgn -n " + fish_quoted("__bpgn_at \"" + path + "\"");
    lines += "\n# " + (path.empty() ? std::string("bpgn") : "bpgn " + path) + "\n";
    for (const CompletedCommand& sub : c->subcommands) {
      steps += " " + fish_quoted(path + "/" + sub.path.back());
      lines += when + " -f -a " + sub.path.back() + " -d " + fish_quoted(sub.description) + "\n";
    }
    for (const CompletedOption& o : c->options) {
      lines += when;
      for (const std::string& s : o.short_names) lines += " -s " + s;
      for (const std::string& l : o.long_names) lines += " -l " + l;
      lines += fish_values(o.value) + " -d " + fish_quoted(o.description) + "\n";
    }
    if (c->positional.kind == ValueKind::Words) {
      lines += when + " -f -a " + fish_quoted(joined(c->positional.words, " ")) + "\n";
    } else if (c->positional.kind == ValueKind::Files) {
      lines += when + " -F\n";
    }
  }
  std::string overrides;
  for (const std::string& w : rule_override_words()) overrides += " " + w;
  return header("fish") +
         "\n# The subcommand path of the command line so far: \"\", \"check\", \"summary merge\".\n"
         "function __bpgn_path\n    set -l path\n    set -l tokens (commandline -opc)\n    set -e tokens[1]\n"
         "    for token in $tokens\n        switch \"$path/$token\"\n            case" +
         steps +
         "\n                set -a path $token\n        end\n    end\n    echo $path\nend\n\n"
         "# Is the command line at subcommand path $argv[1]?\nfunction __bpgn_at\n    set -l here (__bpgn_path)\n"
         "    test \"$here\" = \"$argv[1]\"\nend\n\n"
         "# --set KEY=VALUE: each key of the rule option table, and with each value it lists.\n"
         "function __bpgn_rule_overrides\n    printf '%s\\n'" +
         overrides + "\nend\n\n# Files only where a file is asked for.\ncomplete -c bpgn -f\n" + lines;
}

}  // namespace

std::optional<std::string> completion_script(const CLI::App& app, std::string_view shell) {
  const CompletedCommand root = read_command(app, app, {});
  if (shell == "bash") return bash_script(root);
  if (shell == "zsh") return zsh_script(root);
  if (shell == "fish") return fish_script(root);
  return std::nullopt;
}

void add_completion_command(CLI::App& app, CommandAction& action) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("completion", "Print the completion script of a shell (bash, zsh or fish)");
  // The type name lists the shells as an IsMember validator would, so the script completes them;
  // an unknown shell is this command's own message.
  cmd->add_option("shell", *shell, "The shell: bash, zsh or fish")->required()->type_name("TEXT:{bash,zsh,fish}");
  cmd->callback([&app, shell, &action] {
    action = [&app, shell] {
      const std::optional<std::string> script = completion_script(app, *shell);
      if (!script) throw UsageError("no shell '" + *shell + "' (bash, zsh or fish)");
      std::cout << *script;
      return kExitClean;
    };
  });
}

}  // namespace bpgn
