"""Find the rules a question needs: lexical search (English and, for Spanish, our Spanish text),
dense vectors, and the structure of the rules (quoted numbers, the curated concepts players word,
the rules of the terms and of the named cards' keywords and card types, the rules their rulings
cite, the best subrules of those families, cross-references), fused by reciprocal rank."""

from __future__ import annotations

import importlib.util
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import zip_longest

import numpy as np

from .. import cards as cards_api
from ..cards.models import Card
from ..errors import GatewatchError
from ..rules import api as rules_api
from ..store import Store
from ..text import fold
from .analysis import Analysis
from .embed import get_embedder
from .lexicon import lexicon_for
from .vectors import vector_index

_HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None
RRF_K = 60
# How much each list counts in the fusion: tuned on the odd-numbered questions of
# bench/data/judge_dev.jsonl only (the even ones are held out); see bench/judge.py.
WEIGHTS = {"number": 4.0, "concept": 2.0, "term": 0.8, "keyword": 0.8, "cardtype": 0.8, "ruling": 0.6,
           "lexical_en": 0.8, "lexical_es": 0.8, "dense": 1.0, "family": 1.0, "xref": 0.3}
# A list's first hits matter most: its rank-0 item gets this extra share (before the weight).
TOP_BONUS = {"concept": 0.5, "number": 0.5}
_EN_STOP = set("a an the of to in on and or is are be it its if my your i you he she they we this that these those "
               "what which who when how does do did can could would will with for from at by as not no so then than "
               "have has had get gets got one two three any each all some more most other into onto out up down "
               "there their them his her our only just also but".split())
_WORD = re.compile(r"[a-záéíóúñü0-9/+\-]+")
# The rules a card's kind of frame or type brings into play, whatever the question says.
_TYPE_RULES = (
    ("Legendary", ("704.5j",)),
    ("Planeswalker", ("306.8", "120.3c", "704.5i", "606.3")),
    ("Aura", ("303.4", "704.5m")),
    ("Equipment", ("301.5", "704.5n")),
    ("Saga", ("714.2b", "714.4", "704.5s")),
    ("Battle", ("310.5", "310.6", "310.9b")),
    ("Siege", ("310.12b", "310.7")),
)
_LAYOUT_RULES = {
    "transform": ("712.8", "712.18", "701.27a"),
    "modal_dfc": ("712.8f", "712.11b", "712.12"),
    "split": ("709.3", "709.3b", "709.4b"),
    "adventure": ("715.3", "715.3d", "715.4"),
    "saga": ("714.2b", "714.4"),
    "flip": ("710.1",),
    "meld": ("712.4", "701.42a"),
}


@dataclass
class Retrieved:
    rules: list[tuple[str, float]]                    # (rule id, fused score), best first
    sources: dict[str, list[str]] = field(default_factory=dict)   # rule id → the lists that found it
    query_vector: np.ndarray | None = None


def _interleave(groups: list[list[str]] | list[tuple[str, ...]]) -> list[str]:
    """First rule of each group, then the second of each ...: every concept gets a place near the top."""
    return list(dict.fromkeys(r for row in zip_longest(*groups) for r in row if r))


def _english_query(an: Analysis, keywords: list[str], concept_words: list[str]) -> str:
    words = []
    if an.lang == "en":
        words += [w for w in _WORD.findall(fold(an.question)) if w not in _EN_STOP and len(w) > 2]
    for _, t in an.terms:
        words += fold(t.english).split()
    words += [w for k in keywords for w in fold(k).split()]
    words += concept_words
    return " ".join(dict.fromkeys(words))


def _cards(store: Store, an: Analysis) -> list[Card]:
    out = []
    for name in an.card_names:
        try:
            out.append(cards_api.get_card(store, name))
        except GatewatchError:  # a card that cannot be read adds nothing
            continue
    return out


def _card_type_rules(cards: list[Card]) -> list[str]:
    groups: list[tuple[str, ...]] = []
    for card in cards:
        for word, rules in _TYPE_RULES:
            if re.search(rf"\b{word}\b", card.type_line):
                groups.append(rules)
        if card.layout in _LAYOUT_RULES:
            groups.append(_LAYOUT_RULES[card.layout])
    return _interleave(groups)


def _ruling_rules(cards: list[Card], words: set[str]) -> list[str]:
    """Rules cited by the named cards' rulings, those rulings closest to the question first."""
    scored = []
    for card in cards:
        for r in card.rulings:
            if r.rules:
                toks = set(fold(r.text).split())
                scored.append((len(toks & words) / (1 + len(toks) ** 0.5), r.rules))
    scored.sort(key=lambda s: -s[0])
    return _interleave([rules for _, rules in scored[:6]])


