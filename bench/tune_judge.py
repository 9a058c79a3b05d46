"""Fit the judge's fusion weights (gatewatch.judge.retrieval.WEIGHTS) by coordinate ascent on Recall@5.

Fitted on the training questions (the casebook, src/gatewatch/judge/casebook.jsonl, written topic by topic)
plus the odd-numbered questions of the development set; the even-numbered development questions stay
held out and are only reported, and bench/data/judge_test.jsonl is never used here. Fit the weights
before widening the concept files from the training questions' misses: after that the training
questions are matched by lines written for them and would overweight the concepts (the weights in
retrieval.py were fitted on the first 400 training questions, before their concept lines). Each question's evidence (every list, the
concepts' scores) is gathered once; only the weighing is repeated. Prints the weights to paste into
retrieval.py. Run: .venv/bin/python bench/tune_judge.py [--rounds 3]"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from rich.progress import track

from gatewatch.judge.analysis import analyse
from gatewatch.judge.casebook import CASEBOOK
from gatewatch.judge.retrieval import WEIGHTS, fuse, gather
from gatewatch.store import open_store

DATA = Path(__file__).parent / "data"
FIXED = {"close_dense", "close_lexical"}  # used while gathering (which subrules a family offers)
FACTORS = (0.0, 0.5, 0.75, 1.33, 2.0)


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def is_odd(row: dict) -> bool:
    return int(row["id"].lstrip("q")) % 2 == 1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    store = open_store()
    version = store.latest_rules_version()
    dev = load(DATA / "judge_dev.jsonl")
    train_rows = load(CASEBOOK) + [r for r in dev if is_odd(r)]
    held_rows = [r for r in dev if not is_odd(r)]

    def prepare(rows: list[dict], label: str) -> list[tuple]:
        out = []
        for row in track(rows, description=f"Gathering evidence ({label})"):
            an = analyse(store, row["question"], version)
            out.append((an, gather(store, an), set(row["gold_rules"])))
        return out

    train, held = prepare(train_rows, "training"), prepare(held_rows, "held out")

    def recall5(items: list[tuple], weights: dict[str, float]) -> float:
        return statistics.mean(len(gold & {r for r, _ in fuse(store, an, ev, 5, weights).rules}) / len(gold)
                               for an, ev, gold in items)

    weights = dict(WEIGHTS)
    best = recall5(train, weights)
    print(f"start: training R@5 {best:.3f}, held-out R@5 {recall5(held, weights):.3f}")
    for rnd in range(args.rounds):
        for key in [k for k in weights if k not in FIXED]:
            for f in FACTORS:
                trial = dict(weights)
                trial[key] = weights[key] * f if weights[key] else f
                if key == "concept" and trial[key] == 0:
                    continue  # the other concept weights are relative to it
                score = recall5(train, trial)
                if score > best + 1e-9:
                    best, weights = score, trial
        print(f"round {rnd + 1}: training R@5 {best:.3f}")
    print(f"end: training R@5 {best:.3f}, held-out R@5 {recall5(held, weights):.3f}")
    print("WEIGHTS = {" + ", ".join(f'"{k}": {round(v, 2)}' for k, v in weights.items()) + "}")


if __name__ == "__main__":
    main()
