#!/usr/bin/env bash
# The bash completion script of `bpgn completion bash`, driven as bash drives it: the line split
# into COMP_WORDS (blanks, and '=' a word of its own as COMP_WORDBREAKS has it), COMP_CWORD,
# COMP_LINE, COMP_POINT, then _bpgn called and COMPREPLY compared with the expected words. Every
# line runs twice in a fresh `bash --norc`: with Debian's bash-completion loaded first
# (_init_completion, _filedir) and without it (plain compgen). Then the zsh and fish scripts get a
# syntax check when those shells are installed, and fish is driven through `complete -C`.
#
# Usage: bash_completion_test.sh BPGN_BINARY COMPLETION_FILE
set -u

if (($# != 2)); then
  echo "usage: $0 BPGN_BINARY COMPLETION_FILE" >&2
  exit 2
fi
bpgn=$(realpath "$1")
script=$(realpath "$2")
bash_completion=/usr/share/bash-completion/bash_completion
failures=0
checks=0

if [[ ! -r $script ]]; then
  echo "FAIL: no completion script $script" >&2
  exit 1
fi

# Files to complete, in a folder of their own: corpus/fics/ (a folder), corpus/first.bpgn,
# corpus/other.bpgn and out.json.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus/fics"
touch "$work/corpus/first.bpgn" "$work/corpus/other.bpgn" "$work/out.json"

# The replies of the completion of LINE (the cursor at its end), sorted, one per line. MODE:
# "with" loads bash-completion first, "without" does not.
replies() {
  local mode=$1 line=$2
  (cd "$work" && bash --norc --noprofile -c '
    mode=$1 line=$2 script=$3 bash_completion=$4
    if [[ $mode == with ]]; then
      source "$bash_completion" || exit 3
      declare -F _init_completion >/dev/null || { echo "bash-completion did not load" >&2; exit 3; }
    fi
    source "$script" || exit 3
    if [[ $mode == without ]] && declare -F _init_completion >/dev/null; then
      echo "_init_completion is defined without bash-completion" >&2
      exit 3
    fi
    # The words as bash splits them: blanks separate words; a run of "=" is a word of its own.
    COMP_WORDS=()
    read -ra tokens <<<"$line"
    for token in "${tokens[@]}"; do
      while [[ $token == *=* ]]; do
        before=${token%%=*}
        [[ -n $before ]] && COMP_WORDS+=("$before")
        token=${token#"$before"}
        equals=${token%%[!=]*}
        COMP_WORDS+=("$equals")
        token=${token#"$equals"}
      done
      [[ -n $token ]] && COMP_WORDS+=("$token")
    done
    [[ $line == *[[:space:]] ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE=$line
    COMP_POINT=${#line}
    COMPREPLY=()
    _bpgn bpgn "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    ((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort
    exit 0
  ' completion-test "$mode" "$line" "$script" "$bash_completion")
}

# Both modes where bash-completion is installed (Debian: bash-completion), else only without it.
modes=(without with)
if [[ ! -r $bash_completion ]]; then
  echo "skip: no $bash_completion here (Debian: bash-completion), the script is tried only without it"
  modes=(without)
fi

# expect LINE WORD...: the completion of LINE is exactly these words (any order), in every mode.
expect() {
  local line=$1 mode got want
  shift
  want=$(((${#@})) && printf '%s\n' "$@" | LC_ALL=C sort)
  for mode in "${modes[@]}"; do
    checks=$((checks + 1))
    if ! got=$(replies "$mode" "$line"); then
      echo "FAIL ($mode bash-completion) '$line': the completion failed to run" >&2
      failures=$((failures + 1))
    elif [[ $got != "$want" ]]; then
      echo "FAIL ($mode bash-completion) '$line'" >&2
      echo "  expected: $(echo $want)" >&2
      echo "  got:      $(echo $got)" >&2
      failures=$((failures + 1))
    fi
  done
}

subcommands=(check completion convert fmt help perft show standings summary view)
# The words an option's definition lists, as `bpgn COMMAND --help` shows them ("--format TEXT:{a,b}"):
# each subcommand's own, read from the program so that a format added later is expected too.
listed() {
  "$bpgn" "$1" --help | grep -oE -- "^ +$2 [A-Z]+:\{[^}]*\}" | sed 's/.*{//; s/}//' | tr ',' ' '
}
read -ra formats <<<"$(listed check --format)"
read -ra standings_formats <<<"$(listed standings --format)"
read -ra convert_formats <<<"$(listed convert --to)"
((${#formats[@]} >= 7 && ${#standings_formats[@]} >= 5 && ${#convert_formats[@]} >= 3)) || {
  echo "FAIL: could not read the --format words from bpgn --help" >&2
  exit 1
}
# The violation codes (--has, --lacks): docs/check.md's table, which a test holds to the program's.
mapfile -t codes < <(sed -n 's/^| `\([a-z-]*\)`<a id=.*/\1/p' "$(dirname "$0")/../../docs/check.md")
((${#codes[@]} >= 20)) || { echo "FAIL: no violation codes read from docs/check.md" >&2; exit 1; }
mapfile -t drop_codes < <(printf '%s\n' "${codes[@]}" | grep '^drop-')

expect 'bpgn ' "${subcommands[@]}"
expect 'bpgn ch' check
expect 'bpgn s' show standings summary
expect 'bpgn check --fo' --format
expect 'bpgn check --format ' "${formats[@]}"
expect 'bpgn check --format s' sarif
expect 'bpgn check --format=s' sarif
expect 'bpgn check --format=' "${formats[@]}"
expect 'bpgn check --fail-on ' error warning never
expect 'bpgn check --junit-case ' game file
expect 'bpgn check --rules t' turkish
expect 'bpgn check --rules ' bughouse swedish turkish crazyhouse boltchess chess
expect 'bpgn check --variant c' crazyhouse chess
expect 'bpgn check --set drop_m' drop_mate= drop_mate=allowed drop_mate=forbidden drop_mate=forbidden_board_mate
expect 'bpgn check --set pawn' pawn_drop_ranks=
expect 'bpgn check --set drop_mate=' allowed forbidden forbidden_board_mate
expect 'bpgn check --set drop_mate=f' forbidden forbidden_board_mate
expect 'bpgn fmt --set promotion=s' steal_from_partner_board
expect 'bpgn standings --by ' player team
expect 'bpgn standings --format m' markdown
expect 'bpgn standings --format ' "${standings_formats[@]}"   # standings' own formats, not check's
expect 'bpgn convert --to ' "${convert_formats[@]}"
expect 'bpgn check --has ' "${codes[@]}"
expect 'bpgn check --has drop-' "${drop_codes[@]}"
expect 'bpgn fmt --lacks ill' illegal-move
expect 'bpgn standings --lacks=dup' duplicate-game
expect 'bpgn show --at ' end first-error start
expect 'bpgn show --at f' first-error
expect 'bpgn show --at=e' end
expect 'bpgn show --color ' always auto never
expect 'bpgn help ' "${subcommands[@]}"
expect 'bpgn help st' standings
expect 'bpgn v' view
expect 'bpgn view --to' --tolerance
expect 'bpgn completion ' bash fish zsh
expect 'bpgn summary ' merge
expect 'bpgn summary merge -' -h --help -o --output
expect 'bpgn summary merge --out' --output
expect 'bpgn check -' -h --help --include --files-from --files0-from --allow-empty --rules --set --format --all -o --output --valid-out \
  --invalid-out --unreadable-out --duplicates-out --duplicates --canonical --summary-json --player --team \
  --date-from --date-to --result --elo-min --elo-max --time-control --min-plies --max-plies --tag --variant --has \
  --lacks --position --position-board --move --material -q --quiet -v --verbose --max-errors --max-annotations \
  --junit-case --strict --fail-on --tolerance --adjudications -j --jobs --version
expect 'bpgn check --pos' --position --position-board
expect 'bpgn check --position-board ' A B
expect 'bpgn convert --mo' --move
expect 'bpgn standings --mat' --material
expect 'bpgn fmt --position-b' --position-board
expect 'bpgn check --piece' # hidden
expect 'bpgn check corpus/fi' corpus/fics corpus/first.bpgn
expect 'bpgn check corpus/o' corpus/other.bpgn
expect 'bpgn check ' corpus out.json
expect 'bpgn check -q ' corpus out.json   # a flag takes no value: the files come next
expect 'bpgn check -o ' corpus out.json
expect 'bpgn check --valid-out o' out.json
expect 'bpgn standings --alias corpus/f' corpus/fics corpus/first.bpgn
expect 'bpgn standings --adjudications corpus/f' corpus/fics corpus/first.bpgn
expect 'bpgn check -- --f' # after --, files only
expect 'bpgn check --format json corpus/fi' corpus/fics corpus/first.bpgn
expect 'bpgn nosuch ' # no such subcommand: nothing to offer

# zsh and fish: their scripts parse (when the shell is here).
for shell in zsh fish; do
  if ! command -v "$shell" >/dev/null; then
    echo "skip: no $shell here, its completion script is not syntax-checked"
    continue
  fi
  checks=$((checks + 1))
  if ! "$bpgn" completion "$shell" >"$work/completion.$shell"; then
    echo "FAIL: bpgn completion $shell failed" >&2
    failures=$((failures + 1))
  elif ! "$shell" -n "$work/completion.$shell"; then
    echo "FAIL: $shell -n rejects the $shell completion script" >&2
    failures=$((failures + 1))
  fi
done

# fish, driven: `complete -C LINE` lists what fish offers (word TAB description), in a fresh fish
# with only the script loaded.
fish_expect() {
  local line=$1 got want
  shift
  want=$(printf '%s\n' "$@" | LC_ALL=C sort)
  checks=$((checks + 1))
  got=$(cd "$work" && fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$work/completion.fish" "$line" |
    cut -f1 | LC_ALL=C sort)
  if [[ $got != "$want" ]]; then
    echo "FAIL (fish) '$line'" >&2
    echo "  expected: $(echo $want)" >&2
    echo "  got:      $(echo $got)" >&2
    failures=$((failures + 1))
  fi
}
if command -v fish >/dev/null && [[ -s $work/completion.fish ]]; then
  fish_expect 'bpgn ch' check
  fish_expect 'bpgn check --format ' "${formats[@]}"
  fish_expect 'bpgn standings --format ' "${standings_formats[@]}"
  fish_expect 'bpgn check --has drop-' "${drop_codes[@]}"
  fish_expect 'bpgn fmt --lacks ' "${codes[@]}"
  fish_expect 'bpgn check --position-board ' A B
  fish_expect 'bpgn show --at ' end first-error start
  fish_expect 'bpgn show --color n' never
  fish_expect 'bpgn completion ' bash fish zsh
fi

echo "$((checks - failures)) of $checks checks passed"
((failures == 0))