def _is_title(row) -> bool:  # noqa: ANN001 - a sqlite3.Row
    """'702.12 Indestructible': a bare title, never the rule that decides a question."""
    text = row["text"] or ""
    return row["kind"] == "rule" and len(text.split()) <= 6 and not text.rstrip().endswith((".", ":", ")"))


def _best_children(store: Store, version: str, seeds: list[str], sim: Callable[[set[str]], dict[str, float]],
                   per_seed: int = 2) -> list[str]:
    """For each seed rule, its subrules closest to the question (a keyword's decisive subrule)."""
    groups = []
    for rid in seeds:
        children = [c["id"] for c in store.children_of(version, rid)]
        if not children:
            continue
        sims = sim(set(children))
        children.sort(key=lambda r: -sims.get(r, -1.0))
        groups.append(children[:per_seed])
    return _interleave(groups)


def retrieve(store: Store, an: Analysis, k: int = 20) -> Retrieved:
    v = an.version
    lex = lexicon_for(store, v)
    lists: dict[str, list[str]] = {"number": list(an.rule_numbers)}
    concepts = lex.find_concepts(an.question)
    lists["concept"] = _interleave([c.rules for _, c in concepts])
    lists["term"] = list(dict.fromkeys(r for t in an.specific_terms() for r in t.rules[:4]))
    cards = _cards(store, an)
    keywords = [kw.keyword for c in cards for kw in c.keywords]
    lists["keyword"] = list(dict.fromkeys(kw.rule for c in cards for kw in c.keywords if kw.rule))
    lists["cardtype"] = _card_type_rules(cards)
    qwords = {w for w in fold(an.question).split() if len(w) > 3}
    lists["ruling"] = _ruling_rules(cards, qwords)
    q_en = _english_query(an, keywords, [])
    if q_en:
        lists["lexical_en"] = [h.id for h in rules_api.search_rules(store, q_en, v, limit=30).results]
    if an.lang == "es" and _HAS_SPANISH:
        from ..spanish import api as spanish_api
        lists["lexical_es"] = [h.id for h in spanish_api.search_spanish(store, an.question, v, limit=30).results
                               if h.kind in ("rule", "example")]
    index = vector_index(store, v)
    qvec = None
    sim: Callable[[set[str]], dict[str, float]] = lambda ids: {}  # noqa: E731 - no vectors: keep rule order
    if index is not None:
        embedder = get_embedder(index.model)
        if embedder is not None:
            text = an.question + (" " + " ".join(t.english for _, t in an.terms) if an.terms else "")
            qvec = embedder.embed_batch([text], query=True)[0]
            scores = index.scores(qvec)
            lists["dense"] = [rid for rid, _ in index.search(qvec, 30, scores)]
            sim = lambda ids: index.similarity(qvec, ids, scores)  # noqa: E731
    seeds = list(dict.fromkeys(lists["term"][:6] + lists["keyword"][:6] + lists["number"][:3]
                               + lists["concept"][:8]))
    lists["family"] = _best_children(store, v, seeds, sim)[:15]
    return _fuse(store, an, lists, qvec, k)


def _fuse(store: Store, an: Analysis, lists: dict[str, list[str]], qvec: np.ndarray | None,
          k: int) -> Retrieved:
    v = an.version
    scores: dict[str, float] = defaultdict(float)
    sources: dict[str, list[str]] = defaultdict(list)
    rows: dict[str, object] = {}
    for name, ids in lists.items():
        w = WEIGHTS.get(name, 1.0)
        for rank, rid in enumerate(ids):
            row = rows.get(rid) if rid in rows else store.rule_row(v, rid)
            rows[rid] = row
            if row is None or (_is_title(row) and rid not in an.rule_numbers):
                continue
            scores[rid] += w / (RRF_K + rank) + (w * TOP_BONUS.get(name, 0.0) / RRF_K if rank == 0 else 0.0)
            sources[rid].append(name)
    top = sorted(scores, key=lambda r: -scores[r])[:10]
    for rid in top:
        for j, target in enumerate(store.references_from(v, "rule", rid)[:5]):
            if target not in scores and len(target) > 3:
                row = store.rule_row(v, target)
                if row is None or _is_title(row):
                    continue
                scores[target] += WEIGHTS["xref"] / (RRF_K + 10 + j)
                sources[target].append("xref")
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])[:k]
    return Retrieved(rules=ranked, sources=dict(sources), query_vector=qvec)
