#!/usr/bin/env bash
# The man pages as `man -l` shows them: every page renders without a groff error, starts with its
# NAME line, and shows what its doc says (an option of the subcommand).
# Usage: man_pages_test.sh MAN_DIR
set -uo pipefail
dir=$1
failures=0
errors=$(mktemp -d)
trap 'rm -rf "$errors"' EXIT
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
declare -A shows=(
  [bpgn]="EXIT STATUS" [bpgn-check]="--format" [bpgn-fmt]="--in-place" [bpgn-convert]="--to"
  [bpgn-show]="--at" [bpgn-standings]="--exclude-invalid" [bpgn-summary]="summary merge" [bpgn-perft]="--divide"
  [bpgn-completion]="bash-completion"
)
for page in "${!shows[@]}"; do
  file=$dir/$page.1
  [ -f "$file" ] || { fail "no $file"; continue; }
  text=$(MANWIDTH=80 man -l "$file" 2>"$errors/$page") || fail "man -l $page.1 failed"
  # groff's "table wider than line width" is a warning about the docs' wide tables, not an error.
  if grep -i "error" "$errors/$page"; then fail "$page: groff reports an error"; fi
  upper=$(echo "$page" | tr a-z A-Z)
  head -n 1 <<<"$text" | grep -q "^$upper(1)" || fail "$page: header $(head -n 1 <<<"$text")"
  grep -A1 "^NAME" <<<"$text" | grep -qE "$page +- " || fail "$page: no NAME line"
  grep -q -- "${shows[$page]}" <<<"$text" || fail "$page: does not show ${shows[$page]}"
done
if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed (${#shows[@]} pages)"
