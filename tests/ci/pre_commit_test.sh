#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml (docs/ci.md) as a user meets them: Debian's
# pre-commit runs them with `try-repo` in a scratch git repository holding a good record, a broken
# one and one written loosely. bpgn-check passes the good and fails the broken with its code;
# bpgn-fmt rewrites the loose record into `bpgn fmt`'s output (pre-commit fails: a file changed)
# and passes on the second run.
# Usage: pre_commit_test.sh BPGN SOURCE_DIR WORK_DIR
set -euo pipefail
bpgn="$(realpath "$1")"; src="$(realpath "$2")"; work="$3"
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v pre-commit >/dev/null || fail "pre-commit is not installed (Debian: pre-commit)"

rm -rf "$work"; mkdir -p "$work/bin" "$work/home"; work="$(realpath "$work")"
trap 'rm -rf "$work"' EXIT
ln -s "$bpgn" "$work/bin/bpgn"  # the hooks call `bpgn` from PATH, as after an install
export PATH="$work/bin:$PATH" HOME="$work/home" PRE_COMMIT_HOME="$work/cache"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.org GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.org
export GIT_CONFIG_NOSYSTEM=1

# The hooks' repository: the project's own .pre-commit-hooks.yaml (try-repo reads a git repository;
# the source tree may be a tarball).
git init -q "$work/hooks"
cp "$src/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" add .pre-commit-hooks.yaml
git -C "$work/hooks" commit -qm hooks

git init -q "$work/repo"
cd "$work/repo"
cp "$src/corpus/fics/$(ls "$src/corpus/fics" | grep '\.bpgn$' | head -1)" good.bpgn
# 1b. Q@f6: a queen Black B does not hold.
printf '[Event "x"]\n[Site "club"]\n[Date "2026.12.03"]\n[Round "1"]\n[WhiteA "a"]\n[BlackA "b"]\n[WhiteB "c"]\n[BlackB "d"]\n[Result "*"]\n\n1A. e4 1a. d5 1B. d4 2A. exd5 1b. Q@f6 *\n' > broken.bpgn
# Valid, but not in the canonical form: one line, spacing and move numbers loose.
printf '[Event "x"] [Site "club"]\n[Date "2026.12.03"][Round "1"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n1.e4   e5 2.Nf3 *\n' > loose.pgn
git add good.bpgn broken.bpgn loose.pgn

run() {  # run HOOK FILE: pre-commit's output in $out, its exit code in $rc
  set +e; out="$(pre-commit try-repo "$work/hooks" "$1" --files "$2" 2>&1)"; rc=$?; set -e
}

run bpgn-check good.bpgn
[ "$rc" -eq 0 ] || fail "bpgn-check on a valid record: exit $rc: $out"
grep -q "bpgn check.*Passed" <<<"$out" || fail "bpgn-check did not say Passed: $out"

run bpgn-check broken.bpgn
[ "$rc" -ne 0 ] || fail "bpgn-check passed a record with a drop not held: $out"
grep -q "bpgn check.*Failed" <<<"$out" || fail "bpgn-check did not say Failed: $out"
grep -q "drop-not-in-holding" <<<"$out" || fail "bpgn-check's output does not name the violation: $out"

expected="$(bpgn fmt loose.pgn 2>/dev/null)"
before="$(cat loose.pgn)"
[ "$expected" != "$before" ] || fail "the loose record is already canonical: the test proves nothing"
run bpgn-fmt loose.pgn
[ "$rc" -ne 0 ] || fail "bpgn-fmt changed a file but pre-commit passed: $out"
grep -q "files were modified by this hook" <<<"$out" || fail "pre-commit did not see the rewrite: $out"
[ "$(cat loose.pgn)" = "$expected" ] || fail "bpgn-fmt did not write bpgn fmt's output: $(cat loose.pgn)"
run bpgn-fmt loose.pgn
[ "$rc" -eq 0 ] || fail "bpgn-fmt on a canonical record: exit $rc: $out"
[ -z "$(ls -A "$work/repo" | grep -v -x -e .git -e good.bpgn -e broken.bpgn -e loose.pgn)" ] || fail "files left behind: $(ls -A)"
echo "pre-commit hooks: bpgn-check passes the valid record and fails the broken one; bpgn-fmt rewrites and then passes"
