"""The `gatewatch` command: thin shells over the library (see rules.py, cards.py, build.py)."""

from __future__ import annotations

import importlib
import importlib.util

import typer

from ..errors import GatewatchError
from . import build as build_cli
from . import rules as rules_cli
from . import serve as serve_cli
from .common import fail

app = typer.Typer(help="Gatewatch: Comprehensive Rules, cards and a judge, in Spanish and English.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

build_cli.register(app)
rules_cli.register(app)
serve_cli.register(app)
for _name in ("cards", "spanish", "judge", "table", "ygo", "users"):
    # Each capability registers its own commands; one not in this checkout yet is skipped.
    if importlib.util.find_spec(f"{__name__}.{_name}") is not None:
        importlib.import_module(f"{__name__}.{_name}").register(app)


def main() -> None:
    try:
        app()
    except GatewatchError as err:
        fail(err)


__all__ = ["app", "main"]
