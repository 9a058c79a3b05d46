"""The free pages never depend on the accounts database: with it unreachable they still answer."""

from __future__ import annotations

import httpx
import pytest

from .conftest import server_env, start_server, stop_server


@pytest.fixture(scope="module")
def dead_db_site(built_db, tmp_path_factory):
    home = tmp_path_factory.mktemp("accounts-dead")
    backend = {"name": "postgresql", "url": "postgresql+psycopg://nobody@127.0.0.1:9/none", "home": home}
    proc, log, base = start_server(server_env(backend, built_db), home / "server.log")
    yield base
    stop_server(proc, log)


def test_free_pages_work_without_the_accounts_database(dead_db_site):
    with httpx.Client(base_url=dead_db_site, timeout=30) as c:
        for path in ("/", "/reglas/702.19c", "/reglas/702.19c.json", "/glosario", "/buscar?q=trample",
                     "/cartas/Lightning%20Bolt.json"):
            r = c.get(path)
            assert r.status_code == 200, path
            assert "default-src 'self'" in r.headers["content-security-policy"]
        # The account system says it is down, in one clear line, instead of taking the site with it.
        r = c.post("/api/ask", json={"question": "x"}, headers={"Authorization": "Bearer gw_x"})
        assert r.status_code == 503 and "cannot be reached" in r.json()["error"]["message"]
