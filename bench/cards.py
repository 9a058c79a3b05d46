"""Card benchmark: build time, then p50/p95 of name resolution and of 200 mixed Scryfall queries.

    .venv/bin/python bench/cards.py [--mirror DIR] [--db PATH]

Builds the cards from the mirror into a temporary SQLite (or uses --db as is), reopens it
read-only as the app does, and times each call. Targets: resolution p50 < 2 ms, query p50 < 20 ms."""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from gatewatch import config
from gatewatch.cards import resolve_name, search_cards
from gatewatch.cards.load import load_cards
from gatewatch.store import MIGRATIONS, Store

QUERY_TEMPLATES = [
    "t:{type}", "t:{type} c:{color}", "c>={pair}", "id<={guild} t:instant", "mv={mv} t:creature",
    "mv>={mv} pow>={mv}", 'o:"{phrase}"', "o:{word} t:{type}", "kw:{kw}", "kw:{kw} c:{color} mv<={mv}",
    "f:{fmt} t:{type}", "banned:{fmt}", "s:{set}", "is:{is}", "is:{is} c:{color}", "-t:creature o:{word}",
    "(t:goblin or t:elf) c:{color}", "{name_word}", "lang:es o:{es_word}", "lang:es {es_word}",
    "pow>tou t:{type}", 'o:"~ deals"', "c:m mv<={mv}", "id:c t:land", "t:legendary t:creature id<={guild}",
]
FILL = {
    "type": ["creature", "elf", "goblin", "dragon", "instant", "sorcery", "artifact", "enchantment", "land",
             "wizard", "zombie", "planeswalker", "equipment", "aura", "angel"],
    "color": ["w", "u", "b", "r", "g"], "pair": ["ug", "wb", "rg", "wu", "br"],
    "guild": ["esper", "azorius", "gruul", "jund", "bant", "simic", "rakdos"],
    "mv": ["0", "1", "2", "3", "4", "5", "6"],
    "phrase": ["draw a card", "destroy target creature", "counter target spell", "gain 3 life", "+1/+1 counter",
               "enters the battlefield", "each opponent", "search your library"],
    "word": ["flying", "sacrifice", "discard", "exile", "token", "graveyard", "untap", "scry"],
    "kw": ["flying", "deathtouch", "trample", "haste", "lifelink", "flash", "vigilance", "scry", "equip"],
    "fmt": ["modern", "legacy", "commander", "pauper", "standard", "pioneer", "vintage"],
    "set": ["neo", "lea", "m19", "dom", "war", "khm", "mh2", "snc"],
    "is": ["split", "dfc", "permanent", "spell", "commander", "adventure", "mdfc", "vanilla"],
    "name_word": ["lightning", "angel", "dragon", "goblin", "elf", "sword", "jace", "liliana", "bolt"],
    "es_word": ["vuela", "criatura", "roba", "dragon", "angel", "destruye", "relampago", "guerrero"],
}


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def name_mix(store: Store, rng: random.Random, n: int = 500) -> list[str]:
    """What people type: exact English and Spanish names, folded, prefixes, one-letter typos."""
    english = [r[0] for r in store.conn.execute("SELECT name FROM cards WHERE is_spoiler = 0")]
    spanish = [r[0] for r in store.conn.execute("SELECT name FROM card_names WHERE lang = 'es'")]
    out = []
    for i in range(n):
        name = rng.choice(english if i % 2 else spanish)
        kind = i % 10
        if kind < 5:
            out.append(name)
        elif kind < 7:
            out.append(name.lower().replace("á", "a").replace("é", "e").replace("í", "i").replace("ó", "o"))
        elif kind < 8:
            out.append(name[: max(4, len(name) * 2 // 3)])
        else:
            j = rng.randrange(1, len(name)) if len(name) > 2 else 0
            out.append(name[:j] + name[j + 1:])  # drop one letter
    return out


def query_mix(rng: random.Random, n: int = 200) -> list[str]:
    out = []
    for i in range(n):
        template = QUERY_TEMPLATES[i % len(QUERY_TEMPLATES)]
        for key, values in FILL.items():
            while "{" + key + "}" in template:
                template = template.replace("{" + key + "}", rng.choice(values), 1)
        out.append(template)
    return out


def timed(fn, items: list[str]) -> list[float]:
    samples = []
    for item in items:
        started = time.perf_counter()
        fn(item)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=None)
    parser.add_argument("--db", type=Path, default=None, help="use this built database instead of building")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            mirror = config.find_mirror(args.mirror)
            if mirror is None:
                raise SystemExit("no data mirror: pass --mirror DIR")
            db = Path(tmp) / "cards.db"
            store = Store(db, readonly=False)
            store.migrate(MIGRATIONS)
            started = time.perf_counter()
            counts = load_cards(store, mirror)
            store.conn.commit()
            store.conn.execute("ANALYZE")
            store.conn.commit()
            store.close()
            print(f"build: {time.perf_counter() - started:.1f} s  ({counts['cards']} cards, "
                  f"{counts['rulings']} rulings, {counts['spanish_names']} Spanish names, "
                  f"{db.stat().st_size / 1e6:.0f} MB)")
        store = Store(db, readonly=True)
        rng = random.Random(20261202)
        names = name_mix(store, rng)
        resolve_name(store, "warm up the fuzzy index")
        res = timed(lambda t: resolve_name(store, t), names)
        queries = query_mix(rng)
        search_cards(store, "t:elf")  # warm the page cache like a running server
        qry = timed(lambda q: search_cards(store, q, limit=50), queries)
        p50, p95 = percentiles(res)
        print(f"name resolution ({len(names)} names): p50 {p50:.2f} ms  p95 {p95:.2f} ms  (target p50 < 2 ms)")
        p50, p95 = percentiles(qry)
        print(f"queries ({len(queries)} mixed): p50 {p50:.2f} ms  p95 {p95:.2f} ms  (target p50 < 20 ms)")
        slowest = sorted(zip(qry, queries), reverse=True)[:3]
        print("slowest queries: " + ", ".join(f"{q!r} {ms:.1f} ms" for ms, q in slowest))
        store.close()


if __name__ == "__main__":
    main()
