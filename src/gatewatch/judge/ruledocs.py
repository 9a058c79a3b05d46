"""The rules as bags of words, for matching a question lexically against candidate rules: each rule
with its examples (English; Spanish from our edition), and each rule with the wordings of the concepts
that point to it. Built once per store."""

from __future__ import annotations

import importlib.util
import math
import re
from collections import defaultdict

from ..store import Store
from ..text import fold
from .lexicon import lexicon_for

_HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None
EN_STOP = set("a an the of to in on and or is are be it its if my your i you he she they we this that these those "
               "what which who when how does do did can could would will with for from at by as not no so then than "
               "have has had get gets got one two three any each all some more most other into onto out up down "
               "there their them his her our only just also but".split())
WORD = re.compile(r"[a-záéíóúñü0-9/+\-]+")

ES_STOP = set("el la los las un una unos unas de del al a en y o que se su sus mi mis tu tus es son lo le les "
               "con por para como pero si no mas muy ya este esta estos estas ese esa eso otra otro cuando donde "
               "cual quien hay tiene tengo puedo puede hace".split())


def stems(text: str) -> set[str]:
    """Content words cut to five letters: a stemmer crude enough for both languages ("blocked",
    "blocking", "blocker" → "block"; "bloqueadora", "bloquea" → "bloqu")."""
    return {w[:5] for w in WORD.findall(fold(text)) if len(w) > 3 and w not in EN_STOP and w not in ES_STOP}


def _idf(docs: dict[str, set[str]]) -> dict[str, float]:
    """Inverse document frequency of every word of `docs` (rule id → its words)."""
    df: dict[str, int] = defaultdict(int)
    for words in docs.values():
        for w in words:
            df[w] += 1
    return {w: math.log((len(docs) + 1) / (n + 1)) for w, n in df.items()}


class RuleDocs:
    """Each rule's words with its examples (English; Spanish from our edition), for matching a question
    lexically against a handful of candidate rules. Examples often describe the very play a player asks
    about, in the player's own terms ("a 2/2 with deathtouch blocks ..."). Built once per store."""

    def __init__(self, store: Store, version: str) -> None:
        self.docs: dict[str, dict[str, set[str]]] = {"en": {}, "es": {}}
        for r in store.rules_of_version(version):
            if r["dup"] == 0 and r["kind"] in ("rule", "subrule"):
                self.docs["en"][r["id"]] = stems(r["text"])
        for r in store.examples_of_version(version):
            if r["rule_id"] in self.docs["en"]:
                self.docs["en"][r["rule_id"]] |= stems(r["text"])
        if _HAS_SPANISH:
            for r in store.spanish_memory_all():
                if r["kind"] in ("rule", "subrule", "example"):
                    rid = r["key"].split("#")[0]
                    if rid in self.docs["en"]:
                        self.docs["es"].setdefault(rid, set()).update(stems(r["es_text"] or ""))
        self.idf = {lang: _idf(docs) for lang, docs in self.docs.items()}

    def similarity(self, words: dict[str, set[str]], rule_ids: list[str]) -> dict[str, float]:
        """Summed idf of the question's words found in each rule (and its examples), in either language,
        softly normalised by the rule's length so a long rule does not win by size alone."""
        out = {}
        for rid in rule_ids:
            best = 0.0
            for lang, qwords in words.items():
                doc = self.docs[lang].get(rid)
                if doc and qwords:
                    idf = self.idf[lang]
                    best = max(best, sum(idf[w] for w in qwords & doc) / math.log(len(doc) + 8))
            out[rid] = best
        return out


class ConceptDocs:
    """Each rule's stems from every wording of the concepts that point to it (their first two rules):
    a softer match than the concepts' own phrase matching, which wants the words in order and close
    ("ficha de criatura mía va al exilio" against "ficha exiliada")."""

    def __init__(self, concepts) -> None:
        docs: dict[str, set[str]] = defaultdict(set)
        for c in concepts:
            words = stems(" ".join(w for wording in c.wordings for w, _ in wording))
            for rid in c.rules[:2]:
                docs[rid] |= words
        self.docs = dict(docs)
        self.idf = _idf(self.docs)
        self.by_word: dict[str, list[str]] = defaultdict(list)
        for rid, words in docs.items():
            for w in words:
                self.by_word[w].append(rid)

    def search(self, question: str, k: int = 30) -> list[str]:
        words = stems(question)
        scores: dict[str, float] = defaultdict(float)
        for w in words:
            for rid in self.by_word.get(w, ()):
                scores[rid] += self.idf[w]
        ranked = sorted(scores, key=lambda r: -scores[r] / math.log(len(self.docs[r]) + 8))
        return ranked[:k]


_DOCS: dict[tuple[int, str], RuleDocs] = {}
_CONCEPT_DOCS: dict[tuple[int, str], ConceptDocs] = {}


def concept_docs(store: Store, version: str) -> ConceptDocs:
    key = (id(store), version)
    if key not in _CONCEPT_DOCS:
        _CONCEPT_DOCS[key] = ConceptDocs(lexicon_for(store, version).concepts)
    return _CONCEPT_DOCS[key]


def rule_docs(store: Store, version: str) -> RuleDocs:
    key = (id(store), version)
    if key not in _DOCS:
        _DOCS[key] = RuleDocs(store, version)
    return _DOCS[key]
