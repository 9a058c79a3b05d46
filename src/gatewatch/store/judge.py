"""Judge tables: the dense vectors of rules (computed at build time) and their model; the judge's models
fitted at build time (the rule classifier), as opaque bytes."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from .base import Migration

MIGRATIONS: list[Migration] = [
    ("judge-001-vectors", """
CREATE TABLE rule_vectors (
  version TEXT NOT NULL, id TEXT NOT NULL, lang TEXT NOT NULL, model TEXT NOT NULL,
  dim INTEGER NOT NULL, vector BLOB NOT NULL, PRIMARY KEY (version, id, lang, model));
"""),
    ("judge-002-models", """
CREATE TABLE judge_models (name TEXT PRIMARY KEY, data BLOB NOT NULL);
"""),
]


class JudgeStore:
    """Mixin: vectors for dense retrieval."""

    conn: sqlite3.Connection

    def add_rule_vectors(self, rows: Iterable[tuple]) -> None:
        """rows: (version, id, lang, model, dim, float32 bytes)."""
        self.conn.executemany("INSERT OR REPLACE INTO rule_vectors VALUES (?,?,?,?,?,?)", rows)

    def rule_vectors(self, version: str, model: str) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT id, lang, dim, vector FROM rule_vectors WHERE version = ? AND model = ?"
                                 " ORDER BY rowid", (version, model)).fetchall()

    def vector_models(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT DISTINCT model FROM rule_vectors")]

    def put_judge_model(self, name: str, data: bytes) -> None:
        self.conn.execute("INSERT OR REPLACE INTO judge_models VALUES (?, ?)", (name, data))

    def judge_model(self, name: str) -> bytes | None:
        """A model fitted at build time, or None (an older store, or none was fitted)."""
        try:
            row = self.conn.execute("SELECT data FROM judge_models WHERE name = ?", (name,)).fetchone()
        except sqlite3.OperationalError:  # a store built before the table existed
            return None
        return bytes(row[0]) if row else None
