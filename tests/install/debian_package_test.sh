#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from the build folder, its control fields (dependencies worked
# out by dpkg-shlibdeps), then installed with dpkg -i: `bpgn --version`, `man bpgn`, the Python
# module and the completions in place; then removed, leaving nothing behind.
# Needs root and dpkg (exit 77: skipped). Usage: debian_package_test.sh BUILD_DIR WORK_DIR
set -uo pipefail
build=$1 work=$2
if [ "$(id -u)" -ne 0 ] || ! command -v dpkg >/dev/null; then
  echo "skipped: needs root and dpkg"
  exit 77
fi
if dpkg -s bpgn >/dev/null 2>&1 || [ -e /usr/bin/bpgn ]; then
  echo "FAIL: bpgn is already installed under /usr; not touching it"
  exit 1
fi
rm -rf "$work" && mkdir -p "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake") >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/bpgn_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { cat "$work/cpack.log"; echo "FAIL: no .deb made"; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
# libstdc++6 for the Python module; fmt is compiled in (header-only), so no libfmt.
for lib in libc6 libstdc++6 libarchive13; do
  case "$depends" in *"$lib"*) ;; *) fail "Depends lacks $lib: $depends" ;; esac
done
case "$depends" in *libfmt*) fail "Depends names libfmt, which is compiled in: $depends" ;; esac
[ "$(dpkg-deb -f "$deb" Package)" = bpgn ] || fail "Package: $(dpkg-deb -f "$deb" Package)"

cleanup() { dpkg -r bpgn >/dev/null 2>&1 || true; }
trap cleanup EXIT
# Container images may exclude man pages and docs from packages; this test wants them.
dpkg -i --path-include='/usr/share/man/*' --path-include='/usr/share/doc/*' "$deb" >"$work/dpkg.log" 2>&1 ||
  { cat "$work/dpkg.log"; fail "dpkg -i failed"; }
# BPGN_STATIC_RUNTIME (on by default): the program loads no C++ shared library at start.
needed=$(objdump -p /usr/bin/bpgn | awk '$1 == "NEEDED" {print $2}' | tr '\n' ' ')
if grep -q '^BPGN_STATIC_RUNTIME:BOOL=ON' "$build/CMakeCache.txt"; then
  case "$needed" in *libstdc++*|*libgcc_s*|*libfmt*) fail "/usr/bin/bpgn needs a C++ shared library: $needed" ;; esac
fi
[ "$(/usr/bin/bpgn --version)" = "bpgn $(dpkg-deb -f "$deb" Version)" ] || fail "/usr/bin/bpgn --version: $(/usr/bin/bpgn --version)"
MANWIDTH=80 man -P cat bpgn 2>/dev/null | grep -q "bpgn - check, format and convert" || fail "man bpgn shows no NAME line"
MANWIDTH=80 man -P cat bpgn-check 2>/dev/null | grep -q -- "--format" || fail "man bpgn-check does not show --format"
[ -f /usr/lib/python3/dist-packages/bpgn.cpython-*.so ] || ls /usr/lib/python3/dist-packages/bpgn.* >/dev/null 2>&1 ||
  fail "no Python module in /usr/lib/python3/dist-packages"
(cd / && env -u PYTHONPATH /usr/bin/python3 -c 'import bpgn, sys; sys.exit(0 if bpgn.__version__ else 1)') ||
  fail "the installed Python module does not import"
printf '[Event "x"]\n[Result "*"]\n\n1. Ke3 *\n' >"$work/illegal.pgn"
# The rules' help names the installed docs as text (a file:// helpUri is no link a code-scanning
# page can open: none is written without an https -DBPGN_DOCS_URI).
sarif=$(/usr/bin/bpgn check --format sarif "$work/illegal.pgn" 2>/dev/null)
help=$(printf '%s' "$sarif" | grep -o '\*\*`illegal-move`\*\*[^"]*Installed with bpgn: `[^`]*`' | grep -o 'Installed with bpgn: `[^`]*`')
[ "$help" = 'Installed with bpgn: `file:///usr/share/doc/bpgn/check.md`' ] || fail "SARIF help of illegal-move: $help"
case $sarif in *'"helpUri"'*) fail "SARIF has a helpUri without an https BPGN_DOCS_URI" ;; esac
[ -f /usr/share/doc/bpgn/check.md ] || fail "no /usr/share/doc/bpgn/check.md"
dpkg -r bpgn >"$work/remove.log" 2>&1 || fail "dpkg -r failed"
[ ! -e /usr/bin/bpgn ] || fail "/usr/bin/bpgn is still there after dpkg -r"
trap - EXIT

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
