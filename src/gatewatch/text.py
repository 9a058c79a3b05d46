"""Text folding shared by lookups: case, accents, punctuation and simple plurals."""

from __future__ import annotations

import re
import unicodedata

_PUNCT = re.compile(r"[^\w\s]+")
_SPACES = re.compile(r"\s+")


def fold(text: str) -> str:
    """Lower case, no accents, punctuation to spaces, single spaces: 'Acción  basada' → 'accion basada'."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", _PUNCT.sub(" ", stripped.replace("’", "'").replace("'", ""))).strip()


def singular(word: str) -> str:
    """A forgiving English/Spanish singular: 'abilities' → 'ability', 'counters' → 'counter', 'bosses' → 'boss'."""
    if len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def term_key(term: str) -> str:
    """The key a glossary term is found by: folded, each word singular."""
    return " ".join(singular(w) for w in fold(term).split())
