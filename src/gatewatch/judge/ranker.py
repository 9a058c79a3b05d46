"""Re-rank the fused candidates with learned models, in two stages. Each candidate rule is described by how
each list found it (reciprocal ranks, the concepts' scores), its closeness to the question (dense cosine,
shared words), what the rule classifier says of it (`classifier`), where it sits in the rules and how often
the casebook's solved questions cite it. A linear
model orders the candidates first; then, since a question's rules come in groups, each candidate is also
described by how often the casebook cites it together with the first stage's leaders and by how it compares
with the other candidates of its own rule (`family_features`), and a boosted tree ensemble (LambdaMART)
scores it on everything. Both are fitted on the casebook (bench/fit_ranker.py; weights
and trees in ranker.json). Without ranker.json the fused order stands; without trees, the linear order."""

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
from .casebook import case_words, cocitations, load_cases
from .ruledocs import rule_docs
from .trees import Trees, trees_from_json
from .vectors import vector_indexes

if TYPE_CHECKING:
    from .retrieval import Evidence

RANKER = Path(__file__).with_name("ranker.json")
POOL = 40  # how many fused candidates are re-ranked
EXTRA = 10  # at most this many more: the rule classifier's likeliest rules the fusion left out
LISTS = ("number", "concept_lex", "concept_dense", "term", "keyword", "cardtype", "ruling", "lexical_en",
         "lexical_es", "dense", "family", "case", "classifier")
CONCEPT_PARTS = ("question_curated", "question_rules", "card_curated", "card_rules")
FEATURES = (
    *(f"rr_{name}" for name in LISTS), *(f"in_{name}" for name in LISTS),
    *(f"concept_{part}" for part in CONCEPT_PARTS), "xref",
    "fused", "fused_rr", "fused_log_rank", "fused_share",
    "case_share", "case_count", "case_best", "case_words_best", "case_words_top3", "case_words_share",
    "cosine", "cosine_gap", "words", "words_share",
    "prior", "prior_first", "subrule", "text_words", "parent_near", "children_near",
    *(f"chapter_{n}" for n in range(1, 10)), "lang_es", "n_cards",
    "classifier_logp", "classifier_log_rank", "classifier_share",
    "card_type_match", "card_type_other", "card_frame_match", "card_keyword_match",
)
COCITED = ("cocited_best", "cocited_first", "cocited_weighted", "cocited_log", "same_rule_as_top", "line_of_top")
FAMILY = ("family_size", "family_rank", "family_gap", "family_children")
SECOND = (*FEATURES, *COCITED, *FAMILY)
ANCHORS = 3  # how many of the first stage's leaders a candidate is compared with
_SUBRULE = re.compile(r"\d[a-z]$")
# The section of the rules each card type and each kind of card frame has ("302": Creatures, "715": Adventurer
# Cards): a candidate from a named card's section is about that card; one from another type's, likely not.
_TYPE_SECTIONS = {"Artifact": "301", "Creature": "302", "Enchantment": "303", "Instant": "304", "Land": "305",
                  "Planeswalker": "306", "Sorcery": "307", "Kindred": "308", "Tribal": "308", "Dungeon": "309",
                  "Battle": "310", "Plane": "311"}
_FRAME_SECTIONS = {"split": "709", "aftermath": "709", "flip": "710", "leveler": "711", "transform": "712",
                   "modal_dfc": "712", "meld": "712", "reversible_card": "712", "saga": "714", "adventure": "715",
                   "class": "716", "Saga": "714", "Adventure": "715", "Class": "716", "Attraction": "717",
                   "Case": "719", "Omen": "720", "Spacecraft": "721"}
_ALL_TYPE_SECTIONS = frozenset(_TYPE_SECTIONS.values())


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


@dataclass
class Ranker:
    first: Model             # linear, over FEATURES
    second: Trees | None     # over SECOND, given the first stage's order

    def score(self, x: np.ndarray, ids: list[str], leave_out: tuple[str, ...] = ()) -> np.ndarray:
        """The candidates' scores; `leave_out` as in `cocited_features`."""
        if self.second is None or not len(ids):
            return self.first.score(x)
        return self.second.score(second_features(self.first, x, ids, leave_out))


def second_features(first: Model, x: np.ndarray, ids: list[str], leave_out: tuple[str, ...] = ()) -> np.ndarray:
    """SECOND for each candidate: its FEATURES, then its COCITED and FAMILY given the first stage's scores."""
    scores = first.score(x)
    return np.hstack([x, cocited_features(ids, scores, leave_out), family_features(ids, scores)])


def family_features(ids: list[str], first: np.ndarray) -> np.ndarray:
    """FAMILY for each candidate, among the candidates of its rule (702.19 with 702.19a, 702.19b ...): how many
    there are, its rank and its first-stage score's gap to the family's best, and how many of its own subrules
    are candidates (a question needs one of several siblings, seldom all)."""
    family: dict[str, list[int]] = {}
    for j, rid in enumerate(ids):
        family.setdefault(_rule_of(rid), []).append(j)
    rows = []
    for j, rid in enumerate(ids):
        mine = family[_rule_of(rid)]
        better = sum(1 for k in mine if first[k] > first[j])
        best = max(first[k] for k in mine)
        rows.append([float(len(mine)), float(better), float(best - first[j]),
                     float(sum(1 for k in mine if ids[k] != rid and _rule_of(ids[k]) == rid))])
    return np.asarray(rows, dtype=np.float64).reshape(len(ids), len(FAMILY))


