"""Card tables and queries (the SQL side of `gatewatch.cards`).

`cards` holds one row per unique card: the full record as JSON (`data`) for display, plus
search columns computed at build time: folded texts (`*_key`, searched with instr), colour
bitmasks (W=1 U=2 B=4 R=8 G=16), numeric stats, and `flags` ('|permanent|spell|…|') for `is:`.
`card_names` lists every English and Spanish name and face name with its folded key, for exact,
prefix and autocomplete lookups through one index."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable

from .base import Migration

MIGRATIONS: list[Migration] = [
    ("cards-001-tables", """
CREATE TABLE cards (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, oracle_id TEXT, layout TEXT,
  source TEXT NOT NULL, is_spoiler INTEGER NOT NULL,
  mana_cost TEXT, mana_value REAL NOT NULL, type_line TEXT NOT NULL,
  power TEXT, toughness TEXT, loyalty TEXT, pow REAL, tou REAL, loy REAL,
  colors INTEGER NOT NULL, ncolors INTEGER NOT NULL, identity INTEGER NOT NULL, nidentity INTEGER NOT NULL,
  name_key TEXT NOT NULL, type_key TEXT NOT NULL, text_key TEXT NOT NULL,
  keywords_key TEXT NOT NULL, flags TEXT NOT NULL,
  es_name TEXT, es_names_key TEXT, es_type_key TEXT);
