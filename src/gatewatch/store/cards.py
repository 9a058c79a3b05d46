"""Card queries and schema (owned by the cards work; see gatewatch.cards)."""

from __future__ import annotations

from .base import Migration

MIGRATIONS: list[Migration] = []


class CardsStore:
    """Mixin with the card queries."""
