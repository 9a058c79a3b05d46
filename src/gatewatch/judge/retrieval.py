"""Find the rules a question needs. `gather` collects the evidence: lexical search (English and, for
Spanish, our Spanish text), dense vectors (of the rules and of the concepts' wordings), the concepts
players word (matched as phrases and as bags of words), and the structure of the rules (quoted numbers,
the rules of the terms and of the named cards' keywords and card types, the rules their rulings cite,
the best subrules of those families), the nearest solved cases and the rule classifier learnt from them.
`fuse` weighs it by reciprocal rank and adds cross-references."""

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
from . import embed
from .ambiguity import without_own_name
from .analysis import Analysis
from .casebook import CaseVote, case_votes, case_words, rules_of_similar
from .embed import get_embedder
from .lexicon import lexicon_for
from .ranker import EXTRA, POOL, load_model, rerank
from .ruledocs import EN_STOP, WORD, stems, concept_docs, rule_docs
from .vectors import case_index, concept_index, rule_classifier, vector_indexes

_HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None
RRF_K = 60
# How much each list counts in the fusion: fitted by bench/tune_judge.py on the training questions
# (the casebook, casebook.jsonl) and the odd-numbered development questions; the even-numbered ones and
# bench/data/judge_test.jsonl are held out (bench/judge.py reports them).
WEIGHTS = {"number": 4.0, "concept": 2.66, "concept_rules": 2.0, "concept_lex": 1.77, "concept_dense": 2.0,
           "term": 0.0, "keyword": 0.8, "cardtype": 3.99, "ruling": 0.6, "lexical_en": 0.6, "lexical_es": 0.53,
           "dense": 0.0, "family": 0.5, "xref": 0.3, "cardtext": 1.5, "case": 2.5, "close_dense": 1.0, "close_lexical": 1.0,
           "classifier": 0.0}  # the classifier's rules join the re-ranked pool apart (fuse's `extra`)
CONCEPT_FULL = 10.0  # a concept worded this specifically (summed idf of its words) counts fully
# A list's first hits matter most: its rank-0 item gets this extra share (before the weight).
TOP_BONUS = {"number": 0.5}
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
    cards: list[Card] = field(default_factory=list)              # the named cards, read once per question


def _question_words(an: Analysis, extra_en: list[str]) -> dict[str, set[str]]:
    """The question's stems per language: its own words, and the English of the terms it uses. (Adding
    the terms' glossary definitions was measured: no better on the tuning half.)"""
    own = stems(an.question)
    en = stems(" ".join([t.english for _, t in an.terms] + extra_en))
    return {"en": (own | en) if an.lang == "en" else en, "es": own if an.lang == "es" else set()}


def _interleave(groups: list[list[str]] | list[tuple[str, ...]]) -> list[str]:
    """First rule of each group, then the second of each ...: every concept gets a place near the top."""
    return list(dict.fromkeys(r for row in zip_longest(*groups) for r in row if r))


def _english_query(an: Analysis, keywords: list[str], concept_words: list[str]) -> str:
    words = []
    if an.lang == "en":
        words += [w for w in WORD.findall(fold(an.question)) if w not in EN_STOP and len(w) > 2]
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
    return without_own_name(_REMINDER.sub(" ", card.oracle_text), card.name)


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


Sim = Callable[[list[str]], dict[str, float]]



def _mean_rank(ids: list[str], sims: list[dict[str, float]]) -> dict[str, float]:
    """One similarity from several models' cosines (their scales differ): minus the mean rank."""
    if len(sims) == 1:
        return sims[0]
    out: dict[str, float] = defaultdict(float)
    for one in sims:
        for rank, rid in enumerate(sorted(ids, key=lambda r: -one.get(r, -1.0))):
            out[rid] -= rank / len(sims)
    return dict(out)


def _closest(ids: list[str], dense: Sim, lexical: Sim, k: float = 2.0) -> list[str]:
    """`ids` by closeness to the question: the rank by dense similarity fused with the rank by words
    shared with the rule and its examples (either alone misorders subrules that differ by one clause)."""
    order = {rid: i for i, rid in enumerate(ids)}
    fused: dict[str, float] = defaultdict(float)
    for name, sims in (("dense", dense(ids)), ("lexical", lexical(ids))):
        if not sims:
            continue
        ranked = sorted(ids, key=lambda r: (-sims.get(r, -1.0), order[r]))
        for rank, rid in enumerate(ranked):
            fused[rid] += WEIGHTS[f"close_{name}"] / (k + rank)
    return sorted(ids, key=lambda r: (-fused[r], order[r]))


