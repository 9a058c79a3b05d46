"""The Scryfall-syntax search against a plain Python filter over the mirror's derived card file.

Each case is (query, predicate). The predicates only use the derived records and the helpers below,
written here without gatewatch code, so they check the SQL compilation independently."""

from __future__ import annotations

import re
import unicodedata

import pytest

from gatewatch.cards import search_cards

WUBRG = "WUBRG"
GUILDS = {"esper": "WUB", "azorius": "WU", "gruul": "RG", "sultai": "BGU", "boros": "RW"}


def fold_text(s: str) -> str:
    s = unicodedata.normalize("NFKD", s.casefold().replace("’", "'"))
    return "".join(ch for ch in s if not unicodedata.combining(ch))


def fold_name(s: str) -> str:
    s = fold_text(s.replace("Æ", "Ae").replace("æ", "ae")).replace("'", "")
    return " ".join(re.sub(r"[^\w\s]+", " ", s).split())


def text(c: dict) -> str:
    if c.get("faces"):
        return "\n//\n".join(f.get("oracle_text", "") for f in c["faces"])
    return c.get("oracle_text", "")


def otext(c: dict) -> str:
    return fold_text(text(c))


def own_names(c: dict) -> set[str]:
    return {fold_name(n) for n in (c["name"], *c["name"].split(" // "), *(f["face_name"] for f in c.get("faces", [])))}


def tilde_text(c: dict) -> str:
    names = {c["name"], *c["name"].split(" // "), *(f["face_name"] for f in c.get("faces", []))}
    t = text(c)
    for n in sorted(names, key=len, reverse=True):
        t = t.replace(n, "~")
    return fold_text(t)


def ttype(c: dict) -> str:
    return fold_text(c.get("type_line", ""))


def colors(c: dict) -> set[str]:
    return set(c.get("colors", [])) | {x for f in c.get("faces", []) for x in f.get("colors", [])}


def spoiler(c: dict) -> bool:
    return c["source"].startswith("Cockatrice")


def identity(c: dict) -> set[str]:
    if not spoiler(c):
        return set(c.get("color_identity", []))
    cost = c.get("mana_cost", "")
    rules = re.sub(r"\([^)]*\)", "", text(c))
    symbols = re.findall(r"\{([^}]+)\}", cost + rules)
    return colors(c) | {p for s in symbols for p in s.upper().split("/") if p in WUBRG}


def stat(value: str | None) -> float | None:
    if value is None:
        return None
    m = re.match(r"[+-]?\d+(\.\d+)?", value.replace("½", ".5"))
    if m:
        return float(m.group(0))
    if value == "∞":
        return float("inf")
    return 0.0 if any(ch in value for ch in "*X?") else None


def num(c: dict, key: str) -> float:
    v = stat(c.get(key))
    return float("nan") if v is None else v


def front_types(c: dict) -> set[str]:
    left = c.get("type_line", "").split(" // ")[0].split("—")[0]
    return {w.lower() for w in left.split()}


def legal(c: dict, fmt: str, *statuses: str) -> bool:
    return c.get("legalities", {}).get(fmt) in statuses


def words_in_name(c: dict, *words: str) -> bool:
    return all(fold_name(w) in fold_name(c["name"]) for w in words)


def es_names(c: dict) -> str:
    return "|".join(fold_name(n["name"]) for n in c.get("es_names", []))


def commander(c: dict) -> bool:
    if not spoiler(c):
        return bool(c.get("leadership", {}).get("commander"))
    return ("legendary" in front_types(c) and "creature" in front_types(c)) or "can be your commander" in text(c)


def mana_has(c: dict, *symbols: str) -> bool:
    cost = c.get("mana_cost") or " // ".join(f["mana_cost"] for f in c.get("faces", []) if f.get("mana_cost"))
    return all(cost.count("{" + s + "}") >= symbols.count(s) for s in symbols)


PERMANENT = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
SPELL = {"artifact", "creature", "enchantment", "planeswalker", "battle", "instant", "sorcery", "tribal", "kindred"}

