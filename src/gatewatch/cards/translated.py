"""Spanish names for the cards our data has none for, read word by word.

Our Spanish names come from printings up to 2022; the cards spoiled since (and a few older ones never printed
in Spanish) have only their English name. A Spanish player still names them in Spanish, and official
Spanish names are close word-for-word translations ("Terror tolariano" is Tolarian Terror, "Laberinto de Ith"
is Maze of Ith). So a name that matches nothing is translated word by word, with a dictionary learnt from the
21,000 cards that have both names (Dice association of the words in each pair: "tolariano" ↔ "tolarian",
"laberinto" ↔ "maze"), and looked up by its content words, in any order, among the cards that have no
Spanish name. Every content word must be translated, every word of the English name accounted for, and the
name must read as Spanish (a word no English-only name holds, or a Spanish "de", "la" ...), so that English
words in another order ("Counter spell") are no card. The judge adds its own guards (judge.loose_names)."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .mtg import name_key

if TYPE_CHECKING:
    from ..store import Store

EN_STOP = frozenset("of the a an to and in on for from with at by".split())
ES_STOP = frozenset("de del la el los las lo un una unos unas y e a al en por para con o u".split())
MIN_PAIRS = 2      # a word pair must occur in this many name pairs to count
MIN_DICE = 0.3     # and be this strongly associated (2·both / (each + other))
PER_WORD = 3       # English words kept per Spanish word, most associated first
MAX_WORDS = 5      # content words in a name read this way
MAX_READINGS = 64  # word-for-word readings tried per name
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def _en_words(key: str) -> list[str]:
    """The content words of a folded English name ("smuggler's copter" → smuggler, copter)."""
    return [re.sub(r"['’]s$", "", w) for w in _WORD.findall(key) if w not in EN_STOP]


def _es_stem(word: str) -> str:
    """Gender and number off a folded Spanish word ("tolarianos", "tolariana" → "tolarian"): names need no
    more, and Snowball is too slow for 20,000 names at start-up."""
    if len(word) > 4 and word.endswith("es"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s"):
        word = word[:-1]
    return word[:-1] if len(word) > 3 and word[-1] in "ao" else word


def content_words(key: str) -> list[str]:
    """The words of a folded Spanish name (`name_key`) that must each translate ("laberinto de ith" →
    laberinto, ith)."""
    return [w for w in _WORD.findall(key) if w not in ES_STOP]


# Words that join a Spanish name and never an English one: "Kobolds de Kher Keep" reads as Spanish.
_SPANISH_JOINS = frozenset("de del la las los el al con en por para".split())


@dataclass
class NameTranslator:
    """Spanish word (stem) → the English words of card names it translates; English-only cards by their
    content words."""
    words: dict[str, list[str]] = field(default_factory=dict)
    wanted: set[str] = field(default_factory=set)                     # every word of an English-only name
    untranslated: dict[tuple[str, ...], list[str]] = field(default_factory=dict)  # sorted words → cards

    def cards(self, text: str) -> list[str]:
        """The English-only cards whose names `text` translates, word for word in any order."""
        return self.cards_of_key(name_key(text))

    def cards_of_key(self, key: str) -> list[str]:
        """`cards` of a name already folded by `name_key`."""
        said = content_words(key)
        if not 2 <= len(said) <= MAX_WORDS:
            return []
        if all(w in self.wanted for w in said) and not _SPANISH_JOINS & set(_WORD.findall(key)):
            return []  # "Counter spell", "Plan backup": English words in another order, not a Spanish name
        options = []
        for word in said:
            # A word the English names hold as it is ("Ith", "Kher") may be kept untranslated.
            choices = [w for w in dict.fromkeys(self.words.get(_es_stem(word), []) + [word]) if w in self.wanted]
            if not choices:
                return []
            options.append(choices)
        if math.prod(len(o) for o in options) > MAX_READINGS:
            return []
        found: list[str] = []
        for combo in itertools.product(*options):
            for card in self.untranslated.get(tuple(sorted(combo)), []):
                if card not in found:
                    found.append(card)
        return found


def learn(pairs: list[tuple[str, str]], english_only: list[tuple[str, str]]) -> NameTranslator:
    """`pairs`: (English, Spanish) folded names of the same card or face; `english_only`: (folded name, card)
    of the cards and faces that have no Spanish name."""
    en_count: Counter[str] = Counter()
    es_count: Counter[str] = Counter()
    both: Counter[tuple[str, str]] = Counter()
    for en, es in pairs:
        e, s = set(_en_words(en)), {_es_stem(w) for w in content_words(es)}
        en_count.update(e)
        es_count.update(s)
        both.update(itertools.product(s, e))
    scored: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for (s, e), n in both.items():
        dice = 2 * n / (en_count[e] + es_count[s])
        if n >= MIN_PAIRS and dice >= MIN_DICE:
            scored[s].append((dice, e))
    words = {s: [e for _, e in sorted(found, key=lambda x: (-x[0], x[1]))[:PER_WORD]] for s, found in scored.items()}
    untranslated: dict[tuple[str, ...], list[str]] = defaultdict(list)
    known = {tuple(sorted(_en_words(en))) for en, _ in pairs}
    for name, card in english_only:
        key = tuple(sorted(_en_words(name)))
        # "A-Luminarch Aspirant" (an online rebalance) is Luminarch Aspirant's Spanish name's business.
        if len(key) >= 2 and key not in known and card not in untranslated[key]:
            untranslated[key].append(card)
    for key, cards in untranslated.items():
        # "Tolarian Terror", not also a spoiler's "Tolarian Terror // Tolarian Terror" (the same card).
        cards[:] = [c for c in cards if " // " not in c or c.split(" // ")[0] not in cards]
    untranslated = {key: cards for key, cards in untranslated.items() if cards}
    return NameTranslator(words=words, wanted={w for key in untranslated for w in key}, untranslated=untranslated)


def translator(store: Store) -> NameTranslator:
    """The store's translator, learnt once per Store object (about 0.4 s)."""
    return store.derived("card_name_translator", _from_store)


def _from_store(store: Store) -> NameTranslator:
    by_card: dict[int, dict[str, list]] = defaultdict(lambda: {"en": [], "es": []})
    for row in store.all_card_name_keys():
        by_card[row["card_id"]][row["lang"]].append(row)
    pairs, english_only = [], []
    for names in by_card.values():
        if names["es"]:
            # Whole names only, face by face in order ("Delver of Secrets // Insectile Aberration" with
            # «Indagador de secretos // Aberración insectoide»): pairing every face with every face taught
            # "aberración" → delver.
            for en in (r for r in names["en"] if r["kind"] == "full"):
                for es in (r for r in names["es"] if r["kind"] == "full"):
                    en_faces, es_faces = en["key"].split(" // "), es["key"].split(" // ")
                    if len(en_faces) == len(es_faces):
                        pairs += list(zip(en_faces, es_faces))
        else:
            english_only += [(en["key"], en["card_name"]) for en in names["en"]]
    return learn(pairs, english_only)
