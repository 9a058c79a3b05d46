"""The table's tests use the session database of tests/conftest.py (rules for the quotes, cards for the
Oracle data), built once per test session."""

from __future__ import annotations

import pytest

from gatewatch.store import Store


@pytest.fixture(scope="session")
def table_store(store: Store) -> Store:
    return store
