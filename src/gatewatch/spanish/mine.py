"""Mine English → Spanish game terms from the cards Wizards printed in both languages.

Input: pairs of (English Oracle text, printed Spanish text) of the same card. Two miners, both pure:
- keyword lines ("Flying, vigilance" ↔ "Vuela, vigilancia."), aligned line by line, item by item;
- phrase pairs: for each English candidate term, the Spanish n-gram (grouped by Spanish stems) that
  co-occurs with it on aligned lines most strongly (Dice coefficient), with its evidence count.
The result is written as `terms_mined.tsv` by `gatewatch spanish terms --mine` (see terms.py)."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..text import fold
from .stem import stem_word

# Printings older than this use pre-2009 wording ("entra en juego", "Vuela"): mined for evidence
# only when no newer printing exists.
MODERN_YEAR = 2010
_REMINDER = re.compile(r"\s*\([^()]*\)")
_COST = re.compile(r"(\{[^}]*\})+|\b\d+\b|[—–-].*$|:.*$")
_EN_STOP = {"a", "an", "the", "of", "to", "into", "from", "on", "in", "at", "for", "with", "and", "or"}
_LOWER_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_ES_STOP = {"de", "del", "la", "el", "los", "las", "un", "una", "unos", "unas", "a", "al", "y", "o", "en", "que",
            "se", "su", "sus", "tu", "tus", "por", "con", "para", "lo", "le", "les", "es", "cada", "esa", "ese",
            "esta", "este", "mas", "si", "hasta", "no", "como", "otro", "otra", "sin", "te", "tu"}


@dataclass(frozen=True)
class CardPair:
    name: str
    en: str
    es: str
    year: int
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class MinedTerm:
    en: str
    es: str
    forms: tuple[str, ...]
    evidence: int
    score: float
    kind: str  # 'keyword' | 'phrase'


def read_card_pairs(oracle_jsonl_gz: Path, sets_json: Path | None = None) -> list[CardPair]:
    """Cards with both an English Oracle text and a printed Spanish text (I/O only)."""
    years: dict[str, int] = {}
    if sets_json and sets_json.exists():
        for s in json.loads(sets_json.read_text(encoding="utf-8")).get("mtgjson_sets", []):
            if s.get("release_date"):
                years[s["code"]] = int(s["release_date"][:4])
    pairs = []
    with gzip.open(oracle_jsonl_gz, "rt", encoding="utf-8") as fh:
        for line in fh:
            card = json.loads(line)
            es = card.get("es") or {}
            if es.get("text") and card.get("oracle_text"):
                pairs.append(CardPair(card["name"], card["oracle_text"], es["text"], years.get(es.get("set", ""), 0),
                                      tuple(k.lower() for k in card.get("keywords") or ())))
    return pairs


def aligned_lines(pairs: Iterable[CardPair], modern_only: bool = True) -> Iterator[tuple[str, str]]:
    """(English line, Spanish line) of cards whose texts have the same number of lines; reminder text removed."""
    for p in pairs:
        if modern_only and p.year < MODERN_YEAR:
            continue
        en_lines, es_lines = p.en.split("\n"), p.es.split("\n")
        if len(en_lines) != len(es_lines):
            continue
        for en, es in zip(en_lines, es_lines):
            en, es = _REMINDER.sub("", en).strip(), _REMINDER.sub("", es).strip()
            if en and es:
                yield en.replace(p.name, "CARDNAME"), es


def _keyword_items(line: str) -> list[str]:
    items = [i.strip() for i in re.split(r",\s*|\s+y\s+", line.rstrip(". ")) if i.strip()]
    return [_COST.sub("", i).strip(" .").lower() for i in items]


def mine_keywords(pairs: list[CardPair]) -> list[MinedTerm]:
    """Keyword abilities: lines made only of the card's keywords, matched item by item with the Spanish line."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    keywords = {k for p in pairs for k in p.keywords}
    for en, es in aligned_lines(pairs):
        en_items = _keyword_items(en)
        if not en_items or any(i not in keywords for i in en_items):
            continue
        es_items = _keyword_items(es)
        if len(es_items) != len(en_items):
            continue
        for a, b in zip(en_items, es_items):
            if b and len(b.split()) <= 4:
                votes[a][b] += 1
    return [_best(en, counter, "keyword") for en, counter in sorted(votes.items()) if sum(counter.values()) >= 3]


