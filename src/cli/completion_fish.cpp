// The fish completion script of `bpgn completion fish`: one `complete` line per option and value.
#include "cli/completion_model.h"

#include "rules/rule_options.h"

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {
namespace {

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

}  // namespace

std::string fish_script(const CompletedCommand& root) {
  std::vector<const CompletedCommand*> commands;
  list_commands(root, commands);
  std::string steps, lines;
  for (const CompletedCommand* c : commands) {
    const std::string path = joined(c->path, " ");
    const std::string when = "complete -c bpgn -n " + fish_quoted("__bpgn_at \"" + path + "\"");
    lines += "\n# " + (path.empty() ? std::string("bpgn") : "bpgn " + path) + "\n";
    for (const CompletedCommand& sub : c->subcommands) {
      steps += ' ';
      steps += fish_quoted(path + "/" + sub.path.back());
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

}  // namespace bpgn
