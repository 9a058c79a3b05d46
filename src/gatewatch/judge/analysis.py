"""Read a question: its language, the cards it names (Spanish or English, partial or misspelled),
the game terms it uses and the rule numbers it quotes."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..rules.api import parse_rule_id
from ..store import Store
from ..text import fold
from .language import detect_language
from .lexicon import Term, lexicon_for
from .mentions import CardMention, find_cards

_RULE_NUMBER = re.compile(r"(?<![\w.])(\d{3}\.\d+[a-z]{0,2}|\d{3})(?![\w])")
GENERIC_TERMS = {"card", "player", "spell", "ability", "creature", "permanent", "object", "damage", "turn",
                 "game", "control", "controller", "owner", "you", "opponent", "mana", "color", "cost", "effect",
                 "land", "artifact", "enchantment", "instant", "sorcery", "life", "planeswalker", "zone",
                 "hand", "library", "source", "text", "type", "name", "choose", "play", "put", "deal"}


@dataclass
class Analysis:
    question: str
    lang: str
    rule_numbers: list[str]
    cards: list[CardMention]
    terms: list[tuple[str, Term]]
    version: str

    @property
    def card_names(self) -> list[str]:
        return list(dict.fromkeys(c.card for c in self.cards if c.card))

    @property
    def ambiguous(self) -> list[CardMention]:
        """Names that fit several cards, none picked."""
        return [c for c in self.cards if c.card is None and c.candidates]

    @property
    def assumed(self) -> list[CardMention]:
        """Names that fit several cards, the likely one picked (see `ambiguity`): the others stay listed."""
        return [c for c in self.cards if c.card is not None and c.candidates]

    def specific_terms(self) -> list[Term]:
        return [t for _, t in self.terms if t.english.lower() not in GENERIC_TERMS]


def analyse(store: Store, question: str, version: str, lang: str | None = None) -> Analysis:
    lex = lexicon_for(store, version)
    numbers = []
    for m in _RULE_NUMBER.finditer(question):
        rid = parse_rule_id(m.group(1))
        if rid and store.rule_row(version, rid) is not None and rid not in numbers:
            numbers.append(rid)
    mentions = find_cards(store, question, lex)
    card_words = {w for c in mentions for w in fold(c.text).split()}
    terms = [(s, t) for s, t in lex.find(question) if not set(s.split()) <= card_words]
    return Analysis(question=question, lang=lang or detect_language(question), rule_numbers=numbers,
                    cards=mentions, terms=terms, version=version)


