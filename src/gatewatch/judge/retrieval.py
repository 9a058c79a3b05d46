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
WEIGHTS = {"number": 4.0, "concept": 4.0, "term": 0.8, "keyword": 0.8, "cardtype": 3.0, "ruling": 0.6,
           "lexical_en": 0.6, "lexical_es": 0.8, "dense": 1.0, "family": 1.0, "xref": 0.3,
           "cardtext": 2.0}
CONCEPT_FULL = 10.0  # a concept worded this specifically (summed idf of its words) counts fully
# A list's first hits matter most: its rank-0 item gets this extra share (before the weight).
TOP_BONUS = {"number": 0.5}
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


_REMINDER = re.compile(r"\([^)]*\)")


def _plain_text(card: Card) -> str:
    """Oracle text without reminder text, the card's own name read as "this"."""
    text = _REMINDER.sub(" ", card.oracle_text)
    for name in [card.name, *card.name.split(" // "), card.name.split(",")[0]]:
        text = text.replace(name, "this")
    return text


# The legend rule only matters when a second one is around: a copy, another, a second ...
_DUPLICATE = re.compile(r"\b(cop\w*|clon\w*|second|another|two|both|segund[oa]|otr[oa]|dos|ambos|mism[oa])\b")


def _card_type_rules(cards: list[Card], question: str) -> list[str]:
    groups: list[tuple[str, ...]] = []
    duplicate = bool(_DUPLICATE.search(fold(question))) or len(cards) != len({c.name for c in cards})
    for card in cards:
        for word, rules in _TYPE_RULES:
            if word == "Legendary" and not duplicate:
                continue
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


def _is_title(row) -> bool:
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
    lists["concept"] = _interleave([c.rules for _, c in concepts])  # as seeds for "family"; scored below
    # A concept counts by how specifically the question words it ("token dies" over "dies" over "cast*").
    concept_scores: dict[str, float] = defaultdict(float)
    for score, c in concepts:
        for j, rid in enumerate(c.rules):
            concept_scores[rid] += WEIGHTS["concept"] * min(score, CONCEPT_FULL) / CONCEPT_FULL / (RRF_K + j)
    lists["term"] = list(dict.fromkeys(r for t in an.specific_terms() for r in t.rules[:4]))
    cards = _cards(store, an)
    # What the named cards say (Blood Moon: "Nonbasic lands are Mountains") words concepts too.
    for card in cards:
        for score, c in lex.find_concepts(_plain_text(card)):
            for j, rid in enumerate(c.rules):
                concept_scores[rid] += WEIGHTS["cardtext"] * min(score, CONCEPT_FULL) / CONCEPT_FULL / (RRF_K + j)
    keywords = [kw.keyword for c in cards for kw in c.keywords]
    lists["keyword"] = list(dict.fromkeys(kw.rule for c in cards for kw in c.keywords if kw.rule))
    lists["cardtype"] = _card_type_rules(cards, an.question)
    qwords = {w for w in fold(an.question).split() if len(w) > 3}
    lists["ruling"] = _ruling_rules(cards, qwords)
    # A Spanish question reaches the English index through the English wording of its concepts.
    concept_en = [w for _, c in concepts for w, _ in c.wordings[0]] if an.lang == "es" else []
    q_en = _english_query(an, keywords, concept_en)
    if q_en:
        lists["lexical_en"] = [h.id for h in rules_api.search_rules(store, q_en, v, limit=30).results]
    if an.lang == "es" and _HAS_SPANISH:
        from ..spanish import api as spanish_api
        lists["lexical_es"] = [h.id for h in spanish_api.search_spanish(store, an.question, v, limit=30).results
                               if h.kind in ("rule", "example")]
    index = vector_index(store, v)
    qvec = None
    sim: Callable[[set[str]], dict[str, float]] = lambda ids: {}
    if index is not None:
        embedder = get_embedder(index.model)
        if embedder is not None:
            text = an.question + (" " + " ".join(t.english for _, t in an.terms) if an.terms else "")
            qvec = embedder.embed_batch([text], query=True)[0]
            scores = index.scores(qvec)
            lists["dense"] = [rid for rid, _ in index.search(qvec, 30, scores)]
            sim = lambda ids: index.similarity(qvec, ids, scores)
    seeds = list(dict.fromkeys(lists["term"][:6] + lists["keyword"][:6] + lists["number"][:3]
                               + lists["concept"][:8]))
    lists["family"] = _best_children(store, v, seeds, sim)[:15]
    return _fuse(store, an, lists, qvec, k, concept_scores)


def _fuse(store: Store, an: Analysis, lists: dict[str, list[str]], qvec: np.ndarray | None,
          k: int, direct: dict[str, float]) -> Retrieved:
    v = an.version
    scores: dict[str, float] = defaultdict(float)
    sources: dict[str, list[str]] = defaultdict(list)
    rows: dict[str, object] = {}
    for rid, score in direct.items():
        rows[rid] = store.rule_row(v, rid)
        if rows[rid] is not None and not _is_title(rows[rid]):
            scores[rid] += score
            sources[rid].append("concept")
    for name, ids in lists.items():
        if name == "concept":
            continue  # counted above, by specificity
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

