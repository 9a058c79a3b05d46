"""Settle a name that fits several cards. Players shorten legends ("Thalia", "Atraxa", "Uro") and some
short names are other cards' whole names too (Spanish "Uro" is Aurochs). The question often echoes the
card it means ("Uro ... escape"): that card it is. Otherwise, when one of the legends of that name is far
more printed than the others (Thalia, Guardian of Thraben: 9 sets; Thalia, Heretic Cathar: 3), it is taken
as the likely one and the others stay listed, so the answer says which card it assumed and what else the
name could be. Otherwise the candidates are listed and none is picked."""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import cards as cards_api
from ..cards.mtg import name_key
from ..errors import GatewatchError
from ..store import Store
from ..text import fold
from .ruledocs import WORD, stems
from .wording import article_before

# One card is the likely reading of a shared name when printed in this many times as many sets as any other
# of that name, and in at least this many sets.
DOMINANCE = 1.5
MIN_PRINTINGS = 2
# ... and when at most this many others were printed in that many sets (the rest: one-offs, online-only).
MAX_RIVALS = 2
# A game term that fewer cards than this use ("warp": 60 cards; "creature": 18,000) tells a card from its
# namesakes.
RARE_WORD = 200
# "otra Chandra", "a Sword": any card of that name; "mi mazo Rakdos": colours, not the legend Rakdos.
_INDEFINITE = {"un", "una", "otro", "otra", "cualquier", "a", "an", "another", "any"}  # Spanish "a" is no article
_COLOUR_GROUPS = {"azorius", "dimir", "rakdos", "gruul", "selesnya", "orzhov", "izzet", "golgari", "boros", "simic",
                  "bant", "esper", "grixis", "jund", "naya", "abzan", "jeskai", "sultai", "mardu", "temur"}


def short_name(name: str) -> str:
    """What players call a legend: the name before its comma or its "of" ("Thalia", "Lurrus"), without a
    leading "The" ("Ozolith", "Wandering Emperor")."""
    return re.sub(r"^the ", "", fold(re.split(r",| of | the ", name.split(" // ")[0])[0]))


def is_legend(store: Store, name: str) -> bool:
    """Players shorten a legend's name ("Tymna"), not other cards' ("Board" is not Board the Weatherlight)."""
    row = store.card_row(name)
    return row is not None and "Legendary" in (row["type_line"] or "")


def legends_named(store: Store, word: str) -> list[str]:
    """The legends players would call `word` ("Uro" → Uro, Titan of Nature's Wrath), in English names."""
    key = name_key(word)
    if len(key) < 3:
        return []
    rows = store.card_names_prefix(key + " ", 100) + store.card_names_prefix("the " + key, 100)  # The Ozolith
    names = dict.fromkeys(r["card_name"] for r in rows if r["lang"] == "en")
    return [n for n in names if short_name(n) == fold(word) and is_legend(store, n)]


def _text_of(card) -> str:
    printed = card.es.text if card.es and card.es.text else ""  # a Spanish question echoes the Spanish
    return without_own_name(f"{card.oracle_text}\n{printed}", card.name)


def without_own_name(text: str, name: str) -> str:
    """A card's text with its own name (whole, each face, the part before the comma) read as "this"."""
    for part in [name, *name.split(" // "), name.split(",")[0]]:
        text = text.replace(part, "this")
    return text


def _cards(store: Store, names: list[str]) -> dict:
    """The cards of `names` that the store holds, read once for every test below."""
    out = {}
    for name in names:
        try:
            out[name] = cards_api.get_card(store, name)
        except GatewatchError:
            continue
    return out


