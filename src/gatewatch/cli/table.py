"""Commands: `table check board.json` (the resulting board and each step with its rule) and `table schema`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from ..errors import GatewatchError, SourceError
from ..table import CheckResult, check, load_board, result_json, schema_text
from .common import emit, fail, get_store

JSON = typer.Option(False, "--json", help="Print JSON for machines.")


def _read(path: Path) -> dict:
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8")
    except OSError as err:
        raise SourceError(str(path), err.strerror or "can't be read") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SourceError(str(path), f"line {err.lineno}, column {err.colno}: {err.msg}") from None
    if isinstance(data, dict) and "board" in data and "players" not in data:
        data = data["board"]  # a scenario file (tests/table/scenarios): its board
    if not isinstance(data, dict):
        raise SourceError(str(path), "expected a JSON object (a board)")
    return data


def _short(text: str, limit: int = 240) -> str:
    """Long rules are cut in the listing; `--json` carries the whole quote."""
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"


def _perm_line(result: CheckResult, perm: Any, lang: str) -> str:
    name = (perm.es_name if lang == "es" else None) or perm.name or perm.card or perm.id
    bits = []
    if perm.power is not None or perm.toughness is not None:
        bits.append(f"base {perm.power}/{perm.toughness}")
    if perm.counters:
        bits.append(", ".join(f"{k}×{v}" for k, v in perm.counters.items()))
    if perm.damage:
        bits.append(f"{'daño' if lang == 'es' else 'damage'} {perm.damage}")
    if perm.attached_to:
        bits.append(f"→ {perm.attached_to}")
    if perm.tapped:
        bits.append("tapped" if lang == "en" else "girado")
    extra = f" [dim]({escape('; '.join(bits))})[/]" if bits else ""
    return f"  [cyan]{escape(perm.id)}[/] {escape(name)}{extra}"


def render_result(c: Console, result: CheckResult, lang: str = "es") -> None:
    es = lang == "es"
    c.rule("[bold]Pasos / Steps[/]", style="dim")
    for i, step in enumerate(result.steps, 1):
        text = step.description_es if es else step.description_en
        c.print(f"[bold]{i:>2}.[/] [cyan]{step.rule}[/] [dim]{step.stage}[/] {escape(text)}")
        quote = (step.quote_es if es else None) or step.quote
        c.print(f"     [dim]{escape(_short(quote))}[/]")
        if step.related:
            c.print(f"     [dim]+ {', '.join(r.rule for r in step.related)}[/]")
    c.rule("[bold]Tablero resultante / Resulting board[/]", style="dim")
    board = result.board
    for player in board.players:
        status = " [red]— ha perdido / lost[/]" if player.lost else ""
        c.print(f"[bold]{escape(player.name or player.id)}[/]  {'vidas' if es else 'life'} {player.life}"
                f"  {'veneno' if es else 'poison'} {player.poison}{status}")
        for perm in board.permanents:
            if perm.controller == player.id:
                c.print(_perm_line(result, perm, lang))
        for zone, label in (("graveyard", "cementerio / graveyard"), ("exile", "exilio / exile"),
                            ("command", "zona de mando / command")):
            cards = getattr(player, zone)
            if cards:
                names = [(x.es_name if es else None) or x.name or x.card or x.id or "?" for x in cards]
                c.print(f"  [dim]{label}:[/] " + escape(", ".join(names)))
    c.print(f"[dim]Reglas completas / Comprehensive Rules {result.rules_version}[/]")


def register(app: typer.Typer) -> None:
    table_app = typer.Typer(help="La mesa: a described board, checked with citations.", no_args_is_help=True)
    app.add_typer(table_app, name="table")

    @table_app.command("check")
    def check_cmd(path: Path = typer.Argument(..., help="Board JSON file ('-' for stdin)."),
                  lang: str = typer.Option("es", "--lang", help="es or en: language of the descriptions."),
                  as_json: bool = JSON) -> None:
        """Apply combat damage and state-based actions to a board; print each step with its rule."""
        if lang not in ("es", "en"):
            raise typer.BadParameter("use es or en", param_hint="--lang")
        try:
            store = get_store()
            result = check(load_board(_read(path), store), store)
        except GatewatchError as err:
            fail(err)
        emit(result_json(result) if as_json else result, as_json, lambda c, data: render_result(c, data, lang))

    @table_app.command("schema")
    def schema_cmd() -> None:
        """Print the JSON Schema of the board format."""
        sys.stdout.write(schema_text())
