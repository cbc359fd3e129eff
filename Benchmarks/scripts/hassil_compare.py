#!/usr/bin/env python3
"""Parlance beside hassil on the Home Assistant intents test sentences, per language.

Both engines get the same sentences with the same context and the same fixture lists, and
are judged by one comparison, upstream's (home-assistant/intents
tests/test_language_sentences.py). hassil runs as upstream's tests and Home Assistant run it,
recognize_best with best_slot_name="name"; Parlance with the preferred slot "name". The
comparison: the intent's name, every matched slot expected (a list
on either side meaning "one of"), every expected slot matched, and the result's context
when the test gives one.

hassil 3.10.0 (the version that passes every test sentence of the corpus snapshot) is
installed with pip into Benchmarks/.venv by this script, which then re-runs itself there.
The grammar is loaded as upstream's test suite loads it (tests/conftest.py): the
language's _common.yaml (its lists over the shared lists/*.yaml and lists/<lang>/*.yaml,
its expansion rules and skip words) with the intents of every other sentences/<lang>/*.yaml
merged; the lists name, area and floor from tests/<lang>/_fixtures.yaml as upstream's
get_slot_lists builds them (templated names sampled into one value each; entities carry
their domain and attributes as context). Sentences in tests/<lang>/_test_failures.yaml
(upstream's known failures) are left out.

Timing, warm, in CPU time of the thread (so other jobs on a shared machine do not count):
hassil first matches 20 sentences untimed, then each sentence once (thread_time_ns around
recognize_best); Parlance runs in its own process (`GrammarTimings --json --sentences
FILE`, release build, CLOCK_THREAD_CPUTIME_ID), each sentence the median of 15 matches
(RUNS=n to change), compile excluded from both. sentences/s is sentences / the sum of the
per-sentence times.

--typos adds one typo per sentence (a letter substituted, inserted, deleted or two
transposed, seeded by the sentence) inside the text of an expected name, area or floor
value of four letters or more that the fixtures list and the sentence says once,
expecting the clean sentence's result.

Usage: python3 Benchmarks/scripts/hassil_compare.py [--typos] [--limit N] [--save FILE] [en de es fr ja zh-cn]
"""
import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import venv

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
VENV = os.path.join(BENCH, ".venv")
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpora", "home-assistant-intents")
HASSIL = "hassil==3.10.0"
# Every language of the shared corpus (issue 40); pass languages to run fewer.
LANGUAGES = ["ar", "cs", "de", "el", "en", "es", "fi", "fr", "hi", "hr", "hu", "is", "it", "ja", "ko", "nl", "pl", "pt",
             "ro", "ru", "sv", "th", "tr", "uk", "zh-cn"]


def ensure_venv():
    """Re-runs this script inside Benchmarks/.venv with hassil installed."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(python):
        venv.create(VENV, with_pip=True)
    subprocess.run([python, "-m", "pip", "install", "-q", HASSIL], check=True)
    os.execv(python, [python, *sys.argv])


def read_yaml(path):
    import yaml
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


def yaml_files(folder):
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".yaml"))


# ---------------------------------------------------------------------------------------
# The corpus, as upstream's test suite reads it


def load_intents(language):
    """The language's hassil Intents: _common.yaml (over the shared lists) with every
    other file's intents merged."""
    from hassil import Intents, merge_dict
    folder = os.path.join(CORPUS, "sentences", language)
    files = {os.path.basename(path): read_yaml(path) for path in yaml_files(folder)}
    common = files.pop("_common.yaml")
    shared = {}
    for path in yaml_files(os.path.join(CORPUS, "lists")) + yaml_files(os.path.join(CORPUS, "lists", language)):
        shared.update(read_yaml(path).get("lists") or {})
    common["lists"] = {**shared, **(common.get("lists") or {})}
    common.setdefault("intents", {})
    base = Intents.from_dict(common)
    merged = {}
    for name in sorted(files):
        merge_dict(merged, files[name])
    return dataclasses.replace(base, intents=Intents.from_dict(merged).intents)


