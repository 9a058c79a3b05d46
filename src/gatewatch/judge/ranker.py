"""Re-rank the fused candidates with a small learned model. Each candidate rule is described by how each
list found it (reciprocal ranks, the concepts' scores), its closeness to the question (dense cosine,
shared words), where it sits in the rules and how often the casebook's solved questions cite it; a
model fitted on the casebook (bench/fit_ranker.py; its weights in ranker.json) scores the candidates
and the best come first. Without ranker.json the fused order stands."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..store import Store
from . import embed
from .analysis import Analysis
from .casebook import case_words, load_cases
from .ruledocs import rule_docs
from .vectors import vector_indexes

if TYPE_CHECKING:
    from .retrieval import Evidence

RANKER = Path(__file__).with_name("ranker.json")
POOL = 40  # how many fused candidates are re-ranked
LISTS = ("number", "concept_lex", "concept_dense", "term", "keyword", "cardtype", "ruling", "lexical_en",
         "lexical_es", "dense", "family", "case")
CONCEPT_PARTS = ("question_curated", "question_rules", "card_curated", "card_rules")
FEATURES = (
    *(f"rr_{name}" for name in LISTS), *(f"in_{name}" for name in LISTS),
    *(f"concept_{part}" for part in CONCEPT_PARTS), "xref",
    "fused", "fused_rr", "fused_log_rank", "fused_share",
    "case_share", "case_count", "case_best", "case_words_best", "case_words_top3", "case_words_share",
    "cosine", "cosine_gap", "words", "words_share",
    "prior", "prior_first", "subrule", "text_words", "parent_near", "children_near",
    *(f"chapter_{n}" for n in range(1, 10)), "lang_es", "n_cards",
)
_SUBRULE = re.compile(r"\d[a-z]$")


@cache
def gold_counts() -> tuple[Counter, Counter]:
    """How often the casebook cites each rule (anywhere, and first)."""
    anywhere, first = Counter(), Counter()
    for case in load_cases():
        anywhere.update(set(case.rules))
        if case.rules:
            first[case.rules[0]] += 1
    return anywhere, first


@dataclass
class Model:
    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    hidden: np.ndarray | None   # (features, units) or None for a linear model
    hidden_bias: np.ndarray | None
    out: np.ndarray
    out_bias: float

    def score(self, x: np.ndarray) -> np.ndarray:
        z = (x - self.mean) / self.scale
        if self.hidden is not None:
            z = np.maximum(z @ self.hidden + self.hidden_bias, 0.0)
        return z @ self.out + self.out_bias


def model_from_json(data: dict) -> Model:
    arr = lambda key: np.asarray(data[key], dtype=np.float64) if data.get(key) is not None else None  # noqa: E731
    return Model(tuple(data["features"]), arr("mean"), arr("scale"), arr("hidden"), arr("hidden_bias"),
                 arr("out"), float(data["out_bias"]))


@cache
def load_model(path: Path = RANKER) -> Model | None:
    if not path.exists():
        return None
    model = model_from_json(json.loads(path.read_text(encoding="utf-8")))
    return model if model.features == FEATURES else None  # fitted on other features: not usable


def candidate_features(store: Store, an: Analysis, ev: Evidence, fused: list[tuple[str, float]],
                       sources: dict[str, list[str]], leave_out: tuple[str, ...] = ()) -> np.ndarray:
    """One row of FEATURES per fused candidate. `leave_out`: gold rules of a casebook question being fitted
    on, taken out of the citation counts (the question must not count itself)."""
    ids = [rid for rid, _ in fused]
    lists, concepts = ev.lists, ev.concepts
    rank_in = {name: {rid: i for i, rid in reversed(list(enumerate(lists.get(name, []))))} for name in LISTS}
    total = sum(s for _, s in fused) or 1.0
    cos: dict[str, float] = {}
    if ev.query_vector is not None:
        indexes = vector_indexes(store, an.version, embed.ACTIVE)
        if indexes:
            cos = indexes[0].similarity(ev.query_vector, set(ids))
    top_cos = max(cos.values(), default=0.0)
    vote_total = sum(v.weight for v in ev.case_votes.values()) or 1.0
    words = rule_docs(store, an.version).similarity(ev.words, ids)
    top_words = max(words.values(), default=0.0) or 1.0
    anywhere, first = gold_counts()
    near = set(ids[:10])
    shared = ev.case_words if ev.case_words is not None else np.zeros(0)
    citing = case_words().citing
    top_shared = float(shared.max()) if len(shared) else 0.0
    rows = []
    for rank, (rid, score) in enumerate(fused):
        row = store.rule_row(an.version, rid)
        text = (row["text"] or "") if row is not None else ""
        own_gold = rid in leave_out
        f = [1.0 / (1 + rank_in[name][rid]) if rid in rank_in[name] else 0.0 for name in LISTS]
        f += [float(rid in rank_in[name]) for name in LISTS]
        f += [concepts.get(part, {}).get(rid, 0.0) * 60 for part in CONCEPT_PARTS]
        f.append(float("xref" in sources.get(rid, ())))
        f += [score * 60, 1.0 / (1 + rank), math.log(1 + rank), score / total]
        vote = ev.case_votes.get(rid)
        f += [vote.weight / vote_total, float(vote.cases), vote.best] if vote else [0.0, 0.0, 0.0]
        f += _shared_words(shared, citing.get(rid), top_shared)
        f += [cos.get(rid, 0.0), top_cos - cos.get(rid, top_cos), words.get(rid, 0.0), words.get(rid, 0.0) / top_words]
        f += [math.log(1 + anywhere[rid] - own_gold),
              math.log(1 + first[rid] - (leave_out[:1] == (rid,)))]
        parent = rid[:-1] if _SUBRULE.search(rid) else None
        f += [float(parent is not None), math.log(1 + len(text.split())),
              float(parent in near), float(sum(1 for o in near if o[:-1] == rid and _SUBRULE.search(o)))]
        chapter = int(rid[0]) if rid[:1].isdigit() else 0
        f += [float(chapter == n) for n in range(1, 10)]
        f += [float(an.lang == "es"), float(len(ev.cards))]
        rows.append(f)
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(FEATURES))


def _shared_words(shared: np.ndarray, cases: np.ndarray | None, top: float) -> list[float]:
    """How many words the question shares with the solved cases citing a rule: the best case, the mean of
    the best three, the best against the best case overall."""
    if cases is None or not len(shared):
        return [0.0, 0.0, 0.0]
    best = np.sort(shared[cases])[::-1][:3]
    return [float(best[0]), float(best.sum() / 3), float(best[0] / top) if top > 0 else 0.0]


def rerank(store: Store, an: Analysis, ev: Evidence, fused: list[tuple[str, float]], sources: dict[str, list[str]],
           model: Model) -> list[tuple[str, float]]:
    """The fused candidates ordered by the model, each with its share of the model's belief (a softmax over
    the candidates: positive, summing to 1); ties keep the fused order."""
    if not fused:
        return []
    scores = model.score(candidate_features(store, an, ev, fused, sources))
    shares = np.exp(scores - scores.max())
    shares /= shares.sum()
    order = sorted(range(len(fused)), key=lambda i: (-scores[i], i))
    return [(fused[i][0], float(shares[i])) for i in order]
