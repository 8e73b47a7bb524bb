// The zsh completion script of `bpgn completion zsh`: an _arguments function per command.
#include "cli/completion_model.h"

#include "rules/rule_options.h"

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {
namespace {

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
    // In two steps: one expression draws GCC 12's -Wrestrict false warning.
    const std::string complete = words.empty() ? "_message -e values " + single_quoted(std::string(o.values))
                                               : "compadd -- " + joined(words, " ");
    cases += "      (" + std::string(o.key) + ") " + complete + " ;;\n";
  }
  return "# --set KEY=VALUE: a key of the rule option table, then a value it lists for the key.\n"
         "_bpgn_rule_override() {\n  if compset -P '*='; then\n    case ${${IPREFIX%=}##*=} in\n" +
         cases + "    esac\n  else\n    compadd -S '=' --" + keys + "\n  fi\n}\n";
}

}  // namespace

std::string zsh_script(const CompletedCommand& root) {
  std::vector<const CompletedCommand*> commands;
  list_commands(root, commands);
  std::string functions;
  for (const CompletedCommand* c : commands) functions += "\n" + zsh_function(*c);
  return "#compdef bpgn\n" + header("zsh") + "\n" + zsh_rule_override() + functions +
         "\n# Autoloaded from $fpath (the file _bpgn), or sourced: source <(bpgn completion zsh).\n"
         "if [[ $funcstack[1] == _bpgn ]]; then\n  _bpgn \"$@\"\nelse\n  compdef _bpgn bpgn\nfi\n";
}

}  // namespace bpgn
