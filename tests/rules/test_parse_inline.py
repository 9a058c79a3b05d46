"""The CR parser on small inline excerpts, one quirk at a time."""

from __future__ import annotations

import pytest

from gatewatch.errors import SourceError
from gatewatch.sources.comprules.decode import decode_rules_bytes
from gatewatch.sources.comprules.parse import parse_rules_bytes, parse_rules_text
from gatewatch.sources.comprules.refs import SUBRULE_LETTERS, expand_range, find_references

HEAD = """Magic: The Gathering Comprehensive Rules

These rules are effective as of August 7, 2026.

Introduction

This document is the ultimate authority.

Contents

1. Game Concepts
100. General
Glossary

Credits
 
"""
TAIL = """
Glossary

Lethal Damage
An amount of damage greater than or equal to a creature’s toughness. See rules 120.4a and 704.5g.

Ability
1. Text on an object that explains what that object does or can do.
2. An activated or triggered ability on the stack.
See rule 113, “Abilities,” and section 6.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
"""


def body(*lines: str) -> str:
    return HEAD + "1. Game Concepts\n\n100. General\n\n" + "\n".join(lines) + "\n" + TAIL


def parse(*lines: str, filler: int = 60):
    # The parser refuses documents with almost no rules (truncated files); pad with plain rules.
    pad = [f"199.{i}. Filler rule {i}.\n" for i in range(1, filler)]
    return parse_rules_text(body(*lines, *pad), "inline")


def test_effective_date_sections_rules_and_subrules():
    doc = parse("100.1. These Magic rules apply to any Magic game.", "",
                "100.1a A two-player game is a game that begins with only two players.")
    assert doc.version == "2026-08-07"
    r = {x.id: x for x in doc.rules}
    assert r["1"].kind == "chapter" and r["1"].text == "Game Concepts"
    assert r["100"].kind == "section" and r["100"].parent == "1"
    assert r["100.1"].kind == "rule" and r["100.1"].parent == "100"
    assert r["100.1a"].kind == "subrule" and r["100.1a"].parent == "100.1"
    assert r["100.1a"].raw == "100.1a A two-player game is a game that begins with only two players."
    assert doc.contents == ["1. Game Concepts", "100. General", "Glossary", "Credits"]


def test_letters_skip_l_and_o_and_go_on_to_aa():
    assert "l" not in SUBRULE_LETTERS and "o" not in SUBRULE_LETTERS
    assert SUBRULE_LETTERS[SUBRULE_LETTERS.index("z") + 1] == "aa"
    doc = parse("704.5z A rule.", "", "704.5aa Another rule.", "", "704.5ab A third.")
    assert [r.id for r in doc.rules if r.id.startswith("704.5")] == ["704.5z", "704.5aa", "704.5ab"]
    assert doc.rules[3].parent == "704.5"


def test_several_examples_and_one_after_a_blank_line():
    doc = parse("101.2. When a rule allows something and an effect says it can’t, “can’t” wins.",
                "Example: One.", "Example: Two.", "Example: Three.", "Example: Four.", "", "Example: Five.",
                "", "101.3. Next rule.")
    rule = next(r for r in doc.rules if r.id == "101.2")
    assert rule.examples == ["One.", "Two.", "Three.", "Four.", "Five."]
    assert rule.examples_raw[0] == "Example: One."
    assert next(r for r in doc.rules if r.id == "101.3").examples == []


def test_indented_continuation_of_a_rule_and_of_an_example():
    doc = parse("205.4c Any land with the supertype “basic” is a basic land.",
                "     Cards printed before Eighth Edition didn’t use the word “basic.”",
                "Example: An example", "     that continues.")
    r = next(r for r in doc.rules if r.id == "205.4c")
    assert r.text == ("Any land with the supertype “basic” is a basic land.\n"
                      "Cards printed before Eighth Edition didn’t use the word “basic.”")
    assert r.raw.endswith("\n     Cards printed before Eighth Edition didn’t use the word “basic.”")
    assert r.examples == ["An example\nthat continues."]


