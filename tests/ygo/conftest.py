"""Yu-Gi-Oh fixtures: a real SQLite with only the Yu-Gi-Oh tables, built once per session from the real
mirror (migrate + load_ygo: a few seconds), and the raw mirror files read independently."""

from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

import pytest

from gatewatch.store import MIGRATIONS, Store
from gatewatch.store.ygo import MIGRATIONS as YGO_MIGRATIONS
from gatewatch.store.ygo import YgoStore

if issubclass(Store, YgoStore):
    YgoTestStore = Store
else:  # until the mixin is part of Store: the same class with it
    class YgoTestStore(YgoStore, Store):  # type: ignore[no-redef]
        pass

ALL_MIGRATIONS = MIGRATIONS + [m for m in YGO_MIGRATIONS if m not in MIGRATIONS]


@pytest.fixture(scope="session")
def ygo_dir(mirror: Path) -> Path:
    folder = mirror / "cards" / "ygo"
    if not (folder / "ygojson_cards.jsonl.gz").exists():
        pytest.fail(f"the Yu-Gi-Oh card file in {folder} is required")
    return folder


@pytest.fixture(scope="session")
def sections_dir(mirror: Path) -> Path:
    return mirror / "rules" / "ygo" / "en" / "comprehensive_rulebook_laaners" / "sections"


@pytest.fixture(scope="session")
def ygo_build(build_report) -> dict:
    """The session database of tests/conftest.py (built once): its path, Yu-Gi-Oh counts and build time."""
    return {"path": build_report.path, "counts": build_report.ygo, "seconds": build_report.timings["ygo"]}


@pytest.fixture(scope="session")
def ygo_store(ygo_build: dict) -> Store:
    """The built database, reopened read-only as the app opens it."""
    return YgoTestStore(ygo_build["path"], readonly=True)


@pytest.fixture(scope="session")
def raw_cards(ygo_dir: Path) -> list[dict]:
    """The mirror's YGOJSON records, parsed here with json only (the reference for the card tests)."""
    with gzip.open(ygo_dir / "ygojson_cards.jsonl.gz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def ygo_server(ygo_build: dict):
    """A real server on loopback with the Yu-Gi-Oh pages and the app's error handlers, over the test database.

    The full app needs the rules tables; this one mounts only what the Yu-Gi-Oh pages use."""
    import threading
    from types import SimpleNamespace

    import httpx
    import uvicorn
    from fastapi import FastAPI
    from fastapi.staticfiles import StaticFiles

    from gatewatch.web import app as web_app
    from gatewatch.web import pages_ygo

    app = FastAPI()
    app.state.site = SimpleNamespace(store=YgoTestStore(ygo_build["path"]))
    static = Path(web_app.__file__).parent / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    app.include_router(pages_ygo.router)
    web_app._install_error_handlers(app)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(base + "/yugioh/reglas.json", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    else:
        raise RuntimeError("the Yu-Gi-Oh test server did not start")
    yield base
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def ygo_http(ygo_server):
    import httpx

    with httpx.Client(base_url=ygo_server, timeout=30) as client:
        yield client
