"""Commands: rule, define, and the `rules` group (search, versions, diff, history)."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..rules import api
from .common import emit, get_store

rules_app = typer.Typer(help="Search the Comprehensive Rules and compare versions.", no_args_is_help=True)

JSON = typer.Option(False, "--json", help="Print JSON for machines.")
VERSION = typer.Option(None, "--version", "-v", help="CR version (effective date); default: newest.")


def _inline(parts: list[tuple[str, str]]) -> Text:
    out = Text()
    for op, chunk in parts:
        style = {"=": "", "-": "red strike", "+": "green bold"}[op]
        out.append(chunk + " ", style=style)
    return out


def _render_rule(c: Console, r: Any) -> None:
    title = f" · {r.section_title}" if r.section_title and r.kind not in ("section", "chapter") else ""
    c.print(f"[bold cyan]{r.id}[/]{title}  [dim](CR {r.version})[/]")
    c.print(r.text)
    for ex in r.examples:
        c.print(Text("Example: ", style="italic yellow") + Text(ex, style="italic"))
    for label, ids in (("Subrules", r.subrules), ("Siblings", r.siblings), ("References", r.references),
                       ("Referenced by", r.referenced_by)):
        if ids:
            c.print(f"[dim]{label}:[/] " + ", ".join(ids))
    for dup in r.duplicates:
        c.print(f"[yellow]The official text also uses {r.id} for:[/] {dup}")


def _render_search(c: Console, res: Any) -> None:
    if not res.results:
        c.print(f"No rules match {res.query!r} (CR {res.version}).")
    for h in res.results:
        label = f"{h.id} (example)" if h.kind == "example" else h.id
        c.print(f"[bold cyan]{label}[/] [dim]{h.score:.2f}[/]  {h.text[:200]}")


def _render_define(c: Console, g: Any) -> None:
    c.print(f"[bold]{g.term}[/]  [dim](CR {g.version})[/]")
    c.print(g.definition)


def _render_versions(c: Console, vs: list) -> None:
    t = Table("version", "rules", "examples", "glossary", "notes")
    for v in vs:
        t.add_row(v.version, str(v.rules), str(v.examples), str(v.glossary),
                  f"number used twice: {', '.join(v.duplicates)}" if v.duplicates else "")
    c.print(t)


def _render_diff(c: Console, d: Any) -> None:
    c.print(f"[bold]CR {d.old} → {d.new}[/]: {len(d.added)} added, {len(d.removed)} removed, "
            f"{len(d.changed)} changed, {len(d.renumbered)} renumbered")
    for ch in d.added:
        c.print(f"[green]+ {ch.new_id}[/] {ch.new_text[:160]}")
    for ch in d.removed:
        c.print(f"[red]- {ch.old_id}[/] {ch.old_text[:160]}")
    for ch in d.renumbered:
        c.print(f"[yellow]~ {ch.old_id} → {ch.new_id}[/]" + (" (text changed)" if ch.inline else ""))
    for ch in d.changed:
        c.print(Text(f"* {ch.new_id} ", style="bold cyan") + _inline(ch.inline))


def _render_history(c: Console, h: Any) -> None:
    c.print(f"[bold]History of {h.id}[/] (as of CR {h.version})")
    for e in h.entries:
        origin = f" (was {e.previous_id} in {e.previous_version})" if e.previous_id and e.previous_id != e.id else ""
        c.print(f"[bold cyan]{e.version}[/] {e.id} {e.change}{origin}")
        c.print(_inline(e.inline) if e.inline else Text(e.text[:300]))


def register(app: typer.Typer) -> None:
    @app.command("rule")
    def rule_cmd(rule_id: str = typer.Argument(..., help="A rule number, e.g. 702.19c"),
                 version: str = VERSION, as_json: bool = JSON) -> None:
        """Show one rule with its examples, subrules, siblings and references."""
        emit(api.get_rule(get_store(), rule_id, version), as_json, _render_rule)

    @app.command("define")
    def define_cmd(term: str = typer.Argument(..., help="A glossary term, e.g. 'lethal damage'"),
                   version: str = VERSION, as_json: bool = JSON) -> None:
        """Look a term up in the glossary (case, plurals and accents forgiven)."""
        emit(api.define(get_store(), term, version), as_json, _render_define)

    @rules_app.command("search")
    def search_cmd(query: str, limit: int = typer.Option(10, "--limit", "-n", min=1, max=200),
                   version: str = VERSION, as_json: bool = JSON) -> None:
        """Ranked full-text search over rules and examples."""
        emit(api.search_rules(get_store(), query, version, limit), as_json, _render_search)

    @rules_app.command("versions")
    def versions_cmd(as_json: bool = JSON) -> None:
        """List every stored CR version."""
        vs = api.versions(get_store())
        emit({"versions": [v.model_dump() for v in vs]} if as_json else vs, as_json, _render_versions)

    @rules_app.command("diff")
    def diff_cmd(old: str, new: str, as_json: bool = JSON) -> None:
        """Added, removed, changed and renumbered rules between two versions."""
        emit(api.diff(get_store(), old, new), as_json, _render_diff)

    @rules_app.command("history")
    def history_cmd(rule_id: str, version: str = VERSION, as_json: bool = JSON) -> None:
        """Each version where a rule's text changed, following renumberings."""
        emit(api.history(get_store(), rule_id, version), as_json, _render_history)

    app.add_typer(rules_app, name="rules")
