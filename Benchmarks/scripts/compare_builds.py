#!/usr/bin/env python3
"""Compares two or more builds of a benchmark program on a shared, noisy machine.

    Benchmarks/scripts/compare_builds.py [--rounds N] DIR_A DIR_B [DIR…] -- PROGRAM [ARGS…]

Each DIR holds a copy of a release build's products (copy Benchmarks/.build/release/PROGRAM
and libMallocInterposerSwift.so there before and after a change). The script runs
DIR/PROGRAM ARGS from each folder in turn, N rounds (default 6), so that every build sees
the same mix of quiet and busy stretches (each round starting with the next build, so
that each is first in a round as often); from each run it takes every output line with a
median or 99th percentile ("median 47.95 µs", "p50 27.0 µs", "p99 245 µs"), keyed by the
line's text before the number, other numbers left out.
Per key and build it prints the medians of all runs sorted, and the lowest, which is the
figure to compare: on the virtual machines this project runs on, other tenants' load comes
in stretches of tens of seconds that double a run's times, and a run inside such a stretch
says nothing about the code.

Example (span search, English sentence):

    compare_builds.py /tmp/before /tmp/after -- VocabularyTimings 100k --spans-only \\
        --utterance "send a message to Frank Barrett saying I am late" --repeat 3000
"""
import os
import re
import subprocess
import sys

MEDIAN = re.compile(r"(median|p50|p99)\s+([0-9]+(?:\.[0-9]+)?)")
NUMBER = re.compile(r"(?<![\w.])[0-9]+(?:\.[0-9]+)?(?![\w.])\s*(?:µs|ms)?")


def medians(output):
    """(key, value) for every median on every line of a run's output. A key that comes
    again in the same run (VocabularyTimings prints a "fixed" line per language) is
    numbered by its occurrence, so that each keeps its own values."""
    found = []
    seen = {}
    for line in output.splitlines():
        for match in MEDIAN.finditer(line):
            # (The numbers before it are left out: "language given p50 67.1 p99 517.2 µs; no
            # language p50" must be one key in every run.)
            prefix = " ".join(NUMBER.sub(" ", line[:match.start()]).split())
            key = (prefix + " " + match.group(1)).strip()
            seen[key] = seen.get(key, 0) + 1
            found.append((key if seen[key] == 1 else f"{key} (#{seen[key]})", float(match.group(2))))
    return found


def main(argv):
    rounds = 6
    if "--" not in argv:
        sys.exit(__doc__)
    split = argv.index("--")
    folders, command = argv[:split], argv[split + 1:]
    if folders[:1] == ["--rounds"]:
        if len(folders) < 2 or not folders[1].isdigit() or int(folders[1]) < 1:
            sys.exit("error: --rounds takes a whole number of at least 1")
        rounds, folders = int(folders[1]), folders[2:]
    if len(folders) < 2 or not command:
        sys.exit(__doc__)
    for folder in folders:
        program = os.path.join(folder, command[0])
        if not os.access(program, os.X_OK):
            sys.exit(f"error: {program}: not an executable (copy the release build's products into {folder})")
    results = {folder: {} for folder in folders}
    keys = []
    for round_number in range(rounds):
        # Each round starts with the next build: on these machines the run that follows
        # another was measured ~10% slower than the first of a round, whichever build it was.
        shift = round_number % len(folders)
        for folder in folders[shift:] + folders[:shift]:
            environment = dict(os.environ, LD_LIBRARY_PATH=os.path.abspath(folder))
            run = subprocess.run([os.path.join(folder, command[0])] + command[1:], capture_output=True, text=True,
                                 env=environment)
            if run.returncode != 0:
                sys.exit(f"error: {folder}/{command[0]} exited with {run.returncode}:\n{run.stderr[-2000:]}")
            for key, value in medians(run.stdout + run.stderr):
                if key not in keys:
                    keys.append(key)
                results[folder].setdefault(key, []).append(value)
        print(f"round {round_number + 1} of {rounds} done", file=sys.stderr)
    for key in keys:
        print(key)
        lowest = {}
        for folder in folders:
            values = sorted(results[folder].get(key, []))
            if not values:
                continue
            lowest[folder] = values[0]
            print(f"  {folder}: lowest {values[0]:.2f}  runs {' '.join(f'{v:.2f}' for v in values)}")
        base = lowest.get(folders[0])
        if base:
            for folder in folders[1:]:
                if folder in lowest:
                    print(f"  {folder} / {folders[0]}: {lowest[folder] / base:.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
