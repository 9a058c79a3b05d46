"""The casebook: parsed strictly (a bad line names itself), stored as vectors at build time, and a
question worded like a solved case brings up that case's rules."""

from __future__ import annotations

import pytest

from gatewatch.judge import ask
from gatewatch.judge.casebook import CasebookError, CaseWords, load_cases, parse_cases


def test_parse_cases_reads_lines_and_names_bad_ones():
    good = '{"id": "c1", "lang": "en", "question": "q?", "gold_rules": ["702.19b"], "gold_cards": []}\n'
    assert parse_cases(good)[0].rules == ("702.19b",)
    with pytest.raises(CasebookError, match="line 2: not JSON"):
        parse_cases(good + "{oops\n")
    with pytest.raises(CasebookError, match="line 1: missing gold_rules"):
        parse_cases('{"id": "c1", "lang": "en", "question": "q?"}')
    with pytest.raises(CasebookError, match="used twice"):
        parse_cases(good + good)


def test_case_words_score_the_solved_questions_that_share_a_questions_words():
    cases = tuple(parse_cases(
        '{"id": "c1", "lang": "en", "question": "Does hexproof stop an edict?", "gold_rules": ["115.10a"]}\n'
        '{"id": "c2", "lang": "es", "question": "¿El antimaleficio para un edicto?", "gold_rules": ["115.10a", "702.11b"]}\n'
        '{"id": "c3", "lang": "en", "question": "Trample over a deathtouch blocker", "gold_rules": ["702.19c"]}\n'))
    words = CaseWords(cases)
    scores = words.scores("My opponent's creature has hexproof. Can my edict kill it?")
    assert scores[0] > 0 and scores[2] == 0 and scores[0] == scores.max()
    assert list(words.citing["115.10a"]) == [0, 1] and list(words.citing["702.19c"]) == [2]
    assert not words.scores("").any() and not words.scores("zzzz qqqq").any()  # nothing shared: no score


def test_the_build_stores_one_vector_per_case(build_report):
    assert build_report.vectors["case_vectors"] == len(load_cases())


def test_a_question_like_a_solved_case_gets_its_rules(store):
    case = next(c for c in load_cases() if c.id == "t1-001")
    a = ask(case.question.replace("My opp", "The opponent"), store=store, backend=None)
    cited = [c.id for c in a.citations if c.kind == "rule"][:5]
    assert set(case.rules) & set(cited)
