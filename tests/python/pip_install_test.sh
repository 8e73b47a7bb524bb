#!/usr/bin/env bash
# `pip install .` (pyproject.toml, setup.py) into a virtual environment, as docs/python.md says:
# `python3 -m venv --system-site-packages`, `pip install --no-build-isolation --no-index`
# (setuptools and wheel from Debian; no package index), then in the venv `import bpgn` and the
# `bpgn` command, then `pip uninstall`. The CMake build is the test's own build folder
# (BPGN_CMAKE_BUILD_DIR): pip packs what it built, so the test takes seconds; the project's four
# files pip reads (pyproject.toml, setup.py, CMakeLists.txt for the version, README.md) are copied
# into a temporary folder, so nothing is written into the source tree. Everything is removed after.
# Usage: pip_install_test.sh PYTHON SOURCE_DIR BUILD_DIR
set -uo pipefail
python=$1 source=$2 build=$3
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
unset PYTHONPATH

"$python" -m venv --system-site-packages "$work/venv" >"$work/venv.log" 2>&1 ||
  { cat "$work/venv.log"; echo "FAIL: $python -m venv (Debian: python3-venv)"; exit 1; }
mkdir "$work/src"
cp "$source/pyproject.toml" "$source/setup.py" "$source/CMakeLists.txt" "$source/README.md" "$work/src/"
start=$(date +%s)
BPGN_CMAKE_BUILD_DIR=$build "$work/venv/bin/pip" install --no-build-isolation --no-index "$work/src" \
  >"$work/pip.log" 2>&1 || { tail -n 40 "$work/pip.log"; echo "FAIL: pip install"; exit 1; }
echo "pip install: $(($(date +%s) - start)) s"

version=$(sed -n 's/^project(bpgn VERSION \([0-9.]*\).*/\1/p' "$source/CMakeLists.txt")
# The module: imported from the venv, the same version as the program.
got=$(cd "$work" && "$work/venv/bin/python" -c 'import bpgn, sys; print(bpgn.__version__); print(bpgn.__file__)')
[ "$(sed -n 1p <<<"$got")" = "$version" ] || fail "bpgn.__version__: $got (wanted $version)"
case "$(sed -n 2p <<<"$got")" in "$work/venv/"*) ;; *) fail "bpgn is not imported from the venv: $got" ;; esac
# The command: the program in the venv's bin/, first on PATH once the venv is active.
[ -x "$work/venv/bin/bpgn" ] || fail "no $work/venv/bin/bpgn"
[ "$("$work/venv/bin/bpgn" --version)" = "bpgn $version" ] || fail "venv bpgn --version: $("$work/venv/bin/bpgn" --version)"
# shellcheck disable=SC1091
[ "$(source "$work/venv/bin/activate" && command -v bpgn)" = "$work/venv/bin/bpgn" ] ||
  fail "an active venv does not find its own bpgn"
if readelf -S "$work/venv/bin/bpgn" 2>/dev/null | grep -q '\.symtab'; then fail "venv bpgn is not stripped"; fi
# Both check a record the same way: a king move it cannot make.
printf '[Event "x"]\n[Result "*"]\n\n1. Ke3 *\n' >"$work/illegal.pgn"
"$work/venv/bin/bpgn" check -q "$work/illegal.pgn" >/dev/null 2>&1
[ $? -eq 1 ] || fail "venv bpgn check of an illegal move does not exit 1"
codes=$("$work/venv/bin/python" -c 'import bpgn, sys; print(*[v["code"] for g in bpgn.check(sys.argv[1]) for v in g["violations"]])' "$work/illegal.pgn")
grep -qw illegal-move <<<"$codes" || fail "bpgn.check in the venv names no illegal-move: '$codes'"

"$work/venv/bin/pip" uninstall -y bpgn >"$work/uninstall.log" 2>&1 || { cat "$work/uninstall.log"; fail "pip uninstall"; }
[ ! -e "$work/venv/bin/bpgn" ] || fail "pip uninstall left bin/bpgn"
(cd "$work" && "$work/venv/bin/python" -c 'import bpgn' 2>/dev/null) && fail "bpgn still imports after pip uninstall"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
