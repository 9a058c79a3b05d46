"""Yu-Gi-Oh benchmark: build time, then p50/p95 of topic lookups, name resolution and card queries.

    .venv/bin/python bench/ygo.py [--mirror DIR]

Builds only the Yu-Gi-Oh tables from the mirror into a temporary SQLite, reopens it read-only as the
app does, and times each call. Targets: topic and name p50 < 2 ms, query p50 < 20 ms."""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from gatewatch import config, ygo
from gatewatch.store import MIGRATIONS, Store
from gatewatch.store.ygo import MIGRATIONS as YGO_MIGRATIONS
from gatewatch.store.ygo import YgoStore
from gatewatch.ygo.load import load_ygo

QUERIES = ["type:xyz rank>=4", "atk>=2500 attr:light", "race:dragon level>=7", "banned:tcg", "type:trap type:counter",
           '"draw 2 cards"', 'lang:es "roba 1 carta"', "type:link link>=3 attr:dark", "destroy banish",
           "(type:fusion or type:synchro) atk<2000", "type:pendulum scale<=2", "-type:effect type:monster",
           "def:? type:monster", "raza:guerrero nivel:4", "o:/^if this card is sent to the gy/"]
NAMES = ["Dark Magician", "mago oscuro", "Blue-Eyes White Dragon", "Dragón Blanco de Ojos Azules", "Ash Blossom",
         "Mystical Space Typhoon", "Tifón del Espacio Místico", "Pot of Greed", "Dark Magican", "Necrovalle"]


def _store_class() -> type[Store]:
    if issubclass(Store, YgoStore):
        return Store
    return type("YgoBenchStore", (YgoStore, Store), {})


def _times(calls) -> tuple[float, float]:
    spent = []
    for call in calls:
        started = time.perf_counter()
        call()
        spent.append((time.perf_counter() - started) * 1000)
    spent.sort()
    return statistics.median(spent), spent[int(len(spent) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", type=Path, default=config.find_mirror())
    args = parser.parse_args()
    cls = _store_class()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ygo.db"
        store = cls(path, readonly=False)
        store.migrate(MIGRATIONS + [m for m in YGO_MIGRATIONS if m not in MIGRATIONS])
        started = time.perf_counter()
        counts = load_ygo(store, args.mirror)
        store.conn.commit()
        store.close()
        print(f"build: {time.perf_counter() - started:.1f} s, {counts['ygo_cards']} cards, "
              f"{counts['ygo_topics']} topics, {path.stat().st_size / 1e6:.1f} MB")
        store = cls(path)
        refs = [(c.number, t.slug_es) for c in ygo.list_chapters(store) for t in c.topics]
        rng = random.Random(7)
        topic = _times([lambda r=r: ygo.get_topic(store, *r) for r in rng.choices(refs, k=300)])
        ygo.resolve_name(store, "warm up the fuzzy index")
        names = _times([lambda n=n: ygo.resolve_name(store, n) for n in NAMES * 20])
        queries = _times([lambda q=q: ygo.search_cards(store, q, limit=50) for q in QUERIES * 10])
        for label, (p50, p95) in (("topic", topic), ("name", names), ("query", queries)):
            print(f"{label:6} p50 {p50:6.2f} ms  p95 {p95:6.2f} ms")


if __name__ == "__main__":
    main()
