"""Name resolution: exact (English or Spanish, card or face), then prefix, then typo-tolerant, then a Spanish
name read word by word for the cards our data has only in English (`translated`).

Exact always wins, so "Opt", "Fling" and "Moat" never turn into a fuzzy neighbour. When the
answer is not clear (several exact or prefix hits, or fuzzy scores too close), the candidates
are returned instead of a guess."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from .models import NameCandidate, Resolution
from .mtg import name_key
from .translated import translator

if TYPE_CHECKING:
    from ..store import Store

PREFIX_LIMIT = 25
FUZZY_CUTOFF = 80.0  # below this a fuzzy neighbour is only a suggestion
FUZZY_SURE = 88.0  # at or above this, and clearly ahead of the next card, a fuzzy hit is accepted
FUZZY_MARGIN = 4.0
SUGGEST_CUTOFF = 60.0


class _FuzzyIndex:
    """Every folded name in memory (about 56,000 short strings) for rapidfuzz."""

    def __init__(self, rows: list[Any]) -> None:
        self.keys = [r["key"] for r in rows]
        self.rows = rows


def _fuzzy_index(store: Store) -> _FuzzyIndex:
    return store.derived("card_fuzzy_index", lambda s: _FuzzyIndex(s.all_card_name_keys()))


def _candidate(row: Any, score: float) -> NameCandidate:
    return NameCandidate(name=row["card_name"], matched=row["name"], lang=row["lang"], score=round(score, 1))


def _distinct(rows: list[Any], scores: list[float] | None = None) -> list[NameCandidate]:
    """One candidate per card (its best-ranked name), in the given order."""
    seen: dict[int, NameCandidate] = {}
    for i, row in enumerate(rows):
        if row["card_id"] not in seen:
            seen[row["card_id"]] = _candidate(row, scores[i] if scores else 100.0)
    return list(seen.values())


def _found(text: str, match: str, row: Any, score: float = 100.0) -> Resolution:
    return Resolution(query=text, status="found", match=match, card=row["card_name"], matched=row["name"],
                      lang=row["lang"], candidates=[_candidate(row, score)])


def _prefer_lang(rows: list[Any], lang: str | None) -> list[Any]:
    """Keep the best-ranked rows; a language preference breaks ties between languages."""
    if lang in ("en", "es") and any(r["lang"] == lang for r in rows):
        rows = [r for r in rows if r["lang"] == lang]
    best = min(r["rank"] for r in rows)
    return [r for r in rows if r["rank"] == best]


def resolve_name(store: Store, text: str, lang: str | None = None) -> Resolution:
    """Resolve a typed card name (English or Spanish, any case/accents/punctuation) to one card."""
    key = name_key(text)
    if not key:
        return Resolution(query=text, status="not_found")
    exact = store.card_names_exact(key)
    if exact:
        best = _prefer_lang(exact, lang)
        cards = _distinct(best)
        if len(cards) == 1:
            return _found(text, "exact", best[0])
        return Resolution(query=text, status="ambiguous", match="exact", candidates=cards)
    prefix = store.card_names_prefix(key, PREFIX_LIMIT)
    if prefix:
        cards = _distinct(prefix)
        if len(cards) == 1:
            return _found(text, "prefix", prefix[0])
        return Resolution(query=text, status="ambiguous", match="prefix", candidates=cards[:10])
    fuzzy = _resolve_fuzzy(store, text, key)
    if fuzzy.status == "found":
        return fuzzy
    return _resolve_translated(store, text) or fuzzy


def _resolve_translated(store: Store, text: str) -> Resolution | None:
    """A Spanish name for a card our data has only in English ("Terror tolariano"), read word by word."""
    cards = translator(store).cards(text)
    found = [NameCandidate(name=card, matched=text, lang="es", score=100.0) for card in cards[:10]]
    if len(found) == 1:
        return Resolution(query=text, status="found", match="translated", card=cards[0], matched=text, lang="es",
                          candidates=found)
    return Resolution(query=text, status="ambiguous", match="translated", candidates=found) if found else None


def _resolve_fuzzy(store: Store, text: str, key: str) -> Resolution:
    index = _fuzzy_index(store)
    hits = process.extract(key, index.keys, scorer=fuzz.ratio, limit=20, score_cutoff=SUGGEST_CUTOFF)
    rows = [index.rows[i] for _, _, i in hits]
    scores = [s for _, s, _ in hits]
    cards = _distinct(rows, scores)
    if not cards:
        return Resolution(query=text, status="not_found")
    best = cards[0]
    runner_up = cards[1].score if len(cards) > 1 else 0.0
    if best.score >= FUZZY_SURE and best.score - runner_up >= FUZZY_MARGIN:
        return _found(text, "fuzzy", rows[0], best.score)  # hits come best first
    if best.score >= FUZZY_CUTOFF:
        return Resolution(query=text, status="ambiguous", match="fuzzy", candidates=cards[:10])
    return Resolution(query=text, status="not_found", candidates=cards[:10])


def autocomplete(store: Store, prefix: str, limit: int = 10) -> list[str]:
    """Names (English and Spanish, cards and faces) starting with `prefix`, shortest first."""
    key = name_key(prefix)
    if not key:
        return []
    out: list[str] = []
    for row in store.card_names_prefix(key, limit * 3):
        if row["name"] not in out:
            out.append(row["name"])
        if len(out) >= limit:
            break
    return out