def by_context(store: Store, question: str, cards: dict, is_term: Callable[[str], bool] = lambda word: False
               ) -> list[str]:
    """Of several cards (name → Card) a name may be, the one whose text the question clearly echoes ("Ugin's
    -X", "Kalitas ... my Zombie"), or the only one sharing with it a game term that few cards use ("Haliya
    ... por warp", "Agrus Kos ... suspected"); all of them when none stands out."""
    names = list(cards)
    if len(names) < 2:
        return names
    asked = stems(question)
    shared = {name: asked & stems(_text_of(card)) for name, card in cards.items()}
    scored = sorted(((len(words), name) for name, words in shared.items()), key=lambda s: -s[0])
    if scored[0][0] >= 2 and scored[0][0] >= 2 * scored[1][0]:
        return [scored[0][1]]
    if scored[0][0] == 1 and scored[1][0] == 0:
        stem = next(iter(shared[scored[0][1]]))
        said = {w for w in WORD.findall(fold(question)) if w[:5] == stem}
        if any(is_term(w) for w in said) and store.cards_with_word_start(stem, RARE_WORD) < RARE_WORD:
            return [scored[0][1]]  # not "twice", nor "light" out of another card's name ("Lightning Bolt")
    return names


def _sets(card) -> int:
    """In how many sets a card was printed."""
    return len(set(card.printings))


def likeliest(cards: dict) -> str | None:
    """The one of several cards (name → Card) printed far more often than the rest, if there is one."""
    counts = sorted(((_sets(card), name) for name, card in cards.items()), key=lambda c: -c[0])
    if len(counts) < 2 or counts[0][0] < MIN_PRINTINGS or counts[0][0] < DOMINANCE * counts[1][0]:
        return None
    if sum(1 for n, _ in counts[1:] if n >= MIN_PRINTINGS) > MAX_RIVALS:
        return None  # nine Teferis, five of them in 3 sets or more: none is the obvious one
    return counts[0][1]


def _any_of_that_name(question: str, text: str) -> bool:
    """"otra Chandra", "any Sword", "mazo Rakdos": the name stands for any card of it, or for colours."""
    if fold(text) in _COLOUR_GROUPS:
        return True
    said = re.search(r"(?<!\w)" + re.escape(text) + r"(?!\w)", question, re.IGNORECASE)
    return said is not None and article_before(question, said.start()) in _INDEFINITE


def _all_legends_called(store: Store, names: list[str], text: str) -> bool:
    """Every one of `names` is a legend players call `text` ("Thalia")."""
    return all(short_name(n) == fold(text) and is_legend(store, n) for n in names)


def settle(store: Store, question: str, text: str, names: list[str],
           is_term: Callable[[str], bool] = lambda word: False) -> tuple[str | None, list[str], str]:
    """(the card, the other cards it could be, how) for a mention `text` that fits `names`: the card the
    question echoes (no others), else the likely legend of that name (the others kept), else none."""
    if len(names) == 1:
        return names[0], [], "exact"
    melded = [n for n in names if " // " not in n and all(n in o.split(" // ") for o in names if o != n)]
    if len(melded) == 1:
        return melded[0], [], "exact"  # "Brisela": the melded card, not the two halves that meld into it
    whole = [n for n in names if name_key(n) == name_key(text)]
    if len(whole) == 1:
        legends = [n for n in names if n != whole[0]]
        if legends and _all_legends_called(store, legends, text) \
                and not _any_of_that_name(question, text):
            likely = likeliest(_cards(store, names))  # "Urborg": the Tomb of Yawgmoth (7 sets), not Urborg (2)
            if likely is not None and likely != whole[0]:
                return likely, [n for n in names if n != likely], "likely"
        return whole[0], [], "exact"  # "Chittering Host": the card of that very name, not the halves melding into it
    if _any_of_that_name(question, text):
        return None, names, "ambiguous"  # "otra Chandra": whichever its text echoes, the player means any
    cards = _cards(store, names)
    echoed = by_context(store, question, cards, is_term)
    if len(cards) > 1 and len(echoed) == 1:
        return echoed[0], [], "context"
    if len(cards) == len(names) and _all_legends_called(store, names, text):
        likely = likeliest(cards)
        if likely is not None:  # the others most printed first: those are listed when there are many
            others = sorted((n for n in names if n != likely), key=lambda n: -_sets(cards[n]))
            return likely, others, "likely"
    return None, names, "ambiguous"
