"""Spanish edition tables and queries: terminology, translation memory, Spanish search."""

from __future__ import annotations

from .base import Migration

MIGRATIONS: list[Migration] = []


class SpanishStore:
    """Mixin with the Spanish edition queries."""
