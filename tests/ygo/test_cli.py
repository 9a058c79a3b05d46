"""The `ygo` command group over the built database (typer's CliRunner, real SQLite)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gatewatch.cli import app

from .conftest import YgoTestStore

runner = CliRunner()


@pytest.fixture()
def cli_env(ygo_build, monkeypatch):
    monkeypatch.setenv("GATEWATCH_DB", str(ygo_build["path"]))
    # Until Store mixes YgoStore in, the commands get the test class (the same file, read-only).
    monkeypatch.setattr("gatewatch.cli.ygo.get_store", lambda: YgoTestStore(ygo_build["path"]))


def test_topic_readable(cli_env):
    result = runner.invoke(app, ["ygo", "topic", "10", "desterrar"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Capítulo X: Glosario" in out and "Tema: Desterrar" in out
    assert "◄ Atacar en Posición de Defensa boca arriba | Desterrar boca abajo ►" in out


def test_topic_json(cli_env):
    result = runner.invoke(app, ["ygo", "topic", "I", "game", "mat", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ref"]["slug"] == "game-mat" and data["previous"]["slug"] == "things-you-need-to-duel"
    assert data["next"] is None and data["references"][0]["authority"] == "rulebook"


def test_chapters(cli_env):
    result = runner.invoke(app, ["ygo", "chapters", "--json"])
    assert result.exit_code == 0, result.output
    chapters = json.loads(result.stdout)["chapters"]
    assert [c["number"] for c in chapters] == list(range(1, 11))
    assert sum(len(c["topics"]) for c in chapters) == 189
    readable = runner.invoke(app, ["ygo", "chapters"])
    assert "Cartas de Monstruo" in readable.stdout and "(Monster cards, 13 temas)" in readable.stdout


def test_card(cli_env):
    result = runner.invoke(app, ["ygo", "card", "Mago", "Oscuro", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["name"] == "Dark Magician" and data["es"]["name"] == "Mago Oscuro" and data["defense"] == "2100"
    readable = runner.invoke(app, ["ygo", "card", "dark magician", "--lang", "es"])
    assert readable.stdout.index("Español") < readable.stdout.index("English")


def test_cards(cli_env):
    result = runner.invoke(app, ["ygo", "cards", "type:xyz", "rank>=12", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == len(data["cards"]) > 0 and all(c["rank"] >= 12 for c in data["cards"])
    readable = runner.invoke(app, ["ygo", "cards", "-type:effect", "type:link"])
    assert readable.exit_code == 0, readable.output


@pytest.mark.parametrize("args,needle", [
    (["ygo", "topic", "2", "nothing-here"], "not found"),
    (["ygo", "card", "Token"], "did you mean"),
    (["ygo", "cards", "atk>=x"], "position 5"),
])
def test_errors_are_one_line(cli_env, args, needle):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert needle in result.output and len(result.output.strip().splitlines()) == 1
