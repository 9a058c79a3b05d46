"""The game terms a question can mention, in English and Spanish, each tied to the rules it needs.

Built once per store from the glossary, the keyword rules (701.x, 702.x), our Spanish edition
(when it is loaded) and the table words players use (slang_es.tsv)."""

from __future__ import annotations

import importlib.util
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..store import Store
from ..text import fold, term_key

_HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None
MAX_WORDS = 6
# The concept files: "curated" holds the concepts written first, a few hundred of the most asked;
# "rules" was written section by section through the whole Comprehensive Rules (every rule a player
# could ask about, in everyday English and Spanish and in card wording).
CONCEPT_FILES = {"curated": "concepts.tsv", "rules": "concepts_rules.tsv"}
COMMON_DF = 10  # in this many rules or more, a word is everyday rules language


@dataclass
class Term:
    english: str                       # glossary term or keyword title, as the English CR writes it
    rules: list[str] = field(default_factory=list)
    glossary: str | None = None        # the glossary entry, when there is one


@dataclass(frozen=True)
class Concept:
    """A game concept as players word it, and the rules that define or decide it (concepts.tsv)."""

    rules: tuple[str, ...]
    wordings: tuple[tuple[tuple[str, bool], ...], ...]   # each wording: (word, is_prefix) ...
    weights: tuple[float, ...] = ()                        # each wording's specificity (see _specificity)
    origin: str = "curated"                                # which file: see CONCEPT_FILES
    text: str = ""                                         # the wordings as written (for embedding)

    def match(self, words: list[str], wordset: set[str], prefixes: set[str]) -> float:
        """The specificity of the most specific wording found in the folded words (0 when none).
        `wordset` and `prefixes` (every prefix of every word) rule most wordings out by their first word."""
        best = 0.0
        for wording, weight in zip(self.wordings, self.weights or [1.0] * len(self.wordings)):
            first, pre = wording[0]
            if weight <= best or first not in (prefixes if pre else wordset):
                continue
            if _occurs(wording, words):
                best = weight
        return best


_SIGNED_PT = re.compile(r"([+-])(\d+|x)/([+-])(\d+|x)", re.IGNORECASE)


def concept_words(text: str) -> list[str]:
    """Folded words, keeping "+1/+1" apart from "-1/-1" (folding would erase the signs)."""
    marked = _SIGNED_PT.sub(lambda m: f" {'p' if m.group(1) == '+' else 'm'}{m.group(2)}"
                                      f"{'p' if m.group(3) == '+' else 'm'}{m.group(4)} ", text)
    return fold(marked).split()


def _occurs(wording: tuple[tuple[str, bool], ...], words: list[str]) -> bool:
    n = len(wording)
    for start in range(len(words)):
        i, k = start, 0
        while k < n and i < len(words):
            w, pre = wording[k]
            if words[i] == w or (pre and words[i].startswith(w)):
                k += 1
                i += 1
            elif k > 0 and i + 1 < len(words) and (words[i + 1] == w or (pre and words[i + 1].startswith(w))):
                i += 1  # one word may sit in between: "counter the spell" ~ "counter that spell"
            else:
                break
        if k == n:
            return True
    return False


def read_concepts(path: Path, origin: str = "curated") -> list[Concept]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rules, wordings = line.split("\t")
        parsed = []
        for wording in wordings.split("|"):
            words: list[tuple[str, bool]] = []
            for raw in wording.split():
                pre = raw.endswith("*")
                parts = concept_words(raw.rstrip("*"))
                words += [(p, False) for p in parts[:-1]]
                if parts:
                    words.append((parts[-1], pre))
            if words:
                parsed.append(tuple(words))
        text = "; ".join(w.strip().replace("*", "") for w in wordings.split("|"))
        out.append(Concept(tuple(rules.split()), tuple(parsed), origin=origin, text=text))
    return out


@dataclass
class Lexicon:
    version: str
    forms: dict[str, Term] = field(default_factory=dict)  # folded, singular surface form → term
    # Folded words the rules (English and Spanish) write in lower case: ordinary words, so a lower-case
    # word of a question that is not here may be a card name ("relámpago") or a misspelt one.
    vocab: set[str] = field(default_factory=set)
    # Creature, artifact, land ... subtypes (English and Spanish, folded, singular): "a Zombie token"
    # names a type, not the card Zombie.
    subtypes: set[str] = field(default_factory=set)
    concepts: list[Concept] = field(default_factory=list)
    # Words found in many rules ("deal", "damage", "dies"): a lower-case run of them is rules talk.
    common: set[str] = field(default_factory=set)

    def is_game_term(self, word: str) -> bool:
        """A game term ("warp", "suspect"), not one of the rules' everyday words ("stack")."""
        return term_key(word) in self.forms and fold(word) not in self.common

    def find_concepts(self, text: str) -> list[tuple[float, Concept]]:
        """The concepts the text words, most specific first."""
        words = concept_words(text)
        wordset = set(words)
        prefixes = {w[:n] for w in wordset for n in range(1, len(w) + 1)}
        found = [(c.match(words, wordset, prefixes), i, c) for i, c in enumerate(self.concepts)]
        return [(score, c) for score, i, c in sorted((f for f in found if f[0] > 0), key=lambda f: (-f[0], f[1]))]

    def add(self, surface: str, term: Term) -> None:
        key = term_key(surface)
        if key and len(key) > 2 and key not in self.forms:
            self.forms[key] = term

    def find(self, text: str) -> list[tuple[str, Term]]:
        """Longest-first, non-overlapping matches of known forms in the text."""
        words = [w for w in fold(text).split()]
        keys = [term_key(w) for w in words]
        found: list[tuple[str, Term]] = []
        i = 0
        while i < len(words):
            for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
                key = " ".join(keys[i:i + n])
                if key in self.forms:
                    found.append((" ".join(words[i:i + n]), self.forms[key]))
                    i += n
                    break
            else:
                i += 1
        return found


