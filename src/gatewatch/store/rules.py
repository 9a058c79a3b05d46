"""Comprehensive Rules tables and queries: versions, rules, examples, glossary, references, lineage."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable

from .base import Migration

MIGRATIONS: list[Migration] = [
    ("rules-001-tables", """
CREATE TABLE rules_versions (
  version TEXT PRIMARY KEY, source TEXT NOT NULL, sha256 TEXT NOT NULL,
  rule_count INTEGER, example_count INTEGER, glossary_count INTEGER,
  intro TEXT, credits TEXT, duplicates TEXT, warnings TEXT);
CREATE TABLE rules (
  rowid INTEGER PRIMARY KEY, version TEXT NOT NULL, id TEXT NOT NULL, dup INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL, parent TEXT, section TEXT NOT NULL, chapter TEXT NOT NULL,
  text TEXT NOT NULL, raw TEXT NOT NULL, position INTEGER NOT NULL, line INTEGER NOT NULL,
  text_hash TEXT NOT NULL);
CREATE UNIQUE INDEX rules_by_id ON rules(version, id, dup);
CREATE INDEX rules_by_parent ON rules(version, parent, position);
CREATE INDEX rules_by_position ON rules(version, position);
CREATE TABLE rule_examples (
  rowid INTEGER PRIMARY KEY, version TEXT NOT NULL, rule_id TEXT NOT NULL, dup INTEGER NOT NULL,
  ordinal INTEGER NOT NULL, text TEXT NOT NULL, raw TEXT NOT NULL);
CREATE INDEX examples_by_rule ON rule_examples(version, rule_id, dup, ordinal);
CREATE TABLE glossary (
  rowid INTEGER PRIMARY KEY, version TEXT NOT NULL, term TEXT NOT NULL, term_key TEXT NOT NULL,
  definition TEXT NOT NULL, raw TEXT NOT NULL, line INTEGER NOT NULL);
CREATE INDEX glossary_by_key ON glossary(version, term_key);
CREATE TABLE rule_refs (
  version TEXT NOT NULL, source_kind TEXT NOT NULL, source_id TEXT NOT NULL,
  target TEXT NOT NULL, text TEXT NOT NULL, resolved INTEGER NOT NULL);
CREATE INDEX refs_from ON rule_refs(version, source_kind, source_id);
CREATE INDEX refs_to ON rule_refs(version, target);
CREATE TABLE rule_lineage (
  version TEXT NOT NULL, id TEXT NOT NULL, prev_version TEXT, prev_id TEXT,
  change TEXT NOT NULL, similarity REAL);
CREATE INDEX lineage_by_rule ON rule_lineage(version, id);
-- vtag ('v20260807') is an indexed token so a search reads one version's postings, not all 62.
CREATE VIRTUAL TABLE rules_fts USING fts5(
  text, vtag, version UNINDEXED, rule_id UNINDEXED, kind UNINDEXED,
  tokenize = 'porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE glossary_fts USING fts5(
  term, definition, vtag, version UNINDEXED,
  tokenize = 'porter unicode61 remove_diacritics 2');
