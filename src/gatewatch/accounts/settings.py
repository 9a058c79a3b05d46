"""Settings of the account system, from GATEWATCH_* environment variables and DATABASE_URL."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from .. import config

log = logging.getLogger("gatewatch.accounts")
SECRET_FILE = "secret_key"
ACCOUNTS_DB = "accounts.db"


class AccountSettings(BaseModel):
    """Everything the account system reads from the environment, checked once at start-up."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    database_url: str = Field(description="SQLAlchemy URL: sqlite:///… (default) or postgresql+psycopg://…")
    secret_key: str = Field(repr=False, min_length=32, description="Signs CSRF tokens; never logged")
    free_daily_questions: int = Field(3, ge=0, description="Judge questions per UTC day on the free plan")
    pro_daily_questions: int = Field(500, ge=0, description="Judge questions per UTC day on Pro")
    secure_cookies: bool = Field(False, description="Always mark cookies Secure (also done per https request)")
    session_days: int = Field(30, ge=1, description="How long a log-in lasts")
    reset_minutes: int = Field(60, ge=1, description="How long a password-reset link works")
    max_keys: int = Field(10, ge=1, description="Active API keys per account")
    public_url: str | None = Field(None, description="https://site: the base of links in mails (else the request's)")

    @classmethod
    def from_env(cls, home: Path | None = None) -> AccountSettings:
        env = os.environ
        home = home or config.home_dir()
        return cls(
            database_url=database_url(env.get("DATABASE_URL"), home),
            secret_key=env.get("GATEWATCH_SECRET_KEY") or _stored_secret(home),
            free_daily_questions=int(env.get("GATEWATCH_FREE_DAILY_QUESTIONS", "3")),
            pro_daily_questions=int(env.get("GATEWATCH_PRO_DAILY_QUESTIONS", "500")),
            secure_cookies=env.get("GATEWATCH_SECURE_COOKIES", "") in ("1", "true", "yes"),
            public_url=(env.get("GATEWATCH_PUBLIC_URL") or "").rstrip("/") or None,
        )


def database_url(raw: str | None, home: Path) -> str:
    """DATABASE_URL as operators write it (postgres://…) → the SQLAlchemy URL with the psycopg 3 driver."""
    if not raw:
        return f"sqlite:///{home / ACCOUNTS_DB}"
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


def _stored_secret(home: Path) -> str:
    """The key kept in $GATEWATCH_HOME/secret_key, made on first use so a dev server just works.

    Several replicas must share one key: production sets GATEWATCH_SECRET_KEY instead."""
    path = home / SECRET_FILE
    if path.exists():
        return path.read_text().strip()
    home.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    # O_EXCL: two workers starting together must not each write a different key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    log.warning("GATEWATCH_SECRET_KEY is not set: generated one in %s (set it when running several replicas)", path)
    return key
