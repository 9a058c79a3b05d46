"""The `gatewatch` command: thin shells over the library (see rules.py, cards.py, build.py)."""

from __future__ import annotations

import typer

from ..errors import GatewatchError
from . import build as build_cli
from . import rules as rules_cli
from .common import fail

app = typer.Typer(help="Gatewatch: Comprehensive Rules, cards and a judge, in Spanish and English.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)

build_cli.register(app)
rules_cli.register(app)
try:
    from . import cards as cards_cli
except ImportError:  # pragma: no cover - the cards commands are optional while that module is absent
    cards_cli = None
if cards_cli is not None and hasattr(cards_cli, "register"):
    cards_cli.register(app)


def main() -> None:
    try:
        app()
    except GatewatchError as err:
        fail(err)


__all__ = ["app", "main"]
