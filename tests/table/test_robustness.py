"""Nothing crashes: mangled boards give a BoardError (or a result), never another exception."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from gatewatch.table import BoardError, check_json

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
JUNK = [None, -1, 0, 3, "", "x", "bo", [], {}, True, 1.5, ["gb"], {"+1/+1": -1}]


def _mutate(data, rng: random.Random) -> None:
    """Replace or delete one random value somewhere in the board."""
    node = data
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if isinstance(child, (dict, list)) and child and rng.random() < 0.6:
            node = child
            continue
        if isinstance(node, dict) and rng.random() < 0.3:
            del node[key]
        else:
            node[key] = rng.choice(JUNK)
        return


def test_mangled_boards_never_crash(table_store) -> None:
    rng = random.Random(6)
    boards = [json.loads(p.read_text(encoding="utf-8"))["board"] for p in SCENARIOS]
    outcomes = {"error": 0, "ok": 0}
    for i in range(300):
        data = copy.deepcopy(rng.choice(boards))
        for _ in range(rng.randint(1, 3)):
            _mutate(data, rng)
        try:
            out = check_json(data, table_store)
        except BoardError as err:
            assert err.problems and all(path and message for path, message in err.problems)
            outcomes["error"] += 1
        else:
            assert out["steps"] and all(s["quote"] for s in out["steps"])
            outcomes["ok"] += 1
    assert outcomes["error"] > 50 and outcomes["ok"] > 5
