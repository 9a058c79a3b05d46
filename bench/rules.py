"""Rules benchmark: build times, database size, and lookup/search latency over 1,000 queries each.

Run: .venv/bin/python bench/rules.py [--mirror DIR]. Prints figures; copy them into bench/RESULTS.md."""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from gatewatch import config
from gatewatch.rules import api
from gatewatch.rules.load import load_rules, mirror_rule_files
from gatewatch.store import MIGRATIONS, Store, atomic_file


def build(dest: Path, mirror: Path, files: list[Path] | None) -> float:
    started = time.perf_counter()
    with atomic_file(dest) as tmp:
        store = Store(tmp, readonly=False)
        store.migrate(MIGRATIONS)
        load_rules(store, mirror, None, files=files)
        store.conn.commit()
        store.close()
    return time.perf_counter() - started


def percentiles(samples: list[float]) -> str:
    qs = statistics.quantiles(samples, n=100)
    return f"p50 {qs[49] * 1000:.3f} ms, p95 {qs[94] * 1000:.3f} ms (n={len(samples)})"


def timed(fn, args_list) -> list[float]:
    out = []
    for args in args_list:
        t = time.perf_counter()
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 - a miss is still a timed lookup
            pass
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", type=Path, default=config.find_mirror())
    args = parser.parse_args()
    files = mirror_rule_files(args.mirror)
    newest = max((f for f in files if f.parent.name == "history"), key=lambda f: f.name)
    with tempfile.TemporaryDirectory() as tmp:
        t_one = build(Path(tmp) / "one.db", args.mirror, [newest])
        db = Path(tmp) / "all.db"
        t_all = build(db, args.mirror, None)
        print(f"build newest version ({newest.name}): {t_one:.2f} s")
        print(f"build all {len(files)} files (62 versions): {t_all:.2f} s")
        print(f"database size (rules only): {db.stat().st_size / 1e6:.1f} MB")
        store = Store(db)
        rng = random.Random(7)
        v = store.latest_rules_version()
        ids = [r["id"] for r in store.rules_of_version(v)]
        terms = [t["term"] for t in store.glossary_terms(v)]
        words = [w for r in store.rules_of_version(v)[::7] for w in r["text"].split()[:6] if len(w) > 4]
        rule_q = [(store, rng.choice(ids)) for _ in range(1000)]
        gloss_q = [(store, rng.choice(terms).lower() + rng.choice(["", "s"])) for _ in range(1000)]
        search_q = [(store, " ".join(rng.sample(words, rng.randint(1, 3)))) for _ in range(1000)]
        timed(api.get_rule, rule_q[:50])  # warm the page cache
        print("rule lookup:     " + percentiles(timed(api.get_rule, rule_q)))
        print("glossary lookup: " + percentiles(timed(api.define, gloss_q)))
        print("search:          " + percentiles(timed(api.search_rules, search_q)))
        store.close()


if __name__ == "__main__":
    main()