def _best_children(store: Store, version: str, seeds: list[str], dense: Sim, lexical: Sim,
                   per_seed: int = 2) -> list[str]:
    """For each seed rule, its subrules closest to the question (a keyword's decisive subrule)."""
    groups = []
    for rid in seeds:
        children = [c["id"] for c in store.children_of(version, rid)]
        if children:
            groups.append(_closest(children, dense, lexical)[:per_seed])
    return _interleave(groups)


def _dense(store: Store, an: Analysis, lists: dict[str, list[str]]
           ) -> tuple[np.ndarray | None, Sim, dict[str, CaseVote], dict[str, float]]:
    """Add each active model's nearest rules to `lists` ("dense", then "dense_<model>") and the rules of the
    nearest solved cases ("case"); return the first model's question vector, a similarity over any rules
    (the models' ranks averaged), the cases' votes and the rule classifier's log-probabilities."""
    qvec = None
    votes: dict[str, CaseVote] = {}
    classified: dict[str, float] = {}
    classifier = rule_classifier(store)
    sims: list[Sim] = []
    text = an.question + (" " + " ".join(t.english for _, t in an.terms) if an.terms else "")
    for index in vector_indexes(store, an.version, embed.ACTIVE):
        embedder = get_embedder(index.model)
        if embedder is None:
            continue
        # The classifier learnt from the solved questions' own words, so it reads the question alone.
        alone = qvec is None and classifier is not None and classifier.model == index.model
        vecs = embedder.embed_batch([text, an.question] if alone and text != an.question else [text], query=True)
        vec = vecs[0]
        if alone:
            classified = classifier.log_probs(vecs[-1], an.question)
        scores = index.scores(vec)
        lists["dense" if qvec is None else f"dense_{index.model}"] = [r for r, _ in index.search(vec, 30, scores)]
        concepts = concept_index(store, an.version, index.model)
        if qvec is None and concepts is not None:
            lists["concept_dense"] = [r for r, _ in concepts.search(vec, 30)]
        cases = case_index(store, an.version, index.model) if qvec is None else None
        if cases is not None:
            votes = case_votes(cases.ids, cases.scores(vec))
            lists["case"] = rules_of_similar(votes)
        qvec = vec if qvec is None else qvec

        def sim(ids: list[str], index=index, vec=vec, scores=scores) -> dict[str, float]:
            return index.similarity(vec, set(ids), scores)
        sims.append(sim)

    def dense(ids: list[str]) -> dict[str, float]:
        return _mean_rank(ids, [f(ids) for f in sims]) if sims else {}
    return qvec, dense, votes, classified


@dataclass
class Evidence:
    """What a question brings up before the lists are weighed: each list's rules (best first), the
    concepts' unweighted scores (by where they were worded and by file), the named cards."""
    lists: dict[str, list[str]]
    concepts: dict[str, dict[str, float]]
    cards: list[Card]
    query_vector: np.ndarray | None = None
    words: dict[str, set[str]] = field(default_factory=dict)   # the question's stems per language
    case_votes: dict[str, CaseVote] = field(default_factory=dict)  # what the nearest solved cases cite
    case_words: np.ndarray | None = None  # the words each solved case shares with the question (casebook order)
    classified: dict[str, float] = field(default_factory=dict)  # the rule classifier's log-probabilities


def retrieve(store: Store, an: Analysis, k: int = 20) -> Retrieved:
    """The rules a question needs, best first: the lists fused, then re-ranked by the fitted model when
    there is one (ranker.json)."""
    ev = gather(store, an)
    model = load_model()
    if model is None:
        return fuse(store, an, ev, k)
    found = fuse(store, an, ev, POOL, extra=EXTRA)
    found.rules = rerank(store, an, ev, found.rules, found.sources, model)[:k]
    return found


def _concept_scores(found, where: str, out: dict[str, dict[str, float]]) -> None:
    """A concept counts by how specifically it is worded ("token dies" over "dies" over "cast*")."""
    for score, c in found:
        part = out.setdefault(f"{where}_{c.origin}", defaultdict(float))
        for j, rid in enumerate(c.rules):
            part[rid] += min(score, CONCEPT_FULL) / CONCEPT_FULL / (RRF_K + j)


