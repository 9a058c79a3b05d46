"""The translation memory: English units of a version, Spanish entries, and current/stale/missing.

A unit is what gets translated: a numbered rule (chapter, section, rule or subrule; the section and
chapter titles are their texts), an example ('702.19c#1', 1-based), or a glossary entry (term +
definition, keyed by the English term's key). A memory entry stores the Spanish beside the sha1 of the
English it translates; in any version the entry is current when that version's English has the same
sha1, stale when it differs, missing when the memory has no entry for the unit."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Literal

from ..store import Store
from ..text import term_key

EDITION_VERSION = "2026-08-07"  # the CR version the edition files in spanish/edition/ translate
UnitKind = Literal["rule", "example", "glossary"]
State = Literal["current", "stale", "missing"]


def sha1(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def glossary_text(term: str, definition: str) -> str:
    """The English text a glossary entry's hash is taken over: the term line, then the definition."""
    return f"{term}\n{definition}"


@dataclass(frozen=True)
class EnglishUnit:
    kind: UnitKind
    key: str = ""
    dup: int = 0
    label: str = ""  # chapter | section | rule | subrule | example | glossary
    section: str = ""  # '702'; a chapter's digit for chapters; 'glossary'
    text: str = ""  # for glossary units: term line + definition
    en_hash: str = ""
    position: int = 0
    term: str = ""  # glossary: the English term

    @property
    def uid(self) -> str:
        """The id people see: '702.19c', '702.19c#1', 'glossary:Deathtouch' (with '/dupN' for reused numbers)."""
        base = f"glossary:{self.term}" if self.kind == "glossary" else self.key
        return f"{base}/dup{self.dup}" if self.dup else base

    @property
    def rule_id(self) -> str:
        return self.key.split("#")[0] if self.kind != "glossary" else ""


@dataclass(frozen=True)
class MemoryEntry:
    kind: UnitKind
    key: str
    dup: int
    en_hash: str
    en_text: str
    es_text: str
    es_term: str | None = None
    source_version: str | None = None
    origin: str = ""  # 'edition/702-part1.txt:12' or an import file and line

    def row(self) -> tuple:
        es_key = term_key(self.es_term) if self.es_term else None
        return (self.kind, self.key, self.dup, self.en_hash, self.en_text, self.es_text, self.es_term, es_key,
                self.source_version, self.origin)

    @classmethod
    def from_row(cls, row) -> MemoryEntry:  # noqa: ANN001 - sqlite3.Row
        return cls(kind=row["kind"], key=row["key"], dup=row["dup"], en_hash=row["en_hash"], en_text=row["en_text"],
                   es_text=row["es_text"], es_term=row["es_term"], source_version=row["source_version"],
                   origin=row["origin"])


@dataclass(frozen=True)
class UnitState:
    unit: EnglishUnit
    state: State
    entry: MemoryEntry | None


def english_units(store: Store, version: str) -> list[EnglishUnit]:
    """Every translatable unit of a stored version, in document order (rules with their examples, then glossary)."""
    examples: dict[tuple[str, int], list[str]] = {}
    for e in store.examples_of_version(version):
        examples.setdefault((e["rule_id"], e["dup"]), []).append(e["text"])
    units: list[EnglishUnit] = []
    for r in store.rules_of_version(version):
        section = r["id"].split(".")[0]  # '702' for 702, 702.19 and 702.19c; '7' for chapter 7
        units.append(EnglishUnit("rule", r["id"], r["dup"], r["kind"], section, r["text"], r["text_hash"],
                                 len(units)))
        for i, text in enumerate(examples.get((r["id"], r["dup"]), []), start=1):
            units.append(EnglishUnit("example", f"{r['id']}#{i}", r["dup"], "example", section, text, sha1(text),
                                     len(units)))
    for g in store.glossary_rows_of_version(version):
        text = glossary_text(g["term"], g["definition"])
        units.append(EnglishUnit("glossary", g["term_key"], 0, "glossary", "glossary", text, sha1(text), len(units),
                                 term=g["term"]))
    return units


def memory_entries(store: Store) -> dict[tuple[str, str, int], MemoryEntry]:
    return {(r["kind"], r["key"], r["dup"]): MemoryEntry.from_row(r) for r in store.spanish_memory_all()}


def unit_states(store: Store, version: str) -> list[UnitState]:
    """Each English unit of `version` with its state against the memory."""
    memory = memory_entries(store)
    states = []
    for unit in english_units(store, version):
        entry = memory.get((unit.kind, unit.key, unit.dup))
        state: State = "missing" if entry is None else ("current" if entry.en_hash == unit.en_hash else "stale")
        states.append(UnitState(unit, state, entry))
    return states


def resolve_sources(store: Store, entries: list[MemoryEntry]) -> list[MemoryEntry]:
    """Fill in the version whose English an entry with a recorded hash translates (newest match), where one exists."""
    entries = list(entries)
    todo = {(e.kind, e.key, e.dup): i for i, e in enumerate(entries) if e.source_version is None}
    for row in reversed(store.rules_versions()):
        if not todo:
            break
        for u in english_units(store, row["version"]):
            i = todo.get((u.kind, u.key, u.dup))
            if i is not None and entries[i].en_hash == u.en_hash:
                e = entries[i]
                entries[i] = MemoryEntry(e.kind, e.key, e.dup, e.en_hash, e.en_text or u.text, e.es_text, e.es_term,
                                         row["version"], e.origin)
                del todo[(u.kind, u.key, u.dup)]
    return entries


__all__ = ["EDITION_VERSION", "EnglishUnit", "MemoryEntry", "UnitState", "english_units", "memory_entries",
           "unit_states", "resolve_sources", "sha1", "glossary_text"]