def test_typos_extra_dot_missing_dot_and_missing_space():
    doc = parse("119.1d. In a two-player Brawl game, each player starts at 25 life.", "",
                "606.5 If the total cost to activate a loyalty ability is reduced, it still costs loyalty.", "",
                "901.4.All plane and phenomenon cards remain in the command zone.")
    ids = doc.rule_ids()
    assert {"119.1d", "606.5", "901.4"} <= ids
    assert next(r for r in doc.rules if r.id == "119.1d").text.startswith("In a two-player")
    assert next(r for r in doc.rules if r.id == "901.4").text.startswith("All plane")
    assert any("no space after 901.4" in w for w in doc.warnings)


def test_a_number_given_to_two_rules_keeps_both_and_reports_it():
    doc = parse("702.175. Offspring", "", "702.175a Offspring represents two abilities.", "",
                "702.175. Impending", "", "702.175a Impending is a keyword that represents four abilities.")
    same = [r for r in doc.rules if r.id == "702.175"]
    assert [(r.text, r.dup) for r in same] == [("Offspring", 0), ("Impending", 1)]
    assert doc.duplicates == ["702.175"]


def test_glossary_terms_numbered_paragraphs_and_credits():
    doc = parse("100.1. A rule.")
    assert [g.term for g in doc.glossary] == ["Lethal Damage", "Ability"]
    ability = doc.glossary[1]
    assert ability.definition.splitlines()[0].startswith("1. Text on an object")
    assert len(ability.definition.splitlines()) == 3
    assert doc.credits.startswith("Magic: The Gathering Original Game Design")


@pytest.mark.parametrize("encoding,bom", [("utf-8", b"\xef\xbb\xbf"), ("utf-8", b""), ("cp1252", b""),
                                          ("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_every_official_encoding_and_line_ending(encoding, bom, newline):
    text = body("100.1. These Magic rules apply to any Magic game.", "Example: A player’s “example.”",
                *[f"199.{i}. Filler.\n" for i in range(1, 60)])
    data = bom + text.replace("\n", newline).encode(encoding)
    doc = parse_rules_bytes(data, "file.txt")
    r = next(r for r in doc.rules if r.id == "100.1")
    assert r.examples == ["A player’s “example.”"]
    assert doc.version == "2026-08-07"


@pytest.mark.parametrize("data,problem", [
    (b"", "empty file"),
    (b"Hello world\nThis is a shopping list.\n", "not a Comprehensive Rules file"),
    (body("100.1. Rule.").split("Glossary\n\nLethal")[0].encode(), "truncated"),
    (b"These rules are effective as of August 7, 2026.\n\x81\x8d\x90 bytes", "undecodable byte"),
])
def test_bad_input_gives_one_clear_line(data, problem):
    with pytest.raises(SourceError) as err:
        parse_rules_bytes(data, "bad.txt")
    assert str(err.value).startswith("bad.txt: ") and problem in str(err.value)
    assert "\n" not in str(err.value)


def test_decode_rejects_nul_characters():
    with pytest.raises(SourceError, match="NUL"):
        decode_rules_bytes(b"abc\x00def", "x.txt")


@pytest.mark.parametrize("text,expected", [
    ("See rule 704, “State-Based Actions.”", ["704"]),
    ("as described in rules 510.1c–d.", ["510.1c", "510.1d"]),
    ("See section 7, “Additional Rules.”", ["7"]),
    ("and then rule 601.2i applies", ["601.2i"]),
    ("See rules 103.4 and 103.5a–c, and rule 702.", ["103.4", "103.5a", "103.5b", "103.5c", "702"]),
    ("(see 702.19b)", ["702.19b"]),
    ("rules 100.1–100.3", ["100.1", "100.2", "100.3"]),
    ("It has 100 cards and a 60-card deck.", []),
])
def test_references(text, expected):
    assert [t for t, _ in find_references(text)] == expected


def test_expand_range_skips_l_and_o():
    assert expand_range("704.5k", "n") == ["704.5k", "704.5m", "704.5n"]


@pytest.mark.parametrize("text,expected", [
    ("Véase la regla 121, “Robar una carta”.", ["121"]),
    ("Véanse las reglas 510.1c–d y 702.19.", ["510.1c", "510.1d", "702.19"]),
    ("Véase la sección 8, “Reglas de multijugador”.", ["8"]),
])
def test_references_in_our_spanish_edition(text, expected):
    assert [t for t, _ in find_references(text)] == expected
