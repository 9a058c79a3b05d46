"""The table's names for a few cards (nicknames.tsv): "la O-Ring", "my Goyf", "opp bolts my guy"."""

from __future__ import annotations

import re
from pathlib import Path
from collections.abc import Callable
from typing import NamedTuple

from ..text import fold
from .wording import AS_VERB, after_determiner, looks_like_name, names_a_kind

# Endings a nickname marked "verb" takes when players make it one: "bolts", "bolted", "bolting".
_VERB_ENDINGS = ("s", "ed", "ing")
_PLAYER_VERBS = {"concede", "concedes", "conceded", "get", "gets", "got", "lose", "loses", "lost", "leave", "leaves",
                 "left", "is", "was", "has", "had", "have", "keep", "keeps", "says", "said", "win", "wins", "stole",
                 "steals", "took", "takes", "controls", "controlled", "pierde",
                 "tiene", "dice", "gana", "abandona", "se"}


class Nickname(NamedTuple):
    card: str
    person: bool  # also a person's name: "Bob" may be a player at the table
    verb: bool    # also said as a verb, with English endings: "opp Bolts the Hunter"
    capital: bool  # only when written with a capital: "I Bolt it" is the card, "I bolt it" any 3 damage
    name: bool = False  # a plain word too: only capitalised mid-sentence ("tap my Birds", not "Birds with flying")


class NicknameHit(NamedTuple):
    first: int  # token indices [first, last)
    last: int
    said: str   # folded, as looked up
    card: str


def read_nicknames(text: str) -> dict[str, Nickname]:
    """nickname → Nickname, from the TSV text (nickname, card, then the flags "person", "verb", "capital",
    "name")."""
    out = {}
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            nick, card, *flags = line.split("\t")
            out[fold(nick)] = Nickname(card, "person" in flags, "verb" in flags, "capital" in flags, "name" in flags)
    return out


NICKNAMES = read_nicknames(Path(__file__).with_name("nicknames.tsv").read_text(encoding="utf-8"))


def lookup(said: str, nicknames: dict[str, Nickname] = NICKNAMES) -> Nickname | None:
    """The nickname `said` is ("I snapcaster'd it", "opp bolted it": the card as a verb), if any."""
    key = fold(AS_VERB.sub("", said))
    if key in nicknames:
        return nicknames[key]
    for ending in _VERB_ENDINGS:
        stem = key[:-len(ending)]
        if key.endswith(ending) and stem in nicknames and nicknames[stem].verb:
            return nicknames[stem]
    return None


def nickname_hits(question: str, tokens: list[re.Match[str]], taken: list[bool],
                  nicknames: dict[str, Nickname] = NICKNAMES,
                  known: Callable[[str], bool] = lambda card: True) -> list[NicknameHit]:
    """The nicknames among the untaken tokens (two words before one) whose card is `known` (in the store),
    marking their tokens taken."""
    out = []
    for i, tok in enumerate(tokens):
        if taken[i]:
            continue
        for n in (2, 1):
            if i + n > len(tokens) or any(taken[i:i + n]):
                continue
            said = " ".join(t.group(0) for t in tokens[i:i + n])
            nick = lookup(said, nicknames)
            if nick is None or not known(nick.card) or nick.capital and not said[:1].isupper() \
                    or nick.name and not looks_like_name(question, tok.start(), said) \
                    or names_a_kind(question, tok.start(), tokens[i + n - 1].end()):
                continue  # "an O-Ring style enchantment": any such card
            if nick.person and a_person(question, tok.start(), tokens[i + n - 1].end()):
                continue  # "Bob's creature", "Bob gets knocked out": a player; "my Bob", "Bob flips": Dark Confidant
            out.append(NicknameHit(i, i + n, fold(AS_VERB.sub("", said)), nick.card))
            for k in range(i, i + n):
                taken[k] = True
            break
    return out


def a_person(question: str, start: int, end: int) -> bool:
    """A name that is a player's here: possessive ("Bob's creature", "la criatura de Bob") or doing what
    players do ("Bob concedes", "Bob dice que ...")."""
    before, after = fold(question[max(0, start - 60):start]).split()[-1:], question[end:end + 60].lstrip()
    if after.startswith(("'s", "’s")) or before == ["de"]:
        return not after_determiner(question, start)
    following = fold(after).split()[:1]
    return bool(following) and following[0] in _PLAYER_VERBS
