#!/usr/bin/env bash
# Runs every harness (or those named) for SECONDS each and keeps what it finds.
#
#   Fuzz/run.sh [SECONDS] [Harness ...]          e.g.  Fuzz/run.sh 600 FuzzGrammar
#
# Seeds come from the repository (Corpora/, the test fixtures), ../shared when it is there,
# and Fuzz/Regressions/<Harness>/ (earlier crashers, kept as regression inputs). New corpus
# entries stay in Fuzz/.corpus/<Harness>/ (not committed); a crash, timeout or out-of-memory
# input is copied to Fuzz/Regressions/<Harness>/ to be fixed, committed and turned into a test.
# One line per harness goes to Fuzz/.runs/summary.txt: executions, crashes, time.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
shared="$(dirname "$repo")/shared"
seconds="${1:-60}"
# FUZZ_TIMEOUT: the seconds an input may take before the run stops on it (default 2). On a
# machine busy with other work, inputs that take half a second alone can pass 2 s; a larger
# value keeps the run going, and -report_slow_units still keeps every input over 1 s.
timeout="${FUZZ_TIMEOUT:-2}"
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(FuzzPropertyList FuzzAppLoading FuzzUserVocabulary FuzzGrammar FuzzTestFiles FuzzModelImage FuzzParse)
bin="$here/.build/release"
[ -d "$bin" ] || bin="$(ls -d "$here"/.build/*-linux-gnu/release 2>/dev/null | head -1)"

seed() {  # seed HARNESS FILE...: copies files into the harness's corpus
    local corpus="$here/.corpus/$1"; shift
    mkdir -p "$corpus"
    for file in "$@"; do [ -f "$file" ] && cp "$file" "$corpus/seed-$(echo "$file" | md5sum | cut -c1-12)"; done
}

for harness in "${harnesses[@]}"; do
    [ -x "$bin/$harness" ] || { echo "build first: (cd Fuzz && swift build -c release -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)"; exit 2; }
    case "$harness" in
    FuzzPropertyList)
        seed "$harness" $(find "$repo/Corpora/apps" -name 'AppIntentVocabulary.plist') "$repo"/Tests/ParlanceVocabularyTests/Fixtures/*.plist ;;
    FuzzAppLoading)
        seed "$harness" $(find "$repo/Corpora/apps" -name 'Info.plist') ;;
    FuzzUserVocabulary)
        seed "$harness" $(find "$repo/Corpora/apps" -name '*.json') ;;
    FuzzGrammar)
        seed "$harness" "$repo"/Corpora/grammars/sentences/en/*.yaml
        [ -d "$shared/corpora/home-assistant-intents" ] && seed "$harness" $(ls "$shared"/corpora/home-assistant-intents/sentences/en/*.yaml | head -60) ;;
    FuzzTestFiles)
        # Corpora/tests/<language>/ only: the blind sets stay unread.
        seed "$harness" "$repo"/Corpora/tests/{de,en,es,fr,ja,zh-Hans}/*.yaml
        [ -d "$shared/corpora/snips-2017" ] && seed "$harness" "$shared"/corpora/snips-2017/*/train_*[a-z].json ;;
    FuzzModelImage)
        # A small model, trained by the debug build when it is there.
        model="$here/.corpus/$harness/seed-lights-model"
        if [ ! -f "$model" ] && [ -x "$repo/.build/debug/parlance" ]; then
            mkdir -p "$(dirname "$model")"
            "$repo/.build/debug/parlance" train --format snips-dataset --output "$model" \
                "$repo/Tests/ParlanceTrainingTests/Fixtures/lights-dataset.json" >/dev/null 2>&1
        fi ;;
    FuzzParse)
        corpus="$here/.corpus/$harness"; mkdir -p "$corpus"
        # The first byte picks the language: 0 en, 1 de, 2 es, 3 fr, 4 ja, 5 zh-Hans.
        index=0
        for language in en de es fr ja zh-Hans; do
            grep -h '^  - utterance:' "$repo"/Corpora/tests/"$language"/*.yaml 2>/dev/null | head -40 | sed 's/^  - utterance: *//' |
                while IFS= read -r line; do
                    printf "\\x0$index%s" "$line" > "$corpus/seed-$language-$(printf '%s' "$line" | md5sum | cut -c1-12)"
                done
            index=$((index + 1))
        done ;;
    esac
    mkdir -p "$here/Regressions/$harness" "$here/.runs/$harness"
    log="$here/.runs/$harness/log.txt"
    # -timeout: an input slower than 2 s (FUZZ_TIMEOUT) stops the run as a finding (the issue's bound for any
    # command); -report_slow_units=1: one slower than 1 s (the fuzzing goal's bound) is
    # reported ("Slowest unit") and kept as slow-unit-… without stopping the run, so a
    # machine busy with other work does not end a ten-minute run at its first slow input.
    # -rss_limit_mb: more than 2 GB is a finding. Leaks are findings too, but for those
    # lsan-suppressions.txt names (Foundation's, and values kept for the life of the process
    # that LeakSanitizer cannot see are referenced).
    (cd "$here/.runs/$harness" && ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$here/lsan-suppressions.txt:print_suppressions=0" \
        "$bin/$harness" "$here/.corpus/$harness" "$here/Regressions/$harness" \
        -max_total_time="$seconds" -timeout="$timeout" -report_slow_units=1 -rss_limit_mb=2048 -detect_leaks=1 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$here/Regressions/$harness/" >"$log" 2>&1)
    status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    elapsed=$(grep -o '^Done [0-9]* runs in [0-9]* second' "$log" | grep -o '[0-9]* second' | grep -o '[0-9]*')
    slowest=$(grep -o '^Slowest unit: [0-9]* s' "$log" | grep -o '[0-9]* s' | tail -1)
    leaks=$(grep -c 'ERROR: LeakSanitizer' "$log")
    found=$(ls "$here/Regressions/$harness" 2>/dev/null | grep -c -E '^(crash|timeout|oom|leak)-' )
    slow=$(ls "$here/Regressions/$harness" 2>/dev/null | grep -c -E '^slow-unit-' )
    line="$(date -u +%FT%TZ) $harness ${seconds}s timeout ${timeout}s ran ${elapsed:-?}s executions ${runs:-?} exit $status artifacts $found slow-units $slow slowest ${slowest:-<1 s} leak-reports $leaks"
    echo "$line" | tee -a "$here/.runs/summary.txt"
done
