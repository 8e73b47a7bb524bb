#!/usr/bin/env bash
# The sharding recipe of docs/sharding.md, run locally: GNU parallel cuts a large input into
# shards at record starts, checks the shards in parallel with --format jsonl --summary-json, and
# `bpgn summary merge` adds the summaries up. The merged counts must equal one run over the whole
# input, and the concatenated JSONL one run over the shards (but for `index`, which counts within
# a run). Usage: shard_test.sh BPGN CORPUS_DIR [MEGABYTES]
set -euo pipefail
bpgn=$(realpath "$1") corpus=$(realpath "$2") mb=${3:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The input: the FICS corpus and the invalid records, repeated to the size asked for.
for f in "$corpus"/fics/*.bpgn "$corpus"/invalid/*.bpgn; do cat "$f"; printf '\n\n'; done > once.bpgn
while [ "$(stat -c %s all.bpgn 2>/dev/null || echo 0)" -lt $((mb * 1024 * 1024)) ]; do cat once.bpgn >> all.bpgn; done
echo "input: $(stat -c %s all.bpgn) bytes"

# GNU parallel cuts it into about 16 shards, each starting at a line `[Event `.
block=$(( $(stat -c %s all.bpgn) / 16 + 1 ))
parallel --pipepart -a all.bpgn --block "$block" --recstart '[Event ' -k 'cat > shard-{#}.bpgn'
ls shard-*.bpgn | sort -V > shards.txt
echo "shards: $(wc -l < shards.txt)"
[ "$(cat $(cat shards.txt) | cmp - all.bpgn && echo same)" = same ] || { echo "FAIL: the shards do not add up to the input"; exit 1; }

# Each shard checked on its own (on several hosts: --sshlogin; see docs/sharding.md).
parallel -j 2 --halt never "'$bpgn' check --jobs 1 --format jsonl --summary-json {}.summary.json {} > {}.jsonl; test \$? -le 1" :::: shards.txt
for s in $(cat shards.txt); do cat "$s.jsonl"; done > sharded.jsonl
"$bpgn" summary merge $(sed 's/$/.summary.json/' shards.txt) > merged.json

# One run over the whole input, and one over the shards in order.
"$bpgn" check --format jsonl --summary-json whole.json all.bpgn > whole.jsonl || [ $? -le 1 ]
"$bpgn" check --format jsonl $(cat shards.txt) > single.jsonl || [ $? -le 1 ]

/usr/bin/python3 - <<'PY'
import json, sys
merged = json.load(open("merged.json")); whole = json.load(open("whole.json"))
n = merged.pop("summaries_merged")
for key in ("inputs",):
    merged.pop(key); whole.pop(key)
if merged != whole:
    print("FAIL: merged summary differs from one run's"); print(merged); print(whole); sys.exit(1)
def games(path):
    out = []
    for line in open(path):
        g = json.loads(line); g.pop("index"); out.append(g)
    return out
a, b = games("sharded.jsonl"), games("single.jsonl")
if a != b:
    print("FAIL: the shards' reports differ from one run's"); sys.exit(1)
whole_games = sum(1 for _ in open("whole.jsonl"))
if whole_games != len(a) or whole_games != whole["games"]:
    print("FAIL: game counts differ", whole_games, len(a), whole["games"]); sys.exit(1)
print(f"ok: {n} shards, {whole['games']} games, {whole['invalid']} invalid: merged counts equal one run's")
PY