def gather(store: Store, an: Analysis) -> Evidence:
    v = an.version
    lex = lexicon_for(store, v)
    lists: dict[str, list[str]] = {"number": list(an.rule_numbers)}
    concepts = lex.find_concepts(an.question)
    lists["concept"] = _interleave([c.rules for _, c in concepts])  # as seeds for "family"; scored in fuse
    scores: dict[str, dict[str, float]] = {}
    _concept_scores(concepts, "question", scores)
    lists["concept_lex"] = concept_docs(store, v).search(an.question)
    lists["term"] = list(dict.fromkeys(r for t in an.specific_terms() for r in t.rules[:4]))
    cards = _cards(store, an)
    # What the named cards say (Blood Moon: "Nonbasic lands are Mountains") words concepts too.
    for card in cards:
        _concept_scores(lex.find_concepts(_plain_text(card)), "card", scores)
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
    qvec, dense, votes, classified = _dense(store, an, lists)
    lists["classifier"] = classifier_list(classified)
    seeds = list(dict.fromkeys(lists["term"][:6] + lists["keyword"][:6] + lists["number"][:3]
                               + lists["concept"][:8]))
    docs, qwords = rule_docs(store, v), _question_words(an, keywords + concept_en)
    lists["family"] = _best_children(store, v, seeds, dense, lambda ids: docs.similarity(qwords, ids))[:15]
    return Evidence(lists=lists, concepts={k: dict(p) for k, p in scores.items()}, cards=cards, query_vector=qvec,
                    words=qwords, case_votes=votes, case_words=case_words().scores(an.question),
                    classified=classified)


def classifier_list(classified: dict[str, float], k: int = 15) -> list[str]:
    """The `k` rules the rule classifier finds likeliest, best first."""
    return sorted(classified, key=lambda r: -classified[r])[:k]


def _weighted_concepts(ev: Evidence, w: dict[str, float]) -> dict[str, float]:
    factor = {"question_curated": w["concept"], "question_rules": w["concept_rules"],
              "card_curated": w["cardtext"], "card_rules": w["cardtext"] * w["concept_rules"] / w["concept"]}
    out: dict[str, float] = defaultdict(float)
    for part, scores in ev.concepts.items():
        for rid, score in scores.items():
            out[rid] += factor[part] * score
    return out


def fuse(store: Store, an: Analysis, ev: Evidence, k: int = 20, weights: dict[str, float] | None = None,
         extra: int = 0) -> Retrieved:
    """Weigh the lists by reciprocal rank (and the concepts by their scores), then add what the best
    rules cross-reference; keep the best `k`, then up to `extra` more from the rule classifier's list (its
    15 likeliest rules) that the fusion left out, for the re-ranker to judge."""
    w = weights or WEIGHTS
    v = an.version
    scores: dict[str, float] = defaultdict(float)
    sources: dict[str, list[str]] = defaultdict(list)
    rows: dict[str, object] = {}
    for rid, score in _weighted_concepts(ev, w).items():
        rows[rid] = store.rule_row(v, rid)
        if rows[rid] is not None and not _is_title(rows[rid]):
            scores[rid] += score
            sources[rid].append("concept")
    for name, ids in ev.lists.items():
        if name == "concept":
            continue  # counted above, by specificity
        weight = w.get(name, 1.0)
        if not weight:
            continue
        for rank, rid in enumerate(ids):
            row = rows.get(rid) if rid in rows else store.rule_row(v, rid)
            rows[rid] = row
            if row is None or (_is_title(row) and rid not in an.rule_numbers):
                continue
            scores[rid] += weight / (RRF_K + rank) + (weight * TOP_BONUS.get(name, 0.0) / RRF_K if rank == 0 else 0.0)
            sources[rid].append(name)
    top = sorted(scores, key=lambda r: -scores[r])[:10]
    for rid in top:
        for j, target in enumerate(store.references_from(v, "rule", rid)[:5]):
            if target not in scores and len(target) > 3:
                row = store.rule_row(v, target)
                if row is None or _is_title(row):
                    continue
                scores[target] += w["xref"] / (RRF_K + 10 + j)
                sources[target].append("xref")
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])[:k]
    kept = {rid for rid, _ in ranked}
    for rid in ev.lists.get("classifier", []):
        if len(ranked) >= k + extra:
            break
        row = rows.get(rid) if rid in rows else store.rule_row(v, rid)
        if rid not in kept and row is not None and not _is_title(row):
            ranked.append((rid, scores.get(rid, 0.0)))
            sources[rid].append("classifier")
    return Retrieved(rules=ranked, sources=dict(sources), query_vector=ev.query_vector, cards=ev.cards)