_CACHE: dict[tuple[int, str], Lexicon] = {}


def lexicon_for(store: Store, version: str) -> Lexicon:
    cache_key = (id(store), version)
    if cache_key not in _CACHE:
        _CACHE[cache_key] = _build(store, version)
    return _CACHE[cache_key]


def _build(store: Store, version: str) -> Lexicon:
    lex = Lexicon(version)
    by_term: dict[str, Term] = {}
    for row in store.glossary_terms(version):
        term = Term(english=row["term"], rules=store.references_from(version, "glossary", row["term"]),
                    glossary=row["term"])
        by_term[fold(row["term"])] = term
    for section in ("701", "702"):
        for row in store.children_of(version, section):
            title = row["text"]
            if row["kind"] != "rule" or len(title.split()) > 5 or title == "General":
                continue
            term = by_term.get(fold(title))
            if term is None:
                term = Term(english=title)
                by_term[fold(title)] = term
            if row["id"] not in term.rules:
                term.rules.insert(0, row["id"])
    for term in by_term.values():
        lex.add(term.english, term)
    if _HAS_SPANISH:
        _add_spanish(store, version, lex, by_term)
    _add_vocabulary(store, version, lex)
    df, n_docs = _document_frequencies(store, version)
    lex.common = {w for w, n in df.items() if n >= COMMON_DF}
    lex.concepts = [_weighted(c, df, n_docs) for origin, name in CONCEPT_FILES.items()
                    for c in read_concepts(Path(__file__).with_name(name), origin)
                    if all(store.rule_row(version, r) is not None for r in c.rules)]
    for line in (Path(__file__).with_name("slang_es.tsv")).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        phrase, target = line.split("\t")
        if target[0].isdigit():
            lex.add(phrase, Term(english=target, rules=[target]))
        elif fold(target) in by_term:
            lex.add(phrase, by_term[fold(target)])
    return lex


def _add_spanish(store: Store, version: str, lex: Lexicon, by_term: dict[str, Term]) -> None:
    from ..spanish import api as spanish_api
    for term in by_term.values():
        if term.glossary:
            es = spanish_api.spanish_glossary(store, term.glossary, version)
            if es is not None and es.term:
                lex.add(es.term.split("(")[0], term)
        if term.rules and term.rules[0].startswith(("701.", "702.")):
            title = spanish_api.spanish_title(store, term.rules[0])
            if title:
                lex.add(title, term)


_LOWER_WORD = re.compile(r"(?<![\w'’])[a-záéíóúñü][a-záéíóúñü'’\-]*")
# 205.3g-205.3n list the subtypes: "Artifact types are Attraction, Blood, ...". Planeswalker types
# (205.3j: Ajani, Liliana, Teferi ...) are left out: a player saying "Teferi" means one of those cards.
_SUBTYPE_RULES = ("205.3g", "205.3h", "205.3i", "205.3k", "205.3m", "205.3n")


def _document_frequencies(store: Store, version: str) -> tuple[dict[str, int], int]:
    """In how many rules (English or Spanish text) each folded word occurs."""
    texts = [r["text"] for r in store.rules_of_version(version)]
    if _HAS_SPANISH:
        texts += [r["es_text"] for r in store.spanish_memory_all() if r["kind"] == "rule"]
    df: dict[str, int] = {}
    for text in texts:
        for w in set(fold(text).split()):
            df[w] = df.get(w, 0) + 1
    return df, len(texts)


def _weighted(concept: Concept, df: dict[str, int], n_docs: int) -> Concept:
    """Weigh each wording by how rare its words are in the rules themselves (inverse document frequency):
    "trample" or "monarch" say more about which rule is meant than "cast", "enters" or "token"."""
    by_prefix: dict[str, int] = {}

    def idf(word: str, prefix: bool) -> float:
        if prefix:
            if word not in by_prefix:
                by_prefix[word] = max((n for w, n in df.items() if w.startswith(word)), default=0)
            count = by_prefix[word]
        else:
            count = df.get(word, 0)
        return math.log((n_docs + 1) / (count + 1))
    weights = tuple(sum(idf(w, pre) for w, pre in wording) for wording in concept.wordings)
    return Concept(concept.rules, concept.wordings, weights, concept.origin, concept.text)


def _add_vocabulary(store: Store, version: str, lex: Lexicon) -> None:
    texts = [r["text"] for r in store.rules_of_version(version)]
    texts += [r["text"] for r in store.examples_of_version(version)]
    texts += [f"{r['term']} {r['definition']}" for r in store.glossary_of_version(version)]
    subtype_texts = [r["text"] for r in store.rules_of_version(version) if r["id"] in _SUBTYPE_RULES]
    if _HAS_SPANISH:
        memory = store.spanish_memory_all()
        texts += [r["es_text"] for r in memory]
        subtype_texts += [r["es_text"] for r in memory if r["kind"] == "rule" and r["key"] in _SUBTYPE_RULES]
    for text in texts:
        for w in _LOWER_WORD.findall(text):
            lex.vocab.update(fold(w).split())
    for text in subtype_texts:
        body = text.split(" are ", 1)[-1].split(" son ", 1)[-1]
        for part in re.split(r",|\band\b|\by\b|\.", body):
            words = fold(part).split()
            if 1 <= len(words) <= 2:
                lex.subtypes.add(term_key(" ".join(words)))
