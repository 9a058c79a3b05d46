"""The SQLite connection, named migrations, and the atomic build-then-swap of the database file."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from ..errors import NoDatabase

Migration = tuple[str, str]  # (name, SQL script)
T = TypeVar("T")


class BaseStore:
    """One SQLite file. Read connections are per thread, because the web server serves from a pool."""

    def __init__(self, path: Path, *, readonly: bool = True) -> None:
        self.path = Path(path)
        self.readonly = readonly
        self._local = threading.local()
        self._derived: dict[str, object] = {}
        self._derived_lock = threading.RLock()  # a build may derive something else first (the name rows)
        if readonly and not self.path.exists():
            raise NoDatabase(str(self.path))

    @property
    def conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._connect()
            self._local.conn = conn
        return conn

    def _connect(self) -> sqlite3.Connection:
        if self.readonly:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
            conn.execute("PRAGMA query_only = 1")
            conn.execute("PRAGMA mmap_size = 268435456")
        else:
            conn = sqlite3.connect(self.path, check_same_thread=False)
            conn.execute("PRAGMA journal_mode = OFF")
            conn.execute("PRAGMA synchronous = OFF")
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA cache_size = -65536")
        conn.execute("PRAGMA temp_store = MEMORY")
        return conn

    def derived(self, name: str, build: Callable[[BaseStore], T]) -> T:
        """What `build` makes of this store's data (a name index, a word dictionary), made once per Store
        object and shared by its threads: a built database is read-only."""
        if name not in self._derived:
            with self._derived_lock:
                if name not in self._derived:
                    self._derived[name] = build(self)
        return self._derived[name]  # type: ignore[return-value]

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def migrate(self, migrations: list[Migration]) -> list[str]:
        """Apply the named migrations not yet recorded in the database; return the names applied."""
        c = self.conn
        c.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT)")
        done = {r[0] for r in c.execute("SELECT name FROM _migrations")}
        applied = []
        for name, sql in migrations:
            if name in done:
                continue
            c.executescript(sql)
            c.execute("INSERT INTO _migrations VALUES (?, datetime('now'))", (name,))
            applied.append(name)
        c.commit()
        return applied

    def applied_migrations(self) -> list[str]:
        return [r[0] for r in self.conn.execute("SELECT name FROM _migrations ORDER BY rowid")]

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None


@contextmanager
def atomic_file(final: Path) -> Iterator[Path]:
    """Yield a temporary path beside `final`; rename it into place only if the block succeeds.

    On any error the temporary file is removed and the previous database stays untouched."""
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = final.with_name(f".{final.name}.{os.getpid()}.tmp")
    if tmp.exists():
        tmp.unlink()
    try:
        yield tmp
        os.replace(tmp, final)
    finally:
        if tmp.exists():
            tmp.unlink()
