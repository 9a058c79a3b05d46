"""Command: ask the judge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from ..errors import GatewatchError
from .common import emit, fail, get_store


def _render(c: Console, a: Any) -> None:
    c.print(Text(a.answer))
    c.print(f"[dim]CR {a.rules_version} · {a.backend} · confidence {a.confidence:.2f}[/]")
    for i, cit in enumerate(a.citations, 1):
        label = {"rule": "Rule", "example": "Example", "glossary": "Glossary", "ruling": "Ruling", "card": "Card",
                 "table": "Table"}[cit.kind]
        date = f" ({cit.date})" if cit.date else ""
        c.print(f"[bold cyan]{i}. {label} {cit.id}{date}[/] {cit.quote[:300]}")
    for cand in a.candidates:
        c.print(f"[yellow]“{cand.mention}” could be: {', '.join(cand.names)}[/]")
    for w in a.warnings:
        c.print(f"[yellow]{w}[/]")


def register(app: typer.Typer) -> None:
    @app.command("ask")
    def ask_cmd(question: str = typer.Argument(..., help="The play, described in Spanish or English"),
                lang: str = typer.Option(None, "--lang", help="Answer language: es or en (default: the question's)"),
                board: Path = typer.Option(None, "--board", help="A board JSON file (see `gatewatch table schema`)"),
                as_json: bool = typer.Option(False, "--json")) -> None:
        """Ask the judge: an answer that cites the exact rules, rulings and cards."""
        from ..judge import ask
        board_data: dict | None = None
        if board is not None:
            try:
                board_data = json.loads(board.read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                fail(f"{board}: not a readable JSON board ({err})")
        try:
            answer = ask(question, board_data, lang, store=get_store())
        except GatewatchError as err:
            fail(err)
        emit(answer, as_json, _render)
