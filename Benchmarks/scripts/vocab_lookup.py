#!/usr/bin/env python3
"""Vocabulary lookup: Parlance beside rapidfuzz and symspellpy on ../shared/bench/vocab.

Runs the same 10,000 queries (exact, edit1, edit2, none) against the same vocabulary:
- Parlance: `parlance vocab lookup --queries` (release build), timed inside its process,
  loading excluded; one JSON line per query with its own time.
- rapidfuzz: process.extractOne(scorer=OSA.distance, score_cutoff=2) over all entries.
- symspellpy: lookup(Verbosity.CLOSEST, max_edit_distance=2), entries added whole with
  create_dictionary_entry (count = rank, so earlier entries win ties), editdistpy installed.

Peers are installed with pip into Benchmarks/.venv by this script. Times are CPU time per
query (process_time_ns), medians with mean and p99. recall@1 counts a query right when the
top answer is the expected entry, or, for an ambiguous query (alt > 0), any entry at the
expected OSA distance; for the class "none", when nothing is returned.

Usage: python3 Benchmarks/scripts/vocab_lookup.py [--size 100k] [--rapidfuzz-sample 300]
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import venv

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
VENV = os.path.join(BENCH, ".venv")
PEERS = ["rapidfuzz", "symspellpy", "editdistpy"]


def ensure_venv():
    """Re-runs this script inside Benchmarks/.venv with the peers installed."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    subprocess.run([python, "-m", "pip", "install", "-q", *PEERS], check=True)
    os.execv(python, [python, *sys.argv])


def read_tsv(path):
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            yield dict(zip(header, line.rstrip("\n").split("\t")))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summarize(times_ns):
    micros = [t / 1000 for t in times_ns]
    return statistics.median(micros), statistics.fmean(micros), percentile(micros, 0.99)


def is_right(query, answer):
    from rapidfuzz.distance import OSA
    if query["class"] == "none":
        return answer is None
    if answer is None:
        return False
    if answer == query["expected"]:
        return True
    return int(query["alt"]) > 0 and OSA.distance(query["query"], answer) == int(query["osa"])


def report(name, queries, answers, times_ns, extra=""):
    print(f"\n{name} {extra}")
    print(f"  {'class':<6} {'n':>6} {'recall@1':>9} {'median µs':>10} {'mean µs':>9} {'p99 µs':>9}")
    classes = ["exact", "edit1", "edit2", "none", "all"]
    rows = {}
    for cls in classes:
        picked = [i for i, q in enumerate(queries) if cls == "all" or q["class"] == cls]
        picked = [i for i in picked if i in answers]
        if not picked:
            continue
        right = sum(is_right(queries[i], answers[i]) for i in picked)
        median, mean, p99 = summarize([times_ns[i] for i in picked])
        rows[cls] = (len(picked), right / len(picked), median, mean, p99)
        print(f"  {cls:<6} {len(picked):>6} {right / len(picked):>9.4f} {median:>10.2f} {mean:>9.2f} {p99:>9.2f}")
    return rows


def rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_parlance(vocab, queries_path, queries):
    subprocess.run(["swift", "build", "-c", "release", "--product", "parlance"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(ROOT, ".build", "release", "parlance")
    started = time.perf_counter()
    process = subprocess.run([binary, "vocab", "lookup", "--vocabulary", vocab, "--max-edits", "2", "--top", "1",
                              "--queries", queries_path, "--json", "--stats"],
                             check=True, capture_output=True, text=True)
    wall = time.perf_counter() - started
    lines = process.stdout.strip().split("\n")
    answers, times = {}, {}
    for index, line in enumerate(lines[:-1]):
        record = json.loads(line)
        answers[index] = record["results"][0]["text"] if record["results"] else None
        times[index] = record["micros"] * 1000
    summary = json.loads(lines[-1])
    stats = "; ".join(line for line in process.stderr.strip().split("\n") if line.startswith("stats:"))
    rows = report("Parlance", queries, answers, times, f"(whole run {wall:.1f} s) {stats}")
    print(f"  summary line: {summary}")
    return rows


def run_rapidfuzz(entries, queries, sample):
    from rapidfuzz import process
    from rapidfuzz.distance import OSA
    # extractOne scans every entry: sample evenly across the four classes.
    step = max(1, len(queries) // sample)
    picked = range(0, len(queries), step)
    answers, times = {}, {}
    for index in picked:
        started = time.process_time_ns()
        found = process.extractOne(queries[index]["query"], entries, scorer=OSA.distance, score_cutoff=2)
        times[index] = time.process_time_ns() - started
        answers[index] = found[0] if found else None
    return report("rapidfuzz extractOne (OSA, cutoff 2)", queries, answers, times, f"({len(answers)} sampled queries)")


def run_symspell(entries, queries):
    from symspellpy import SymSpell, Verbosity
    before = rss_mb()
    started = time.perf_counter()
    speller = SymSpell(max_dictionary_edit_distance=2)
    for rank, entry in enumerate(entries):
        speller.create_dictionary_entry(entry, len(entries) - rank)
    build = time.perf_counter() - started
    memory = rss_mb() - before
    answers, times = {}, {}
    for index, query in enumerate(queries):
        started = time.process_time_ns()
        found = speller.lookup(query["query"], Verbosity.CLOSEST, max_edit_distance=2)
        times[index] = time.process_time_ns() - started
        answers[index] = found[0].term if found else None
    return report("symspellpy lookup (CLOSEST, distance 2)", queries, answers, times,
                  f"(build {build:.1f} s, ~{memory:.0f} MB RSS growth)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="100k", choices=["1k", "10k", "100k", "1M"])
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "bench", "vocab"))
    parser.add_argument("--rapidfuzz-sample", type=int, default=300)
    parser.add_argument("--skip", action="append", default=[], choices=["rapidfuzz", "symspell"])
    args = parser.parse_args()
    ensure_venv()
    vocab = os.path.join(args.data, f"vocab_{args.size}.tsv")
    queries_path = os.path.join(args.data, f"queries_{args.size}.tsv")
    entries = [row["entry"] for row in read_tsv(vocab)]
    queries = list(read_tsv(queries_path))
    print(f"{len(entries)} entries, {len(queries)} queries ({args.size})")
    ours = run_parlance(vocab, queries_path, queries)
    peers = {}
    if "symspell" not in args.skip:
        peers["symspellpy"] = run_symspell(entries, queries)
    if "rapidfuzz" not in args.skip:
        peers["rapidfuzz"] = run_rapidfuzz(entries, queries, args.rapidfuzz_sample)
    print("\nRatios (peer time / Parlance time, all classes):")
    for name, rows in peers.items():
        if "all" in rows and "all" in ours:
            print(f"  {name:<11} median ×{rows['all'][2] / ours['all'][2]:.1f}  mean ×{rows['all'][3] / ours['all'][3]:.1f}"
                  f"  p99 ×{rows['all'][4] / ours['all'][4]:.1f}   recall@1 {rows['all'][1]:.4f} vs {ours['all'][1]:.4f}")


if __name__ == "__main__":
    main()