def spoken_names(name):
    """Every text a fixture name can say: a template's samples, else the name."""
    from hassil import is_template, parse_sentence, sample_expression
    if is_template(name):
        return [text.strip() for text in sample_expression(parse_sentence(name).expression)]
    return [name.strip()]


def fixture_lists(fixtures):
    """name, area and floor as upstream's get_slot_lists makes them."""
    from hassil import TextSlotList
    floors = [text for floor in fixtures.get("floors", []) for text in spoken_names(floor["name"])]
    areas = [text for area in fixtures.get("areas", []) for text in spoken_names(area["name"])]
    entities = []
    for entity in fixtures["entities"]:
        context = {"domain": entity["id"].split(".", 1)[0], **(entity.get("attributes") or {})}
        entities.extend((text, text, context) for text in spoken_names(entity["name"]))
    return {
        "area": TextSlotList.from_strings(areas),
        "floor": TextSlotList.from_strings(floors),
        "name": TextSlotList.from_tuples(entities),
    }


def load_tests(language):
    """Every test sentence of tests/<language>/*.yaml but upstream's known failures, as
    dicts {sentence, intent, slots, context}."""
    folder = os.path.join(CORPUS, "tests", language)
    failures_path = os.path.join(folder, "_test_failures.yaml")
    known = set(read_yaml(failures_path).get("sentences") or []) if os.path.exists(failures_path) else set()
    cases, left_out = [], 0
    for path in yaml_files(folder):
        if os.path.basename(path).startswith("_"):
            continue
        for test in read_yaml(path).get("tests") or []:
            intent = test["intent"]
            for sentence in test.get("sentences") or []:
                if sentence in known:
                    left_out += 1
                    continue
                cases.append({"sentence": sentence, "intent": intent["name"], "slots": intent.get("slots") or {},
                              "context": intent.get("context") or {}})
    return cases, left_out


def is_right(result, case):
    """Upstream's comparison: result is (intent, slots, context) or None."""
    if result is None:
        return False
    intent, slots, context = result
    if intent != case["intent"]:
        return False
    expected = case["slots"]
    for name, value in slots.items():
        wanted = expected.get(name)
        if wanted is None:
            return False
        if isinstance(wanted, list):
            right = set(wanted).issubset(value) if isinstance(value, list) else value in wanted
        else:
            right = wanted in value if isinstance(value, list) else wanted == value
        if not right:
            return False
    if any(name not in slots for name in expected):
        return False
    return not case["context"] or context == case["context"]


# ---------------------------------------------------------------------------------------
# Typos


def fnv1a(text):
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def fixture_names(language):
    """Every text the fixtures' entities, areas and floors can say, lowercased."""
    fixtures = read_yaml(os.path.join(CORPUS, "tests", language, "_fixtures.yaml"))
    items = fixtures.get("entities", []) + fixtures.get("areas", []) + fixtures.get("floors", [])
    return {text.lower() for item in items for text in spoken_names(item["name"])}


