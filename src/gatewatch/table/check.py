"""The table's entry points: check a loaded board, or check raw JSON for the web and the judge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import NotFound
from .combat import resolve_combat_damage
from .load import load_board
from .models import Board
from .result import CheckResult
from .sba import run_sbas
from .state import Game

if TYPE_CHECKING:
    from ..store import Store

SCHEMA_PATH = Path(__file__).with_name("board.schema.json")


def check(board: Board, store: Store, version: str | None = None) -> CheckResult:
    """Apply combat damage (when the board is in that step) and state-based actions, citing each step.

    The given board is not modified; the result carries the resulting board."""
    version = version or store.latest_rules_version()
    if version is None:
        raise NotFound("Comprehensive Rules in the store")
    if not board._infos and any(p.card for p in board.permanents):
        board = load_board(board.model_dump(mode="json", by_alias=True), store)  # built by hand: resolve cards
    work = board.model_copy(deep=True)
    work._infos = dict(board._infos)
    game = Game(work, store, version)
    resolve_combat_damage(game)
    if not game.steps or game.steps[-1].action not in ("sba_done", "sba_none"):
        run_sbas(game)
    return CheckResult(rules_version=version, steps=game.steps, board=work,
                       losers=[p.id for p in work.players if p.lost])


def board_json(board: Board) -> dict[str, Any]:
    """A board as JSON that `load_board` accepts again (defaults left out to keep it short)."""
    return board.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def result_json(result: CheckResult) -> dict[str, Any]:
    data = result.model_dump(mode="json", by_alias=True)
    data["board"] = board_json(result.board)
    return data


def check_json(data: dict, store: Store) -> dict[str, Any]:
    """JSON in, JSON out (the web API and the judge): raises BoardError listing every problem."""
    return result_json(check(load_board(data, store), store))


def board_schema() -> dict[str, Any]:
    """The published JSON Schema of the board format (generated from the Pydantic models)."""
    schema = Board.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def schema_text() -> str:
    return json.dumps(board_schema(), ensure_ascii=False, indent=2) + "\n"
