#!/usr/bin/env bash
# `cmake --install` into a fresh prefix, then what a user of the installed tree sees: the binary
# stripped and working, the man pages, the docs, and an outside project built against the library
# twice, with find_package(bpgn) and with pkg-config, giving the expected answers.
# Usage: library_consumer_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -uo pipefail
build=$1 source=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }

# The binary: stripped (no symbol table), and it runs.
[ -x "$prefix/bin/bpgn" ] || fail "no bin/bpgn"
if readelf -S "$prefix/bin/bpgn" | grep -q '\.symtab'; then fail "bin/bpgn is not stripped"; fi
[ "$("$prefix/bin/bpgn" --version)" = "bpgn $(sed -n 's/^project(bpgn VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")" ] ||
  fail "bin/bpgn --version: $("$prefix/bin/bpgn" --version)"
for f in share/man/man1/bpgn.1.gz share/man/man1/bpgn-check.1.gz share/doc/bpgn/check.md share/doc/bpgn/README.md \
         include/bpgn/bpgn.h include/bpgn/api/bpgn_api.h include/bpgn/core/position.h lib/cmake/bpgn/bpgnConfig.cmake \
         lib/cmake/bpgn/bpgnConfigVersion.cmake lib/pkgconfig/bpgn.pc lib/libbpgn.a lib/libbpgn-core.a \
         share/bash-completion/completions/bpgn share/zsh/vendor-completions/_bpgn share/fish/vendor_completions.d/bpgn.fish \
         share/man/man1/bpgn-completion.1.gz; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
# The man pages are compressed (gzip -9n) and name the docs of this tree, where they were installed.
MANWIDTH=80 man -l "$prefix/share/man/man1/bpgn.1.gz" 2>/dev/null | grep -q "bpgn - check, format and convert" ||
  fail "man -l bpgn.1.gz shows no NAME line"
MANWIDTH=200 man -l "$prefix/share/man/man1/bpgn-check.1.gz" 2>/dev/null | grep -q "$prefix/share/doc/bpgn/check.md" ||
  fail "man -l bpgn-check.1.gz does not name $prefix/share/doc/bpgn/check.md"

# The SARIF report's help links point into this tree's docs, at an anchor there.
printf '[Event "x"]\n[Result "*"]\n\n1. Ke3 *\n' >"$work/illegal.pgn"
# (As text in the help: a file:// helpUri is no link a code-scanning page can open, and none is
# written without an https -DBPGN_DOCS_URI.)
sarif=$("$prefix/bin/bpgn" check --format sarif "$work/illegal.pgn" 2>/dev/null)
help=$(printf '%s' "$sarif" | grep -o '\*\*`illegal-move`\*\*[^"]*Installed with bpgn: `[^`]*`' | grep -o 'Installed with bpgn: `[^`]*`')
[ "$help" = "Installed with bpgn: \`file://$prefix/share/doc/bpgn/check.md\`" ] ||
  fail "SARIF help of illegal-move: $help (wanted file://$prefix/share/doc/bpgn/check.md)"
case $sarif in *'"helpUri"'*) fail "SARIF has a helpUri without an https BPGN_DOCS_URI" ;; esac
grep -q '<a id="illegal-move"></a>' "$prefix/share/doc/bpgn/check.md" || fail "check.md has no anchor illegal-move"

expected="game 1 invalid drop-not-in-holding board B move 1 at 5:19
perft 3 8902
version $("$prefix/bin/bpgn" --version | cut -d' ' -f2)"

# find_package(bpgn)
if cmake -S "$source/tests/install/consumer" -B "$work/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
     >"$work/consumer.log" 2>&1 && cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1; then
  got=$("$work/consumer/consumer")
  [ "$got" = "$expected" ] || fail "find_package consumer printed:
$got
expected:
$expected"
else
  cat "$work/consumer.log"
  fail "the find_package consumer did not build"
fi

# pkg-config
if flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs bpgn); then
  # shellcheck disable=SC2086
  if g++ -std=c++20 "$source/tests/install/consumer/main.cpp" -o "$work/pc-consumer" $flags 2>"$work/pc.log"; then
    got=$("$work/pc-consumer")
    [ "$got" = "$expected" ] || fail "pkg-config consumer printed: $got"
  else
    cat "$work/pc.log"
    fail "the pkg-config consumer did not build"
  fi
else
  fail "pkg-config --cflags --libs bpgn failed"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
