"""Spanish words for search and checks: accent folding and Snowball stemming, shared by index and query."""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

from ..text import fold

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_STEMMER = snowballstemmer.stemmer("spanish")
# Function words dropped from queries (kept in the index: phrases still match).
STOPWORDS = frozenset("de del la el los las un una unos unas a al y o u e en que se su sus lo le les por con "
                      "para es son como".split())


def fold_words(text: str) -> list[str]:
    """'Acción basada en estado' → ['accion', 'basada', 'en', 'estado']."""
    return _WORD.findall(fold(text))


@lru_cache(maxsize=65536)
def stem_word(word: str) -> str:
    """The Snowball Spanish stem of a folded word ('acciones' → 'accion', 'robar' → 'rob')."""
    return _STEMMER.stemWord(word)


def stems(text: str) -> list[str]:
    """Folded stems of every word, in order: what the Spanish full-text index stores."""
    return [stem_word(w) for w in fold_words(text)]


def stem_text(text: str) -> str:
    return " ".join(stems(text))


def query_stems(text: str) -> list[str]:
    """Stems of a query's content words (function words dropped unless nothing else is left)."""
    words = fold_words(text)
    content = [w for w in words if w not in STOPWORDS] or words
    return list(dict.fromkeys(stem_word(w) for w in content))


__all__ = ["fold_words", "stem_word", "stems", "stem_text", "query_stems", "STOPWORDS"]