def with_typo(case, names):
    """The sentence with one typo in an expected name, area or floor value of four letters
    or more that the fixtures list (`names`, lowercased) and the sentence says once (case
    aside); None when there is none. Wildcard values (a timer's name) are left alone: a
    typo there changes what the right answer is."""
    sentence = case["sentence"]
    folded = sentence.lower()
    if len(folded) != len(sentence):
        return None
    spans = []
    for name in ("name", "area", "floor"):
        values = case["slots"].get(name)
        for value in values if isinstance(values, list) else [values]:
            if not isinstance(value, str) or value.lower() not in names or sum(ch.isalpha() for ch in value) < 4:
                continue
            start = folded.find(value.lower())
            if start >= 0 and folded.find(value.lower(), start + 1) < 0:
                spans.append((start, start + len(value)))
    if not spans:
        return None
    generator = random.Random(fnv1a(sentence))
    start, end = spans[generator.randrange(len(spans))]
    letters = [i for i in range(start, end) if sentence[i].isalpha()]
    position = letters[generator.randrange(len(letters))]
    original = sentence[position]
    alphabet = list("abcdefghijklmnopqrstuvwxyz") if original.isascii() else sorted({sentence[i] for i in letters} - {original})
    choices = [ch for ch in alphabet if ch.lower() != original.lower()]
    following = sentence[position + 1] if position + 1 < end else None
    operation = generator.randrange(4)
    chars = list(sentence)
    if operation == 0 and choices:
        chars[position] = choices[generator.randrange(len(choices))]
    elif operation == 1 and alphabet:
        chars.insert(position, alphabet[generator.randrange(len(alphabet))])
    elif operation == 2 and following and following.isalpha() and following.lower() != original.lower():
        chars[position], chars[position + 1] = following, original
    else:
        del chars[position]
    return "".join(chars)


# ---------------------------------------------------------------------------------------
# Runs


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(times_ns, right):
    return {
        "n": len(times_ns),
        "p50_us": statistics.median(times_ns) / 1000,
        "p99_us": percentile(times_ns, 0.99) / 1000,
        "per_second": len(times_ns) / (sum(times_ns) / 1e9),
        "right": sum(right),
    }


def run_hassil(language, cases):
    from hassil import recognize_best
    intents = load_intents(language)
    lists = fixture_lists(read_yaml(os.path.join(CORPUS, "tests", language, "_fixtures.yaml")))

    def match(case):
        result = recognize_best(case["sentence"], intents, slot_lists=lists, intent_context=case["context"], best_slot_name="name")
        if result is None:
            return None
        return result.intent.name, {entity.name: entity.value for entity in result.entities.values()}, result.context

    for case in cases[:20]:
        match(case)
    times, right = [], []
    for case in cases:
        start = time.thread_time_ns()
        result = match(case)
        times.append(time.thread_time_ns() - start)
        right.append(is_right(result, case))
    return times, right


