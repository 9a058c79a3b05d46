"""Game facts the card code needs: colours and their nicknames, type-line parts, folding keys."""

from __future__ import annotations

import re
import unicodedata

from ..text import fold

COLORS = "WUBRG"
COLOR_BIT = {c: 1 << i for i, c in enumerate(COLORS)}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# Scryfall's nicknames for colour sets (guilds, shards, wedges, colleges, four-colour names).
COLOR_NICKNAMES = {
    "azorius": "WU", "dimir": "UB", "rakdos": "BR", "gruul": "RG", "selesnya": "GW",
    "orzhov": "WB", "izzet": "UR", "golgari": "BG", "boros": "RW", "simic": "GU",
    "bant": "GWU", "esper": "WUB", "grixis": "UBR", "jund": "BRG", "naya": "RGW",
    "abzan": "WBG", "jeskai": "URW", "sultai": "BGU", "mardu": "RWB", "temur": "GUR",
    "silverquill": "WB", "prismari": "UR", "witherbloom": "BG", "lorehold": "RW", "quandrix": "GU",
    "chaos": "UBRG", "aggression": "BRGW", "altruism": "RGWU", "growth": "GWUB", "artifice": "WUBR",
}
SUPERTYPES = {"Basic", "Legendary", "Ongoing", "Snow", "World", "Host", "Elite"}
PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
SPELL_TYPES = {"artifact", "creature", "enchantment", "planeswalker", "battle", "instant", "sorcery",
               "tribal", "kindred"}
# Layout groups behind `is:` (documented in gatewatch.cards.query).
SPLIT_LAYOUTS = {"split", "aftermath"}
DFC_LAYOUTS = {"transform", "modal_dfc", "reversible_card"}
_SYMBOLS = re.compile(r"\{([^}]+)\}")
_REMINDER = re.compile(r"\([^)]*\)")


def name_key(text: str) -> str:
    """How names are compared: `gatewatch.text.fold`, plus Æ → ae (players type 'Aether')."""
    return fold(text.replace("Æ", "Ae").replace("æ", "ae"))


def text_key(text: str) -> str:
    """How texts are searched: case and accents folded, punctuation kept ('{T}', '+1/+1', '~')."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("’", "'"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def color_bits(colors: str | list[str] | None) -> int:
    bits = 0
    for c in colors or ():
        bits |= COLOR_BIT.get(c.upper(), 0)
    return bits


def bits_to_colors(bits: int) -> list[str]:
    return [c for c in COLORS if bits & COLOR_BIT[c]]


def mana_symbols_colors(text: str, skip_reminders: bool = False) -> int:
    """Colour bits of every mana symbol in a cost or rules text ({2}{U/B} → U and B)."""
    if skip_reminders:
        text = _REMINDER.sub("", text)
    bits = 0
    for sym in _SYMBOLS.findall(text):
        for part in sym.upper().split("/"):
            bits |= COLOR_BIT.get(part, 0)
    return bits


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """(supertypes, types, subtypes) of the front face: 'Legendary Creature — Elf' → (['Legendary'], …)."""
    front = type_line.split(" // ")[0]
    left, _, right = front.partition("—")
    words = left.split()
    supers = [w for w in words if w in SUPERTYPES]
    types = [w for w in words if w not in SUPERTYPES]
    return supers, types, right.split()


def numeric_stat(value: str | None) -> float | None:
    """Power/toughness/loyalty as a number the way Scryfall compares them: '*' → 0, '1+*' → 1, 'X' → 0.

    None when there is no such stat or it has no number at all ('∞' counts as infinity)."""
    if value is None or value == "":
        return None
    if value == "∞":
        return float("inf")
    match = re.match(r"[+-]?\d+(\.\d+)?", value.replace("½", ".5"))
    if match:
        return float(match.group(0))
    return 0.0 if any(ch in value for ch in "*X?") else None
