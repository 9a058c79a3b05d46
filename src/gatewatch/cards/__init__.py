"""MTG cards: loaders, name resolution (ES/EN, typos), the Scryfall query language, card lookup."""

from __future__ import annotations

from .api import get_card, search_cards
from .models import Card, CardFace, CardSummary, KeywordRef, NameCandidate, Resolution, Ruling, SearchResult
from .names import autocomplete, resolve_name

__all__ = [
    "Card", "CardFace", "CardSummary", "KeywordRef", "NameCandidate", "Resolution", "Ruling", "SearchResult",
    "autocomplete", "get_card", "resolve_name", "search_cards",
]
