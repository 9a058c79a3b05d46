"""The `gatewatch spanish` commands over the session database (JSON twins and one-line errors)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys


def _run(db, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "GATEWATCH_DB": str(db)}
    return subprocess.run([sys.executable, "-m", "gatewatch", "spanish", *args], capture_output=True, text=True,
                          env=env, timeout=180)


def test_status_json(es_build):
    out = _run(es_build.path, "status", "--version", "2026-04-17", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["version"] == "2026-04-17" and data["edition_version"] == "2026-08-07"
    assert "205.3m" in data["stale"] and 0 < data["percent"] < 100
    assert {k["kind"] for k in data["kinds"]} == {"chapter", "section", "rule", "subrule", "example", "glossary"}


def test_status_text_and_errors(es_build):
    out = _run(es_build.path, "status")
    assert out.returncode == 0 and "100.0" in out.stdout
    bad = _run(es_build.path, "status", "--version", "1990-01-01")
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and len(bad.stderr.strip().splitlines()) <= 2


def test_rule_define_search(es_build):
    rule = json.loads(_run(es_build.path, "rule", "702.2b", "--json").stdout)
    assert rule["text"].startswith("Una criatura") and rule["stale"] is False
    term = json.loads(_run(es_build.path, "define", "cementerio", "--json").stdout)
    assert term["english_term"] == "Graveyard"
    hits = json.loads(_run(es_build.path, "search", "toque mortal", "--json").stdout)
    assert hits["results"][0]["id"] == "702.2"


def test_export_then_import(es_build, tmp_path):
    db = tmp_path / "copy.db"
    shutil.copyfile(es_build.path, db)
    out = _run(db, "export", str(tmp_path / "files"), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["entries"] == 4334
    imported = _run(db, "import", str(tmp_path / "files"), "--json")
    assert imported.returncode == 0, imported.stderr
    data = json.loads(imported.stdout)
    assert data["entries"] == 4334 and data["changed"] == 0
    (tmp_path / "files" / "100.txt").write_text("@ rule 100.99 en=" + "0" * 40 + "\nNada.\n", encoding="utf-8")
    refused = _run(db, "import", str(tmp_path / "files"))
    assert refused.returncode == 1 and "100.txt:1: rule 100.99 is not in the English 2026-08-07 rules" in refused.stderr
