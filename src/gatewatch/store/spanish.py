"""Spanish edition tables and queries: terminology, translation memory, Spanish search.

`spanish_memory` holds one row per translated unit (kind 'rule' for chapters, sections, rules and
subrules; 'example' with key 'RULE#N'; 'glossary' with the English term key), the Spanish text, and the
sha1 and text of the English it translates. It is not tied to a version: a unit is current in a version
when that version's English hashes to `en_hash`, stale when it differs (see gatewatch.spanish.memory).
`spanish_fts` indexes Snowball-stemmed, accent-folded Spanish (rowid = memory rowid)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable

from .base import Migration

MIGRATIONS: list[Migration] = [
    ("spanish-001-tables", """
CREATE TABLE spanish_terms (
  en TEXT NOT NULL, es TEXT NOT NULL, forms TEXT NOT NULL, source TEXT NOT NULL,
  evidence INTEGER, kind TEXT NOT NULL, note TEXT NOT NULL DEFAULT '');
CREATE INDEX spanish_terms_by_en ON spanish_terms(en);
CREATE TABLE spanish_memory (
  rowid INTEGER PRIMARY KEY, kind TEXT NOT NULL, key TEXT NOT NULL, dup INTEGER NOT NULL DEFAULT 0,
  en_hash TEXT NOT NULL, en_text TEXT NOT NULL, es_text TEXT NOT NULL, es_term TEXT, es_key TEXT,
  source_version TEXT, origin TEXT NOT NULL);
CREATE UNIQUE INDEX spanish_memory_by_key ON spanish_memory(kind, key, dup);
CREATE INDEX spanish_memory_by_es_key ON spanish_memory(es_key);
CREATE VIRTUAL TABLE spanish_fts USING fts5(
  stems, kind UNINDEXED, key UNINDEXED, tokenize = 'unicode61 remove_diacritics 2');
"""),
]

MEMORY_COLUMNS = "kind, key, dup, en_hash, en_text, es_text, es_term, es_key, source_version, origin"


class SpanishStore:
    """Mixin with the Spanish edition queries."""

    conn: sqlite3.Connection

    # ---- writing (build and import) ----
    def replace_spanish_terms(self, rows: Iterable[tuple]) -> None:
        """rows: (en, es, forms joined by '|', source 'mined'|'chosen', evidence, kind, note)."""
        self.conn.execute("DELETE FROM spanish_terms")
        self.conn.executemany("INSERT INTO spanish_terms VALUES (?,?,?,?,?,?,?)", rows)

    def upsert_spanish_memory(self, rows: Iterable[tuple]) -> None:
        """rows: tuples in MEMORY_COLUMNS order; a unit already in the memory is replaced."""
        self.conn.executemany(
            f"INSERT INTO spanish_memory({MEMORY_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT(kind, key, dup) DO UPDATE SET en_hash=excluded.en_hash, en_text=excluded.en_text,"
            " es_text=excluded.es_text, es_term=excluded.es_term, es_key=excluded.es_key,"
            " source_version=excluded.source_version, origin=excluded.origin", rows)

    def index_spanish_text(self, stem: Callable[[str], str]) -> None:
        """Rebuild the Spanish full-text index: `stem(text)` gives the stemmed, folded words to index."""
        c = self.conn
        c.execute("DELETE FROM spanish_fts")
        rows = c.execute("SELECT rowid, kind, key, coalesce(es_term || ' ', '') || es_text FROM spanish_memory")
        c.executemany("INSERT INTO spanish_fts(rowid, stems, kind, key) VALUES (?,?,?,?)",
                      [(r[0], stem(r[3]), r[1], r[2]) for r in rows.fetchall()])
        c.execute("INSERT INTO spanish_fts(spanish_fts) VALUES ('optimize')")

    # ---- reading ----
    def spanish_terms(self) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT * FROM spanish_terms ORDER BY source = 'mined', en").fetchall()

    def spanish_memory_all(self) -> list[sqlite3.Row]:
        return self.conn.execute(f"SELECT rowid, {MEMORY_COLUMNS} FROM spanish_memory ORDER BY rowid").fetchall()

    def spanish_unit(self, kind: str, key: str, dup: int = 0) -> sqlite3.Row | None:
        return self.conn.execute(f"SELECT rowid, {MEMORY_COLUMNS} FROM spanish_memory"
                                 " WHERE kind = ? AND key = ? AND dup = ?", (kind, key, dup)).fetchone()

    def spanish_examples(self, rule_id: str, dup: int = 0) -> list[sqlite3.Row]:
        return self.conn.execute(
            f"SELECT rowid, {MEMORY_COLUMNS} FROM spanish_memory WHERE kind = 'example' AND dup = ?"
            " AND key >= ? AND key < ? ORDER BY CAST(substr(key, instr(key, '#') + 1) AS INTEGER)",
            (dup, rule_id + "#", rule_id + "#\uffff")).fetchall()

    def spanish_glossary_by_es_key(self, es_key: str) -> sqlite3.Row | None:
        return self.conn.execute(f"SELECT rowid, {MEMORY_COLUMNS} FROM spanish_memory"
                                 " WHERE kind = 'glossary' AND es_key = ?", (es_key,)).fetchone()

    def spanish_memory_count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM spanish_memory").fetchone()[0]

    def search_spanish_fts(self, match: str, limit: int) -> list[sqlite3.Row]:
        """`match` is an FTS5 expression over stems (callers quote each stem); best first."""
        return self.conn.execute(
            "SELECT f.kind, f.key, m.dup, m.es_text, m.es_term, bm25(spanish_fts) AS score FROM spanish_fts f"
            " JOIN spanish_memory m ON m.rowid = f.rowid WHERE spanish_fts MATCH ? ORDER BY score LIMIT ?",
            (f"stems:({match})", limit)).fetchall()

    def glossary_rows_of_version(self, version: str) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT term, term_key, definition FROM glossary WHERE version = ? ORDER BY rowid",
                                 (version,)).fetchall()
