"""A real server on loopback over the session database, and a real headless Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(built_db: Path, gw_home: Path):
    port = _free_port()
    env = dict(os.environ, GATEWATCH_HOME=str(gw_home))
    # The server's log goes to a file: an unread pipe would fill up and block the server.
    log = open(gw_home / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "gatewatch", "serve", "--port", str(port)], env=env,
                            stdout=log, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            if httpx.get(base + "/reglas/100.1.json", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
        if proc.poll() is not None:
            raise RuntimeError("server exited: " + (gw_home / "server.log").read_text())
    else:
        proc.kill()
        raise RuntimeError("server did not start within 60 s")
    yield base
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def judge_login(server, gw_home: Path) -> tuple[str, str]:
    """The judge is behind accounts (issue 8): a Pro account's API key and a session token for it."""
    from gatewatch.accounts import Accounts, AccountSettings
    accounts = Accounts(AccountSettings.from_env(gw_home))
    account = accounts.sign_up("web-tests@example.com", "web tests password")
    accounts.grant_pro(account.email)
    account = accounts.get(account.id)
    key, session = accounts.create_key(account, "web tests").token, accounts.open_session(account)
    accounts.db.dispose()
    return key, session


@pytest.fixture(scope="session")
def http(server, judge_login):
    with httpx.Client(base_url=server, timeout=30, headers={"Authorization": f"Bearer {judge_login[0]}"}) as client:
        yield client


@pytest.fixture()
def page(browser, server, judge_login):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(base_url=server, viewport={"width": 1100, "height": 900})
    context.add_cookies([{"name": "gw_session", "value": judge_login[1], "url": server}])
    pg = context.new_page()
    yield pg
    context.close()


@pytest.fixture()
def phone(browser, server, judge_login):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(base_url=server, viewport={"width": 375, "height": 740}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.add_cookies([{"name": "gw_session", "value": judge_login[1], "url": server}])
    pg = context.new_page()
    yield pg
    context.close()


def shot(pg, name: str) -> None:
    pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)
