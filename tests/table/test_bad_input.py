"""Invalid boards: one BoardError listing every problem with its JSON path; nothing crashes."""

from __future__ import annotations

import pytest

from gatewatch.errors import GatewatchError
from gatewatch.table import BoardError, check, check_json, load_board


def _board(**extra) -> dict:
    base = {"players": [{"id": "ana", "life": 20}, {"id": "bo", "life": 20}],
            "turn": {"active_player": "ana"}, "permanents": []}
    base.update(extra)
    return base


def _problems(data, store) -> dict[str, str]:
    with pytest.raises(BoardError) as info:
        load_board(data, store)
    assert isinstance(info.value, GatewatchError) and "\n" not in str(info.value)
    return dict(info.value.problems)


def test_every_problem_is_listed_with_its_path(table_store) -> None:
    data = _board(permanents=[
        {"id": "x", "card": "Qwxzyv Nonexistent Card", "controller": "ana"},
        {"id": "gb", "card": "Grizzly Bears", "controller": "ana", "counters": {"-1/-1": -2}},
        {"id": "pac", "card": "Pacifism", "controller": "bo"},
        {"id": "gb2", "card": "Osos pardos"},
    ])
    data["players"][1].pop("life")
    problems = _problems(data, table_store)
    assert "unknown card" in problems["permanents[0].card"]
    assert "permanents[1].counters.-1/-1" in problems
    assert "permanents[2].attached_to" in problems  # an Aura attached to nothing must say so
    assert problems["permanents[3].controller"] == "field required"
    assert problems["players[1].life"] == "field required"


def test_structural_and_card_problems_together(table_store) -> None:
    data = _board(permanents=[{"id": "x", "card": "Zzqqy Unknown", "controller": "ana", "damage": -1}])
    problems = _problems(data, table_store)
    assert "permanents[0].damage" in problems and "permanents[0].card" in problems


def test_bad_references(table_store) -> None:
    data = _board(permanents=[
        {"id": "gb", "card": "Grizzly Bears", "controller": "carla", "attacking": "nobody"},
        {"id": "gb", "card": "Hill Giant", "controller": "bo", "blocking": ["hg"]},
        {"id": "bs", "card": "Bonesplitter", "controller": "ana", "attached_to": "ghost"},
    ], stack=[{"id": "s1", "kind": "ability", "controller": "ana", "source": "nope"}])
    data["turn"]["active_player"] = "zed"
    problems = _problems(data, table_store)
    for path in ("permanents[0].controller", "permanents[0].attacking", "permanents[1].id",
                 "permanents[1].blocking[0]", "permanents[2].attached_to", "stack[0].source", "turn.active_player"):
        assert path in problems, path


def test_unknown_keys_and_wrong_types(table_store) -> None:
    data = _board(permanents=[{"id": "gb", "card": "Grizzly Bears", "controller": "ana", "conters": {}}])
    data["players"][0]["life"] = "veinte"
    problems = _problems(data, table_store)
    assert "permanents[0].conters" in problems and "players[0].life" in problems


def test_star_power_needs_a_value(table_store) -> None:
    problems = _problems(_board(permanents=[{"id": "m", "card": "Maro", "controller": "ana"}]), table_store)
    assert "permanents[0].power" in problems and "permanents[0].toughness" in problems
    board = load_board(_board(permanents=[{"id": "m", "card": "Maro", "controller": "ana", "power": 3,
                                           "toughness": 3}]), table_store)
    assert check(board, table_store).steps[-1].action == "sba_none"


def test_battle_needs_defense_and_token_needs_a_name(table_store) -> None:
    problems = _problems(_board(permanents=[{"id": "inv", "card": "Invasion of Tarkir", "controller": "bo"},
                                            {"id": "t", "token": True, "controller": "ana"}]), table_store)
    assert "permanents[0].counters.defense" in problems and "permanents[1].card" in problems


def test_not_an_object(table_store) -> None:
    problems = _problems([], table_store)
    assert problems


def test_illegal_damage_assignment(table_store) -> None:
    """A trampler can't put damage on the player without lethal damage on each blocker (702.19b)."""
    data = _board(turn={"active_player": "ana", "step": "combat_damage"}, permanents=[
        {"id": "dm", "card": "Colossal Dreadmaw", "controller": "ana", "attacking": "bo",
         "damage_assignment": {"hg": 1, "bo": 5}},
        {"id": "hg", "card": "Hill Giant", "controller": "bo", "blocking": ["dm"]}])
    with pytest.raises(BoardError) as info:
        check_json(data, table_store)
    assert "702.19b" in str(info.value) and "permanents[0].damage_assignment" in str(info.value)


def test_check_json_shape(table_store) -> None:
    out = check_json(_board(players=[{"id": "ana", "life": 0}, {"id": "bo", "life": 20}]), table_store)
    assert out["losers"] == ["ana"] and out["rules_version"] == table_store.latest_rules_version()
    step = out["steps"][0]
    assert set(step) >= {"action", "description_en", "description_es", "objects", "rule", "quote"}
    assert step["rule"] == "704.5a" and out["board"]["players"][0]["lost"] is True
    if table_store.spanish_memory_count():  # our Spanish edition is built with the rules
        assert "vidas" in step["quote_es"]
