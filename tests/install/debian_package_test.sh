#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from the build folder, its control fields (dependencies worked
# out by dpkg-shlibdeps), its contents (`dpkg -c`: the completions, the Python module, compressed
# man pages, copyright and changelog), `lintian` reporting no error; then installed with dpkg -i:
# `bpgn --version`, `man bpgn`, the Python module imported, bash-completion loading the completion;
# then removed, leaving nothing behind.
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

# What the package holds (docs/install.md, *The Debian package*).
contents=$(dpkg -c "$deb" | awk '{print $6}')
for path in ./usr/bin/bpgn ./usr/share/bash-completion/completions/bpgn ./usr/share/zsh/vendor-completions/_bpgn \
            ./usr/share/fish/vendor_completions.d/bpgn.fish ./usr/share/man/man1/bpgn.1.gz ./usr/share/man/man1/bpgn-check.1.gz \
            ./usr/share/doc/bpgn/copyright ./usr/share/doc/bpgn/changelog.gz ./usr/share/doc/bpgn/check.md; do
  grep -qxF "$path" <<<"$contents" || fail "dpkg -c does not list $path"
done
grep -qE '^\./usr/lib/python3/dist-packages/bpgn\.cpython-[0-9]+-[^/]*\.so$' <<<"$contents" ||
  fail "dpkg -c lists no Python module in /usr/lib/python3/dist-packages"
grep -qE '^\./usr/share/man/man1/.*\.1$' <<<"$contents" && fail "dpkg -c lists an uncompressed man page"

# The licence: MIT, as LICENSE says, in the package's copyright file.
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/bpgn/copyright | grep -q '^License: MIT (SPDX-License-Identifier: MIT)' ||
  fail "the package's copyright file does not give the MIT licence"

# lintian (Debian: lintian): no error. Its warnings and notes are printed for the log.
if command -v lintian >/dev/null; then
  lintian --fail-on error --tag-display-limit 0 "$deb" >"$work/lintian.log" 2>&1 || {
    grep -v 'root privileges' "$work/lintian.log"
    fail "lintian reports an error"
  }
  grep -E '^[EW]:' "$work/lintian.log"
else
  fail "lintian is not installed (Debian: lintian; scripts/install-deps --test)"
fi

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
# bash-completion finds the completion on demand, as for a command typed in a new shell.
if [ -r /usr/share/bash-completion/bash_completion ]; then
  bash --norc --noprofile -c 'source /usr/share/bash-completion/bash_completion; _completion_loader bpgn; complete -p bpgn' \
    2>/dev/null | grep -q -- '-F _bpgn' || fail "bash-completion does not load /usr/share/bash-completion/completions/bpgn"
fi
# The man pages name the installed docs (/usr/share/doc/bpgn), not the build's prefix.
MANWIDTH=200 man -P cat bpgn-check 2>/dev/null | grep -q "/usr/share/doc/bpgn/" || fail "man bpgn-check does not name /usr/share/doc/bpgn"
dpkg -r bpgn >"$work/remove.log" 2>&1 || fail "dpkg -r failed"
[ ! -e /usr/bin/bpgn ] || fail "/usr/bin/bpgn is still there after dpkg -r"
trap - EXIT

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
