"""Malformed queries raise QueryError naming the problem and its 0-based position."""

from __future__ import annotations

import pytest

from gatewatch.cards import search_cards
from gatewatch.cards.query import compile_query, parse
from gatewatch.errors import QueryError

BAD = [
    # (query, position, words the message must contain)
    ("foo:bar", 0, "unknown key 'foo'"),
    ("t:elf zzz:1", 6, "unknown key 'zzz'"),
    ("t:elf (c:g", 6, "missing ')'"),
    ("t:elf c:g)", 9, "unbalanced ')'"),
    ('o:"draw a card', 2, "unterminated quote"),
    ("/abc", 0, "unterminated regular expression"),
    ("o:/[a-/", 2, "invalid regular expression"),
    ("mv>=three", 4, "'three' is not a number"),
    ("c:purple", 2, "unknown colour 'purple'"),
    ("is:shiny", 3, "unknown is: value 'shiny'"),
    ("t:elf or", 6, "'or' needs a term"),
    ("or t:elf", 0, "expected a search term"),
    ("t:elf -", 6, "nothing to search for"),
    ("o>3", 1, "'>' does not apply"),
    ("f:notaformat", 2, "unknown format 'notaformat'"),
    ("s:zzzz", 2, "unknown set 'zzzz'"),
    ("lang:klingon", 5, "unsupported language"),
    ("t:", 2, "needs a value"),
    ("()", 0, "empty parentheses"),
    ("", 0, "empty query"),
    ("c:m>", 2, "unknown colour"),
    ("pow>=1 -", 7, "nothing to search for"),
]


@pytest.mark.parametrize("query,position,message", BAD, ids=[q or "<empty>" for q, _, _ in BAD])
def test_malformed_query_reports_position(cards_store, query, position, message):
    with pytest.raises(QueryError) as info:
        search_cards(cards_store, query)
    assert info.value.position == position
    assert message in info.value.message
    assert f"position {position}" in str(info.value)


def test_parser_tree_respects_precedence_and_negation():
    tree = parse("a or -b c")
    assert tree.op == "or"
    right = tree.children[1]
    assert right.op == "and" and right.children[0].op == "not"


def test_compile_is_parameterised():
    where, params = compile_query("o:\"'; DROP TABLE cards; --\"")
    assert "DROP" not in where and params == ["'; drop table cards; --"]
