"""Command: build the content database."""

from __future__ import annotations

from pathlib import Path

import typer

from .. import config
from ..build import PARTS, build_database
from .common import console, emit, err_console


def _render(c, report) -> None:
    r = report.rules
    c.print(f"[bold green]Built[/] {report.path} in {report.seconds:.1f} s "
            f"({report.size_bytes / 1e6:.0f} MB) from {report.mirror or 'downloads'}")
    if r:
        c.print(f"  rules: {len(r.versions)} versions ({r.versions[0]} … {r.versions[-1]}), "
                f"{r.rules} rules, {r.examples} examples, {r.glossary} glossary entries")
        for version, ids in r.duplicates.items():
            c.print(f"  [yellow]{version}: the official text uses the number(s) {', '.join(ids)} twice[/]")
        if r.unresolved:
            c.print(f"  [yellow]{len(r.unresolved)} references point at rules that do not exist:[/]")
            for line in r.unresolved:
                c.print(f"    {line}")
    if report.cards:
        c.print("  cards: " + ", ".join(f"{k} {v}" for k, v in report.cards.items()))
    s = report.spanish
    if s:
        c.print(f"  spanish: {s.get('entries', 0)} translated units of CR {s.get('version')} "
                f"({s.get('coverage', 0)}% current), {s.get('terms', 0)} terms")
        for line in s.get("problems", []):
            c.print(f"    [yellow]{line}[/]")
    if report.vectors:
        c.print(f"  vectors: {report.vectors.get('vectors')} rule passages ({report.vectors.get('model')}), "
                f"{report.vectors.get('embedded_now')} embedded now")


def _as_dict(report) -> dict:
    r = report.rules
    return {"path": str(report.path), "seconds": round(report.seconds, 2), "size_bytes": report.size_bytes,
            "mirror": str(report.mirror) if report.mirror else None,
            "rules": None if r is None else {
                "versions": r.versions, "files": r.files, "rules": r.rules, "examples": r.examples,
                "glossary": r.glossary, "duplicates": r.duplicates, "unresolved": r.unresolved,
                "warnings": r.warnings},
            "cards": report.cards, "spanish": report.spanish, "vectors": report.vectors}


def register(app: typer.Typer) -> None:
    @app.command("build")
    def build_cmd(mirror: Path = typer.Option(None, "--mirror", help="Data mirror folder (default: "
                                                  "$GATEWATCH_MIRROR, then ../shared/data beside the checkout)."),
                  only: list[str] = typer.Option(None, "--only", help=f"Build only these parts: {', '.join(PARTS)}"),
                  as_json: bool = typer.Option(False, "--json")) -> None:
        """Build the database from the mirror, or from the official downloads when there is none."""
        found = config.find_mirror(mirror)
        if mirror is not None and (found is None or not found.is_dir()):
            raise typer.BadParameter(f"{mirror} is not a folder", param_hint="--mirror")
        parts = tuple(only) if only else PARTS
        report = build_database(config.db_path(), found, parts=parts,
                                console=None if as_json else err_console)
        emit(_as_dict(report) if as_json else report, as_json, _render)
        _ = console
