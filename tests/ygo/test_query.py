"""The card query language against a plain Python filter over the raw YGOJSON file.

The predicates below read the raw records with helpers written here (no gatewatch code), so they
check the SQL compilation independently."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

import pytest

from gatewatch import ygo
from gatewatch.errors import QueryError


def fold_text(s: str) -> str:
    s = unicodedata.normalize("NFKD", s.casefold().replace("’", "'"))
    return " ".join("".join(ch for ch in s if not unicodedata.combining(ch)).split())


def fold_name(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s]+", " ", fold_text(s).replace("'", "")).split())


def name(c):
    return c["text"]["en"]["name"]


def es(c):
    return c["text"].get("es", {})


def text(c):
    en = c["text"]["en"]
    return fold_text("\n".join(t for t in (en.get("pendulumEffect"), en.get("effect")) if t))


def es_text(c):
    e = es(c)
    return fold_text("\n".join(t for t in (e.get("pendulumEffect"), e.get("effect")) if t)) if e.get("effect") else ""


def kinds(c):
    k = {c["cardType"], *(c.get("monsterCardTypes") or []), *(c.get("classifications") or []),
         *(c.get("abilities") or [])}
    if c.get("subcategory"):
        k.add(c["subcategory"])
    if c["cardType"] == "monster":
        k.add("extra" if {"fusion", "synchro", "xyz", "link"} & set(c.get("monsterCardTypes") or ()) else "main")
    return k


def num(c, key):
    v = c.get(key)
    return v if isinstance(v, int) else None


def level(c):
    return None if c.get("linkArrows") else c.get("level")


def link(c):
    return len(c["linkArrows"]) if c.get("linkArrows") else None


def defense(c):
    return None if c.get("linkArrows") else num(c, "def")


def status(c, fmt):
    return ((c.get("legality") or {}).get(fmt) or {}).get("current")


def cmp(v, op, n):
    return v is not None and {"=": v == n, ">=": v >= n, "<=": v <= n, ">": v > n, "<": v < n, "!=": v != n}[op]


def words(c, *ws):
    return all(fold_name(w) in fold_name(name(c)) or fold_text(w) in text(c) for w in ws)


CASES = [
    ("type:xyz rank>=10", lambda c: "xyz" in kinds(c) and cmp(c.get("rank"), ">=", 10)),
    ("atk>=3000 attr:light race:dragon",
     lambda c: cmp(num(c, "atk"), ">=", 3000) and c.get("attribute") == "light" and c.get("type") == "dragon"),
    ("banned:tcg", lambda c: status(c, "tcg") == "forbidden"),
    ("banned:ocg", lambda c: status(c, "ocg") == "forbidden"),
    ("limited:tcg", lambda c: status(c, "tcg") == "limited"),
    ("semilimited:ocg", lambda c: status(c, "ocg") == "semilimited"),
    ("t:link link:5", lambda c: "link" in kinds(c) and link(c) == 5),
    ("def:?", lambda c: c["cardType"] == "monster" and not c.get("linkArrows") and not isinstance(c.get("def"), int)),
    ("atk:?", lambda c: c["cardType"] == "monster" and not isinstance(c.get("atk"), int)),
    ("scale>=12", lambda c: cmp(c.get("scale"), ">=", 12)),
    ("type:trap type:counter", lambda c: {"trap", "counter"} <= kinds(c)),
    ("type:quick-play", lambda c: "quickplay" in kinds(c)),
    ("level=4 atk=1800 type:effect", lambda c: level(c) == 4 and num(c, "atk") == 1800 and "effect" in kinds(c)),
    ("type:tuner level<=2 attr:dark", lambda c: "tuner" in kinds(c) and cmp(level(c), "<=", 2)
     and c.get("attribute") == "dark"),
    ('race:"winged beast" level>=7', lambda c: c.get("type") == "wingedbeast" and cmp(level(c), ">=", 7)),
    ("raza:guerrero nivel:4 atk>=1900", lambda c: c.get("type") == "warrior" and level(c) == 4
     and cmp(num(c, "atk"), ">=", 1900)),
    ('"draw 2 cards"', lambda c: words(c, "draw 2 cards")),
    ('lang:es "roba 2 cartas"', lambda c: bool(es(c).get("name")) and (
        fold_name("roba 2 cartas") in fold_name(es(c)["name"]) or "roba 2 cartas" in es_text(c))),
    ("destroy banish type:trap", lambda c: words(c, "destroy") and words(c, "banish") and "trap" in kinds(c)),
    ("type:monster -type:effect -type:normal -type:token",
     lambda c: c["cardType"] == "monster" and not {"effect", "normal"} & kinds(c)),
    ("type:fusion or type:synchro attr:fire",
     lambda c: "fusion" in kinds(c) or ("synchro" in kinds(c) and c.get("attribute") == "fire")),
    ("(type:fusion or type:synchro) attr:fire",
     lambda c: bool({"fusion", "synchro"} & kinds(c)) and c.get("attribute") == "fire"),
    ("type:pendulum scale=1", lambda c: "pendulum" in kinds(c) and c.get("scale") == 1),
    ("type:skill", lambda c: c["cardType"] == "skill"),
    ("name:dragon atk<1000", lambda c: "dragon" in fold_name(name(c)) and cmp(num(c, "atk"), "<", 1000)),
    ("o:/^when this card is normal summoned/", lambda c: re.search(r"^when this card is normal summoned", text(c),
                                                                  re.I | re.M) is not None),
    ("attr:divine", lambda c: c.get("attribute") == "divine"),
    ("legal:tcg type:field", lambda c: status(c, "tcg") in ("unlimited", "limited", "semilimited")
     and "field" in kinds(c)),
    ("t:ritual t:monster level>=8", lambda c: {"ritual", "monster"} <= kinds(c) and cmp(level(c), ">=", 8)),
    ("atributo:oscuridad tipo:sincronía nivel:8", lambda c: c.get("attribute") == "dark" and "synchro" in kinds(c)
     and level(c) == 8),
    ("type:extra def>=3000", lambda c: "extra" in kinds(c) and cmp(defense(c), ">=", 3000)),
    ("-banned:tcg banned:ocg", lambda c: status(c, "tcg") != "forbidden" and status(c, "ocg") == "forbidden"),
    ("type:flip atk<=500 def>=2000", lambda c: "flip" in kinds(c) and cmp(num(c, "atk"), "<=", 500)
     and cmp(defense(c), ">=", 2000)),
]


@pytest.mark.parametrize("query,predicate", CASES, ids=[q for q, _ in CASES])
def test_query_matches_plain_filter(ygo_store, raw_cards, query, predicate):
    expected = Counter(name(c) for c in raw_cards if predicate(c))
    result = ygo.search_cards(ygo_store, query, limit=20000)
    assert result.total == sum(expected.values())
    assert Counter(c.name for c in result.cards) == expected
    assert expected, "a case that matches nothing checks little"


def test_results_come_in_name_order_and_respect_limit(ygo_store):
    result = ygo.search_cards(ygo_store, "type:xyz", limit=10)
    assert len(result.cards) == 10 and result.total > 500
    folded = [fold_name(c.name) for c in result.cards]
    assert folded == sorted(folded)
    assert result.cards[0].url.startswith("/yugioh/cartas/")


BAD = [
    ("atk>", 4), ("foo:bar", 0), ("(atk>1", 0), ("level:x", 6), ("type:wizard", 5), ("attr:purple", 5),
    ("banned:xyz", 7), ("atk>=2000 )", 10), ('"unterminated', 0), ("dragon or", 7), ("", 0),
    ("text:/[/", 5), ("type>xyz", 4), ("race:elf", 5), ("lang:fr", 5), ("()", 0),
]


@pytest.mark.parametrize("query,position", BAD, ids=[q or "empty" for q, _ in BAD])
def test_malformed_queries_name_the_position(ygo_store, query, position):
    with pytest.raises(QueryError) as err:
        ygo.search_cards(ygo_store, query)
    assert err.value.position == position, str(err.value)
