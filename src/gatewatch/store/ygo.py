"""Yu-Gi-Oh tables and queries (the SQL side of `gatewatch.ygo`).

Rules topics: `ygo_chapters` and `ygo_topics` (sanitised HTML, plain text, references as JSON),
ordered by (chapter, ordinal); previous/next are the neighbours by ordinal. Cards: `ygo_cards`
holds the search columns (folded names and texts, stats, `kinds` as '|monster|effect|xyz|'),
`ygo_card_data` the full record as JSON; names (English and Spanish) and passwords have their own
indexed tables; `ygo_card_status` the Forbidden/Limited status per format (tcg, ocg …)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable

from .base import Migration

MIGRATIONS: list[Migration] = [
    ("ygo-001-rules", """
CREATE TABLE ygo_chapters (
  number INTEGER PRIMARY KEY, path TEXT NOT NULL, slug TEXT NOT NULL, slug_es TEXT NOT NULL,
  title_en TEXT NOT NULL, title_es TEXT NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL, refs TEXT NOT NULL);
CREATE TABLE ygo_topics (
  id INTEGER PRIMARY KEY, chapter INTEGER NOT NULL, ordinal INTEGER NOT NULL, path TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL, slug_es TEXT NOT NULL, title_en TEXT NOT NULL, title_es TEXT NOT NULL,
  parent TEXT, depth INTEGER NOT NULL, listed INTEGER NOT NULL, html TEXT NOT NULL, text TEXT NOT NULL,
  refs TEXT NOT NULL, links TEXT NOT NULL, cards TEXT NOT NULL, UNIQUE (chapter, ordinal));
CREATE UNIQUE INDEX ygo_topics_by_slug ON ygo_topics(chapter, slug);
CREATE UNIQUE INDEX ygo_topics_by_slug_es ON ygo_topics(chapter, slug_es);
CREATE VIRTUAL TABLE ygo_topics_fts USING fts5(
  title_en, title_es, text, content = '', tokenize = 'unicode61 remove_diacritics 2');
"""),
    ("ygo-002-cards", """
CREATE TABLE ygo_cards (
  id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, name TEXT NOT NULL, es_name TEXT,
  card_type TEXT NOT NULL, kinds TEXT NOT NULL, attribute TEXT, race TEXT,
  level INTEGER, rank INTEGER, link INTEGER, scale INTEGER, atk INTEGER, def INTEGER,
  name_key TEXT NOT NULL, es_name_key TEXT, text_key TEXT NOT NULL, es_text_key TEXT, type_line TEXT NOT NULL);
