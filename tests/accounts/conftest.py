"""Account tests run twice: on SQLite and on a real PostgreSQL cluster that this file starts and stops.

Each backend gets its own server (the real app on 127.0.0.1, over the session's content database) and the
tests read the raw rows through SQLAlchemy to check what is stored."""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine

PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(cmd: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: CI and this machine run the tests as root.
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="session")
def pg_url():
    """A throwaway PostgreSQL cluster on a free loopback port, its socket in its own temp folder."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail("PostgreSQL is missing: apt-get install -y postgresql (.ci/run does)")
    bindir = Path(found[-1]).parent
    root = Path(tempfile.mkdtemp(prefix="gw-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", free_port()
    subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                                 "-E", "UTF8", "--no-sync"]), check=True, capture_output=True)
    subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"), "-w",
                                 "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off",
                                 "start"]), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                       capture_output=True, check=False)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def backend(request, tmp_path_factory) -> dict:
    """The accounts database URL and a home folder for one backend."""
    home = tmp_path_factory.mktemp(f"accounts-{request.param}")
    url = f"sqlite:///{home / 'accounts.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    return {"name": request.param, "url": url, "home": home}


def server_env(backend: dict, built_db: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, GATEWATCH_HOME=str(backend["home"]), GATEWATCH_DB=str(built_db),
               GATEWATCH_SECRET_KEY="test-secret-" + "k" * 40, GATEWATCH_FREE_DAILY_QUESTIONS="3",
               GATEWATCH_PRO_DAILY_QUESTIONS="500", **extra)
    env.pop("DATABASE_URL", None)
    if backend["name"] == "postgresql":
        env["DATABASE_URL"] = backend["url"]
    return env


def start_server(env: dict[str, str], log_path: Path):
    port = free_port()
    log = open(log_path, "w")  # noqa: SIM115 - closed by stop_server()
    proc = subprocess.Popen([sys.executable, "-m", "gatewatch", "serve", "--port", str(port)], env=env, stdout=log,
                            stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if httpx.get(base + "/reglas/100.1.json", timeout=2).status_code == 200:
                return proc, log, base
        except httpx.HTTPError:
            time.sleep(0.2)
        if proc.poll() is not None:
            raise RuntimeError("server exited: " + log_path.read_text())
    proc.kill()
    raise RuntimeError("server did not start within 90 s")


def stop_server(proc, log) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def site(backend, built_db):
    """The running site for this backend: base URL, log file, accounts DB URL, environment."""
    env = server_env(backend, built_db)
    log_path = backend["home"] / "server.log"
    proc, log, base = start_server(env, log_path)
    yield {"base": base, "log": log_path, "url": backend["url"], "env": env, "backend": backend["name"]}
    stop_server(proc, log)


@pytest.fixture(scope="session")
def raw_db(site):
    """Straight SQL on the accounts database, to see what is really stored."""
    engine = create_engine(site["url"])
    yield engine
    engine.dispose()


@pytest.fixture()
def client(site):
    with httpx.Client(base_url=site["base"], timeout=60, follow_redirects=False) as c:
        yield c


def new_email() -> str:
    return f"player-{uuid.uuid4().hex[:10]}@example.com"


def csrf_from(html: str) -> str:
    match = re.search(r'name="csrf_token" value="([0-9a-f]{64})"', html)
    assert match, "no CSRF field in the form"
    return match.group(1)


def form_post(c: httpx.Client, page: str, action: str | None = None, **fields: str) -> httpx.Response:
    """GET the form (for its CSRF token and cookie), then POST it the way a browser would."""
    token = csrf_from(c.get(page).text)
    return c.post(action or page, data={"csrf_token": token, **fields})


def sign_up(c: httpx.Client, email: str | None = None, password: str = PASSWORD) -> str:
    email = email or new_email()
    r = form_post(c, "/cuenta/alta", email=email, password=password)
    assert r.status_code == 303, r.text
    assert "gw_session" in c.cookies
    return email


def log_in(c: httpx.Client, email: str, password: str = PASSWORD) -> httpx.Response:
    return form_post(c, "/cuenta/entrar", email=email, password=password)


# `gatewatch users …`, registering the group here too until cli/__init__.py lists "users" (see the report).
_CLI = ("import sys; from gatewatch.cli import app, main; from gatewatch.cli import users; "
        "any(g.name == 'users' for g in app.registered_groups) or users.register(app); sys.argv[0] = 'gatewatch'; "
        "main()")


def cli(site: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", _CLI, *args], env=site["env"], capture_output=True, check=False,
                          text=True, timeout=60)
