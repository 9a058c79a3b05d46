"""The casebook: parsed strictly (a bad line names itself), stored as vectors at build time, and a
question worded like a solved case brings up that case's rules."""

from __future__ import annotations

import pytest

from gatewatch.judge import ask
from gatewatch.judge.casebook import CasebookError, load_cases, parse_cases


def test_parse_cases_reads_lines_and_names_bad_ones():
    good = '{"id": "c1", "lang": "en", "question": "q?", "gold_rules": ["702.19b"], "gold_cards": []}\n'
    assert parse_cases(good)[0].rules == ("702.19b",)
    with pytest.raises(CasebookError, match="line 2: not JSON"):
        parse_cases(good + "{oops\n")
    with pytest.raises(CasebookError, match="line 1: missing gold_rules"):
        parse_cases('{"id": "c1", "lang": "en", "question": "q?"}')
    with pytest.raises(CasebookError, match="used twice"):
        parse_cases(good + good)


def test_the_build_stores_one_vector_per_case(build_report):
    assert build_report.vectors["case_vectors"] == len(load_cases())


def test_a_question_like_a_solved_case_gets_its_rules(store):
    case = next(c for c in load_cases() if c.id == "t1-001")
    a = ask(case.question.replace("My opp", "The opponent"), store=store, backend=None)
    cited = [c.id for c in a.citations if c.kind == "rule"][:5]
    assert set(case.rules) & set(cited)
