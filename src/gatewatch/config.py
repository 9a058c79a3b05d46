"""Settings: where the data lives and where the mirror is. Environment variables GATEWATCH_*."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir

DB_NAME = "gatewatch.db"
# The checkout root in a src layout: src/gatewatch/config.py -> parents[2].
_CHECKOUT = Path(__file__).resolve().parents[2]


def home_dir() -> Path:
    """The folder holding the built database and the download cache."""
    env = os.environ.get("GATEWATCH_HOME")
    return Path(env).expanduser() if env else Path(user_data_dir("gatewatch", appauthor=False))


def db_path() -> Path:
    env = os.environ.get("GATEWATCH_DB")
    return Path(env).expanduser() if env else home_dir() / DB_NAME


def cache_dir() -> Path:
    """Downloads and content-addressed caches (rule vectors); $GATEWATCH_CACHE overrides."""
    env = os.environ.get("GATEWATCH_CACHE")
    return Path(env).expanduser() if env else home_dir() / "cache"


def find_mirror(explicit: str | Path | None = None) -> Path | None:
    """The data mirror: --mirror, then $GATEWATCH_MIRROR, then ../shared/data beside the checkout."""
    if explicit:
        return Path(explicit).expanduser().resolve()
    env = os.environ.get("GATEWATCH_MIRROR")
    if env:
        return Path(env).expanduser().resolve()
    for base in (_CHECKOUT, Path.cwd()):
        candidate = base.parent / "shared" / "data"
        if candidate.is_dir():
            return candidate.resolve()
    return None
