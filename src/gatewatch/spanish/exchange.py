"""`gatewatch spanish export` / `import`: the memory as reviewable files, one per section.

Export writes the exchange format (see edition.py): each unit of a version with the sha1 and text of the
English its Spanish translates, so stale entries stay stale through an export → edit → import round trip.
Import accepts that format and the edition's line-for-line one, validates every file against the English
and refuses the whole import, naming file and line, if anything does not align."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pydantic import BaseModel

from ..rules.api import resolve_version
from ..store import Store
from .edition import EditionError, Problem, is_exchange_format
from .load import edition_version, read_translation_dir
from .memory import EnglishUnit, MemoryEntry, english_units, resolve_sources, unit_states
from .stem import stem_text

HEADER = """# Gatewatch, Spanish edition of the Comprehensive Rules: {title}
# English of CR {version}. Each entry: '@ KIND ID en=SHA1' (sha1 of the English the Spanish translates),
# the '> ' lines of that English, then the Spanish. 'stale' marks a Spanish written for other English than this
# version's (shown in '!>' lines): revise it, then delete 'en=…' so that import takes this version's English.
# Leave the Spanish empty where there is none yet. Lines starting with '!' are notes; import ignores them.
"""


class ExportReport(BaseModel):
    directory: str
    version: str
    files: int
    entries: int
    stale: int
    missing: int


class ImportReport(BaseModel):
    directory: str
    version: str
    files: int
    entries: int
    new: int
    changed: int
    saved_to: str | None = None


def file_name(unit: EnglishUnit) -> str:
    """'702.txt' for section 702 and its rules, 'chapters.txt' for the chapter titles, 'glossary.txt'."""
    if unit.kind == "glossary":
        return "glossary.txt"
    return "chapters.txt" if unit.label == "chapter" else f"{unit.section}.txt"


def export_memory(store: Store, directory: Path, version: str | None = None,
                  only: set[str] | None = None) -> ExportReport:
    """Write one file per section for `version` (default newest). `only`: file names to write."""
    v = resolve_version(store, version)
    states = unit_states(store, v)
    by_file: dict[str, list[str]] = defaultdict(list)
    titles = {s.unit.key: s.unit.text for s in states if s.unit.label in ("section", "chapter")}
    counts = {"entries": 0, "stale": 0, "missing": 0}
    for s in states:
        name = file_name(s.unit)
        if only is not None and name not in only:
            continue
        by_file[name].append(_block(s.unit, s.entry, s.state, v))
        counts["entries"] += s.entry is not None
        counts["stale"] += s.state == "stale"
        counts["missing"] += s.state == "missing"
    directory.mkdir(parents=True, exist_ok=True)
    for name, blocks in by_file.items():
        stem = name.removesuffix(".txt")
        title = {"glossary": "Glossary", "chapters": "chapter titles"}.get(
            stem, f"section {stem} ({titles.get(stem, '')})")
        (directory / name).write_text(HEADER.format(title=title, version=v) + "\n" + "\n".join(blocks),
                                      encoding="utf-8")
    return ExportReport(directory=str(directory), version=v, files=len(by_file), **counts)


def _block(unit: EnglishUnit, entry: MemoryEntry | None, state: str, version: str) -> str:
    key = unit.term if unit.kind == "glossary" else unit.key
    dup = f" dup={unit.dup}" if unit.dup else ""
    en_hash = entry.en_hash if entry else unit.en_hash
    lines = [f"@ {unit.kind} {key}{dup} en={en_hash}" + (" stale" if state == "stale" else "")]
    english = entry.en_text if entry and entry.en_text else unit.text
    lines += ["> " + ln for ln in english.split("\n")]
    if state == "stale":
        lines.append(f"! The English of CR {version} reads:")
        lines += ["!> " + ln for ln in unit.text.split("\n")]
    if entry is not None:
        if unit.kind == "glossary":
            lines.append(entry.es_term or "")
        lines += entry.es_text.split("\n")
    return "\n".join(lines) + "\n"


def import_dir(store: Store, directory: Path, version: str | None = None, save: Path | None = None) -> ImportReport:
    """Validate every file of `directory` and, only if all align, write them into the memory (a writable store).

    Files in the exchange format align with `version` (default newest); line-for-line files with the edition's
    version. `save`: an edition folder (spanish/edition/) to write the imported sections into, in the exchange
    format, so that the next build keeps them."""
    if not directory.is_dir():
        raise EditionError([Problem(str(directory), 0, "not a directory")])
    v = resolve_version(store, version)
    plain_v = v if version else (edition_version(store) or v)
    entries, problems = _read(directory, store, v, plain_v)
    if problems:
        raise EditionError(problems)
    if not entries:
        raise EditionError([Problem(str(directory), 0, "no translated entries found in *.txt files")])
    entries = resolve_sources(store, entries)
    before = {(e.kind, e.key, e.dup): e for e in (MemoryEntry.from_row(r) for r in store.spanish_memory_all())}
    new = sum(1 for e in entries if (e.kind, e.key, e.dup) not in before)
    changed = sum(1 for e in entries if (old := before.get((e.kind, e.key, e.dup))) is not None
                  and (old.es_text, old.es_term, old.en_hash) != (e.es_text, e.es_term, e.en_hash))
    store.upsert_spanish_memory(e.row() for e in entries)
    store.index_spanish_text(stem_text)
    store.conn.commit()
    saved = _save(store, v, entries, save) if save else None
    files = len(list(directory.glob("*.txt")))
    return ImportReport(directory=str(directory), version=v, files=files, entries=len(entries), new=new,
                        changed=changed, saved_to=saved)


def _read(directory: Path, store: Store, version: str, plain_version: str) -> tuple[list[MemoryEntry], list[Problem]]:
    """Exchange-format files align with `version`, line-for-line files with `plain_version`."""
    exchange = [p for p in directory.glob("*.txt") if is_exchange_format(p.read_text(encoding="utf-8"))]
    plain = [p for p in directory.glob("*.txt") if p not in exchange]
    entries: list[MemoryEntry] = []
    problems: list[Problem] = []
    for files, v in ((exchange, version), (plain, plain_version)):
        if files:
            got, probs, _ = read_translation_dir(directory, english_units(store, v), v, files=files)
            entries += got
            problems += probs
    return entries, problems


def _save(store: Store, version: str, entries: list[MemoryEntry], edition: Path) -> str:
    """Rewrite the touched sections of the edition in the exchange format; drop the line-for-line files they replace."""
    units = {(u.kind, u.key, u.dup): u for u in english_units(store, version)}
    names = {file_name(units[(e.kind, e.key, e.dup)]) for e in entries if (e.kind, e.key, e.dup) in units}
    export_memory(store, edition, version, only=names)
    for path in edition.glob("*.txt"):
        if path.name not in names and _plain_section(path.name) in names:
            path.unlink()
    return str(edition)


def _plain_section(name: str) -> str:
    """The exchange file a line-for-line edition file belongs to: '702-part1.txt' → '702.txt'."""
    stem = name.removesuffix(".txt").split("-")[0]
    return "chapters.txt" if stem.startswith("chapter") else f"{stem}.txt"


__all__ = ["export_memory", "import_dir", "ExportReport", "ImportReport", "file_name"]
