"""Commands: the `ygo` group — rules topics by chapter, cards by name, and card search."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import ygo
from ..errors import GatewatchError
from .common import emit, fail, get_store

ygo_app = typer.Typer(help="Yu-Gi-Oh: rules topics (fan comprehensive rulebook) and cards, in Spanish and English.",
                      no_args_is_help=True)
JSON = typer.Option(False, "--json", help="Print JSON for machines.")
_AUTHORITY = {"rulebook": "reglamento oficial", "ruling": "resolución oficial", "official": "Konami",
              "unofficial": "no oficial", "wiki": "wiki", "other": "otra fuente"}


def _topic_link(t: Any) -> str:
    return f"{escape(t.title)} [dim]({t.chapter}/{t.slug_es})[/]"


def render_topic(c: Console, t: Any) -> None:
    ch = t.chapter
    c.print(f"[dim]Capítulo {ch.roman}: {escape(ch.title)} · Tema:[/] [bold cyan]{escape(t.ref.title)}[/]"
            f"  [dim]({escape(t.ref.title_en)})[/]")
    nav = []
    if t.previous:
        nav.append(f"◄ {escape(t.previous.title)}")
    if t.next:
        nav.append(f"{escape(t.next.title)} ►")
    if nav:
        c.print("[dim]" + " | ".join(nav) + "[/]")
    if t.parent:
        c.print(f"[dim]Dentro de:[/] {_topic_link(t.parent)}")
    c.rule(style="dim")
    c.print(escape(t.text))
    if t.children:
        c.print("[dim]Subtemas:[/] " + ", ".join(_topic_link(x) for x in t.children))
    if t.references:
        c.rule("[bold]Fuentes / Sources[/]", style="dim")
        for r in t.references:
            c.print(f"[{r.block + 1}] {escape(r.label)} [dim]· {_AUTHORITY.get(r.authority, r.authority)}"
                    f"{' · ' + escape(r.url) if r.url else ''}[/]")
    c.print(f"[dim]Texto: reglamento completo de fans, en inglés ({escape(t.source)}).[/]")


def render_chapters(c: Console, chapters: list) -> None:
    for ch in chapters:
        c.print(f"[bold cyan]{ch.roman}[/] {ch.number:>2}. [bold]{escape(ch.title)}[/] [dim]({escape(ch.title_en)}, "
                f"{len(ch.topics)} temas)[/]")


def render_card(c: Console, card: Any, lang: str | None = None) -> None:
    title = f"[bold cyan]{escape(card.name)}[/]" + (f"  [dim]·[/] [bold]{escape(card.es.name)}[/]" if card.es else "")
    c.print(title + f"  [dim]{escape(card.type_line)}[/]")
    stats = []
    for label, value in (("Atributo", card.attribute), ("Nivel", card.level), ("Rango", card.rank),
                         ("Enlace", card.link_rating), ("Escala", card.scale), ("ATK", card.atk),
                         ("DEF", card.defense)):
        if value is not None:
            stats.append(f"{label} {str(value).upper() if label == 'Atributo' else value}")
    if stats:
        c.print("[bold]" + " · ".join(stats) + "[/]")
    texts = [("English", card.pendulum_text, card.text)]
    if card.es:
        texts.insert(0 if lang == "es" else 1, ("Español", card.es.pendulum_text, card.es.text))
    for label, pendulum, text in texts:
        c.rule(f"[bold]{label}[/]", style="dim")
        if pendulum:
            c.print(f"[magenta]Pendulum:[/] {escape(pendulum)}")
        if text:
            c.print(escape(text))
    if card.status:
        c.print("[dim]" + "  ".join(f"{f}: {s}" for f, s in card.status.items()) + "[/]")


def render_search(c: Console, result: Any) -> None:
    if not result.cards:
        c.print(f"No cards match {escape(result.query)!r}.")
        return
    table = Table("name", "es", "type", "atk/def", box=None, header_style="bold dim")
    for card in result.cards:
        stats = "" if card.atk is None and card.defense is None else f"{card.atk if card.atk is not None else '?'}/" \
            f"{card.defense if card.defense is not None else ('-' if card.link_rating else '?')}"
        table.add_row(f"[cyan]{escape(card.name)}[/]", escape(card.es_name or ""), escape(card.type_line), stats)
    c.print(table)
    shown = len(result.cards)
    c.print(f"[dim]{shown} of {result.total} cards[/]" if shown < result.total else f"[dim]{shown} cards[/]")


def register(app: typer.Typer) -> None:
    @ygo_app.command("topic")
    def topic_cmd(chapter: str = typer.Argument(..., help="Chapter: 1-10, Roman numeral or name."),
                  topic: list[str] = typer.Argument(..., help="Topic: Spanish or English name, slug or position."),
                  as_json: bool = JSON) -> None:
        """One rules topic with its sources and the previous/next topics of its chapter."""
        try:
            result = ygo.get_topic(get_store(), chapter, " ".join(topic))
        except GatewatchError as err:
            fail(err)
        emit(result, as_json, render_topic)

    @ygo_app.command("chapters")
    def chapters_cmd(as_json: bool = JSON) -> None:
        """The chapters of the rulebook and their topics."""
        try:
            chapters = ygo.list_chapters(get_store())
        except GatewatchError as err:
            fail(err)
        emit({"chapters": [ch.model_dump(mode="json") for ch in chapters]} if as_json else chapters, as_json,
             render_chapters)

    @ygo_app.command("card")
    def card_cmd(name: list[str] = typer.Argument(..., help="Card name, English or Spanish (typos forgiven)."),
                 lang: str = typer.Option(None, "--lang", help="es or en: which language to show first."),
                 as_json: bool = JSON) -> None:
        """One card: type, stats, English and Spanish text, Forbidden/Limited status."""
        if lang not in (None, "es", "en"):
            raise typer.BadParameter("use es or en", param_hint="--lang")
        try:
            card = ygo.get_card(get_store(), " ".join(name), lang=lang)
        except GatewatchError as err:
            fail(err)
        emit(card, as_json, lambda c, data: render_card(c, data, lang))

    @ygo_app.command("cards", context_settings={"ignore_unknown_options": True})
    def cards_cmd(query: list[str] = typer.Argument(..., help="e.g. 'type:xyz rank>=4 attr:light -banned:tcg'"),
                  limit: int = typer.Option(50, "--limit", "-n", min=1, help="How many cards to list."),
                  as_json: bool = JSON) -> None:
        """Search cards: type: attr: race: level rank link scale atk def, text, "phrases", lang:es, banned: …"""
        try:
            result = ygo.search_cards(get_store(), " ".join(query), limit=limit)
        except GatewatchError as err:
            fail(err)
        emit(result, as_json, render_search)

    app.add_typer(ygo_app, name="ygo")
