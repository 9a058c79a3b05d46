"""Spanish edition benchmark: build step, coverage, checker, Spanish lookups and search over 1,000 queries.

Run: .venv/bin/python bench/spanish.py [--db PATH]  (a database built by `gatewatch build`, rules at least).
The build step is timed on a copy, so the database given is never changed. Prints figures for bench/RESULTS.md."""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from gatewatch import config
from gatewatch.spanish import api
from gatewatch.spanish.check import check_store
from gatewatch.spanish.load import load_spanish
from gatewatch.store import Store


def timed(fn, *args):  # noqa: ANN001, ANN201
    started = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - started, result


def latencies(fn, inputs: list) -> str:  # noqa: ANN001
    ms = []
    for x in inputs:
        started = time.perf_counter()
        fn(x)
        ms.append((time.perf_counter() - started) * 1000)
    q = statistics.quantiles(ms, n=20)
    return f"p50 {statistics.median(ms):.2f} ms, p95 {q[18]:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", type=Path, default=config.db_path())
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "copy.db"
        shutil.copyfile(args.db, copy)
        writable = Store(copy, readonly=False)
        writable.conn.execute("DELETE FROM spanish_memory")
        seconds, report = timed(load_spanish, writable)
        writable.conn.commit()
        writable.close()
    print(f"| build step (`load_spanish`: {report['files']} files, {report['entries']} entries, FTS) "
          f"| {seconds:.2f} s |")
    store = Store(args.db)
    for version in ("2026-08-07", "2026-04-17", "2025-11-14"):
        seconds, cov = timed(api.status, store, version)
        print(f"| coverage of {version} (`status`) | {cov.percent}% current, {len(cov.stale)} stale, "
              f"{len(cov.missing)} missing; {seconds * 1000:.0f} ms |")
    seconds, rep = timed(check_store, store)
    print(f"| checker (`check_store`, {rep.checked} units) | {seconds:.2f} s, {len(rep.problems)} problems |")
    rng = random.Random(7)
    ids = [r["id"] for r in store.rules_of_version(store.latest_rules_version())]
    lookups = latencies(lambda i: api.spanish_rule(store, i), rng.choices(ids, k=1000))
    print(f"| `spanish_rule`, 1,000 random ids | {lookups} |")
    words = [w for r in store.spanish_memory_all()[:2000] for w in r["es_text"].split() if len(w) > 4 and w.isalpha()]
    queries = [" ".join(rng.sample(words, rng.randint(1, 3))) for _ in range(1000)]
    print(f"| `search_spanish` (1–3 random Spanish words), 1,000 | "
          f"{latencies(lambda q: api.search_spanish(store, q), queries)} |")


if __name__ == "__main__":
    main()
