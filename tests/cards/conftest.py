"""Card fixtures: one real SQLite built from the real mirror once per session, and the mirror's
derived files parsed independently (the reference the tests compare the store with)."""

from __future__ import annotations

import csv
import gzip
import json
import time
from pathlib import Path

import pytest

from gatewatch.cards.load import load_cards
from gatewatch.store import MIGRATIONS, Store


def _newest_rules_file(mirror: Path) -> Path | None:
    files = sorted((mirror / "rules" / "mtg" / "en").glob("MagicCompRules_*.txt"))
    return files[-1] if files else None


@pytest.fixture(scope="session")
def mtg_dir(mirror: Path) -> Path:
    folder = mirror / "cards" / "mtg"
    if not folder.is_dir():
        pytest.fail(f"the card mirror {folder} is required for the card tests")
    return folder


@pytest.fixture(scope="session")
def cards_build(tmp_path_factory, mirror: Path, mtg_dir: Path) -> dict:
    """Build the cards (plus the newest CR, for keyword → rule links) into a temp SQLite, once."""
    path = tmp_path_factory.mktemp("cards") / "cards.db"
    store = Store(path, readonly=False)
    store.migrate(MIGRATIONS)
    started = time.perf_counter()
    counts = load_cards(store, mirror)
    seconds = time.perf_counter() - started
    rules_file = _newest_rules_file(mirror)
    if rules_file is not None:
        # Only the newest CR version: enough to link keywords to rules, and fast (< 1 s).
        from gatewatch.rules.load import load_rules
        load_rules(store, None, files=[rules_file])
    store.conn.commit()
    store.close()
    return {"path": path, "counts": counts, "seconds": seconds}


@pytest.fixture(scope="session")
def cards_store(cards_build: dict) -> Store:
    """The built card database, reopened read-only as the app opens it."""
    return Store(cards_build["path"], readonly=True)


@pytest.fixture(scope="session")
def derived_cards(mtg_dir: Path) -> list[dict]:
    """The mirror's derived oracle_cards.jsonl.gz: 31,979 records, one per unique card."""
    with gzip.open(mtg_dir / "oracle_cards.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture(scope="session")
def derived_rulings(mtg_dir: Path) -> list[dict]:
    with gzip.open(mtg_dir / "rulings.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


@pytest.fixture(scope="session")
def derived_names_es(mtg_dir: Path) -> list[dict]:
    with gzip.open(mtg_dir / "names_es.tsv.gz", "rt", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))
