"""Scenario boards (tests/table/scenarios/*.json) with their expected steps, rules and resulting board.

Each expected step must appear, in order, among the steps the table produces, with the same rule,
action and objects; and every step the table produces must quote its rule exactly as the store has it
in the newest Comprehensive Rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatewatch.table import check, load_board

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_at_least_forty_scenarios() -> None:
    assert len(SCENARIOS) >= 40


def _matches(step, want: dict) -> bool:
    return (step.rule == want["rule"] and step.action == want.get("action", step.action)
            and list(want.get("objects", ())) == step.objects[:len(want.get("objects", ()))]
            and step.stage == want.get("stage", step.stage)
            and want.get("text", "") in step.description_en)


def _zone(board, where: str) -> list[str]:
    player_id, zone = where.split(".")
    player = next(p for p in board.players if p.id == player_id)
    return [c.id for c in getattr(player, zone)]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, table_store) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    expect = scenario["expect"]
    result = check(load_board(scenario["board"], table_store), table_store)
    version = table_store.latest_rules_version()
    shown = "\n".join(f"{s.stage} {s.rule} {s.action} {s.objects}: {s.description_en}" for s in result.steps)
    for step in result.steps:  # every citation is real and quoted from the store
        for rule, quote in [(step.rule, step.quote)] + [(r.rule, r.quote) for r in step.related]:
            row = table_store.rule_row(version, rule)
            assert row is not None and row["text"] == quote, f"{rule} is not quoted from the store"
        assert step.description_en and step.description_es
    position = 0
    for want in expect["steps"]:  # expected steps appear in this order
        found = next((i for i in range(position, len(result.steps)) if _matches(result.steps[i], want)), None)
        assert found is not None, f"{path.stem}: expected step {want} not found after step {position} in:\n{shown}"
        position = found + 1
    for want in expect.get("absent_steps", []):
        assert not any(_matches(s, want) for s in result.steps), f"unexpected {want} in:\n{shown}"
    for rule in expect.get("absent_rules", []):
        assert rule not in [s.rule for s in result.steps], f"{rule} should not apply:\n{shown}"
    board = result.board
    if "battlefield" in expect:
        assert sorted(p.id for p in board.permanents) == sorted(expect["battlefield"]), shown
    for pid, fields in expect.get("players", {}).items():
        player = next(p for p in board.players if p.id == pid)
        for key, value in fields.items():
            assert getattr(player, key) == value, f"{pid}.{key}: {getattr(player, key)} != {value}\n{shown}"
    for where, ids in expect.get("zones", {}).items():
        assert sorted(_zone(board, where)) == sorted(ids), f"{where}\n{shown}"
    perms = {p.id: p for p in board.permanents}
    for pid, counters in expect.get("counters", {}).items():
        assert perms[pid].counters == counters, shown
    for pid, damage in expect.get("damage", {}).items():
        assert perms[pid].damage == damage, shown
    for pid, target in expect.get("attached", {}).items():
        assert perms[pid].attached_to == target, shown


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_resulting_board_is_stable(path: Path, table_store) -> None:
    """The resulting board loads again, and checking it again changes nothing (704.3: none applies)."""
    from gatewatch.table import board_json
    scenario = json.loads(path.read_text(encoding="utf-8"))
    first = check(load_board(scenario["board"], table_store), table_store)
    again = check(load_board(board_json(first.board), table_store), table_store)
    assert {s.action for s in again.steps} <= {"sba_none", "not_destroyed"}  # notes may repeat, actions not
    assert board_json(again.board) == board_json(first.board)