CASES = [
    ("t:elf", lambda c: "elf" in ttype(c)),
    ("t:legendary t:creature", lambda c: "legendary" in ttype(c) and "creature" in ttype(c)),
    ('o:"draw a card"', lambda c: "draw a card" in otext(c)),
    ("o:flying -t:creature", lambda c: "flying" in otext(c) and "creature" not in ttype(c)),
    ("c:g", lambda c: "G" in colors(c)),
    ("c>=ug", lambda c: {"U", "G"} <= colors(c)),
    ("c=ug", lambda c: colors(c) == {"U", "G"}),
    ("c<=rg t:instant", lambda c: colors(c) <= {"R", "G"} and "instant" in ttype(c)),
    ("c:colorless t:creature", lambda c: not colors(c) and "creature" in ttype(c)),
    ("c:m", lambda c: len(colors(c)) >= 2),
    ("c!=w mv=1 t:enchantment", lambda c: colors(c) != {"W"} and c["mana_value"] == 1 and "enchantment" in ttype(c)),
    ("c>2", lambda c: len(colors(c)) > 2),
    ("id<=esper t:instant", lambda c: identity(c) <= set(GUILDS["esper"]) and "instant" in ttype(c)),
    ("id:c t:land", lambda c: not identity(c) and "land" in ttype(c)),
    ("id=wubrg", lambda c: identity(c) == set(WUBRG)),
    ("id:azorius t:creature mv<=2", lambda c: identity(c) <= set("WU") and "creature" in ttype(c)
     and c["mana_value"] <= 2),
    ("identity>=sultai", lambda c: set("BGU") <= identity(c)),
    ("mv=3 t:artifact", lambda c: c["mana_value"] == 3 and "artifact" in ttype(c)),
    ("mv>=10", lambda c: c["mana_value"] >= 10),
    ("cmc<1 t:creature", lambda c: c["mana_value"] < 1 and "creature" in ttype(c)),
    ("pow>=10", lambda c: num(c, "power") >= 10),
    ("tou<1 t:creature", lambda c: num(c, "toughness") < 1 and "creature" in ttype(c)),
    ("pow>tou t:vampire", lambda c: num(c, "power") > num(c, "toughness") and "vampire" in ttype(c)),
    ("power!=toughness t:wall", lambda c: num(c, "power") != num(c, "toughness") and "wall" in ttype(c)
     and stat(c.get("power")) is not None and stat(c.get("toughness")) is not None),
    ("loy>=6", lambda c: num(c, "loyalty") >= 6),
    ("kw:deathtouch", lambda c: "deathtouch" in [k.lower() for k in c.get("keywords", [])]),
    ("keyword:flash t:creature c:u", lambda c: "flash" in [k.lower() for k in c.get("keywords", [])]
     and "creature" in ttype(c) and "U" in colors(c)),
    ("f:modern t:planeswalker mv<=2", lambda c: legal(c, "modern", "Legal", "Restricted")
     and "planeswalker" in ttype(c) and c["mana_value"] <= 2),
    ("banned:modern", lambda c: legal(c, "modern", "Banned")),
    ("restricted:vintage", lambda c: legal(c, "vintage", "Restricted")),
    ("legal:pauper c:b o:destroy", lambda c: legal(c, "pauper", "Legal", "Restricted") and "B" in colors(c)
     and "destroy" in otext(c)),
    ("s:neo t:samurai", lambda c: "NEO" in c.get("printings", []) and "samurai" in ttype(c)),
    ("set:lea mv>=5", lambda c: "LEA" in c.get("printings", []) and c["mana_value"] >= 5),
    ("is:split", lambda c: c.get("layout") in ("split", "aftermath")),
    ("is:dfc", lambda c: c.get("layout") in ("transform", "modal_dfc", "reversible_card")),
    ("is:mdfc t:land", lambda c: c.get("layout") == "modal_dfc" and "land" in ttype(c)),
    ("is:adventure c:g", lambda c: c.get("layout") == "adventure" and "G" in colors(c)),
    ("is:permanent mv=0 -t:land", lambda c: bool(front_types(c) & PERMANENT) and c["mana_value"] == 0
     and "land" not in ttype(c)),
    ("is:spell t:artifact o:sacrifice mv=1", lambda c: bool(front_types(c) & SPELL) and "land" not in front_types(c)
     and "artifact" in ttype(c) and "sacrifice" in otext(c) and c["mana_value"] == 1),
    ("not:permanent t:kindred", lambda c: not (front_types(c) & PERMANENT) and "kindred" in ttype(c)),
    ("is:commander id<=gruul pow>=5", lambda c: commander(c) and identity(c) <= set("RG") and num(c, "power") >= 5),
    ("(t:goblin or t:elf) c:r", lambda c: ("goblin" in ttype(c) or "elf" in ttype(c)) and "R" in colors(c)),
    ("t:dragon or t:demon mv<=4", lambda c: "dragon" in ttype(c) or ("demon" in ttype(c) and c["mana_value"] <= 4)),
    ("-(c:w or c:u) t:angel", lambda c: not ({"W", "U"} & colors(c)) and "angel" in ttype(c)),
    ("lightning bolt", lambda c: words_in_name(c, "lightning", "bolt")),
    ('"goblin king"', lambda c: "goblin king" in fold_name(c["name"])),
    ("ancestor's", lambda c: words_in_name(c, "ancestors")),
    ("!fire", lambda c: "fire" in own_names(c)),
    ('!"Lightning Bolt" or !ice', lambda c: bool({"lightning bolt", "ice"} & own_names(c))),
    ('o:"~ deals 3 damage"', lambda c: "~ deals 3 damage" in tilde_text(c)),
    ("/^a.*z$/", lambda c: re.search(r"^a.*z$", c["name"], re.I) is not None),
    ("o:/^flying$/", lambda c: re.search(r"^flying$", otext(c), re.I) is not None),
    ("t:/^legendary enchantment/", lambda c: re.search(r"^legendary enchantment", ttype(c)) is not None),
    ("lang:es o:vuela c:w mv=1", lambda c: "es" in c and "vuela" in fold_text(c["es"].get("text", ""))
     and "W" in colors(c) and c["mana_value"] == 1),
    ("lang:es guerrero", lambda c: "es" in c and "guerrero" in es_names(c)),
    ("lang:es t:criatura t:elfo", lambda c: "es" in c and "criatura" in fold_text(c["es"].get("type_line", ""))
     and "elfo" in fold_text(c["es"].get("type_line", ""))),
    ("m:{G}{G}{G}", lambda c: mana_has(c, "G", "G", "G")),
    ("m:{U/P}", lambda c: mana_has(c, "U/P")),
    ("mv:even t:sphinx", lambda c: c["mana_value"] % 2 == 0 and "sphinx" in ttype(c)),
    ('o:{T} o:"add {c}" t:artifact', lambda c: "{t}" in otext(c) and "add {c}" in otext(c) and "artifact" in ttype(c)),
    ("is:funny c:r", lambda c: bool(c.get("is_funny")) and "R" in colors(c)),
    ("is:spoiler t:battle", lambda c: spoiler(c) and "battle" in ttype(c)),
    ("is:vanilla t:creature mv<=1", lambda c: "creature" in front_types(c) and not text(c).strip()
     and c["mana_value"] <= 1),
    ("kw:flying and kw:lifelink or kw:deathtouch and c:w", lambda c: (
        {"flying", "lifelink"} <= {k.lower() for k in c.get("keywords", [])})
     or ("deathtouch" in [k.lower() for k in c.get("keywords", [])] and "W" in colors(c))),
]


def test_there_are_at_least_40_cases():
    assert len(CASES) >= 40


@pytest.mark.parametrize("query,predicate", CASES, ids=[q for q, _ in CASES])
def test_query_matches_the_plain_filter(cards_store, derived_cards, query, predicate):
    expected = sorted(c["name"] for c in derived_cards if predicate(c))
    result = search_cards(cards_store, query, limit=100_000)
    got = sorted(c.name for c in result.cards)
    assert result.total == len(got)
    assert got == expected
    assert expected, "a case that matches nothing proves little"


def test_results_are_sorted_and_limited(cards_store):
    result = search_cards(cards_store, "t:goblin", limit=5)
    assert len(result.cards) == 5 and result.total > 100
    assert [c.name for c in result.cards] == sorted(c.name for c in result.cards)


def test_search_result_carries_spanish_name(cards_store):
    result = search_cards(cards_store, '"lightning bolt"', limit=5)
    bolt = next(c for c in result.cards if c.name == "Lightning Bolt")
    assert bolt.es_name == "Relámpago"
    assert bolt.oracle_text.startswith("Lightning Bolt deals 3 damage")
