"""The table's nicknames (pure: an inline table, no store)."""

from __future__ import annotations

import re

from gatewatch.judge.nicknames import NICKNAMES, lookup, nickname_hits, read_nicknames

TABLE = ("# comment\ngoyf\tTarmogoyf\nbob\tDark Confidant\tperson\nbolt\tLightning Bolt\tverb\tcapital\n"
         "birds\tBirds of Paradise\tcapital\tname\n")


def _hits(question: str, table: str = TABLE) -> list[str]:
    tokens = list(re.finditer(r"[\w'’/+\-]*\w[\w'’/+\-]*", question))
    return [h.card for h in nickname_hits(question, tokens, [False] * len(tokens), read_nicknames(table))]


def test_read_nicknames_reads_the_flags():
    table = read_nicknames(TABLE)
    assert table["goyf"] == ("Tarmogoyf", False, False, False, False)
    assert table["bob"].person and table["bolt"].verb and table["bolt"].capital and table["birds"].name


def test_a_verb_nickname_takes_english_endings_only_when_flagged():
    table = read_nicknames(TABLE)
    assert lookup("Bolts", table).card == lookup("bolted", table).card == "Lightning Bolt"
    assert lookup("goyfs", table) is None and lookup("Goyf'd", table).card == "Tarmogoyf"


def test_capital_person_and_marked_tokens():
    assert _hits("Opp Bolts my Goyf") == ["Lightning Bolt", "Tarmogoyf"]
    assert _hits("opp bolts my goyf") == ["Tarmogoyf"]          # lower case: any 3 damage
    assert _hits("Bob concedes, then my Bob flips a land") == ["Dark Confidant"]  # a player, then the card
    assert _hits("Birds can block. I tap my Birds for mana") == ["Birds of Paradise"]  # "name": mid-sentence only
    question = "my goyf and my goyf"
    tokens = list(re.finditer(r"\w+", question))
    taken = [False] * len(tokens)
    assert len(nickname_hits(question, tokens, taken, read_nicknames(TABLE))) == 2 and taken == [0, 1, 0, 0, 1]


def test_the_shipped_table_is_read_with_folded_keys():
    assert NICKNAMES["bolt"].card == "Lightning Bolt" and NICKNAMES["o ring"].card == "Oblivion Ring"  # "O-Ring", folded
