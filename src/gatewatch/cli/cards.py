"""Commands: `card NAME` (one card, everything about it) and `cards QUERY` (Scryfall-syntax search)."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cards import get_card, search_cards
from ..errors import GatewatchError
from .common import emit, fail, get_store

JSON = typer.Option(False, "--json", help="Print JSON for machines.")
_STATUS_STYLE = {"Legal": "green", "Banned": "red", "Restricted": "yellow"}


def _face_lines(c: Console, name: str, cost: str | None, type_line: str, text: str,
                stats: str | None) -> None:
    c.print(f"[bold]{escape(name)}[/]" + (f"  [cyan]{escape(cost)}[/]" if cost else ""))
    if type_line:
        c.print(f"[magenta]{escape(type_line)}[/]")
    if text:
        c.print(escape(text))
    if stats:
        c.print(f"[bold]{stats}[/]")


def _stats(x: Any) -> str | None:
    if x.power is not None or x.toughness is not None:
        return f"{x.power}/{x.toughness}"
    return f"Lealtad / Loyalty {x.loyalty}" if x.loyalty else None


def _render_spanish(c: Console, card: Any) -> None:
    es = card.es
    if es is None:
        return
    c.rule("[bold]Español[/]", style="dim")
    _face_lines(c, es.name, None, es.type_line or "", es.text or "", None)
    for face in card.faces[1:]:
        if face.es_name:
            _face_lines(c, face.es_name, None, face.es_type_line or "", face.es_text or "", None)
    if len(es.names) > 1:
        c.print(f"[dim]También impresa como / also printed as:[/] {escape(', '.join(es.names[1:]))}")


def _render_english(c: Console, card: Any) -> None:
    c.rule("[bold]Oracle[/]", style="dim")
    if card.faces:
        for face in card.faces:
            _face_lines(c, face.name, face.mana_cost, face.type_line, face.oracle_text, _stats(face))
    else:
        _face_lines(c, card.name, card.mana_cost, card.type_line, card.oracle_text, _stats(card))


def render_card(c: Console, card: Any, lang: str | None = None) -> None:
    title = f"[bold cyan]{escape(card.name)}[/]"
    if card.es:
        title += f"  [dim]·[/] [bold]{escape(card.es.name)}[/]"
    c.print(title + f"  [dim]mv {card.mana_value:g} · {card.layout or 'spoiler'}[/]")
    if card.is_spoiler:
        c.print(f"[yellow]Spoiler text, may predate the final Oracle wording ({escape(card.source)})[/]")
    parts = [_render_spanish, _render_english] if lang == "es" else [_render_english, _render_spanish]
    for part in parts:
        part(c, card)
    if card.keywords:
        c.rule("[bold]Keywords → rules[/]", style="dim")
        c.print(", ".join(f"{escape(k.keyword)} [cyan]{k.rule or '—'}[/]" for k in card.keywords))
    if card.legalities:
        c.rule("[bold]Legalities[/]", style="dim")
        c.print("  ".join(f"[{_STATUS_STYLE.get(s, 'white')}]{f}{'' if s == 'Legal' else ' (' + s + ')'}[/]"
                          for f, s in card.legalities.items()))
    if card.rulings:
        c.rule(f"[bold]Rulings ({len(card.rulings)})[/]", style="dim")
        for r in card.rulings:
            refs = f"  [cyan]{', '.join(r.rules)}[/]" if r.rules else ""
            c.print(f"[dim]{r.date}[/] {escape(r.text)}{refs}")


def render_search(c: Console, result: Any) -> None:
    if not result.cards:
        c.print(f"No cards match {escape(result.query)!r}.")
        return
    table = Table("name", "es", "cost", "type", "p/t", box=None, header_style="bold dim")
    for card in result.cards:
        pt = f"{card.power}/{card.toughness}" if card.power is not None else (card.loyalty or "")
        table.add_row(f"[cyan]{escape(card.name)}[/]", escape(card.es_name or ""), escape(card.mana_cost or ""),
                      escape(card.type_line), pt)
    c.print(table)
    shown = len(result.cards)
    c.print(f"[dim]{shown} of {result.total} cards[/]" if shown < result.total else f"[dim]{shown} cards[/]")


def register(app: typer.Typer) -> None:
    @app.command("card")
    def card_cmd(name: list[str] = typer.Argument(..., help="Card name, English or Spanish (typos are forgiven)."),
                 lang: str = typer.Option(None, "--lang", help="es or en: which language to show first."),
                 as_json: bool = JSON) -> None:
        """One card: Oracle text, faces, Spanish name and text, keywords and their rules, legalities, rulings."""
        if lang not in (None, "es", "en"):
            raise typer.BadParameter("use es or en", param_hint="--lang")
        try:
            card = get_card(get_store(), " ".join(name), lang=lang)
        except GatewatchError as err:
            fail(err)
        emit(card, as_json, lambda c, data: render_card(c, data, lang))

    @app.command("cards", context_settings={"ignore_unknown_options": True})
    def cards_cmd(query: list[str] = typer.Argument(..., help="Scryfall syntax: t:elf c:g mv<=2 -o:draw …"),
                  limit: int = typer.Option(50, "--limit", "-n", min=1, help="How many cards to list."),
                  as_json: bool = JSON) -> None:
        """Search cards with the Scryfall query syntax (o: t: c: id: mv pow tou kw: f: s: is: lang:es …)."""
        try:
            result = search_cards(get_store(), " ".join(query), limit=limit)
        except GatewatchError as err:
            fail(err)
        emit(result, as_json, render_search)
