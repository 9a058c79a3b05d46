"""All SQL of the account system: tables, named migrations, queries (SQLAlchemy Core, SQLite or PostgreSQL).

The accounts live apart from the content database: that one is rebuilt and swapped whole, users must not be.
Migrations are named steps recorded in `schema_migrations`, like the content store's, rather than alembic:
a handful of tables does not need a second tool, a revision graph or a config file, and the same code path
runs on both databases in the tests."""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    Column,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from .errors import AccountsUnavailable

meta = MetaData()
migrations_table = Table("schema_migrations", meta, Column("name", String(100), primary_key=True),
                         Column("applied_at", DateTime, nullable=False))
accounts = Table(
    "accounts", meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("email", String(254), nullable=False, unique=True),  # lower-cased before it gets here
    Column("password_hash", String(200), nullable=False),
    Column("plan", String(10), nullable=False, server_default="free"),
    Column("pro_until", Date, nullable=True),
    Column("created_at", DateTime, nullable=False),
)
sessions = Table(
    "sessions", meta,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created_at", DateTime, nullable=False),
    Column("expires_at", DateTime, nullable=False),
)
reset_tokens = Table(
    "reset_tokens", meta,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("expires_at", DateTime, nullable=False),
    Column("used_at", DateTime, nullable=True),
)
api_keys = Table(
    "api_keys", meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("name", String(80), nullable=False),
    Column("prefix", String(16), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", DateTime, nullable=False),
    Column("revoked_at", DateTime, nullable=True),
)
# One row per (subject, UTC day): subject is "account:<id>" or "key:<id>".
usage = Table(
    "usage", meta,
    Column("subject", String(40), primary_key=True),
    Column("day", Date, primary_key=True),
    Column("questions", Integer, nullable=False, server_default="0"),
)

Migration = tuple[str, Callable[[Connection], None]]


def _create(*tables: Table) -> Callable[[Connection], None]:
    return lambda conn: [t.create(conn) for t in tables] and None


MIGRATIONS: list[Migration] = [
    ("accounts-001-accounts-sessions-resets", _create(accounts, sessions, reset_tokens)),
    ("accounts-002-api-keys-usage", _create(api_keys, usage)),
]


def now() -> dt.datetime:
    """Naive UTC: both databases then compare timestamps the same way."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def today() -> dt.date:
    return now().date()


class AccountsDB:
    """The writable accounts database. Opened lazily: the free pages never wait for it or fail with it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._engine: Engine | None = None
        self._lock = threading.Lock()

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            with self._lock:
                if self._engine is None:
                    engine = _make_engine(self.url)
                    try:
                        migrate(engine)
                    except OperationalError as err:
                        engine.dispose()
                        raise AccountsUnavailable("the accounts database cannot be reached") from err
                    self._engine = engine
        return self._engine

    def dispose(self) -> None:
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    def _one(self, stmt) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(stmt).mappings().first()
            return dict(row) if row else None

    def _all(self, stmt) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return [dict(r) for r in conn.execute(stmt).mappings()]

    def _write(self, stmt) -> int:
        with self.engine.begin() as conn:
            return conn.execute(stmt).rowcount

    # accounts
    def insert_account(self, email: str, password_hash: str) -> int | None:
        """The new account's id, or None when the email is taken."""
        try:
            with self.engine.begin() as conn:
                return conn.execute(insert(accounts).values(email=email, password_hash=password_hash, plan="free",
                                                            created_at=now())).inserted_primary_key[0]
        except IntegrityError:
            return None

    def account_by_email(self, email: str) -> dict[str, Any] | None:
        return self._one(select(accounts).where(accounts.c.email == email))

    def account_by_id(self, account_id: int) -> dict[str, Any] | None:
        return self._one(select(accounts).where(accounts.c.id == account_id))

    def list_accounts(self) -> list[dict[str, Any]]:
        return self._all(select(accounts).order_by(accounts.c.id))

    def set_password(self, account_id: int, password_hash: str) -> None:
        self._write(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))

    def set_plan(self, account_id: int, plan: str, pro_until: dt.date | None) -> None:
        self._write(update(accounts).where(accounts.c.id == account_id).values(plan=plan, pro_until=pro_until))

    # sessions
    def insert_session(self, token_hash: str, account_id: int, expires_at: dt.datetime) -> None:
        self._write(insert(sessions).values(token_hash=token_hash, account_id=account_id, created_at=now(),
                                            expires_at=expires_at))

    def session_account(self, token_hash: str) -> dict[str, Any] | None:
        """The account behind a live session, in one query."""
        return self._one(select(accounts).join(sessions, sessions.c.account_id == accounts.c.id)
                         .where(sessions.c.token_hash == token_hash, sessions.c.expires_at > now()))

    def delete_session(self, token_hash: str) -> None:
        self._write(sessions.delete().where(sessions.c.token_hash == token_hash))

    def delete_sessions_of(self, account_id: int) -> None:
        self._write(sessions.delete().where(sessions.c.account_id == account_id))

    # password reset
    def insert_reset(self, token_hash: str, account_id: int, expires_at: dt.datetime) -> None:
        self._write(insert(reset_tokens).values(token_hash=token_hash, account_id=account_id, expires_at=expires_at))

    def reset_row(self, token_hash: str) -> dict[str, Any] | None:
        return self._one(select(reset_tokens).where(reset_tokens.c.token_hash == token_hash))

    def use_reset(self, token_hash: str) -> bool:
        """Mark the token used; False when another request used it first (the UPDATE is the lock)."""
        return self._write(update(reset_tokens).where(reset_tokens.c.token_hash == token_hash,
                                                      reset_tokens.c.used_at.is_(None),
                                                      reset_tokens.c.expires_at > now())
                           .values(used_at=now())) == 1

    def drop_resets_of(self, account_id: int) -> None:
        self._write(update(reset_tokens).where(reset_tokens.c.account_id == account_id,
                                               reset_tokens.c.used_at.is_(None)).values(used_at=now()))

    # API keys
    def insert_key(self, account_id: int, name: str, prefix: str, token_hash: str) -> int:
        with self.engine.begin() as conn:
            return conn.execute(insert(api_keys).values(account_id=account_id, name=name, prefix=prefix,
                                                        token_hash=token_hash, created_at=now())
                                ).inserted_primary_key[0]

    def key_by_hash(self, token_hash: str) -> dict[str, Any] | None:
        return self._one(select(api_keys).where(api_keys.c.token_hash == token_hash))

    def key_by_id(self, key_id: int) -> dict[str, Any] | None:
        return self._one(select(api_keys).where(api_keys.c.id == key_id))

    def keys_of(self, account_id: int) -> list[dict[str, Any]]:
        keys = self._all(select(api_keys).where(api_keys.c.account_id == account_id).order_by(api_keys.c.id))
        counts = {r["subject"]: r["questions"] for r in self._all(
            select(usage).where(usage.c.day == today(), usage.c.subject.in_([f"key:{k['id']}" for k in keys])))}
        return [{**k, "used_today": counts.get(f"key:{k['id']}", 0)} for k in keys]

    def revoke_key(self, key_id: int) -> None:
        self._write(update(api_keys).where(api_keys.c.id == key_id, api_keys.c.revoked_at.is_(None))
                    .values(revoked_at=now()))

    # daily allowance
    def used_today(self, subject: str) -> int:
        row = self._one(select(usage.c.questions).where(usage.c.subject == subject, usage.c.day == today()))
        return row["questions"] if row else 0

    def count_question(self, *subjects: str) -> None:
        """Add one question to each subject's count for today, atomically (an upsert on both databases)."""
        day = today()
        with self.engine.begin() as conn:
            for subject in subjects:
                conn.execute(_upsert(conn, subject, day))


