"""`gatewatch build`: sources → parsers → one SQLite file, written aside and swapped in atomically."""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from . import config
from .rules.load import RulesBuildReport, load_rules
from .sources.comprules.download import RULES_PAGE, download_current_rules
from .store import MIGRATIONS, Store, atomic_file

PARTS = ("rules", "cards", "vectors", "ygo")


@dataclass
class BuildReport:
    path: Path
    mirror: Path | None
    seconds: float = 0.0
    size_bytes: int = 0
    rules: RulesBuildReport | None = None
    cards: dict = field(default_factory=dict)
    spanish: dict = field(default_factory=dict)
    vectors: dict = field(default_factory=dict)
    ygo: dict = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)  # seconds per part


@contextmanager
def _timed(report: BuildReport, part: str) -> Iterator[None]:
    started = time.perf_counter()
    yield
    report.timings[part] = round(time.perf_counter() - started, 2)


def _progress(console: Console | None) -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), console=console or Console(stderr=True), transient=False,
                    disable=console is None)


def build_database(dest: Path | None = None, mirror: Path | None = None, *, parts: tuple[str, ...] = PARTS,
                   console: Console | None = None, rules_page: str = RULES_PAGE) -> BuildReport:
    """Build the content database at `dest` (default: $GATEWATCH_HOME/gatewatch.db).

    With a mirror, every source comes from it; without one, the current CR is downloaded from Wizards
    and the cards from Scryfall's bulk data. Any error leaves the previous database untouched."""
    dest = dest or config.db_path()
    started = time.perf_counter()
    report = BuildReport(path=dest, mirror=mirror)
    with atomic_file(dest) as tmp, _progress(console) as progress:
        store = Store(tmp, readonly=False)
        try:
            store.migrate(MIGRATIONS)
            store.set_meta("built_at", time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
            store.set_meta("source", str(mirror) if mirror else "download")
            if "rules" in parts:
                with _timed(report, "rules"):
                    files = None if mirror else [download_current_rules(config.cache_dir(), rules_page)]
                    report.rules = load_rules(store, mirror, progress, files=files)
                with _timed(report, "spanish"):
                    report.spanish = _load_spanish(store, progress)
            if "cards" in parts:
                with _timed(report, "cards"):
                    report.cards = _load_cards(store, mirror, progress)
            if "ygo" in parts and mirror is not None:
                with _timed(report, "ygo"):
                    report.ygo = _load_ygo(store, mirror, progress)
                    if report.ygo and "rules" in parts:
                        from .spanish.ygo import load_ygo_translations
                        report.ygo.update(load_ygo_translations(store))
            if "rules" in parts and "vectors" in parts:
                from .judge.vectors import build_vectors
                with _timed(report, "vectors"):
                    report.vectors = build_vectors(store, progress)
            store.conn.commit()
            store.conn.execute("ANALYZE")
            store.conn.commit()
        finally:
            store.close()
    report.seconds = time.perf_counter() - started
    report.size_bytes = dest.stat().st_size
    return report


def _load_spanish(store: Store, progress: Progress) -> dict:
    if importlib.util.find_spec("gatewatch.spanish.load") is None:
        return {}  # the Spanish edition loader is not in this checkout
    from .spanish import load as spanish_load
    return spanish_load.load_spanish(store, progress)


def _load_cards(store: Store, mirror: Path | None, progress: Progress) -> dict:
    if importlib.util.find_spec("gatewatch.cards.load") is None:
        return {}  # the cards loader is not in this checkout
    from .cards import load as cards_load
    if mirror is not None:
        return cards_load.load_cards(store, mirror, progress)
    from .sources.scryfall import download as scryfall_download
    oracle, rulings = scryfall_download.download_bulk(config.cache_dir())
    return cards_load.load_cards_scryfall(store, oracle, rulings, progress)


def _load_ygo(store: Store, mirror: Path, progress: Progress) -> dict:
    # Yu-Gi-Oh data comes only from the mirror (there is no download path for it yet).
    if importlib.util.find_spec("gatewatch.ygo.load") is None:
        return {}
    from .ygo import load as ygo_load
    return ygo_load.load_ygo(store, mirror, progress)
