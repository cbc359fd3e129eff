#!/usr/bin/env python3
"""Splits the Snips 2017 training files into a training part and a held-out test part.

The benchmark's own test split is withheld, so development measures on queries held out of
the training files, never trained on:

  small: from each train_<Intent>.json (the 300-query pool the benchmark drew its 70 from),
         --test-size queries (default 100) become validate_<Intent>.json, the rest
         train_<Intent>.json;
  full:  each train_<Intent>_full.json is split 80/20 into train_<Intent>_full.json and
         validate_<Intent>.json.

Queries are deduplicated by text first (a query in both parts would be a test on training
data), then shuffled with --seed. Output is UTF-8 (the source PlayMusic_full file is Latin-1).

    python3 Benchmarks/scripts/snips_split.py --mode small --seed 2 --out /tmp/snips-small
    parlance eval --format snips --train /tmp/snips-small/train --train-size 70 --seed 1 --test /tmp/snips-small/test
"""
import argparse
import json
import os
import random
import sys


def read(path):
    data = open(path, "rb").read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return json.loads(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--source", default=os.path.join(here, "..", "..", "..", "shared", "corpora", "snips-2017"))
    parser.add_argument("--mode", choices=["small", "full"], required=True)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--test-size", type=int, default=100, help="small: held-out queries per intent")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    if not os.path.isdir(args.source):
        sys.exit(f"error: {args.source}: no such folder")
    for folder in ("train", "test"):
        os.makedirs(os.path.join(args.out, folder), exist_ok=True)
    for intent in sorted(os.listdir(args.source)):
        folder = os.path.join(args.source, intent)
        if not os.path.isdir(folder):
            continue
        suffix = "_full" if args.mode == "full" else ""
        queries = read(os.path.join(folder, f"train_{intent}{suffix}.json"))[intent]
        seen, unique = set(), []
        for query in queries:
            text = "".join(chunk["text"] for chunk in query["data"]).strip().lower()
            if text not in seen:
                seen.add(text)
                unique.append(query)
        random.Random(f"{args.seed}-{intent}").shuffle(unique)
        held = args.test_size if args.mode == "small" else len(unique) // 5
        test, train = unique[:held], unique[held:]
        with open(os.path.join(args.out, "train", f"train_{intent}{suffix}.json"), "w", encoding="utf-8") as f:
            json.dump({intent: train}, f, ensure_ascii=False, indent=1)
        with open(os.path.join(args.out, "test", f"validate_{intent}.json"), "w", encoding="utf-8") as f:
            json.dump({intent: test}, f, ensure_ascii=False, indent=1)
        print(f"{intent}: {len(queries)} queries, {len(unique)} distinct → train {len(train)}, test {len(test)}")


if __name__ == "__main__":
    main()