"""),
]


def _vtag(version: str) -> str:
    return "v" + version.replace("-", "")


class RulesStore:
    """Mixin: every query about the Comprehensive Rules."""

    conn: sqlite3.Connection

    # ---- writing (build time) ----
    def add_rules_version(self, version: str, source: str, sha256: str, counts: tuple[int, int, int],
                          intro: str, credits: str, duplicates: list[str], warnings: list[str]) -> None:
        self.conn.execute(
            "INSERT INTO rules_versions VALUES (?,?,?,?,?,?,?,?,?,?)",
            (version, source, sha256, *counts, intro, credits, json.dumps(duplicates), json.dumps(warnings)))

    def add_rules(self, rows: Iterable[tuple]) -> None:
        """rows: (version, id, dup, kind, parent, section, chapter, text, raw, position, line, text_hash)."""
        self.conn.executemany("INSERT INTO rules(version, id, dup, kind, parent, section, chapter, text, raw,"
                              " position, line, text_hash) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)

    def add_examples(self, rows: Iterable[tuple]) -> None:
        """rows: (version, rule_id, dup, ordinal, text, raw)."""
        self.conn.executemany("INSERT INTO rule_examples(version, rule_id, dup, ordinal, text, raw)"
                              " VALUES (?,?,?,?,?,?)", rows)

    def add_glossary(self, rows: Iterable[tuple]) -> None:
        """rows: (version, term, term_key, definition, raw, line)."""
        self.conn.executemany("INSERT INTO glossary(version, term, term_key, definition, raw, line)"
                              " VALUES (?,?,?,?,?,?)", rows)

    def add_references(self, rows: Iterable[tuple]) -> None:
        """rows: (version, source_kind, source_id, target, text, resolved)."""
        self.conn.executemany("INSERT INTO rule_refs VALUES (?,?,?,?,?,?)", rows)

    def add_lineage(self, rows: Iterable[tuple]) -> None:
        """rows: (version, id, prev_version, prev_id, change, similarity)."""
        self.conn.executemany("INSERT INTO rule_lineage VALUES (?,?,?,?,?,?)", rows)

    def index_rules_text(self) -> None:
        """Fill the full-text indexes from the stored rules, examples and glossary."""
        c = self.conn
        c.execute("INSERT INTO rules_fts(rowid, text, vtag, version, rule_id, kind) "
                  "SELECT rowid, text, 'v' || replace(version, '-', ''), version, id, 'rule' FROM rules WHERE dup = 0")
        c.execute("INSERT INTO rules_fts(text, vtag, version, rule_id, kind) "
                  "SELECT text, 'v' || replace(version, '-', ''), version, rule_id, 'example' FROM rule_examples"
                  " WHERE dup = 0")
        c.execute("INSERT INTO glossary_fts(rowid, term, definition, vtag, version) "
                  "SELECT rowid, term, definition, 'v' || replace(version, '-', ''), version FROM glossary")
        c.execute("INSERT INTO glossary_fts(glossary_fts) VALUES ('optimize')")
        c.execute("INSERT INTO rules_fts(rules_fts) VALUES ('optimize')")

    # ---- versions ----
    def rules_versions(self) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT version, source, sha256, rule_count, example_count, glossary_count, duplicates, warnings"
            " FROM rules_versions ORDER BY version").fetchall()

    def latest_rules_version(self) -> str | None:
        row = self.conn.execute("SELECT max(version) FROM rules_versions").fetchone()
        return row[0] if row else None

    def has_rules_version(self, version: str) -> bool:
        return self.conn.execute("SELECT 1 FROM rules_versions WHERE version = ?", (version,)).fetchone() is not None

    # ---- rules ----
    def rule_row(self, version: str, rule_id: str, dup: int = 0) -> sqlite3.Row | None:
        return self.conn.execute("SELECT * FROM rules WHERE version = ? AND id = ? AND dup = ?",
                                 (version, rule_id, dup)).fetchone()

    def rule_dups(self, version: str, rule_id: str) -> int:
        return self.conn.execute("SELECT count(*) FROM rules WHERE version = ? AND id = ?",
                                 (version, rule_id)).fetchone()[0]

    def rule_exists(self, rule_id: str, version: str | None = None) -> bool:
        version = version or self.latest_rules_version()
        return self.rule_row(version or "", rule_id) is not None

    def examples_of(self, version: str, rule_id: str, dup: int = 0) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT text FROM rule_examples WHERE version = ? AND rule_id = ? AND dup = ? ORDER BY ordinal",
            (version, rule_id, dup))]

    def children_of(self, version: str, parent: str | None) -> list[sqlite3.Row]:
        if parent is None:
            return self.conn.execute("SELECT id, text, kind FROM rules WHERE version = ? AND parent IS NULL"
                                     " ORDER BY position", (version,)).fetchall()
        return self.conn.execute("SELECT id, text, kind FROM rules WHERE version = ? AND parent = ? AND dup = 0"
                                 " ORDER BY position", (version, parent)).fetchall()

    def neighbours(self, version: str, position: int) -> tuple[str | None, str | None]:
        prev = self.conn.execute("SELECT id FROM rules WHERE version = ? AND position < ? ORDER BY position DESC"
                                 " LIMIT 1", (version, position)).fetchone()
        nxt = self.conn.execute("SELECT id FROM rules WHERE version = ? AND position > ? ORDER BY position"
                                " LIMIT 1", (version, position)).fetchone()
        return (prev[0] if prev else None, nxt[0] if nxt else None)

    def rules_of_version(self, version: str) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT id, dup, kind, parent, section, text, text_hash, position FROM rules"
                                 " WHERE version = ? ORDER BY position", (version,)).fetchall()

    def examples_of_version(self, version: str) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT rule_id, dup, ordinal, text FROM rule_examples WHERE version = ?"
                                 " ORDER BY rowid", (version,)).fetchall()

    # ---- references ----
    def references_from(self, version: str, source_kind: str, source_id: str) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT DISTINCT target FROM rule_refs WHERE version = ? AND source_kind = ? AND source_id = ?"
            " AND resolved = 1", (version, source_kind, source_id))]

    def referenced_by(self, version: str, target: str) -> list[str]:
        rows = self.conn.execute(
            "SELECT DISTINCT CASE source_kind WHEN 'example' THEN substr(source_id, 1, instr(source_id, '#') - 1)"
            " ELSE source_id END, source_kind FROM rule_refs WHERE version = ? AND target = ?"
            " AND source_kind != 'glossary'", (version, target)).fetchall()
        return list(dict.fromkeys(r[0] for r in rows))

    def glossary_referencing(self, version: str, target: str) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT DISTINCT source_id FROM rule_refs WHERE version = ? AND target = ? AND source_kind = 'glossary'",
            (version, target))]

    def unresolved_references(self, version: str | None = None) -> list[sqlite3.Row]:
        sql = "SELECT version, source_kind, source_id, target, text FROM rule_refs WHERE resolved = 0"
        args: tuple = ()
        if version:
            sql += " AND version = ?"
            args = (version,)
        return self.conn.execute(sql + " ORDER BY version, rowid", args).fetchall()

    # ---- lineage ----
    def lineage_of(self, version: str, rule_id: str) -> sqlite3.Row | None:
        return self.conn.execute("SELECT * FROM rule_lineage WHERE version = ? AND id = ?",
                                 (version, rule_id)).fetchone()

    # ---- search ----
    def search_rules_fts(self, match: str, version: str, limit: int) -> list[sqlite3.Row]:
        """`match` is an FTS5 expression over the text column (callers quote user words)."""
        return self.conn.execute(
            "SELECT rule_id, kind, text, bm25(rules_fts, 1.0, 0.0) AS score FROM rules_fts"
            " WHERE rules_fts MATCH ? ORDER BY score LIMIT ?",
            (f"vtag:{_vtag(version)} AND text:({match})", limit)).fetchall()

    def search_glossary_fts(self, match: str, version: str, limit: int) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT term, definition, bm25(glossary_fts, 5.0, 1.0, 0.0) AS score FROM glossary_fts"
            " WHERE glossary_fts MATCH ? ORDER BY score LIMIT ?",
            (f"vtag:{_vtag(version)} AND {{term definition}}:({match})", limit)).fetchall()

    # ---- glossary ----
    def glossary_by_key(self, version: str, key: str) -> sqlite3.Row | None:
        return self.conn.execute("SELECT term, definition FROM glossary WHERE version = ? AND term_key = ?",
                                 (version, key)).fetchone()

    def glossary_terms(self, version: str) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT term, term_key FROM glossary WHERE version = ? ORDER BY rowid",
                                 (version,)).fetchall()

    def glossary_of_version(self, version: str) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT term, definition FROM glossary WHERE version = ? ORDER BY rowid",
                                 (version,)).fetchall()

    def keyword_rule(self, keyword: str, version: str | None = None) -> str | None:
        """The 701.x/702.x rule whose title is this keyword ('Deathtouch' → '702.2'), newest version."""
        version = version or self.latest_rules_version()
        row = self.conn.execute(
            "SELECT id FROM rules WHERE version = ? AND kind = 'rule' AND section IN ('701', '702')"
            " AND lower(text) = lower(?) ORDER BY dup LIMIT 1", (version, keyword.strip())).fetchone()
        return row[0] if row else None