CREATE TABLE ygo_card_data (card_id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE ygo_card_names (card_id INTEGER NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL, lang TEXT NOT NULL,
  rank INTEGER NOT NULL);
CREATE INDEX ygo_card_names_by_key ON ygo_card_names(key);
CREATE TABLE ygo_card_passwords (password TEXT NOT NULL, card_id INTEGER NOT NULL);
CREATE INDEX ygo_card_passwords_by_password ON ygo_card_passwords(password);
CREATE TABLE ygo_card_status (card_id INTEGER NOT NULL, format TEXT NOT NULL, status TEXT NOT NULL);
CREATE INDEX ygo_card_status_by_format ON ygo_card_status(format, status, card_id);
CREATE INDEX ygo_card_status_by_card ON ygo_card_status(card_id);
CREATE VIRTUAL TABLE ygo_cards_fts USING fts5(
  name, es_name, text, es_text, content = '', tokenize = 'unicode61 remove_diacritics 2');
"""),
]

TOPIC_SUMMARY = "id, chapter, ordinal, path, slug, slug_es, title_en, title_es, parent, depth, listed"
CARD_COLUMNS = ("id, uuid, name, es_name, card_type, kinds, attribute, race, level, rank, link, scale, atk, def,"
                " name_key, es_name_key, text_key, es_text_key, type_line")


def _regexp(pattern: str, value: str | None) -> bool:
    return value is not None and re.search(pattern, value, re.IGNORECASE) is not None


class YgoStore:
    """Mixin with the Yu-Gi-Oh queries."""

    conn: sqlite3.Connection

    # ---- writing (build time) ----
    def add_ygo_chapters(self, rows: Iterable[tuple]) -> None:
        """rows: (number, path, slug, slug_es, title_en, title_es, html, text, refs JSON)."""
        self.conn.executemany("INSERT INTO ygo_chapters VALUES (?,?,?,?,?,?,?,?,?)", rows)

    def add_ygo_topics(self, rows: Iterable[tuple]) -> None:
        """rows in ygo_topics column order (id … cards JSON)."""
        self.conn.executemany("INSERT INTO ygo_topics VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)

    def index_ygo_topics(self) -> None:
        self.conn.execute("INSERT INTO ygo_topics_fts(rowid, title_en, title_es, text)"
                          " SELECT id, title_en, title_es, text FROM ygo_topics")

    def add_ygo_cards(self, rows: Iterable[tuple[tuple, str]]) -> None:
        """rows: (ygo_cards row in CARD_COLUMNS order, record JSON)."""
        rows = list(rows)
        marks = ",".join("?" * len(CARD_COLUMNS.split(",")))
        self.conn.executemany(f"INSERT INTO ygo_cards({CARD_COLUMNS}) VALUES ({marks})", (r[0] for r in rows))
        self.conn.executemany("INSERT INTO ygo_card_data VALUES (?, ?)", ((r[0][0], r[1]) for r in rows))

    def add_ygo_card_names(self, rows: Iterable[tuple]) -> None:
        """rows: (card_id, name, key, lang, rank); lower rank wins an exact-name tie."""
        self.conn.executemany("INSERT INTO ygo_card_names VALUES (?,?,?,?,?)", rows)

    def add_ygo_card_passwords(self, rows: Iterable[tuple]) -> None:
        self.conn.executemany("INSERT INTO ygo_card_passwords VALUES (?,?)", rows)

    def add_ygo_card_status(self, rows: Iterable[tuple]) -> None:
        """rows: (card_id, format, status) with status forbidden/limited/semilimited/unlimited/…"""
        self.conn.executemany("INSERT INTO ygo_card_status VALUES (?,?,?)", rows)

    def index_ygo_cards(self) -> None:
        self.conn.execute(
            "INSERT INTO ygo_cards_fts(rowid, name, es_name, text, es_text) SELECT c.id, c.name,"
            " coalesce(c.es_name, ''), coalesce(json_extract(d.data, '$.text'), ''),"
            " coalesce(json_extract(d.data, '$.es_text'), '')"
            " FROM ygo_cards c JOIN ygo_card_data d ON d.card_id = c.id")

    # ---- reading: rules ----
    def has_ygo(self) -> bool:
        """True when the database was built with the Yu-Gi-Oh tables filled."""
        row = self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ygo_topics'").fetchone()
        return row is not None and self.conn.execute("SELECT count(*) FROM ygo_topics").fetchone()[0] > 0

    def ygo_chapters(self) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT c.*, (SELECT count(*) FROM ygo_topics t WHERE t.chapter = c.number) AS topics"
            " FROM ygo_chapters c ORDER BY number").fetchall()

    def ygo_chapter(self, number: int) -> sqlite3.Row | None:
        return self.conn.execute("SELECT * FROM ygo_chapters WHERE number = ?", (number,)).fetchone()

    def ygo_topics_of(self, chapter: int) -> list[sqlite3.Row]:
        return self.conn.execute(f"SELECT {TOPIC_SUMMARY} FROM ygo_topics WHERE chapter = ? ORDER BY ordinal",
                                 (chapter,)).fetchall()

    def ygo_topic_by(self, chapter: int, column: str, value: str | int) -> sqlite3.Row | None:
        """One topic by slug, slug_es or ordinal within its chapter."""
        if column not in ("slug", "slug_es", "ordinal"):
            raise ValueError(column)
        return self.conn.execute(f"SELECT * FROM ygo_topics WHERE chapter = ? AND {column} = ?",
                                 (chapter, value)).fetchone()

    def ygo_topic_path(self, path: str) -> sqlite3.Row | None:
        return self.conn.execute(f"SELECT {TOPIC_SUMMARY} FROM ygo_topics WHERE path = ?", (path,)).fetchone()

    def ygo_topic_count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM ygo_topics").fetchone()[0]

    def search_ygo_topics_fts(self, match: str, limit: int) -> list[sqlite3.Row]:
        """Topics matching an FTS5 expression, best first (for the judge's retrieval)."""
        return self.conn.execute(
            f"SELECT {', '.join('t.' + c.strip() for c in TOPIC_SUMMARY.split(','))}, t.text,"
            # Titles weigh more than the body: a topic named after the words is the best answer.
            " bm25(ygo_topics_fts, 8.0, 8.0, 1.0) AS score"
            " FROM ygo_topics_fts JOIN ygo_topics t ON t.id = ygo_topics_fts.rowid"
            " WHERE ygo_topics_fts MATCH ? ORDER BY score LIMIT ?", (match, limit)).fetchall()

    # ---- reading: cards ----
    def ygo_card_count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM ygo_cards").fetchone()[0]

    def ygo_card_counts(self) -> dict[str, int]:
        c = self.conn
        out = {"cards": self.ygo_card_count()}
        for kind, n in c.execute("SELECT card_type, count(*) FROM ygo_cards GROUP BY card_type"):
            out[kind] = n
        out["spanish_names"] = c.execute("SELECT count(*) FROM ygo_cards WHERE es_name IS NOT NULL").fetchone()[0]
        out["spanish_texts"] = c.execute("SELECT count(*) FROM ygo_cards WHERE es_text_key IS NOT NULL").fetchone()[0]
        return out

    def ygo_card_row(self, card_id: int) -> sqlite3.Row | None:
        return self.conn.execute("SELECT c.*, d.data FROM ygo_cards c JOIN ygo_card_data d ON d.card_id = c.id"
                                 " WHERE c.id = ?", (card_id,)).fetchone()

    def ygo_card_status(self, card_id: int) -> dict[str, str]:
        rows = self.conn.execute("SELECT format, status FROM ygo_card_status WHERE card_id = ? ORDER BY format",
                                 (card_id,))
        return {r[0]: r[1] for r in rows}

    def ygo_card_by_uuid(self, uuid: str) -> sqlite3.Row | None:
        return self.conn.execute("SELECT c.*, d.data FROM ygo_cards c JOIN ygo_card_data d ON d.card_id = c.id"
                                 " WHERE c.uuid = ?", (uuid,)).fetchone()

    def ygo_card_by_password(self, password: str) -> sqlite3.Row | None:
        return self.conn.execute("SELECT c.id, c.name FROM ygo_card_passwords p JOIN ygo_cards c ON c.id = p.card_id"
                                 " WHERE p.password = ? ORDER BY c.id LIMIT 1", (password.lstrip("0"),)).fetchone()

    def ygo_password_names(self) -> dict[str, str]:
        """Password (no leading zeros) → English name; a password shared by two cards goes to the first."""
        rows = self.conn.execute("SELECT p.password, c.name FROM ygo_card_passwords p"
                                 " JOIN ygo_cards c ON c.id = p.card_id ORDER BY c.id DESC")
        return {r[0]: r[1] for r in rows}

    def ygo_card_names_exact(self, key: str) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT n.card_id, n.name, n.lang, n.rank, c.name AS card_name FROM ygo_card_names n"
            " JOIN ygo_cards c ON c.id = n.card_id WHERE n.key = ? ORDER BY n.rank, c.id", (key,)).fetchall()

    def ygo_card_names_prefix(self, prefix: str, limit: int) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT n.card_id, n.name, n.lang, n.rank, c.name AS card_name FROM ygo_card_names n"
            " JOIN ygo_cards c ON c.id = n.card_id WHERE n.key >= ? AND n.key < ?"
            " ORDER BY length(n.key), n.rank, n.key LIMIT ?", (prefix, prefix + "\uffff", limit)).fetchall()

    def all_ygo_card_name_keys(self) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT n.card_id, n.name, n.key, n.lang, n.rank, c.name AS card_name"
            " FROM ygo_card_names n JOIN ygo_cards c ON c.id = n.card_id").fetchall()

    def ygo_formats(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT DISTINCT format FROM ygo_card_status")}

    def search_ygo_cards_sql(self, where: str, params: list, limit: int) -> tuple[int, list[sqlite3.Row]]:
        """Run a WHERE clause compiled by gatewatch.ygo.query: (total, first `limit` rows in name order).

        Card ids follow name order (the loader sorts), so listing by id is listing by name."""
        self.conn.create_function("regexp", 2, _regexp, deterministic=True)
        total = self.conn.execute(f"SELECT count(*) FROM ygo_cards WHERE {where}", params).fetchone()[0]
        if total == 0 or limit <= 0:
            return total, []
        rows = self.conn.execute(
            f"SELECT c.*, json_extract(d.data, '$.text') AS text FROM (SELECT * FROM ygo_cards WHERE {where}"
            " ORDER BY id LIMIT ?) c JOIN ygo_card_data d ON d.card_id = c.id ORDER BY c.id",
            [*params, limit]).fetchall()
        return total, rows

    def search_ygo_cards_fts(self, match: str, limit: int) -> list[sqlite3.Row]:
        return self.conn.execute(
            "SELECT c.id, c.name, c.es_name, c.type_line, bm25(ygo_cards_fts) AS score FROM ygo_cards_fts"
            " JOIN ygo_cards c ON c.id = ygo_cards_fts.rowid WHERE ygo_cards_fts MATCH ? ORDER BY score LIMIT ?",
            (match, limit)).fetchall()
