"""`gatewatch spanish check`: what CI fails on in the Spanish edition. Pure checks over (English, Spanish).

Problems, each with the unit id:
- missing / stale: a unit of the version without a current translation;
- reference: rule numbers (and other numbers, mana symbols) that differ from the English;
- term: an English game term whose Spanish term (any accepted form, inflected) is absent;
- untranslated: English words left in the Spanish outside card names and other proper nouns;
- punctuation: unbalanced quotes or parentheses (where the English balances them), doubled spaces, a
  missing final period. (Their number may differ from the English: "subtype(s)" → "subtipo o subtipos".)"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from pydantic import BaseModel, Field

from ..rules.api import resolve_version
from ..store import Store
from ..text import fold
from .memory import EnglishUnit, unit_states
from .terms import Term, checked_terms

_RULE_REF = re.compile(r"(?<![\w.])\d{3}(?:\.\d+[a-z]{0,2})?(?![\w])")
_NUMBER = re.compile(r"(?<![\w.{/])\d+(?![\w}])")
_SYMBOL = re.compile(r"\{[^}]{1,6}\}")
_SECTION = re.compile(r"\b(?:sections?|secci[oó]n(?:es)?)\s+(\d)\b", re.IGNORECASE)
_WORDS = re.compile(r"[A-Za-zÀ-ÿ0-9]+(?:['’][A-Za-zÀ-ÿ]{2,})*")  # "Ja’far" is one word, "Defender’s" two
_URL = re.compile(r"\S+\.(?:com|org|net)\S*", re.IGNORECASE)
_QUOTED = re.compile(r"[“\"]([^”\"]+)[”\"]")
# Words that are English and also ordinary Spanish (or loanwords the edition keeps): never "untranslated".
SPANISH_TOO = frozenset("""
a al de del el en es la las lo los me no o se si son su sus te tu un una y ya e u he has ha
x n d20 d6 d4 d8 d10 d12 d100 cr ii iii iv v vi mana maná total final general normal original legal animal
material mental real central plural natural local formal fatal vital control error
planeswalker planeswalkers mulligan match apnap commander brawl oathbreaker archenemy planechase vanguard
conspiracy draft booster sealed two-headed giant emperor phyrexian ninjutsu bushido splice hellbent
mulligans matches etc cm color planar particular protector modal base variable variables similar individual
indestructible agenda sector errata aura umbra copiable informal circular modular visible mentor formidable
opus premium beta gamma metal visual extra digital brutal global
define concede produce reduce ignore use complete explore
""".split())
_HEADING_KINDS = ("chapter", "section")


class CheckProblem(BaseModel):
    id: str = Field(description="The unit: '702.19c', '702.19c#1' (an example), 'glossary:Deathtouch'")
    kind: str = Field(description="missing | stale | reference | term | untranslated | punctuation")
    message: str


class CheckReport(BaseModel):
    version: str
    checked: int = Field(description="Units of the version that have a translation")
    problems: list[CheckProblem]

    @property
    def ok(self) -> bool:
        return not self.problems

    def counts(self) -> dict[str, int]:
        return dict(Counter(p.kind for p in self.problems))


def check_unit(unit: EnglishUnit, es_text: str, es_term: str | None = None,
               terms: list[Term] | None = None) -> list[CheckProblem]:
    """Every problem of one translated unit. `es_text` is the Spanish rule/example text or glossary definition."""
    terms = list(_default_terms()) if terms is None else terms
    en = unit.text
    es = f"{es_term}\n{es_text}" if unit.kind == "glossary" else es_text
    found: list[tuple[str, str]] = []
    found += [("reference", m) for m in _references(en, es)]
    found += [("term", m) for m in _terms(en, es, terms)]
    found += [("untranslated", m) for m in _untranslated(en, es)]
    found += [("punctuation", m) for m in _punctuation(en, es, unit)]
    return [CheckProblem(id=unit.uid, kind=k, message=m) for k, m in found]


@lru_cache(maxsize=1)
def _default_terms() -> tuple[Term, ...]:
    return tuple(checked_terms())


def _references(en: str, es: str) -> list[str]:
    out = []
    for label, pattern in (("rule numbers", _RULE_REF), ("sections", _SECTION), ("mana symbols", _SYMBOL)):
        a, b = Counter(pattern.findall(en)), Counter(pattern.findall(es))
        if a != b:
            out.append(f"{label} differ: English {_show(a - b)} not in the Spanish" if a - b else
                       f"{label} differ: Spanish adds {_show(b - a)}")
    a = Counter(_NUMBER.findall(_RULE_REF.sub(" ", en)))
    b = Counter(_NUMBER.findall(_RULE_REF.sub(" ", es)))
    if a - b:
        out.append(f"numbers differ: English {_show(a - b)} not in the Spanish (keep digits as digits)")
    return out


def _show(c: Counter) -> str:
    return ", ".join(sorted(c.elements()))


def _terms(en: str, es: str, terms: list[Term]) -> list[str]:
    plain_en = _strip_names(en, es)
    folded = fold(es)
    out = []
    for t in terms:
        if t.found_in_english(plain_en) and not t.found_in_spanish(folded):
            out.append(f"'{t.en}' → expected {' / '.join(repr(f) for f in t.forms)}")
    return out


def _strip_names(en: str, es: str) -> str:
    """The English without the card names and proper nouns the Spanish keeps in English."""
    chars = list(en)
    for name in {en[a:b] for a, b, _, _ in _protected_spans(en, es)}:
        for m in re.finditer(re.escape(name), en):  # every mention, not only the one matched
            chars[m.start():m.end()] = " " * (m.end() - m.start())
    return "".join(chars)


def _protected_spans(en: str, es: str) -> list[tuple[int, int, int, int]]:
    """Runs of words shared verbatim by both texts that start with a capital letter: card names and proper
    nouns ('Varolz, the Scar-Striped', 'Grizzly Bears'). Returns (en_start, en_end, es_start, es_end)."""
    en_words = list(_WORDS.finditer(en))
    es_words = list(_WORDS.finditer(es))
    starts: dict[str, list[int]] = {}
    for j, m in enumerate(en_words):
        starts.setdefault(m.group(), []).append(j)
    spans = []
    i = 0
    while i < len(es_words):
        w = es_words[i].group()
        best, best_j = 0, 0
        if w[:1].isupper():
            for j in starts.get(w, []):
                n = 1
                while (i + n < len(es_words) and j + n < len(en_words)
                       and es_words[i + n].group() == en_words[j + n].group() and _name_word(es_words[i + n].group())):
                    n += 1
                while n > 1 and es_words[i + n - 1].group() in _NAME_SMALL:
                    n -= 1  # a name does not end with 'of' or 'the'
                if n > best:
                    best, best_j = n, j
        if best == 1 and w.lower() in _common_english():
            best = 0  # 'Trample is …' left in English is not a card name
        if best:
            spans.append((en_words[best_j].start(), en_words[best_j + best - 1].end(),
                          es_words[i].start(), es_words[i + best - 1].end()))
            i += best
        else:
            i += 1
    return spans


# Lowercase words a card name may contain ('Varolz, the Scar-Striped', 'Past in Flames').
_NAME_SMALL = frozenset("of the a an in on and or to from with for at into through over by under upon s".split())
_ENGLISH_FUNCTION = frozenset("""the a an each if when whenever at this that these those it its is are was be and or
of to in on for with as by from any all you your they their then until while during after before can may must
""".split())


def _name_word(word: str) -> bool:
    return any(ch.isupper() for ch in word) or word[:1].isdigit() or word in _NAME_SMALL


@lru_cache(maxsize=1)
def _common_english() -> frozenset[str]:
    """Words that, alone and capitalised, begin an English sentence rather than name a card."""
    words = {w for t in _default_terms() for w in t.en.lower().split() if w.isalpha()}
    return frozenset(words | _ENGLISH_FUNCTION)


def _untranslated(en: str, es: str) -> list[str]:
    en_vocab = {m.group().lower() for m in _WORDS.finditer(en)}
    chars = list(es)
    for _, _, es_start, es_end in _protected_spans(en, es):
        chars[es_start:es_end] = " " * (es_end - es_start)
    for m in [*_SYMBOL.finditer(es), *_URL.finditer(es)]:
        chars[m.start():m.end()] = " " * (m.end() - m.start())
    for q in _QUOTED.finditer(es):
        if q.group(1) in en:
            chars[q.start():q.end()] = " " * (q.end() - q.start())
    if len(en) > 25 and es.strip() == en.strip():
        return ["the Spanish is the English text"]
    left = []
    for m in _WORDS.finditer("".join(chars)):
        w = m.group().lower()
        if (len(w) >= 2 and not any(ch.isdigit() for ch in w) and w in en_vocab and w not in SPANISH_TOO
                and fold(w) not in SPANISH_TOO and w not in left):
            left.append(w)
    return [f"English word(s) left: {', '.join(left)}"] if left else []


def _punctuation(en: str, es: str, unit: EnglishUnit) -> list[str]:
    out = []
    for name, o, c in (("quotes", "“", "”"), ("parentheses", "(", ")")):
        if es.count(o) != es.count(c) and en.count(o) == en.count(c):
            out.append(f"unbalanced {name}: {es.count(o)} '{o}' and {es.count(c)} '{c}'")
    if es.count('"') % 2 and not en.count('"') % 2:
        out.append("unbalanced straight quotes")
    if re.search(r"\S  +\S", es):
        out.append("doubled space")
    if unit.label not in _HEADING_KINDS and _ends_with_period(en) and not _ends_with_period(es):
        out.append("missing final period (the English has one)")
    return out


def _ends_with_period(text: str) -> bool:
    return re.search(r"[.…][”’\")]*\s*$|[”’\")]\.\s*$", text.rstrip()) is not None


def check_store(store: Store, version: str | None = None, terms: list[Term] | None = None) -> CheckReport:
    """Check the memory against a version (default: the newest): every unit translated, current and clean."""
    v = resolve_version(store, version)
    terms = list(_default_terms()) if terms is None else terms
    problems: list[CheckProblem] = []
    checked = 0
    for s in unit_states(store, v):
        if s.entry is None:
            problems.append(CheckProblem(id=s.unit.uid, kind="missing", message="no Spanish translation"))
            continue
        checked += 1
        if s.state == "stale":
            problems.append(CheckProblem(id=s.unit.uid, kind="stale",
                                         message=f"the English changed since this translation ({s.entry.origin})"))
        problems += check_unit(s.unit, s.entry.es_text, s.entry.es_term, terms)
    return CheckReport(version=v, checked=checked, problems=problems)


__all__ = ["CheckProblem", "CheckReport", "check_unit", "check_store", "SPANISH_TOO"]
