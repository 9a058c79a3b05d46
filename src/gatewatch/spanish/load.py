"""Build step: load the terminology and the Spanish edition into the translation memory, then index it.

Called by `gatewatch build` after the rules are stored, inside its transaction. A translation file that
does not align is reported (its bad units are skipped) rather than failing the whole build: the
checker (`gatewatch spanish check`) is what fails CI on it."""

from __future__ import annotations

from pathlib import Path

from rich.progress import Progress

from ..store import Store
from .edition import Problem, align, parse_file
from .memory import EDITION_VERSION, EnglishUnit, MemoryEntry, english_units, resolve_sources, unit_states
from .stem import stem_text
from .terms import load_terms

EDITION_DIR = Path(__file__).resolve().parent / "edition"


def edition_version(store: Store) -> str | None:
    """The version the edition translates; the newest stored one if that version is not in this database."""
    return EDITION_VERSION if store.has_rules_version(EDITION_VERSION) else store.latest_rules_version()


def read_translation_dir(directory: Path, english: list[EnglishUnit], version: str, label: str | None = None,
                         files: list[Path] | None = None) -> tuple[list[MemoryEntry], list[Problem], int]:
    """Parse and align every *.txt file of a directory (or `files`): (entries, problems, files read)."""
    files = sorted(directory.glob("*.txt") if files is None else files)
    seen: dict = {}
    entries: list[MemoryEntry] = []
    problems: list[Problem] = []
    for path in files:
        name = f"{label}/{path.name}" if label else str(path)
        units, parse_problems = parse_file(path.read_text(encoding="utf-8"), name)
        aligned, align_problems = align(units, english, version, name, seen)
        entries += aligned
        problems += parse_problems + align_problems
    return entries, problems, len(files)


def load_spanish(store: Store, progress: Progress | None = None, directory: Path = EDITION_DIR) -> dict:
    """Store the terminology and the edition's translations; returns counts, coverage and file problems."""
    version = edition_version(store)
    terms = load_terms()
    store.replace_spanish_terms(t.row() for t in terms)
    if version is None or not directory.is_dir():
        return {"version": version, "terms": len(terms), "entries": 0, "problems": []}
    task = progress.add_task("Loading the Spanish edition", total=3) if progress else None
    english = english_units(store, version)
    entries, problems, files = read_translation_dir(directory, english, version, label="edition")
    entries = resolve_sources(store, entries)  # exchange-format files may translate other versions' English
    _advance(progress, task)
    store.upsert_spanish_memory(e.row() for e in entries)
    _advance(progress, task)
    store.index_spanish_text(stem_text)
    _advance(progress, task)
    states = unit_states(store, version)
    current = sum(1 for s in states if s.state == "current")
    return {"version": version, "files": files, "terms": len(terms), "entries": len(entries),
            "coverage": round(100 * current / len(states), 2) if states else 0.0,
            "problems": [str(p) for p in problems]}


def _advance(progress: Progress | None, task: object) -> None:
    if progress is not None:
        progress.advance(task)  # type: ignore[arg-type]
