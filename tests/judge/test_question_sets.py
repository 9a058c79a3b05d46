"""The judge's question sets (bench/data/judge_*.jsonl and the casebook) stay valid as the rules and cards move on: every
gold rule exists in the newest rules, every gold card is an exact Oracle name, ids are unique."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatewatch.judge.casebook import CASEBOOK

DATA = Path(__file__).parents[2] / "bench" / "data"
SETS = (DATA / "judge_dev.jsonl", CASEBOOK, DATA / "judge_test.jsonl", DATA / "judge_fresh.jsonl",
        DATA / "judge_mainstream.jsonl")


@pytest.mark.parametrize("name", SETS, ids=lambda p: p.name)
def test_question_set_is_valid(store, name):
    version = store.latest_rules_version()
    rows = [json.loads(line) for line in name.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) >= 150
    assert len({r["id"] for r in rows}) == len(rows)
    assert {r["lang"] for r in rows} == {"es", "en"}
    assert sum(r["lang"] == "es" for r in rows) >= len(rows) // 3
    missing_rules = {g for r in rows for g in r["gold_rules"] if store.rule_row(version, g) is None}
    missing_cards = {c for r in rows for c in r["gold_cards"] if store.card_row(c) is None}
    assert not missing_rules and not missing_cards
    assert all(1 <= len(r["gold_rules"]) <= 4 and r["question"].strip() for r in rows)


def test_the_sets_do_not_share_questions():
    seen: dict[str, str] = {}
    for name in SETS:
        for line in name.read_text(encoding="utf-8").splitlines():
            if line.strip():
                q = " ".join(json.loads(line)["question"].lower().split())
                assert q not in seen, f"{name.name} repeats a question of {seen.get(q)}"
                seen[q] = name.name
