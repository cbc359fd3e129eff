#!/usr/bin/env bash
# Times `parlance grammar match` on hostile grammars and long utterances: wall seconds and
# peak memory per case, one process each (see README.md, "Hostile input").
#
#   Benchmarks/hostile/run.sh [PARLANCE] [SIZES]
#
# PARLANCE: a release `parlance` (default .build/release/parlance from the repository root);
# SIZES: utterance lengths in characters (default "1000 10000 100000"). TIMEOUT: seconds
# before a case is stopped (default 120; its exit is then 124). Needs GNU time.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
parlance=${1:-$here/../../.build/release/parlance}
sizes=${2:-1000 10000 100000}
limit=${TIMEOUT:-120}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Utterances: words drawn from 23 (template words, skip words, names, others), seeded, cut
# to the length; and "the " (a skip word) repeated.
python3 - "$work" $sizes <<'PY'
import random, sys
folder, sizes = sys.argv[1], [int(size) for size in sys.argv[2:]]
words = ["send", "to", "and", "the", "anna", "w17", "via", "message", "saying", "that", "tell", "a",
         "now", "ok", "using", "please", "uh", "ben", "x", "hello", "world", "for", "it"]
for size in sizes:
    random.seed(41)
    drawn, length = [], 0
    while length < size:
        word = random.choice(words)
        drawn.append(word)
        length += len(word) + 1
    open(f"{folder}/words{size}.txt", "w").write(" ".join(drawn)[:size])
    open(f"{folder}/the{size}.txt", "w").write(("the " * (size // 4 + 1))[:size])
PY

printf '| grammar | utterance | characters | wall s | max RSS MB | exit |\n|---|---|---|---|---|---|\n'
for grammar in t1 t4 t5 t1ctx wild wildctx; do
    for kind in words the; do
        for size in $sizes; do
            rm -f "$work/time"
            set +e
            timeout "$limit" /usr/bin/time -f '%e %M' -o "$work/time" \
                "$parlance" grammar match --grammar "$here/$grammar" -l en --limit 1 - < "$work/$kind$size.txt" > /dev/null 2>&1
            status=$?
            set -e
            wall="> $limit" megabytes=-
            if [ "$status" -ne 124 ] && [ -s "$work/time" ]; then
                read -r wall kilobytes < <(tail -n 1 "$work/time")
                megabytes=$((kilobytes / 1024))
            fi
            printf '| %s | %s | %s | %s | %s | %s |\n' "$grammar" "$kind" "$size" "$wall" "$megabytes" "$status"
        done
    done
done
