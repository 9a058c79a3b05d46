"""Judge benchmark: Recall@1/5/10 of the gold rules among the answer's rule citations, MRR, card-resolution
accuracy and latency, overall and per language. Question sets (bench/data/): `dev` (judge_dev.jsonl, the
development set: the re-ranker never sees it; the fusion weights were tuned on its odd-numbered questions,
so the halves are reported apart),
`train` (the judge's casebook, src/gatewatch/judge/casebook.jsonl: fitted on and
searched by the judge itself, so its figures are in-sample), `test` (judge_test.jsonl, written last and never
fitted on or looked at question by question), `fresh` (judge_fresh.jsonl: casebook round k, 400 questions on points
the casebook lacked, measured blind and kept out of the casebook and of every fit; its card misses were read and
fixed, and in the fourteenth session its pool misses were read: tuning data now), `mainstream`
(judge_mainstream.jsonl: round l, 180 questions on the points players ask most, written blind by six writers in
the fourteenth session, never in the casebook nor fitted on). Extractive answers only (no LLM).
Run: .venv/bin/python bench/judge.py [--set dev|train|test|fresh|mainstream | --file NEW.jsonl ...] [--details] [--half odd] [--topics]
[--embedder e5-small,use-m3] (the dense models to fuse, best first; default: the store's preferred one)."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path

from gatewatch.judge import ask, embed
from gatewatch.judge.casebook import CASEBOOK
from gatewatch.store import open_store

SETS = {name: Path(__file__).parent / "data" / f"judge_{name}.jsonl" for name in ("dev", "test", "fresh", "mainstream")} | {"train": CASEBOOK}


def recall_at(ranked: list[str], gold: list[str], k: int) -> float:
    return len(set(ranked[:k]) & set(gold)) / len(gold) if gold else 1.0


def reciprocal_rank(ranked: list[str], gold: list[str]) -> float:
    for i, rid in enumerate(ranked, 1):
        if rid in gold:
            return 1 / i
    return 0.0


def evaluate(rows: list[dict], details: bool = False) -> dict[str, dict[str, float]]:
    store = open_store()
    ask("warm up: deathtouch and trample", store=store, backend=None)
    per: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        t = time.perf_counter()
        a = ask(row["question"], store=store, backend=None)
        ms = (time.perf_counter() - t) * 1000
        ranked = [c.id for c in a.citations if c.kind == "rule"]
        cards = {c.name for c in a.cards}
        m = {"r1": recall_at(ranked, row["gold_rules"], 1), "r5": recall_at(ranked, row["gold_rules"], 5),
             "r10": recall_at(ranked, row["gold_rules"], 10), "mrr": reciprocal_rank(ranked, row["gold_rules"]),
             "cards": float(cards == set(row["gold_cards"])), "ms": ms}
        keys = ["all", row["lang"], row["topic"]]
        if row["id"].startswith("q"):  # the development set's halves
            half = "odd" if int(row["id"].lstrip("q")) % 2 else "even"
            keys += [half, f"{half}-{row['lang']}"]
        for key in keys:
            per[key].append(m)
        if details and (m["r5"] < 1 or m["cards"] < 1):
            print(f"{row['id']} [{row['lang']}] r5={m['r5']:.2f} cards={'ok' if m['cards'] else 'WRONG'} "
                  f"gold={row['gold_rules']} got={ranked[:6]} gold_cards={row['gold_cards']} got_cards="
                  f"{sorted(cards)} cand={[c.names[:3] for c in a.candidates]}\n    {row['question'][:150]}")
    out = {}
    for key, ms in per.items():
        lat = [m["ms"] for m in ms]
        q = statistics.quantiles(lat, n=100) if len(lat) > 1 else [lat[0]] * 99
        out[key] = {"n": len(ms), **{k: sum(m[k] for m in ms) / len(ms) for k in ("r1", "r5", "r10", "mrr", "cards")},
                    "p50_ms": q[49], "p95_ms": q[94]}
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", default="dev", choices=sorted(SETS), help="which question set (default: dev)")
    ap.add_argument("--file", nargs="+", type=Path, help="question files in the same JSONL form (a new round, blind)")
    ap.add_argument("--details", action="store_true", help="print the questions that miss")
    ap.add_argument("--half", choices=("odd", "even"), help="only the tuning (odd) or held-out (even) questions")
    ap.add_argument("--topics", action="store_true", help="also print one line per topic")
    ap.add_argument("--embedder", help="comma-separated dense models to fuse (their vectors must be in the store)")
    args = ap.parse_args()
    embed.use_models(tuple(args.embedder.split(",")) if args.embedder else None)
    files = args.file or [SETS[args.set]]
    rows = [json.loads(line) for f in files for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.half and args.set == "dev":
        rows = [r for r in rows if (int(r["id"].lstrip("q")) % 2 == 1) == (args.half == "odd")]
    res = evaluate(rows, args.details)
    print(f"{'set':16s} {'n':>4s} {'R@1':>6s} {'R@5':>6s} {'R@10':>6s} {'MRR':>6s} {'cards':>6s} "
          f"{'p50':>7s} {'p95':>7s}")
    halves = ["odd", "odd-es", "odd-en", "even", "even-es", "even-en"]
    order = ["all", "es", "en"] + halves
    if args.topics:
        order += sorted(k for k in res if k not in order)
    for key in (k for k in order if k in res):
        r = res[key]
        print(f"{key:16s} {r['n']:4d} {r['r1']:6.3f} {r['r5']:6.3f} {r['r10']:6.3f} {r['mrr']:6.3f} {r['cards']:6.3f} "
              f"{r['p50_ms']:6.1f}ms {r['p95_ms']:6.1f}ms")


if __name__ == "__main__":
    main()
