"""Card name resolution: exact (English or Spanish), then prefix, then typo-tolerant.

As for Magic: exact always wins; when several cards fit equally (or fuzzy scores are close) the
candidates come back instead of a guess. Among cards sharing a name, printed cards (with a
password) win over unprinted ones, skills and tokens (the `rank` column)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from ..text import fold
from .models import YgoNameCandidate, YgoResolution

if TYPE_CHECKING:
    from ..store import Store

PREFIX_LIMIT = 25
FUZZY_SURE = 88.0
FUZZY_MARGIN = 4.0
FUZZY_CUTOFF = 80.0
SUGGEST_CUTOFF = 60.0


def _fuzzy_rows(store: Store) -> tuple[list[Any], list[str]]:
    """Every name row and its folded key, read once per Store object."""
    def build(s: Store) -> tuple[list[Any], list[str]]:
        rows = s.all_ygo_card_name_keys()
        return rows, [r["key"] for r in rows]
    return store.derived("ygo_fuzzy_rows", build)


def _candidate(row: Any, score: float) -> YgoNameCandidate:
    return YgoNameCandidate(name=row["card_name"], matched=row["name"], lang=row["lang"], score=round(score, 1))


def _distinct(rows: list[Any], scores: list[float] | None = None) -> list[tuple[Any, YgoNameCandidate]]:
    seen: dict[int, tuple[Any, YgoNameCandidate]] = {}
    for i, row in enumerate(rows):
        if row["card_id"] not in seen:
            seen[row["card_id"]] = (row, _candidate(row, scores[i] if scores else 100.0))
    return list(seen.values())


def _found(text: str, match: str, row: Any, score: float = 100.0) -> YgoResolution:
    return YgoResolution(query=text, status="found", match=match, card_id=row["card_id"], card=row["card_name"],
                         matched=row["name"], lang=row["lang"], candidates=[_candidate(row, score)])


def resolve_name(store: Store, text: str, lang: str | None = None) -> YgoResolution:
    """Resolve a typed card name (English or Spanish; case, accents and punctuation ignored)."""
    key = fold(text)
    if not key:
        return YgoResolution(query=text, status="not_found")
    exact = store.ygo_card_names_exact(key)
    if exact:
        if lang in ("en", "es") and any(r["lang"] == lang for r in exact):
            exact = [r for r in exact if r["lang"] == lang]
        best = min(r["rank"] for r in exact)
        cards = _distinct([r for r in exact if r["rank"] == best])
        if len(cards) == 1:
            return _found(text, "exact", cards[0][0])
        return YgoResolution(query=text, status="ambiguous", match="exact", candidates=[c for _, c in cards][:10])
    prefix = store.ygo_card_names_prefix(key, PREFIX_LIMIT)
    if prefix:
        cards = _distinct(prefix)
        if len(cards) == 1:
            return _found(text, "prefix", cards[0][0])
        return YgoResolution(query=text, status="ambiguous", match="prefix", candidates=[c for _, c in cards][:10])
    rows, keys = _fuzzy_rows(store)
    hits = process.extract(key, keys, scorer=fuzz.ratio, limit=20, score_cutoff=SUGGEST_CUTOFF)
    cards = _distinct([rows[i] for _, _, i in hits], [s for _, s, _ in hits])
    if not cards:
        return YgoResolution(query=text, status="not_found")
    best_row, best = cards[0]
    runner_up = cards[1][1].score if len(cards) > 1 else 0.0
    if best.score >= FUZZY_SURE and best.score - runner_up >= FUZZY_MARGIN:
        return _found(text, "fuzzy", best_row, best.score)
    status = "ambiguous" if best.score >= FUZZY_CUTOFF else "not_found"
    return YgoResolution(query=text, status=status, match="fuzzy" if status == "ambiguous" else None,
                         candidates=[c for _, c in cards][:10])


def autocomplete(store: Store, prefix: str, limit: int = 10) -> list[str]:
    """Card names (English and Spanish) starting with `prefix`, shortest first."""
    key = fold(prefix)
    out: list[str] = []
    for row in store.ygo_card_names_prefix(key, limit * 3) if key else ():
        if row["name"] not in out:
            out.append(row["name"])
        if len(out) >= limit:
            break
    return out
