"""`gatewatch build` on bad input leaves the previous database intact; the downloader fetches the CR
linked from a rules page served on loopback."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from gatewatch.build import build_database
from gatewatch.errors import SourceError
from gatewatch.sources.comprules.download import download_current_rules, find_rules_link
from gatewatch.sources.comprules.parse import parse_rules_bytes

NEWEST = "rules/mtg/en/history/MagicCompRules_20260807.txt"


@pytest.fixture()
def served(tmp_path, mirror):
    """A tiny copy of Wizards' rules page and the CR text behind it, on 127.0.0.1."""
    site = tmp_path / "site"
    (site / "downloads").mkdir(parents=True)
    shutil.copy(mirror / NEWEST, site / "downloads" / "MagicCompRules 20260807.txt")
    (site / "rules.html").write_text('<html><body><a class="cta" href="/downloads/MagicCompRules%2020260807.txt">'
                                     "TXT</a></body></html>", encoding="utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def test_find_rules_link():
    html = '<p><a href="https://media.wizards.com/2026/downloads/MagicCompRules%2020260807.txt">TXT</a></p>'
    assert find_rules_link(html, "https://magic.wizards.com/en/rules").endswith("MagicCompRules%2020260807.txt")
    with pytest.raises(SourceError, match="no link"):
        find_rules_link("<p>nothing here</p>", "https://example.invalid/rules")


def test_download_then_parse(served, tmp_path, mirror):
    path = download_current_rules(tmp_path / "cache", served + "/rules.html")
    assert path.read_bytes() == (mirror / NEWEST).read_bytes()
    assert parse_rules_bytes(path.read_bytes(), str(path)).version == "2026-08-07"
    again = download_current_rules(tmp_path / "cache", served + "/rules.html")
    assert again == path  # cached


def test_build_without_a_mirror_downloads_the_rules(served, tmp_path, monkeypatch):
    monkeypatch.setenv("GATEWATCH_CACHE", str(tmp_path / "cache"))
    report = build_database(tmp_path / "gw.db", None, parts=("rules",), rules_page=served + "/rules.html")
    assert report.rules.versions == ["2026-08-07"] and report.rules.examples == 277


def test_download_failure_is_one_clear_error(tmp_path):
    with pytest.raises(SourceError, match="download failed"):
        download_current_rules(tmp_path / "cache", "http://127.0.0.1:9/rules.html", timeout=2)


def _bad_mirror(tmp_path: Path, mirror: Path, name: str, data: bytes) -> Path:
    root = tmp_path / f"mirror-{name}"
    (root / "rules/mtg/en/history").mkdir(parents=True)
    shutil.copy(mirror / NEWEST, root / "rules/mtg/en/history")
    (root / "rules/mtg/en/history" / f"MagicCompRules_{name}.txt").write_bytes(data)
    return root


@pytest.mark.parametrize("name,data,problem", [
    ("empty", b"", "empty file"),
    ("notcr", b"Grocery list\n- milk\n- eggs\n", "not a Comprehensive Rules file"),
    ("truncated", None, "truncated"),
    ("undecodable", b"These rules are effective as of August 7, 2026.\n\x81\x8d rules", "undecodable byte"),
])
def test_bad_input_keeps_the_previous_database(tmp_path, mirror, name, data, problem):
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, GATEWATCH_HOME=str(home))
    good = subprocess.run([sys.executable, "-m", "gatewatch", "build", "--only", "rules", "--mirror",
                           str(_bad_mirror(tmp_path, mirror, "ok", (mirror / NEWEST).read_bytes()))],
                          capture_output=True, text=True, env=env, timeout=300)
    assert good.returncode == 0, good.stderr
    db = home / "gatewatch.db"
    before = db.read_bytes()
    if data is None:
        data = (mirror / NEWEST).read_bytes()[:400_000]
    bad = subprocess.run([sys.executable, "-m", "gatewatch", "build", "--only", "rules", "--mirror",
                          str(_bad_mirror(tmp_path, mirror, name, data))], capture_output=True, text=True, env=env,
                         timeout=300)
    assert bad.returncode != 0
    lines = [ln for ln in bad.stderr.splitlines() if ln.startswith("error:")]
    assert len(lines) == 1 and f"MagicCompRules_{name}.txt" in lines[0] and problem in lines[0], bad.stderr
    assert "Traceback" not in bad.stderr
    assert db.read_bytes() == before
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]