@cache
def load_model(path: Path = RANKER) -> Ranker | None:
    """The fitted ranker, or None when there is none or it was fitted on other features than this code
    computes (then it is not usable; a second stage fitted on other features is dropped alone)."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    first = model_from_json(data["first"]) if "first" in data else None
    if first is None or first.features != FEATURES:
        return None
    second = data.get("second")
    usable = second is not None and tuple(second.get("features", ())) == SECOND
    return Ranker(first, trees_from_json(second) if usable else None)


def _rule_of(rid: str) -> str:
    return rid[:-1] if _SUBRULE.search(rid) else rid


def cocited_features(ids: list[str], first: np.ndarray, leave_out: tuple[str, ...] = ()) -> np.ndarray:
    """COCITED for each candidate, against the first stage's ANCHORS best other candidates: the best and the
    leader's P(candidate cited | anchor cited) in the casebook, that probability weighted by the anchors'
    softmax shares, log(1 + the most cases citing both), and whether it is the leader's rule or on its line
    (a parent or subrule)."""
    order = np.argsort(-first, kind="stable")
    shares = np.exp(first - first.max())
    shares /= shares.sum()
    book = cocitations()
    rows = []
    for j, rid in enumerate(ids):
        anchors = [k for k in order[:ANCHORS + 1] if k != j][:ANCHORS]
        if not anchors:
            rows.append([0.0] * len(COCITED))
            continue
        given = [book.given(ids[k], rid, leave_out) for k in anchors]
        top = ids[anchors[0]]
        rows.append([max(p for p, _ in given), given[0][0], sum(float(shares[k]) * p for k, (p, _) in zip(anchors, given)),
                     math.log1p(max(n for _, n in given)), float(_rule_of(top) == _rule_of(rid)),
                     float(_rule_of(rid) == top or _rule_of(top) == rid)])
    return np.asarray(rows, dtype=np.float64).reshape(len(ids), len(COCITED))


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
    classified = _classified(ev.classified, ids)
    own_sections, frame_sections, keyword_rules = _card_sections(ev.cards)
    other_sections = _ALL_TYPE_SECTIONS - own_sections if ev.cards else frozenset()
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
        f += classified[rank]
        section = rid.split(".")[0]
        f += [float(section in own_sections), float(section in other_sections), float(section in frame_sections),
              float((parent or rid) in keyword_rules)]
        rows.append(f)
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(FEATURES))


def _card_sections(cards) -> tuple[set[str], set[str], set[str]]:
    """The named cards' type sections, frame sections and keyword rules ("702.19")."""
    words = {w for c in cards for w in re.findall(r"[A-Za-z]+", c.type_line)} | {c.layout for c in cards}
    types = {sec for word, sec in _TYPE_SECTIONS.items() if word in words}
    frames = {sec for key, sec in _FRAME_SECTIONS.items() if key in words}
    return types, frames, {kw.rule for c in cards for kw in c.keywords if kw.rule}


def _classified(log_probs: dict[str, float], ids: list[str]) -> list[list[float]]:
    """What the rule classifier says of each candidate: its log-probability, log(1 + its rank among all the
    rules the classifier knows), its probability against the best candidate's. A rule the classifier never
    saw cited is ranked last."""
    if not log_probs:
        return [[-20.0, math.log1p(5000), 0.0] for _ in ids]
    ordered = np.sort(np.fromiter(log_probs.values(), dtype=np.float64))[::-1]
    floor = float(ordered[-1]) - 1.0
    mine = np.asarray([log_probs.get(rid, floor) for rid in ids], dtype=np.float64)
    ranks = [int(np.searchsorted(-ordered, -v, side="left")) if rid in log_probs else len(ordered)
             for rid, v in zip(ids, mine)]
    share = np.exp(mine - mine.max()) if len(mine) else mine
    return [[float(v), math.log1p(r), float(s)] for v, r, s in zip(mine, ranks, share)]


def _shared_words(shared: np.ndarray, cases: np.ndarray | None, top: float) -> list[float]:
    """How many words the question shares with the solved cases citing a rule: the best case, the mean of
    the best three, the best against the best case overall."""
    if cases is None or not len(shared):
        return [0.0, 0.0, 0.0]
    best = np.sort(shared[cases])[::-1][:3]
    return [float(best[0]), float(best.sum() / 3), float(best[0] / top) if top > 0 else 0.0]


def rerank(store: Store, an: Analysis, ev: Evidence, fused: list[tuple[str, float]], sources: dict[str, list[str]],
           model: Ranker) -> list[tuple[str, float]]:
    """The fused candidates ordered by the ranker, each with its share of the ranker's belief (a softmax over
    the candidates: positive, summing to 1); ties keep the fused order."""
    if not fused:
        return []
    scores = model.score(candidate_features(store, an, ev, fused, sources), [rid for rid, _ in fused])
    shares = np.exp(scores - scores.max())
    shares /= shares.sum()
    order = sorted(range(len(fused)), key=lambda i: (-scores[i], i))
    return [(fused[i][0], float(shares[i])) for i in order]
