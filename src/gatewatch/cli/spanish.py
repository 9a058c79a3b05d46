"""The `spanish` group: status, check, export, import, rule, define, search and terms of our Spanish edition."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from .. import config
from ..errors import NoDatabase
from ..spanish import api
from ..spanish.check import check_store
from ..spanish.exchange import export_memory, import_dir
from ..spanish.load import EDITION_DIR
from ..store import Store
from .common import emit, fail, get_store

spanish_app = typer.Typer(help="Our Spanish edition of the rules: coverage, checks, export and import.",
                          no_args_is_help=True)

JSON = typer.Option(False, "--json", help="Print JSON for machines.")
VERSION = typer.Option(None, "--version", "-v", help="CR version (effective date); default: newest.")
_SHOW = 20


def _render_status(c: Console, cov: Any) -> None:
    c.print(f"[bold]Spanish edition vs CR {cov.version}[/]: {cov.current}/{cov.total} current ({cov.percent}%)"
            f"  [dim](the edition translates CR {cov.edition_version})[/]")
    t = Table("kind", "total", "current", "stale", "missing", "%")
    for k in cov.kinds:
        t.add_row(k.kind, str(k.total), str(k.current), str(k.stale), str(k.missing), f"{k.percent}")
    c.print(t)
    for label, ids in (("Stale", cov.stale), ("Missing", cov.missing)):
        if ids:
            more = f" … and {len(ids) - _SHOW} more" if len(ids) > _SHOW else ""
            c.print(f"[yellow]{label} ({len(ids)}):[/] " + ", ".join(ids[:_SHOW]) + more)


def _render_check(c: Console, report: Any) -> None:
    for p in report.problems:
        c.print(f"[bold cyan]{p.id}[/] [red]{p.kind}[/] {p.message}", soft_wrap=True)
    counts = ", ".join(f"{n} {k}" for k, n in sorted(report.counts().items()))
    verdict = "[green]OK[/]" if report.ok else f"[red]{len(report.problems)} problem(s)[/]: {counts}"
    c.print(f"Checked {report.checked} translated units against CR {report.version}: {verdict}")


def _render_rule(c: Console, r: Any) -> None:
    stale = f"  [yellow]desactualizada: {', '.join(r.stale_parts)}[/]" if r.stale else ""
    c.print(f"[bold cyan]{r.id}[/]  [dim](CR {r.version}; {r.label})[/]{stale}")
    c.print(r.text)
    for ex in r.examples:
        c.print(f"[italic yellow]Ejemplo:[/] [italic]{ex}[/]")


def _render_glossary(c: Console, g: Any) -> None:
    stale = "  [yellow]desactualizada[/]" if g.stale else ""
    c.print(f"[bold]{g.term}[/] ({g.english_term})  [dim](CR {g.version})[/]{stale}")
    c.print(g.definition)


def _render_search(c: Console, res: Any) -> None:
    if not res.results:
        c.print(f"Nada coincide con {res.query!r} (CR {res.version}).")
    for h in res.results:
        label = {"example": f"{h.id} (ejemplo)", "glossary": f"{h.id} (glosario)"}.get(h.kind, h.id)
        c.print(f"[bold cyan]{label}[/] [dim]{h.score:.2f}[/]  {h.text[:200]}")


def _render_terms(c: Console, terms: list) -> None:
    t = Table("English", "Español", "source", "evidence", "note")
    for term in terms:
        t.add_row(term.en, " | ".join(term.forms), term.source, str(term.evidence or ""), term.note)
    c.print(t)


def _writable_store() -> Store:
    path = config.db_path()
    if not path.exists():
        fail(NoDatabase(str(path)))
    return Store(path, readonly=False)


def register(app: typer.Typer) -> None:
    @spanish_app.command("status")
    def status_cmd(version: str = VERSION, as_json: bool = JSON) -> None:
        """Coverage of a CR version by the translation memory: per kind, stale and missing ids."""
        emit(api.status(get_store(), version), as_json, _render_status)

    @spanish_app.command("check")
    def check_cmd(version: str = VERSION, as_json: bool = JSON) -> None:
        """Fail (exit 1) on missing or stale entries, rule numbers, terminology, English left, punctuation."""
        report = check_store(get_store(), version)
        emit({**report.model_dump(), "ok": report.ok, "counts": report.counts()} if as_json else report,
             as_json, _render_check)
        if not report.ok:
            raise typer.Exit(1)

    @spanish_app.command("export")
    def export_cmd(directory: Path = typer.Argument(..., help="Folder to write one file per section into"),
                   version: str = VERSION, as_json: bool = JSON) -> None:
        """Write the memory as reviewable files, with the English hash of each entry."""
        emit(export_memory(get_store(), directory, version), as_json,
             lambda c, r: c.print(f"Wrote {r.files} files to {r.directory} (CR {r.version}): {r.entries} "
                                  f"translated, {r.stale} stale, {r.missing} missing."))

    @spanish_app.command("import")
    def import_cmd(directory: Path = typer.Argument(..., help="Folder of files written by export (or edition files)"),
                   version: str = VERSION,
                   save: bool = typer.Option(False, "--save", help="Also write the sections into spanish/edition/"),
                   as_json: bool = JSON) -> None:
        """Validate translation files against the English and load them into the database; all or nothing."""
        store = _writable_store()
        try:
            report = import_dir(store, directory, version, save=EDITION_DIR if save else None)
        finally:
            store.close()
        emit(report, as_json, lambda c, r: c.print(
            f"Imported {r.entries} entries from {r.files} files ({r.new} new, {r.changed} changed) for CR {r.version}"
            + (f"; saved to {r.saved_to}" if r.saved_to else "") + "."))

    @spanish_app.command("rule")
    def rule_cmd(rule_id: str, version: str = VERSION, as_json: bool = JSON) -> None:
        """Our Spanish text of a rule and its examples."""
        r = api.spanish_rule(get_store(), rule_id, version)
        if r is None:
            fail(f"rule {rule_id} has no Spanish translation yet", 2)
        emit(r, as_json, _render_rule)

    @spanish_app.command("define")
    def define_cmd(term: str, version: str = VERSION, as_json: bool = JSON) -> None:
        """A glossary entry in Spanish, looked up by its Spanish or English term."""
        g = api.spanish_glossary(get_store(), term, version)
        if g is None:
            fail(f"glossary term {term!r} not found in the Spanish glossary", 2)
        emit(g, as_json, _render_glossary)

    @spanish_app.command("search")
    def search_cmd(query: str, limit: int = typer.Option(10, "--limit", "-n", min=1, max=200),
                   version: str = VERSION, as_json: bool = JSON) -> None:
        """Search the Spanish text (Spanish stemming, accents optional)."""
        emit(api.search_spanish(get_store(), query, version, limit), as_json, _render_search)

    @spanish_app.command("terms")
    def terms_cmd(mine: bool = typer.Option(False, "--mine", help="Re-mine terms_mined.tsv from the mirror's cards"),
                  mirror: Path = typer.Option(None, "--mirror", help="Data mirror (default: as for build)"),
                  as_json: bool = JSON) -> None:
        """The English → Spanish terminology, with each term's source and evidence."""
        if mine:
            from ..spanish.mine import mine_terms
            from ..spanish.terms import MINED_TSV, write_mined
            found = config.find_mirror(mirror)
            if found is None:
                fail("no data mirror: pass --mirror DIR or set GATEWATCH_MIRROR")
            terms = mine_terms(found)
            write_mined(terms)
            emit({"written": str(MINED_TSV), "terms": len(terms)}, as_json,
                 lambda c, d: c.print(f"Wrote {d['terms']} mined terms to {d['written']}."))
            return
        terms = api.terminology(get_store())
        emit({"terms": [t.model_dump() for t in terms]} if as_json else terms, as_json, _render_terms)

    app.add_typer(spanish_app, name="spanish")
