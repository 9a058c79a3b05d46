"""Session fixtures for the Spanish edition: a rules-only database built once from the real mirror.

The root conftest's `store` builds the cards too (slow); the Spanish edition needs only the rules, so
this builds `gatewatch.build.build_database(..., parts=("rules",))` (~15 s) once per session. Tests that
write (import) work on a copy of the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gatewatch import config
from gatewatch.build import BuildReport, build_database
from gatewatch.store import Store

MIRROR = config.find_mirror()


@pytest.fixture(scope="session")
def es_build(tmp_path_factory) -> BuildReport:
    if MIRROR is None or not (MIRROR / "rules").is_dir():
        pytest.fail("the data mirror (../shared/data) is required for the tests")
    path = tmp_path_factory.mktemp("spanish-db") / "rules.db"
    return build_database(path, MIRROR, parts=("rules",))


@pytest.fixture(scope="session")
def es_store(es_build: BuildReport) -> Store:
    return Store(es_build.path, readonly=True)


@pytest.fixture()
def writable_copy(es_build: BuildReport, tmp_path: Path) -> Store:
    """A writable copy of the session database, for tests that import into it."""
    copy = tmp_path / "copy.db"
    shutil.copyfile(es_build.path, copy)
    store = Store(copy, readonly=False)
    yield store
    store.close()
