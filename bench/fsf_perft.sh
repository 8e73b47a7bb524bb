#!/usr/bin/env bash
# Runs Fairy-Stockfish's perft (UCI "go perft N", crazyhouse) on the positions of
# bench/perft-positions.txt and prints nodes, seconds and nodes per second per position, in the same
# columns as bpgn_perft_bench. One engine process serves every position; each timing starts after
# "readyok" for that position, so process start-up and hash allocation are not counted.
#   bench/fsf_perft.sh [POSITIONS_FILE]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
positions="${1:-$here/perft-positions.txt}"
engine="${FSF:-/usr/games/fairy-stockfish}"
[ -x "$engine" ] || { echo "fsf_perft.sh: $engine not found (apt-get install fairy-stockfish)" >&2; exit 2; }

coproc FSF { "$engine"; }
send() { printf '%s\n' "$*" >&"${FSF[1]}"; }
# Reads engine lines until one starts with $1; leaves that line in $reply. (No command
# substitution: bash does not pass coprocess descriptors to subshells.)
reply=""
wait_for() {
  local line
  while IFS= read -r line <&"${FSF[0]}"; do
    case "$line" in "$1"*) reply="$line"; return 0 ;; esac
  done
  echo "fsf_perft.sh: engine ended before '$1'" >&2; exit 1
}
now() { date +%s.%N; }
trim() { local v="$1"; v="${v#"${v%%[![:space:]]*}"}"; printf '%s' "${v%"${v##*[![:space:]]}"}"; }

send uci; wait_for uciok
send "setoption name UCI_Variant value crazyhouse"
status=0
total_nodes=0; total_seconds=0
printf '%-16s %5s %12s %9s %10s\n' position depth nodes seconds Mnodes/s
while IFS='|' read -r id fen depth expected; do
  id="$(trim "$id")"
  if [ -z "$id" ] || [ "${id:0:1}" = "#" ]; then continue; fi
  fen="$(trim "$fen")"; depth="$(trim "$depth")"; expected="$(trim "$expected")"
  send "position fen $fen"; send isready; wait_for readyok
  t0=$(now)
  send "go perft $depth"
  wait_for "Nodes searched"
  nodes="${reply##* }"
  t1=$(now)
  s=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b - a}')
  mark=""; [ "$nodes" = "$expected" ] || { mark="  WRONG, expected $expected"; status=1; }
  printf '%-16s %5s %12s %9s %10.1f%s\n' "$id" "$depth" "$nodes" "$s" "$(awk -v n="$nodes" -v s="$s" 'BEGIN{print n/s/1e6}')" "$mark"
  total_nodes=$((total_nodes + nodes))
  total_seconds=$(awk -v a="$total_seconds" -v b="$s" 'BEGIN{printf "%.3f", a + b}')
done < "$positions"
printf '%-16s %5s %12s %9s %10.1f\n' total "" "$total_nodes" "$total_seconds" "$(awk -v n="$total_nodes" -v s="$total_seconds" 'BEGIN{print n/s/1e6}')"
send quit
wait "$FSF_PID" 2>/dev/null || true
exit $status
