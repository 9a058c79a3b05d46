"""Session fixtures: the real database, built once from the real mirror and shared by every test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from platformdirs import user_cache_dir

from gatewatch import config
from gatewatch.build import BuildReport, build_database
from gatewatch.store import Store

os.environ.setdefault("HF_HUB_OFFLINE", "1")
# Rule vectors are cached by content hash: sharing the user cache between test sessions saves a minute.
os.environ.setdefault("GATEWATCH_CACHE", user_cache_dir("gatewatch", appauthor=False))
MIRROR = config.find_mirror()
CHROMIUM = "/usr/bin/chromium"


def pytest_report_header(config):  # noqa: D103 - pytest hook
    return f"gatewatch mirror: {MIRROR}"


@pytest.fixture(scope="session")
def mirror() -> Path:
    if MIRROR is None or not (MIRROR / "rules").is_dir():
        pytest.fail("the data mirror (../shared/data) is required for the tests")
    return MIRROR


@pytest.fixture(scope="session")
def gw_home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("gatewatch-home")
    os.environ["GATEWATCH_HOME"] = str(home)
    return home


@pytest.fixture(scope="session")
def build_report(gw_home: Path, mirror: Path) -> BuildReport:
    """The real database (every rules version, every card, Yu-Gi-Oh, vectors), built once per session."""
    report = build_database(gw_home / config.DB_NAME, mirror)
    assert report.rules is not None and len(report.rules.versions) == 62
    return report


@pytest.fixture(scope="session")
def built_db(build_report: BuildReport) -> Path:
    return build_report.path


@pytest.fixture(scope="session")
def store(built_db: Path) -> Store:
    return Store(built_db, readonly=True)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (.ci/run does)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"])
        yield b
        b.close()
