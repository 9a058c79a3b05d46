"""All SQL lives in this package. `Store` is the one object the rest of the code talks to.

Each domain adds a mixin with its queries and its named migrations: rules.py, spanish.py, cards.py, judge.py,
ygo.py."""

from __future__ import annotations

from pathlib import Path

from .. import config
from .base import BaseStore, Migration, atomic_file
from .cards import MIGRATIONS as CARDS_MIGRATIONS
from .cards import CardsStore
from .judge import MIGRATIONS as JUDGE_MIGRATIONS
from .judge import JudgeStore
from .rules import MIGRATIONS as RULES_MIGRATIONS
from .rules import RulesStore
from .spanish import MIGRATIONS as SPANISH_MIGRATIONS
from .spanish import SpanishStore
from .ygo import MIGRATIONS as YGO_MIGRATIONS
from .ygo import YgoStore

CORE_MIGRATIONS: list[Migration] = [
    ("core-001-meta", "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"),
]
MIGRATIONS: list[Migration] = (CORE_MIGRATIONS + RULES_MIGRATIONS + SPANISH_MIGRATIONS + CARDS_MIGRATIONS
                               + JUDGE_MIGRATIONS + YGO_MIGRATIONS)


class Store(RulesStore, SpanishStore, CardsStore, JudgeStore, YgoStore, BaseStore):
    """The content database: read-only for readers, writable only during `gatewatch build`."""


def open_store(path: Path | None = None) -> Store:
    """Open the built database read-only (default: $GATEWATCH_HOME/gatewatch.db)."""
    return Store(path or config.db_path(), readonly=True)


__all__ = ["Store", "open_store", "atomic_file", "MIGRATIONS", "Migration"]
