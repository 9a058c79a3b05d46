"""Card fixtures: one real SQLite built from the real mirror once per session, and the mirror's
derived files parsed independently (the reference the tests compare the store with)."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path

import pytest

from gatewatch.store import Store


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
def cards_build(build_report) -> dict:
    """The session database of tests/conftest.py (built once): its path, card counts and card build time."""
    return {"path": build_report.path, "counts": build_report.cards, "seconds": build_report.timings["cards"]}


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
