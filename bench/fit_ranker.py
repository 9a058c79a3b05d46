"""Fit the judge's re-ranker (gatewatch.judge.ranker; weights in src/gatewatch/judge/ranker.json).

Fitted on the casebook's rounds written after the concept files were last widened from missed questions
(FIT_ROUNDS: the earlier rounds' misses wrote concept lines, so on them the concept lists look better than
on new questions and a model fitted there trusts them too much: measured, it gained less on held-out
questions) plus the odd-numbered development questions. A casebook question is gathered as if it were
new: its own case is taken out of the nearest cases and out of the citation counts. The even-numbered
development questions and bench/data/judge_test.jsonl stay held out (bench/judge.py reports them).

The model is linear over the standardised features, fitted with a listwise softmax loss (each question's
gold rules against its other candidates) by Adam with a small L2 penalty; a 16-unit hidden layer was
measured too (5-fold cross-validation on every never-fitted question: +0.032 Recall@5 against +0.035 for
the linear model) and not taken.
Run: .venv/bin/python bench/fit_ranker.py [--epochs 300] [--dry-run]"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

import numpy as np
from rich.progress import track

from gatewatch.judge import embed
from gatewatch.judge.analysis import analyse
from gatewatch.judge.casebook import CASEBOOK, case_votes, case_words, rules_of_similar
from gatewatch.judge.ranker import FEATURES, POOL, RANKER, candidate_features
from gatewatch.judge.retrieval import fuse, gather
from gatewatch.judge.vectors import case_index, vector_indexes
from gatewatch.store import open_store

DATA = Path(__file__).parent / "data"
FIT_ROUNDS = ("z", "a", "b", "c", "d", "e")


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def is_odd(row: dict) -> bool:
    return int(row["id"].lstrip("q")) % 2 == 1


def prepare(store, rows: list[dict], in_casebook: bool, label: str) -> list[tuple[list[str], np.ndarray, set[str]]]:
    """Each question's candidates, their features and its gold rules."""
    version = store.latest_rules_version()
    index = vector_indexes(store, version, embed.ACTIVE)[0]
    cases = case_index(store, version, index.model)
    out = []
    for row in track(rows, description=f"Gathering ({label})"):
        an = analyse(store, row["question"], version)
        ev = gather(store, an)
        leave_out: tuple[str, ...] = ()
        if in_casebook and cases is not None and ev.query_vector is not None:
            scores = cases.scores(ev.query_vector).copy()
            scores[[i for i, cid in enumerate(cases.ids) if cid == row["id"]]] = -1.0
            ev.case_votes = case_votes(cases.ids, scores)
            ev.lists["case"] = rules_of_similar(ev.case_votes)
            leave_out = tuple(row["gold_rules"])
            if ev.case_words is not None:
                ev.case_words = ev.case_words.copy()
                ev.case_words[[i for i, cid in enumerate(case_words().ids) if cid == row["id"]]] = 0.0
        found = fuse(store, an, ev, POOL)
        x = candidate_features(store, an, ev, found.rules, found.sources, leave_out)
        out.append(([rid for rid, _ in found.rules], x, set(row["gold_rules"])))
    return out


def tensors(items):
    x = np.zeros((len(items), POOL, len(FEATURES)))
    mask, gold = np.zeros((len(items), POOL)), np.zeros((len(items), POOL))
    for i, (ids, feats, g) in enumerate(items):
        x[i, :len(ids)] = feats
        mask[i, :len(ids)] = 1
        gold[i, :len(ids)] = [rid in g for rid in ids]
    return x, mask, gold


def fit(items, epochs: int, l2: float = 1e-3, lr: float = 0.01) -> dict:
    x, mask, gold = tensors(items)
    keep = gold.sum(1) > 0  # a question whose gold rules were never candidates teaches nothing here
    x, mask, gold = x[keep], mask[keep], gold[keep]
    flat = x[mask > 0]
    mean, scale = flat.mean(0), flat.std(0) + 1e-6
    z = (x - mean) / scale
    target = gold / gold.sum(1, keepdims=True)
    w = np.zeros(len(FEATURES))
    m, v = np.zeros_like(w), np.zeros_like(w)
    for step in range(1, epochs + 1):
        s = np.where(mask > 0, z @ w, -1e9)
        p = np.exp(s - s.max(1, keepdims=True)) * mask
        p /= p.sum(1, keepdims=True)
        grad = np.einsum("qpf,qp->f", z, (p - target) / len(z)) + l2 * w
        m, v = 0.9 * m + 0.1 * grad, 0.999 * v + 0.001 * grad ** 2
        w -= lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return {"features": list(FEATURES), "mean": mean.tolist(), "scale": scale.tolist(), "hidden": None,
            "hidden_bias": None, "out": w.tolist(), "out_bias": 0.0}


def recall5(items, model: dict | None) -> float:
    out = []
    for ids, feats, g in items:
        order = list(range(len(ids)))
        if model is not None:
            s = ((feats - np.array(model["mean"])) / np.array(model["scale"])) @ np.array(model["out"])
            order = sorted(order, key=lambda i: (-s[i], i))
        out.append(len({ids[i] for i in order[:5]} & g) / len(g))
    return statistics.mean(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=300)
    ap.add_argument("--dry-run", action="store_true", help="report, do not write ranker.json")
    args = ap.parse_args()
    store = open_store()
    dev = load(DATA / "judge_dev.jsonl")
    cases = [r for r in load(CASEBOOK) if r["id"].startswith(FIT_ROUNDS)]
    train = prepare(store, cases, True, "casebook") + prepare(store, [r for r in dev if is_odd(r)], False, "dev odd")
    held = prepare(store, [r for r in dev if not is_odd(r)], False, "dev even, held out")
    model = fit(train, args.epochs)
    model["fitted_on"] = f"{len(train)} questions: casebook rounds {', '.join(FIT_ROUNDS)} and the odd dev questions"
    print(f"training ({len(train)}): R@5 {recall5(train, None):.3f} fused → {recall5(train, model):.3f} re-ranked")
    print(f"held out ({len(held)}): R@5 {recall5(held, None):.3f} fused → {recall5(held, model):.3f} re-ranked")
    for name, weight in sorted(zip(FEATURES, model["out"]), key=lambda fw: -abs(fw[1]))[:12]:
        print(f"  {name:28s} {weight:+.3f}")
    if not args.dry_run:
        RANKER.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {RANKER}")


if __name__ == "__main__":
    main()
