"""The Table: a described board, and deterministic checks (state-based actions, combat damage, zone
changes) whose every step cites the Comprehensive Rules."""

from __future__ import annotations

from .check import board_json, board_schema, check, check_json, result_json, schema_text
from .load import load_board
from .models import Board, BoardError, Effect, Permanent, Player, StackObject, Turn, ZoneCard
from .result import CheckResult, RuleQuote, Step

__all__ = [
    "Board", "BoardError", "CheckResult", "Effect", "Permanent", "Player", "RuleQuote", "StackObject", "Step",
    "Turn", "ZoneCard", "board_json", "board_schema", "check", "check_json", "load_board", "result_json",
    "schema_text",
]
