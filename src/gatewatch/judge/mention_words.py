"""What the card finders (`mentions`, `loose_names`) share: the mention they return, the words that are
never (or only capitalised) card names, and which found names are real cards."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..store import Store

# Game words that happen to be card names too: never a card in a question, even capitalised.
PLAIN = {"block", "attack", "fight", "draw", "discard", "scry", "mill", "regenerate", "sacrifice", "exile",
         "destroy", "return", "copy", "vigilance", "flying", "haste", "trample", "reach", "deathtouch",
         "lifelink", "menace", "defender", "hexproof", "indestructible", "flash", "ward", "protection",
         "infect", "wither", "toxic", "first strike", "double strike", "one", "two", "three", "dead", "time",
         "turn", "life", "death", "damage", "combat", "mana", "stack", "priority", "upkeep", "gift",
         "offspring", "plot", "bargain", "craft", "disguise", "cloak", "suspect", "forage", "exhaust",
         "harmonize", "mobilize", "endure", "behold", "station", "warp", "heal", "recruit",
         "two-headed giant", "two headed giant", "gigante de dos cabezas", "double striker", "first striker",
         "double strikers", "first strikers", "ring", "the ring", "el anillo"}  # the Ring that tempts you
PLAIN_PHRASES = {p for p in PLAIN if " " in p}
PLAIN_STARTS = tuple(PLAIN_PHRASES)
# Card names that are also plain English words: a card only when capitalised mid-sentence ("I cast Fog").
PLAIN_UNLESS_CAPITALISED = {"opt", "fog", "mirror", "shock", "counterspell", "duress", "doom", "panic", "fear",
                            "sleep", "silence", "flicker", "blink", "bounce", "removal", "kitchen",
                            "clone", "clon", "contrahechizo", "niebla", "veneno", "venenos", "mirror match"}
COLOURS = {"white", "blue", "black", "red", "green", "colorless", "blanco", "blanca", "azul", "negro", "negra",
           "rojo", "roja", "verde", "incoloro", "incolora"}
CONNECTORS = {"of", "the", "de", "del", "la", "las", "los", "el", "y", "and", "to", "in", "en", "a", "//"}


@dataclass
class CardMention:
    text: str
    card: str | None                 # the English Oracle name, when resolved with confidence
    candidates: list[str] = field(default_factory=list)
    how: str = "exact"


def real_cards(store: Store, names: list[str]) -> list[str]:
    """Drop tokens and the art-series/reversible doubles ('Doubling Season // Doubling Season') when the
    card itself is there: they are not what a player means."""
    out = []
    for name in names:
        halves = name.split(" // ")
        if len(halves) > 1 and len(set(halves)) == 1 and (
                halves[0] in names or any(n != name and n.startswith(halves[0] + " // ") for n in names)):
            continue
        row = store.card_row(name)
        if row is not None and (row["type_line"] or "").startswith("Token"):
            continue
        out.append(name)
    return out