-- Kept apart so that a search scans narrow `cards` rows: the display text, the text with the
-- card's own name as '~' and the Spanish text (each scanned through a subquery only when a query
-- needs it), and the full record as JSON.
CREATE TABLE card_text (card_id INTEGER PRIMARY KEY, oracle_text TEXT NOT NULL);
CREATE TABLE card_tilde (card_id INTEGER PRIMARY KEY, tilde_key TEXT NOT NULL);
CREATE TABLE card_es_text (card_id INTEGER PRIMARY KEY, es_text_key TEXT NOT NULL);
CREATE TABLE card_data (card_id INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE card_names (
  card_id INTEGER NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL, lang TEXT NOT NULL,
  kind TEXT NOT NULL, rank INTEGER NOT NULL);
CREATE INDEX card_names_by_key ON card_names(key);
CREATE INDEX card_names_by_card ON card_names(card_id);
CREATE TABLE card_rulings (
  card_id INTEGER NOT NULL, ordinal INTEGER NOT NULL, date TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX card_rulings_by_card ON card_rulings(card_id, ordinal);
CREATE TABLE card_legalities (card_id INTEGER NOT NULL, format TEXT NOT NULL, status TEXT NOT NULL);
CREATE INDEX card_legalities_by_format ON card_legalities(format, status, card_id);
CREATE INDEX card_legalities_by_card ON card_legalities(card_id);
CREATE TABLE card_printings (card_id INTEGER NOT NULL, set_code TEXT NOT NULL);
CREATE INDEX card_printings_by_set ON card_printings(set_code, card_id);
-- Contentless: the texts are already in the tables above; hits join back to `cards` by rowid.
CREATE VIRTUAL TABLE cards_fts USING fts5(
  name, es_names, type_line, oracle_text, es_text,
  content = '', tokenize = 'unicode61 remove_diacritics 2');
"""),
]

CARD_COLUMNS = (
    "id, name, oracle_id, layout, source, is_spoiler, mana_cost, mana_value, type_line,"
    " power, toughness, loyalty, pow, tou, loy, colors, ncolors, identity, nidentity,"
    " name_key, type_key, text_key, keywords_key, flags, es_name, es_names_key, es_type_key")
SUMMARY_COLUMNS = "id, name, es_name, mana_cost, mana_value, type_line, power, toughness, loyalty"


def _regexp(pattern: str, value: str | None) -> bool:
    """SQLite REGEXP: case-insensitive Python regex search; compiled patterns are cached by `re`."""
    return value is not None and re.search(pattern, value, re.IGNORECASE) is not None


class CardsStore:
    """Mixin with the card queries."""

    conn: sqlite3.Connection

    # ---- writing (build time) ----
    def clear_cards(self) -> None:
        """Empty every card table (a Scryfall sync replaces the mirror's cards)."""
        for table in ("cards", "card_text", "card_tilde", "card_es_text", "card_data", "card_names", "card_rulings",
                      "card_legalities", "card_printings"):
            self.conn.execute(f"DELETE FROM {table}")
        self.conn.execute("INSERT INTO cards_fts(cards_fts) VALUES ('delete-all')")

    def add_cards(self, rows: Iterable[tuple[tuple, tuple, tuple]]) -> None:
        """rows: (cards row in CARD_COLUMNS order, (id, oracle_text, tilde_key, es_text_key), (id, json))."""
        rows = list(rows)
        marks = ",".join("?" * len(CARD_COLUMNS.split(",")))
        self.conn.executemany(f"INSERT INTO cards({CARD_COLUMNS}) VALUES ({marks})", (r[0] for r in rows))
        self.conn.executemany("INSERT INTO card_text VALUES (?, ?)", ((r[1][0], r[1][1]) for r in rows))
        self.conn.executemany("INSERT INTO card_tilde VALUES (?, ?)", ((r[1][0], r[1][2]) for r in rows))
        self.conn.executemany("INSERT INTO card_es_text VALUES (?, ?)",
                              ((r[1][0], r[1][3]) for r in rows if r[1][3] is not None))
        self.conn.executemany("INSERT INTO card_data VALUES (?, ?)", (r[2] for r in rows))

    def add_card_names(self, rows: Iterable[tuple]) -> None:
        """rows: (card_id, name, key, lang, kind, rank); lower rank wins an exact-name tie."""
        self.conn.executemany("INSERT INTO card_names VALUES (?,?,?,?,?,?)", rows)

    def add_card_rulings(self, rows: Iterable[tuple]) -> None:
        """rows: (card_id, ordinal, date, text)."""
        self.conn.executemany("INSERT INTO card_rulings VALUES (?,?,?,?)", rows)

    def add_card_legalities(self, rows: Iterable[tuple]) -> None:
        """rows: (card_id, format, status) with status Legal/Banned/Restricted."""
        self.conn.executemany("INSERT INTO card_legalities VALUES (?,?,?)", rows)

    def add_card_printings(self, rows: Iterable[tuple]) -> None:
        """rows: (card_id, set_code)."""
        self.conn.executemany("INSERT INTO card_printings VALUES (?,?)", rows)

    def index_cards_text(self) -> None:
        """Fill the full-text index from the cards table (one statement: fast)."""
        self.conn.execute(
            "INSERT INTO cards_fts(rowid, name, es_names, type_line, oracle_text, es_text)"
            " SELECT id, name, coalesce(es_names_key, ''), type_line, t.oracle_text,"
            " coalesce(json_extract(d.data, '$.es.text'), '') FROM cards"
            " JOIN card_text t ON t.card_id = cards.id JOIN card_data d ON d.card_id = cards.id")

    # ---- reading ----
    def card_count(self) -> int:
        return self.conn.execute("SELECT count(*) FROM cards").fetchone()[0]

    def card_counts(self) -> dict[str, int]:
        c = self.conn
        return {
            "cards": self.card_count(),
            "spoiler_cards": c.execute("SELECT count(*) FROM cards WHERE is_spoiler").fetchone()[0],
            "rulings": c.execute("SELECT count(*) FROM card_rulings").fetchone()[0],
            "cards_with_rulings": c.execute("SELECT count(DISTINCT card_id) FROM card_rulings").fetchone()[0],
            "spanish_names": c.execute("SELECT count(*) FROM card_names WHERE lang='es' AND kind='full'")
            .fetchone()[0],
            "cards_with_spanish": c.execute("SELECT count(*) FROM cards WHERE es_name IS NOT NULL").fetchone()[0],
            "names": c.execute("SELECT count(*) FROM card_names").fetchone()[0],
        }

    def card_row(self, name: str) -> sqlite3.Row | None:
        """The `cards` row of a card by its exact English name, with its record JSON as `data`."""
        return self.conn.execute(
            "SELECT c.*, t.oracle_text, d.data FROM cards c JOIN card_text t ON t.card_id = c.id"
            " JOIN card_data d ON d.card_id = c.id WHERE c.name = ?", (name,)).fetchone()

    def card_records(self) -> list[sqlite3.Row]:
        """(name, data) of every card: the Scryfall sync carries Spanish over from these."""
        return self.conn.execute("SELECT c.name, d.data FROM cards c JOIN card_data d ON d.card_id = c.id"
                                 " WHERE c.es_name IS NOT NULL").fetchall()

    def card_rulings(self, card_id: int) -> list[sqlite3.Row]:
        return self.conn.execute("SELECT date, text FROM card_rulings WHERE card_id = ? ORDER BY ordinal",
                                 (card_id,)).fetchall()

    def card_legalities(self, card_id: int) -> dict[str, str]:
        rows = self.conn.execute("SELECT format, status FROM card_legalities WHERE card_id = ? ORDER BY format",
                                 (card_id,))
        return {r[0]: r[1] for r in rows}

    def card_spanish_names(self, card_id: int) -> list[str]:
        return [r[0] for r in self.conn.execute(
            "SELECT name FROM card_names WHERE card_id = ? AND lang = 'es' AND kind = 'full' ORDER BY rowid",
            (card_id,))]

    def card_names_exact(self, key: str) -> list[sqlite3.Row]:
        """Names whose folded key equals `key`, best rank first."""
        return self.conn.execute(
            "SELECT n.card_id, n.name, n.lang, n.kind, n.rank, c.name AS card_name FROM card_names n"
            " JOIN cards c ON c.id = n.card_id WHERE n.key = ? ORDER BY n.rank, c.name", (key,)).fetchall()

    def card_names_prefix(self, prefix: str, limit: int) -> list[sqlite3.Row]:
        """Names whose folded key starts with `prefix` (an index range scan), shortest first."""
        return self.conn.execute(
            "SELECT n.card_id, n.name, n.lang, n.kind, n.rank, c.name AS card_name FROM card_names n"
            " JOIN cards c ON c.id = n.card_id WHERE n.key >= ? AND n.key < ?"
            " ORDER BY length(n.key), n.rank, n.key LIMIT ?", (prefix, prefix + "\uffff", limit)).fetchall()

    def word_in_other_texts(self, word: str) -> bool:
        """Whether some card's text (English or Spanish) has `word` (one folded word) and that card's
        names do not: an everyday word ("sword", "joven"), unlike a name only its own card says ("kalitas")."""
        if not re.fullmatch(r"[^\W_]+", word):
            return True  # not one word as the full-text index splits them: never taken for a name
        # A name word starting with `word` counts ("Atraxa's Fall"); Spanish names are kept as "|name|name|".
        row = self.conn.execute(
            "SELECT 1 FROM cards_fts JOIN cards c ON c.id = cards_fts.rowid WHERE cards_fts MATCH ?"
            " AND ' ' || c.name_key || ' ' NOT LIKE ?"
            " AND ' ' || replace(coalesce(c.es_names_key, ''), '|', ' ') || ' ' NOT LIKE ? LIMIT 1",
            (f'{{oracle_text es_text}}: "{word}"', f"% {word}%", f"% {word}%")).fetchone()
        return row is not None

    def cards_with_word_start(self, start: str, limit: int) -> int:
        """How many cards' texts (English or Spanish) have a word starting with `start`, counted up to
        `limit`: how rare a word is in Magic ("warp" is, "creature" is not)."""
        if not re.fullmatch(r"[^\W_]+", start):
            return limit
        return self.conn.execute(
            "SELECT count(*) FROM (SELECT 1 FROM cards_fts WHERE cards_fts MATCH ? LIMIT ?)",
            (f'{{oracle_text es_text}}: "{start}"*', limit)).fetchone()[0]

    def all_card_name_keys(self) -> list[sqlite3.Row]:
        """Every (card_id, name, key, lang, kind, rank), read once per Store object and shared by the fuzzy
        matcher and the name translator, which keep or read them in memory (callers must not change it)."""
        return self.derived("card_name_keys", lambda store: store.conn.execute(
            "SELECT n.card_id, n.name, n.key, n.lang, n.kind, n.rank, c.name AS card_name"
            " FROM card_names n JOIN cards c ON c.id = n.card_id").fetchall())

    def card_formats(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT DISTINCT format FROM card_legalities")}

    def card_set_codes(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT DISTINCT set_code FROM card_printings")}

    def search_cards_sql(self, where: str, params: list, limit: int) -> tuple[int, list]:
        """Run a WHERE clause compiled by gatewatch.cards.query: (total matches, first `limit` rows by name).

        Card ids follow name order (see gatewatch.cards.load.write_records), so the listing walks the
        table in id order and stops after `limit` matches; the count is a separate narrow scan."""
        self.conn.create_function("regexp", 2, _regexp, deterministic=True)
        total = self.conn.execute(f"SELECT count(*) FROM cards WHERE {where}", params).fetchone()[0]
        if total == 0 or limit <= 0:
            return total, []
        rows = self.conn.execute(
            f"SELECT s.*, t.oracle_text FROM (SELECT {SUMMARY_COLUMNS} FROM cards WHERE {where}"
            f" ORDER BY id LIMIT ?) s JOIN card_text t ON t.card_id = s.id ORDER BY s.id",
            [*params, limit]).fetchall()
        return total, rows

    def search_cards_fts(self, match: str, limit: int) -> list[sqlite3.Row]:
        """Full-text search over names, type lines and texts (English and Spanish), best first.

        `match` is an FTS5 expression; for the judge's retrieval (BM25 ranking)."""
        cols = ", ".join("c." + x.strip() for x in SUMMARY_COLUMNS.split(","))
        return self.conn.execute(
            f"SELECT {cols}, t.oracle_text, bm25(cards_fts) AS score FROM cards_fts"
            " JOIN cards c ON c.id = cards_fts.rowid JOIN card_text t ON t.card_id = c.id"
            " WHERE cards_fts MATCH ? ORDER BY score LIMIT ?", (match, limit)).fetchall()
