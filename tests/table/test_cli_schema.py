"""`gatewatch table check` and `table schema`, and the committed JSON Schema matching the models."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer
from typer.testing import CliRunner

from gatewatch.cli import table as table_cli
from gatewatch.table import board_schema, schema_text
from gatewatch.table.check import SCHEMA_PATH

SCENARIOS = Path(__file__).parent / "scenarios"


def _app() -> typer.Typer:
    # The lead registers `table` in gatewatch.cli; here it is mounted on its own app.
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        pass

    table_cli.register(app)
    return app


def _board_file(tmp_path: Path, name: str) -> Path:
    board = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))["board"]
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    return path


def test_committed_schema_is_current() -> None:
    """Regenerate with GATEWATCH_REGENERATE=1 after changing the models."""
    if os.environ.get("GATEWATCH_REGENERATE"):
        SCHEMA_PATH.write_text(schema_text(), encoding="utf-8")
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == board_schema()


def test_schema_command() -> None:
    result = CliRunner().invoke(_app(), ["table", "schema"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema["title"] == "Board" and "permanents" in schema["properties"]


def test_check_command_json(tmp_path: Path, table_store, monkeypatch) -> None:
    monkeypatch.setattr(table_cli, "get_store", lambda: table_store)
    path = _board_file(tmp_path, next(p.name for p in SCENARIOS.glob("*deathtouch_trample.json")))
    result = CliRunner().invoke(_app(), ["table", "check", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert "702.19b" in [s["rule"] for s in data["steps"]]
    assert data["board"]["players"][1]["life"] == 16


def test_check_command_text(tmp_path: Path, table_store, monkeypatch) -> None:
    monkeypatch.setattr(table_cli, "get_store", lambda: table_store)
    path = _board_file(tmp_path, next(p.name for p in SCENARIOS.glob("*legend_rule_newest.json")))
    result = CliRunner().invoke(_app(), ["table", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "704.5j" in result.stdout and "Regla de leyendas" in result.stdout
    english = CliRunner().invoke(_app(), ["table", "check", str(path), "--lang", "en"])
    assert "Legend rule" in english.stdout


def test_check_command_errors(tmp_path: Path, table_store, monkeypatch) -> None:
    monkeypatch.setattr(table_cli, "get_store", lambda: table_store)
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [', encoding="utf-8")
    result = CliRunner().invoke(_app(), ["table", "check", str(bad)])
    assert result.exit_code != 0 and "line 1" in result.output
    invalid = tmp_path / "invalid.json"
    invalid.write_text(json.dumps({"players": [{"id": "a"}], "turn": {"active_player": "a"}}), encoding="utf-8")
    result = CliRunner().invoke(_app(), ["table", "check", str(invalid)])
    assert result.exit_code == 2 and "players[0].life" in result.output


def test_check_reads_stdin_and_scenario_files(table_store, monkeypatch) -> None:
    monkeypatch.setattr(table_cli, "get_store", lambda: table_store)
    scenario = next(SCENARIOS.glob("*life_zero.json")).read_text(encoding="utf-8")
    result = CliRunner().invoke(_app(), ["table", "check", "-", "--json"], input=scenario)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["losers"] == ["bo"]