def _best(en: str, counter: Counter[str], kind: str) -> MinedTerm:
    total = sum(counter.values())
    top, count = counter.most_common(1)[0]
    forms = tuple(f for f, c in counter.most_common(4) if c >= max(2, count // 5))
    return MinedTerm(en=en, es=top, forms=forms, evidence=count, score=round(count / total, 3), kind=kind)


def _en_pattern(term: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in term.lower().split()]
    return re.compile(r"\b" + r"\s+".join(words) + r"(?:s|es|ed|d|ing)?\b")


def _es_ngrams(line: str, max_n: int = 3) -> dict[tuple[str, ...], str]:
    """Stem n-grams of a Spanish line (no n-gram starts or ends with a stopword) → their surface text."""
    words = _LOWER_WORD.findall(line.lower())
    out: dict[tuple[str, ...], str] = {}
    for n in range(1, max_n + 1):
        for i in range(len(words) - n + 1):
            chunk = words[i:i + n]
            folded = [fold(w) for w in chunk]
            if folded[0] in _ES_STOP or folded[-1] in _ES_STOP or any(w.isdigit() for w in chunk):
                continue
            out.setdefault(tuple(stem_word(w) for w in folded), " ".join(chunk))
    return out


def mine_phrases(pairs: list[CardPair], terms: Iterable[str], min_evidence: int = 5) -> list[MinedTerm]:
    """For each English term, the Spanish n-gram most associated with it on aligned lines (Dice coefficient)."""
    patterns = {t: _en_pattern(t) for t in dict.fromkeys(t.lower() for t in terms)}
    term_count: Counter[str] = Counter()
    gram_count: Counter[tuple[str, ...]] = Counter()
    pair_count: dict[str, Counter[tuple[str, ...]]] = defaultdict(Counter)
    surfaces: dict[tuple[str, ...], Counter[str]] = defaultdict(Counter)
    prefixes = {t: t.split()[0][:4] for t in patterns}
    for en, es in aligned_lines(pairs):
        grams = _es_ngrams(es)
        gram_count.update(grams.keys())
        for g, surface in grams.items():
            surfaces[g][surface] += 1
        low = en.lower()
        for t, pat in patterns.items():
            if prefixes[t] in low and pat.search(low):
                term_count[t] += 1
                pair_count[t].update(grams.keys())
    results = []
    for t, counter in sorted(pair_count.items()):
        scored = [(2 * c / (term_count[t] + gram_count[g]), c, g) for g, c in counter.items() if c >= min_evidence]
        if not scored:
            continue
        best = max(scored)
        # A shorter n-gram inside the best one wins when it is nearly as strong and clearly more frequent with
        # the term: "girado" over "campo de batalla girado", but "campo de batalla" stays whole.
        shorter = [s for s in scored if s[0] >= 0.92 * best[0] and s[1] >= 1.1 * best[1] and _inside(s[2], best[2])
                   and len(s[2]) >= min(len(best[2]), len([w for w in t.split() if w not in _EN_STOP]))]
        score, count, gram = min(shorter, key=lambda s: (len(s[2]), -s[0])) if shorter else best
        forms = tuple(s for s, _ in surfaces[gram].most_common(3))
        results.append(MinedTerm(en=t, es=forms[0], forms=forms, evidence=count, score=round(score, 3),
                                 kind="phrase"))
    return results


def _inside(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    n = len(short)
    return any(long[i:i + n] == short for i in range(len(long) - n + 1))


# Phrases worth mining besides the CR glossary terms and the keywords.
EXTRA_PHRASES = ("draw a card", "battlefield", "graveyard", "library", "token", "counter", "sacrifice", "discard",
                 "destroy", "exile", "dies", "gain life", "lose life", "enters", "tap", "untap", "tapped", "untapped",
                 "target", "opponent", "owner", "controller", "creature", "spell", "card", "hand", "shuffle",
                 "search", "reveal", "damage", "combat damage", "until end of turn", "at the beginning of",
                 "end step", "upkeep", "instead", "copy", "cast", "play", "attack", "block", "create")
MIN_PHRASE_SCORE = 0.5


def mine_terms(mirror: Path) -> list[MinedTerm]:
    """Mine the mirror's cards: keywords first, then phrase pairs for the CR glossary terms and EXTRA_PHRASES."""
    from ..rules.load import mirror_rule_files
    from ..sources.comprules.parse import parse_rules_bytes

    cards = mirror / "cards" / "mtg"
    pairs = read_card_pairs(cards / "oracle_cards.jsonl.gz", cards / "sets.json")
    keywords = mine_keywords(pairs)
    newest = max(mirror_rule_files(mirror), key=lambda p: p.name)
    glossary = [re.sub(r"\s*\(.*\)$", "", g.term) for g in parse_rules_bytes(newest.read_bytes(), str(newest)).glossary]
    phrases = mine_phrases(pairs, [*glossary, *EXTRA_PHRASES])
    have = {k.en for k in keywords}
    return keywords + [p for p in phrases if p.en not in have and p.score >= MIN_PHRASE_SCORE]
