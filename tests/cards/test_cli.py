"""The `card` and `cards` commands over the built card database (typer's CliRunner, real SQLite)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gatewatch.cli import app

runner = CliRunner()


@pytest.fixture()
def cli_env(cards_build, monkeypatch):
    monkeypatch.setenv("GATEWATCH_DB", str(cards_build["path"]))


def test_card_json(cli_env):
    result = runner.invoke(app, ["card", "Halcón", "nocturno", "vampiro", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["name"] == "Vampire Nighthawk" and data["es"]["name"] == "Halcón nocturno vampiro"
    assert {k["keyword"] for k in data["keywords"]} == {"Deathtouch", "Flying", "Lifelink"}


def test_card_readable(cli_env):
    result = runner.invoke(app, ["card", "fire // ice", "--lang", "es"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("Fuego // Hielo") < out.index("Oracle") and "Rulings (9)" in out and "legacy" in out


def test_card_not_found_suggests(cli_env):
    result = runner.invoke(app, ["card", "Fire"])
    assert result.exit_code == 2
    assert "Fire // Ice" in result.output and "Start // Fire" in result.output


def test_cards_json_and_limit(cli_env):
    result = runner.invoke(app, ["cards", "t:goblin", "c:r", "mv<=1", "--limit", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert len(data["cards"]) == 3 and data["total"] > 3


def test_cards_negation_is_not_an_option(cli_env):
    result = runner.invoke(app, ["cards", "t:elf", "-t:creature", "--json"])
    assert result.exit_code == 0, result.output
    assert all("Creature" not in c["type_line"] for c in json.loads(result.stdout)["cards"])


def test_cards_readable_and_query_error(cli_env):
    ok = runner.invoke(app, ["cards", "is:split", "c:g", "-n", "5"])
    assert ok.exit_code == 0 and "of" in ok.stdout
    bad = runner.invoke(app, ["cards", "t:elf", "zz:1"])
    assert bad.exit_code == 2 and "unknown key 'zz'" in bad.output and "position 6" in bad.output