def run_parlance(sentences):
    """GrammarTimings --json over the sentences: per-language lines and per-sentence results."""
    subprocess.run(["swift", "build", "-c", "release", "--package-path", BENCH, "--product", "GrammarTimings"],
                   check=True, cwd=ROOT, stdout=sys.stderr)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
        json.dump(sentences, handle, ensure_ascii=False)
        path = handle.name
    try:
        output = subprocess.run(["swift", "run", "--skip-build", "-c", "release", "--package-path", BENCH,
                                 "GrammarTimings", "--json", "--sentences", path],
                                check=True, cwd=ROOT, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    languages, results = {}, {}
    for line in output.splitlines():
        if not line.startswith("{"):
            continue
        item = json.loads(line)
        if item["type"] == "language":
            languages[item["language"]] = item
        elif item["type"] == "sentence":
            results[item["id"]] = item
    return languages, results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("languages", nargs="*", default=LANGUAGES)
    parser.add_argument("--typos", action="store_true", help="also run each sentence with one seeded typo")
    parser.add_argument("--limit", type=int, help="at most this many sentences per language (quick runs)")
    parser.add_argument("--save", help="write the per-language numbers as JSON to this file")
    args = parser.parse_args()
    ensure_venv()
    import hassil  # noqa: F401  (fails early when the venv is broken)

    corpus = {}
    sentences = []
    for language in args.languages:
        cases, left_out = load_tests(language)
        cases = cases[: args.limit] if args.limit else cases
        typos = []
        if args.typos:
            names = fixture_names(language)
            for case in cases:
                typo = with_typo(case, names)
                if typo is not None:
                    typos.append({**case, "sentence": typo})
        corpus[language] = (cases, typos, left_out)
        for kind, group in (("clean", cases), ("typo", typos)):
            for index, case in enumerate(group):
                sentences.append({"id": f"{language}:{kind}:{index}", "language": language, "sentence": case["sentence"],
                                  "context": case["context"]})

    print(f"Parlance: GrammarTimings --json on {len(sentences)} sentences …", file=sys.stderr)
    compiled, parlance = run_parlance(sentences)

    rows = {}
    for language in args.languages:
        cases, typos, left_out = corpus[language]
        row = {"left_out": left_out, "compile_ms": compiled[language]["compile_ms"],
               "table_bytes": compiled[language]["table_bytes"], "rss_delta_bytes": compiled[language]["rss_delta_bytes"]}
        for kind, group in (("clean", cases), ("typo", typos)):
            if not group:
                continue
            results = [parlance[f"{language}:{kind}:{index}"] for index in range(len(group))]
            answers = [(item["intent"], item["slots"], item["context"]) if item.get("intent") else None for item in results]
            row[f"parlance_{kind}"] = summary([item["ns"] for item in results],
                                              [is_right(answer, case) for answer, case in zip(answers, group)])
            print(f"hassil {language} {kind}: {len(group)} sentences …", file=sys.stderr)
            times, right = run_hassil(language, group)
            row[f"hassil_{kind}"] = summary(times, right)
        rows[language] = row

    print(f"\nhassil {HASSIL.split('==')[1]} beside Parlance (release), warm, the same sentences, context and fixtures\n")
    print("| language | sentences | Parlance p50 | p99 | sentences/s | accuracy | hassil p50 | p99 | sentences/s | accuracy | ratio (sentences/s) |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for language, row in rows.items():
        ours, theirs = row["parlance_clean"], row["hassil_clean"]
        print(f"| {language} | {ours['n']:,} | {ours['p50_us']:.1f} µs | {ours['p99_us']:.0f} µs | {ours['per_second']:,.0f} | "
              f"{rate(ours)} | {format_time(theirs['p50_us'])} | {format_time(theirs['p99_us'])} | "
              f"{theirs['per_second']:,.0f} | {rate(theirs)} | {ours['per_second'] / theirs['per_second']:,.0f}× |")
    if args.typos:
        print("\nWith one typo in a name, area or floor value of four letters or more\n")
        print("| language | sentences | Parlance accuracy | p50 | hassil accuracy | p50 | ratio (sentences/s) |")
        print("|---|---|---|---|---|---|---|")
        for language, row in rows.items():
            if "parlance_typo" not in row:
                print(f"| {language} | 0 | – | – | – | – | – |")
                continue
            ours, theirs = row["parlance_typo"], row["hassil_typo"]
            print(f"| {language} | {ours['n']:,} | {rate(ours)} | {ours['p50_us']:.1f} µs | "
                  f"{rate(theirs)} | {format_time(theirs['p50_us'])} | "
                  f"{ours['per_second'] / theirs['per_second']:,.0f}× |")
    print("\nParlance compiled grammar: compile (median of 5), tables (estimate), resident growth of the first compile\n")
    print("| language | compile | tables | RSS after compile | upstream known failures left out |")
    print("|---|---|---|---|---|")
    for language, row in rows.items():
        rss = row["rss_delta_bytes"]
        print(f"| {language} | {row['compile_ms']:.0f} ms | {kib(row['table_bytes'])} | {kib(rss) if rss is not None else '–'} | {row['left_out']} |")
    if args.save:
        with open(args.save, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=2)


def rate(row):
    """Right answers as a share, rounded down (99.96% is not 100%), with the count."""
    return f"{math.floor(row['right'] / row['n'] * 1000) / 10:.1f}% ({row['right']:,}/{row['n']:,})"


def format_time(micros):
    return f"{micros / 1000:.1f} ms" if micros >= 1000 else f"{micros:.0f} µs"


def kib(size):
    return f"{(size + 512) // 1024:,} KiB"


if __name__ == "__main__":
    main()
