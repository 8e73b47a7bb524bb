#!/usr/bin/env bash
# The man pages as `man -l` shows them at 80 columns, with groff's warnings on: no page gives any
# warning or error; every page starts with its NAME line and shows what its doc says. Every
# subcommand of the program (`bpgn --help`, so a new one needs its page; `help` is bpgn(1)'s) has
# a page with SYNOPSIS, OPTIONS naming every option of its `--help` (its subcommands' too) and
# EXIT STATUS; no page shows a table's escaped `\|` or names a doc by its bare file name.
# Usage: man_pages_test.sh MAN_DIR BPGN_BINARY
set -uo pipefail
dir=$1 bpgn=$2
failures=0
errors=$(mktemp -d)
trap 'rm -rf "$errors"' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
declare -A shows=(
  [bpgn]="EXIT STATUS" [bpgn-check]="--format" [bpgn-fmt]="--in-place" [bpgn-convert]="--to"
  [bpgn-show]="--at" [bpgn-standings]="--exclude-invalid" [bpgn-summary]="summary merge" [bpgn-perft]="--divide"
  [bpgn-completion]="bash-completion"
)
# The subcommands of the program and the option names of a command's --help ("-o", "--output").
subcommands() { "$bpgn" "$@" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}'; }
options() {
  "$bpgn" "$@" --help | grep -E '^  +-' | awk '{print $1}' | tr ',' '\n' | grep -E '^--?[A-Za-z]'
}
pages=("${!shows[@]}")
for sub in $(subcommands); do
  [ "$sub" = help ] && continue
  [ -n "${shows[bpgn-$sub]+x}" ] || pages+=("bpgn-$sub")
done
checked=0
for page in "${pages[@]}"; do
  file=$dir/$page.1
  [ -f "$file" ] || { fail "no $file"; continue; }
  checked=$((checked + 1))
  text=$(MANWIDTH=80 man --warnings -l "$file" 2>"$errors/$page") || fail "man -l $page.1 failed"
  if [ -s "$errors/$page" ]; then
    fail "$page: man --warnings says:"
    head -n 5 "$errors/$page"
  fi
  upper=$(echo "$page" | tr a-z A-Z)
  head -n 1 <<<"$text" | grep -q "^$upper(1)" || fail "$page: header $(head -n 1 <<<"$text")"
  grep -A1 "^NAME" <<<"$text" | grep -qE "$page +- " || fail "$page: no NAME line"
  [ -z "${shows[$page]+x}" ] || grep -q -- "${shows[$page]}" <<<"$text" || fail "$page: does not show ${shows[$page]}"
  grep -q '\\|' <<<"$text" && fail "$page: shows a literal \\| ($(grep -m1 '\\|' <<<"$text"))"
  bare=$(grep -oE '(^|[^/A-Za-z_-])[a-z_-]+\.md(#[a-z-]*)?' <<<"$text" | grep -v '#' | head -n 1)
  [ -z "$bare" ] || fail "$page: names a doc by its bare file name: $bare"
  [ "$page" = bpgn ] && continue
  sub=${page#bpgn-}
  for section in SYNOPSIS OPTIONS "EXIT STATUS"; do
    grep -q "^$section\$" <<<"$text" || fail "$page: no $section section"
  done
  grep -A1 '^SYNOPSIS$' <<<"$text" | grep -qE "^ +bpgn $sub " || fail "$page: SYNOPSIS does not show 'bpgn $sub'"
  # The OPTIONS section: from its heading to the next section heading.
  section=$(awk '/^OPTIONS$/ {on = 1; next} on && /^[^ ]/ {exit} on' <<<"$text")
  while read -r -a command; do
    for option in $(options "${command[@]}"); do
      grep -qE -- "(^|[ ,])$option([ ,]|\$)" <<<"$section" || fail "$page: OPTIONS lacks $option of 'bpgn ${command[*]}'"
    done
  done < <(echo "$sub"; subcommands "$sub" | sed "s/^/$sub /")
  grep -A2 '^EXIT STATUS$' <<<"$text" | grep -qE '^ +0 ' || fail "$page: EXIT STATUS does not start with code 0"
done
if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed ($checked pages)"
