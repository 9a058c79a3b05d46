"""The casebook: questions players ask, each solved by the team with the rules that settle it
(`casebook.jsonl`, our own writing). Players keep asking the same situations in new words ("my Finks came
back with a -1/-1 counter…"), and the rules that settle a situation are often not the ones its words
point to (608.2b when the target is gone), so a new question close to solved ones brings up their rules.
Those rules are only candidates: `retrieval.fuse` weighs them with the other lists, and a rule the store
does not hold is never cited. The questions' vectors are computed at build time (`vectors.build_vectors`)."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from ..errors import GatewatchError
from .ruledocs import stems

CASEBOOK = Path(__file__).with_name("casebook.jsonl")
_FIELDS = ("id", "lang", "question", "gold_rules")


class CasebookError(GatewatchError):
    exit_code = 2


@dataclass(frozen=True)
class Case:
    id: str
    lang: str
    topic: str
    question: str
    rules: tuple[str, ...]       # most decisive first
    cards: tuple[str, ...]       # exact Oracle names
    notes: str = ""


def parse_cases(text: str, source: str = "casebook") -> list[Case]:
    """One case per JSON line; a bad line is an error naming the line and what is wrong."""
    out, seen = [], set()
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise CasebookError(f"{source}, line {n}: not JSON ({e.msg})") from None
        missing = [f for f in _FIELDS if not row.get(f)] if isinstance(row, dict) else list(_FIELDS)
        if missing:
            raise CasebookError(f"{source}, line {n}: missing {', '.join(missing)}")
        if row["id"] in seen:
            raise CasebookError(f"{source}, line {n}: the id {row['id']!r} is used twice")
        seen.add(row["id"])
        out.append(Case(id=row["id"], lang=row["lang"], topic=row.get("topic", ""), question=row["question"],
                        rules=tuple(row["gold_rules"]), cards=tuple(row.get("gold_cards", ())),
                        notes=row.get("notes", "")))
    return out


@dataclass
class CaseVote:
    weight: float = 0.0   # the summed votes of the near cases citing the rule
    cases: int = 0        # how many of them cite it
    best: float = -1.0    # the cosine of the nearest of them


@cache
def load_cases(path: Path = CASEBOOK) -> tuple[Case, ...]:
    return tuple(parse_cases(path.read_text(encoding="utf-8"), path.name))


@cache
def _by_id() -> dict[str, Case]:
    return {c.id: c for c in load_cases()}


def case_passages() -> list[tuple[str, str, str]]:
    """(case id, "case", question) for the vector index."""
    return [(c.id, "case", c.question) for c in load_cases()]


def case_votes(ids: list[str], scores: np.ndarray, k: int = 10, temperature: float = 0.1) -> dict[str, CaseVote]:
    """What the `k` cases closest to the question (their cosines `scores`, row by row with `ids`) say of
    each rule they cite: a rule gets exp(cosine / temperature) from each case that cites it, a little less
    when that case cites it after others."""
    votes: dict[str, CaseVote] = {}
    if not len(scores):
        return votes
    best = np.argpartition(-scores, min(k, len(scores) - 1))[:k]
    for i in best:
        case = _by_id().get(ids[i])
        if case is None:  # a store built from an older casebook
            continue
        for j, rid in enumerate(case.rules):
            vote = votes.setdefault(rid, CaseVote())
            vote.weight += float(np.exp(scores[i] / temperature)) / (1 + 0.3 * j)
            vote.cases += 1
            vote.best = max(vote.best, float(scores[i]))
    return votes


def rules_of_similar(votes: dict[str, CaseVote]) -> list[str]:
    """The rules the nearest cases cite, best first."""
    return sorted(votes, key=lambda r: -votes[r].weight)


class CaseWords:
    """The casebook's questions as bags of stems, for finding the solved questions that share a new one's
    words (the players' own words: "edict", "hexproof", "no hace objetivo"), whatever the rules call them.
    Scores follow `load_cases()` order; `citing` maps each rule to the cases that cite it."""

    def __init__(self, cases: tuple[Case, ...]) -> None:
        self.ids = [c.id for c in cases]
        postings: dict[str, list[int]] = defaultdict(list)
        bags = [stems(c.question) for c in cases]
        for i, bag in enumerate(bags):
            for w in bag:
                postings[w].append(i)
        n = len(cases)
        self.unseen = math.log(n + 1) + 0.5  # a stem no solved question uses
        self.idf = {w: math.log((n + 1) / (len(p) + 1)) + 0.5 for w, p in postings.items()}
        self.postings = {w: np.asarray(p) for w, p in postings.items()}
        self.norm = np.asarray([math.sqrt(sum(self.idf[w] for w in bag)) or 1.0 for bag in bags])
        cites: dict[str, list[int]] = defaultdict(list)
        for i, case in enumerate(cases):
            for rid in dict.fromkeys(case.rules):
                cites[rid].append(i)
        self.citing = {rid: np.asarray(ix) for rid, ix in cites.items()}

    def scores(self, question: str) -> np.ndarray:
        """Each case's shared-word score with `question`: the summed idf of the stems both hold, over the
        geometric mean of their totals (0 when they share none)."""
        out = np.zeros(len(self.ids))
        asked = stems(question)
        for w in asked & self.idf.keys():
            out[self.postings[w]] += self.idf[w]
        total = math.sqrt(sum(self.idf.get(w, self.unseen) for w in asked)) or 1.0
        return out / (self.norm * total)


@cache
def case_words() -> CaseWords:
    return CaseWords(load_cases())


@dataclass(frozen=True)
class Cocitations:
    """How often the casebook cites each rule, and each ordered pair of rules in the same case: a question's
    rules come in groups (trample with deathtouch's 702.2c, a fizzle's 608.2b with the targeting 115.1)."""
    cited: dict[str, int]
    together: dict[tuple[str, str], int]

    def given(self, anchor: str, rule: str, leave_out: tuple[str, ...] = ()) -> tuple[float, int]:
        """P(rule is cited | anchor is cited) and the count of cases citing both; `leave_out`: the gold rules
        of a casebook question being fitted on, whose own case must not count."""
        mine = anchor in leave_out
        both = self.together.get((anchor, rule), 0) - (mine and rule in leave_out)
        cited = self.cited.get(anchor, 0) - mine
        return (both / cited if cited > 0 else 0.0), both


@cache
def cocitations() -> Cocitations:
    cited: dict[str, int] = defaultdict(int)
    together: dict[tuple[str, str], int] = defaultdict(int)
    for case in load_cases():
        rules = tuple(dict.fromkeys(case.rules))
        for a in rules:
            cited[a] += 1
            for b in rules:
                if a != b:
                    together[(a, b)] += 1
    return Cocitations(dict(cited), dict(together))
