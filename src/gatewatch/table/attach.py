"""Is an attachment legal? Auras by their enchant ability (303.4c), Equipment and Fortifications (301.5c, 301.6)."""

from __future__ import annotations

import re

from .state import Chars

CARD_TYPES = {"creature", "artifact", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery",
              "kindred"}
_ENCHANT = re.compile(r"^Enchant (.+?)\s*(?:\(|$)", re.M)


def enchant_phrase(text: str) -> str | None:
    m = _ENCHANT.search(text)
    return m.group(1).strip() if m else None


def _alternative_allows(words: list[str], target: Chars) -> bool:
    kinds = target.types | target.subtypes
    for word in words:
        low = word.lower()
        if low.endswith("s") and low[:-1] in CARD_TYPES:
            low = low[:-1]
        if low in ("permanent", "a", "an"):
            continue
        if low.startswith("non"):
            if low[3:].lstrip("-") in kinds:
                return False
        elif low in CARD_TYPES:
            if low not in target.types:
                return False
        elif word[:1].isupper() and low not in kinds:
            return False  # a subtype such as Forest or Wall
    return True


def aura_allows(text: str, target: Chars | None, same_controller: bool, target_is_player: bool) -> bool:
    """Whether the Aura's enchant ability allows this object or player (unknown phrasing: assume it does)."""
    phrase = enchant_phrase(text)
    if phrase is None:
        return True
    low = phrase.lower()
    if target_is_player:
        return "player" in low or ("opponent" in low and not same_controller)
    if low in ("player", "opponent") or target is None:
        return False
    if "you control" in low and "don't" not in low and not same_controller:
        return False
    if ("opponent controls" in low or "you don't control" in low) and same_controller:
        return False
    core = re.sub(r"\b(you control|you don't control|an opponent controls|a player controls)\b", "", phrase)
    alternatives = [a.split() for a in re.split(r",\s*(?:or\s+)?|\s+or\s+", core) if a.strip()]
    return any(_alternative_allows(words, target) for words in alternatives) if alternatives else True