def _upsert(conn: Connection, subject: str, day: dt.date):
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as dialect_insert
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert
    stmt = dialect_insert(usage).values(subject=subject, day=day, questions=1)
    return stmt.on_conflict_do_update(index_elements=[usage.c.subject, usage.c.day],
                                      set_={"questions": usage.c.questions + 1})


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:
            # WAL: readers do not block the writer; foreign keys are off by default in SQLite.
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA foreign_keys = ON")
            cur.execute("PRAGMA synchronous = NORMAL")
            cur.close()
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def migrate(engine: Engine) -> list[str]:
    """Apply the named migrations not yet recorded; replicas starting together take turns (PostgreSQL lock)."""
    applied: list[str] = []
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(727274)"))
        migrations_table.create(conn, checkfirst=True)
        done = set(conn.execute(select(migrations_table.c.name)).scalars())
        for name, step in MIGRATIONS:
            if name not in done:
                step(conn)
                conn.execute(insert(migrations_table).values(name=name, applied_at=now()))
                applied.append(name)
    return applied


def applied_migrations(engine: Engine) -> list[str]:
    with engine.connect() as conn:
        return list(conn.execute(select(migrations_table.c.name).order_by(migrations_table.c.applied_at)).scalars())


__all__ = ["MIGRATIONS", "AccountsDB", "migrate", "now", "today"]
