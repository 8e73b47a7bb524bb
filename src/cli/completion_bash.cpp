// The bash completion script of `bpgn completion bash`: a case table per command, read off the app.
#include "cli/completion_model.h"

#include "rules/rule_options.h"

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {
namespace {

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

}  // namespace

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

}  // namespace bpgn
