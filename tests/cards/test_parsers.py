"""Tiny inline tests of the pure parsers: MTGJSON set JSON, Cockatrice XML (both layouts), Scryfall objects."""

from __future__ import annotations

import json

import pytest

from gatewatch.cards.mtg import numeric_stat, split_type_line
from gatewatch.errors import SourceError
from gatewatch.sources.cockatrice.parse import braced_mana, merge_spoilers, parse_xml
from gatewatch.sources.mtgjson.parse import build_oracle_cards, parse_set
from gatewatch.sources.scryfall.parse import card_record, parse_cards, parse_rulings

ES = "Spanish"


def _set(code: str, date: str, cards: list[dict]) -> dict:
    return {"meta": {"version": "5.2.0+test"}, "data": {"code": code, "releaseDate": date, "cards": cards}}


def test_mtgjson_newest_printing_wins_and_spanish_names_are_collected():
    old = {"name": "Shock", "manaCost": "{R}", "manaValue": 1.0, "type": "Instant", "types": ["Instant"],
           "text": "Shock deals 2 damage to target creature or player.", "colors": ["R"], "printings": ["M19", "STH"],
           "rulings": [], "foreignData": [{"language": ES, "name": "Electrochoque"}]}
    new = {**old, "text": "Shock deals 2 damage to any target.", "legalities": {"modern": "Legal"},
           "identifiers": {"scryfallOracleId": "oid-1"},
           "rulings": [{"date": "2018-07-13", "text": "A ruling."}],
           "foreignData": [{"language": "German", "name": "Schock"},
                           {"language": ES, "name": "Descarga", "type": "Instantáneo", "text": "Descarga hace 2."}]}
    sets = [parse_set(_set("STH", "1998-03-02", [old]), "STH.json"),
            parse_set(_set("M19", "2018-07-13", [new]), "M19.json")]
    [card] = build_oracle_cards(sets)
    assert card["oracle_text"] == "Shock deals 2 damage to any target."
    assert card["oracle_id"] == "oid-1" and card["legalities"] == {"modern": "Legal"}
    assert card["rulings"] == [{"date": "2018-07-13", "text": "A ruling."}]
    assert card["es"] == {"name": "Descarga", "type_line": "Instantáneo", "text": "Descarga hace 2.", "set": "M19"}
    assert card["es_names"] == [{"name": "Descarga", "set": "M19"}, {"name": "Electrochoque", "set": "STH"}]
    assert card["source"] == "mtgjson-5.2.0+test"


def test_mtgjson_split_card_becomes_one_record_with_faces():
    base = {"name": "Fire // Ice", "layout": "split", "manaValue": 4.0, "printings": ["APC"], "rulings": []}
    rows = [{**base, "faceName": "Fire", "side": "a", "manaCost": "{1}{R}", "type": "Instant", "colors": ["R"],
             "text": "Fire deals 2 damage.", "foreignData": [{"language": ES, "name": "Fuego // Hielo",
                                                              "faceName": "Fuego"}]},
            {**base, "faceName": "Ice", "side": "b", "manaCost": "{1}{U}", "type": "Instant", "colors": ["U"],
             "text": "Tap target permanent.", "foreignData": [{"language": ES, "name": "Fuego // Hielo",
                                                               "faceName": "Hielo"}]}]
    [card] = build_oracle_cards([parse_set(_set("APC", "2001-06-04", rows), "APC.json")])
    assert card["type_line"] == "Instant // Instant" and "oracle_text" not in card and "mana_cost" not in card
    assert [f["face_name"] for f in card["faces"]] == ["Fire", "Ice"]
    assert [f.get("es_name") for f in card["faces"]] == ["Fuego", "Hielo"]
    assert card["es"]["name"] == "Fuego // Hielo" and card["es_names"] == [{"name": "Fuego // Hielo", "set": "APC"}]


@pytest.mark.parametrize("doc,problem", [
    ([], "not an MTGJSON set file"),
    ({"data": {"code": "X"}}, "without `code` or `cards`"),
    ({"data": {"code": "X", "cards": [{"text": "no name"}]}}, "card #0 has no `name`"),
])
def test_mtgjson_bad_documents(doc, problem):
    with pytest.raises(SourceError) as info:
        parse_set(doc, "X.json")
    assert problem in str(info.value) and str(info.value).startswith("X.json: ")


V4 = b"""<?xml version='1.0' encoding='UTF-8'?>
<cockatrice_carddatabase version="4"><sets><set><name>DMU</name></set></sets><cards>
  <card><name>Academy Loremaster</name><text>At the beginning of each player's draw step...</text>
    <prop><color>U</color><type>Creature - Human Wizard</type><maintype>Creature</maintype>
    <cmc>2.0</cmc><manacost>UU</manacost><pt>2/3</pt></prop>
    <set rarity="Rare" picURL="x">DMU</set></card>
  <card><name>Karn, Living Legacy</name><text>+1: Create a tapped Powerstone token.</text>
    <prop><type>Legendary Planeswalker - Karn</type><cmc>4</cmc><manacost>4</manacost><loyalty>4</loyalty></prop>
    <set rarity="Mythic">DMU~</set></card>
</cards></cockatrice_carddatabase>"""

V3 = b"""<cockatrice_carddatabase version="3"><cards>
  <card><name>Abrade</name><set rarity="Common">2XM</set><manacost>1R</manacost><cmc>2.0</cmc>
    <color>R</color><type>Instant</type><loyalty>None</loyalty><text>Choose one &#8212;
&#8226; Abrade deals 3 damage to target creature.</text></card>
  <card><name>Kolaghan's Command</name><set rarity="Rare">2XM</set><manacost>1BR</manacost><cmc>3.0</cmc>
    <color>R</color><color>B</color><type>Instant</type><text>Choose two &#8212;</text></card>
</cards></cockatrice_carddatabase>"""


def test_cockatrice_v4_layout():
    loremaster, karn = parse_xml(V4, "DMU.xml")
    assert loremaster.record == {"name": "Academy Loremaster", "mana_cost": "{U}{U}", "mana_value": 2.0,
                                 "type_line": "Creature — Human Wizard",
                                 "oracle_text": "At the beginning of each player's draw step...",
                                 "power": "2", "toughness": "3", "colors": ["U"]}
    assert (loremaster.set_code, loremaster.rarity) == ("DMU", "Rare")
    assert karn.record["loyalty"] == "4" and karn.set_code == "DMU"  # the spoiler '~' is dropped


def test_cockatrice_v3_layout():
    abrade, command = parse_xml(V3, "2XM.xml")
    assert abrade.record["mana_cost"] == "{1}{R}" and "loyalty" not in abrade.record  # 'None' means absent
    assert abrade.record["oracle_text"].startswith("Choose one —\n• Abrade")
    assert command.record["colors"] == ["B", "R"]


def test_cockatrice_merge_keeps_first_new_name_and_every_set():
    files = [("2XM.xml", "abc123def4567890", parse_xml(V3, "2XM.xml")), ("DMU.xml", "", parse_xml(V4, "DMU.xml"))]
    records = merge_spoilers(files, known={"Kolaghan's Command"})
    assert [r["name"] for r in records] == ["Abrade", "Academy Loremaster", "Karn, Living Legacy"]
    assert records[0]["source_file"] == "2XM.xml@abc123def456" and records[0]["rulings"] == []
    assert records[0]["source"].startswith("Cockatrice/Magic-Spoiler")


def test_cockatrice_malformed_xml():
    with pytest.raises(SourceError, match="malformed XML"):
        parse_xml(b"<cockatrice_carddatabase><cards><card>", "BAD.xml")
    with pytest.raises(SourceError, match="not a Cockatrice card database"):
        parse_xml(b"<html/>", "BAD.xml")


@pytest.mark.parametrize("cost,braced", [
    ("2U", "{2}{U}"), ("1U/RU/R", "{1}{U/R}{U/R}"), ("3U/P", "{3}{U/P}"), ("2G // G", "{2}{G} // {G}"),
    ("10", "{10}"), ("XGG", "{X}{G}{G}"), ("", ""),
])
def test_braced_mana(cost, braced):
    assert braced_mana(cost) == braced


def test_small_helpers():
    assert numeric_stat("*") == 0 and numeric_stat("1+*") == 1 and numeric_stat("-1") == -1
    assert numeric_stat("2½") == 2.5 and numeric_stat(None) is None and numeric_stat("∞") == float("inf")
    assert split_type_line("Legendary Creature — Elf Druid // Sorcery") == (["Legendary"], ["Creature"],
                                                                             ["Elf", "Druid"])


BOLT = {"object": "card", "name": "Lightning Bolt", "oracle_id": "o-bolt", "layout": "normal", "mana_cost": "{R}",
        "cmc": 1.0, "type_line": "Instant", "oracle_text": "Lightning Bolt deals 3 damage to any target.",
        "colors": ["R"], "color_identity": ["R"], "keywords": [], "set": "clu", "set_type": "expansion",
        "legalities": {"modern": "legal", "standard": "not_legal", "vintage": "legal", "pauper": "banned"}}
DELVER = {"object": "card", "name": "Delver of Secrets // Insectile Aberration", "oracle_id": "o-delver",
          "layout": "transform", "cmc": 1.0, "type_line": "Creature — Human Wizard // Creature — Human Insect",
          "color_identity": ["U"], "keywords": ["Transform"], "legalities": {}, "set": "mid",
          "card_faces": [
              {"object": "card_face", "name": "Delver of Secrets", "mana_cost": "{U}",
               "type_line": "Creature — Human Wizard", "oracle_text": "At the beginning of your upkeep...",
               "colors": ["U"], "power": "1", "toughness": "1"},
              {"object": "card_face", "name": "Insectile Aberration", "mana_cost": "",
               "type_line": "Creature — Human Insect", "oracle_text": "Flying", "colors": ["U"],
               "color_indicator": ["U"], "power": "3", "toughness": "2"}]}


def test_scryfall_card_objects():
    bolt = card_record(BOLT, "scryfall")
    assert bolt["legalities"] == {"modern": "Legal", "pauper": "Banned", "vintage": "Legal"}
    assert bolt["printings"] == ["CLU"] and bolt["types"] == ["Instant"] and bolt["rulings"] == []
    delver = card_record(DELVER, "scryfall")
    assert delver["colors"] == ["U"] and "oracle_text" not in delver and delver["power"] == "1"
    assert [f["face_name"] for f in delver["faces"]] == ["Delver of Secrets", "Insectile Aberration"]
    assert delver["faces"][1]["color_indicator"] == ["U"] and "mana_cost" not in delver["faces"][1]
    assert card_record({"object": "card", "name": "Soldier", "layout": "token"}, "scryfall") is None


def test_scryfall_files():
    cards = parse_cards(json.dumps([BOLT, DELVER, BOLT]), "oracle.json", "scryfall")
    assert [c["name"] for c in cards] == ["Lightning Bolt", "Delver of Secrets // Insectile Aberration"]
    rulings = parse_rulings(json.dumps([
        {"object": "ruling", "oracle_id": "o-bolt", "source": "wotc", "published_at": "2024-01-02", "comment": "B"},
        {"object": "ruling", "oracle_id": "o-bolt", "source": "wotc", "published_at": "2004-10-04", "comment": "A"},
    ]), "rulings.json")
    assert [r["text"] for r in rulings["o-bolt"]] == ["A", "B"]
    with pytest.raises(SourceError, match="invalid JSON at line 1"):
        parse_cards("[{", "oracle.json", "scryfall")
    with pytest.raises(SourceError, match="bad published_at"):
        parse_rulings('[{"oracle_id": "x", "comment": "c", "published_at": "yesterday"}]', "rulings.json")


def test_spoiler_text_gets_its_lost_line_breaks_back():
    from gatewatch.sources.cockatrice.parse import restore_line_breaks
    assert restore_line_breaks("FlyingWhenever a creature attacks, you may pay {3}.") == \
        "Flying\nWhenever a creature attacks, you may pay {3}."
    assert restore_line_breaks("DeathtouchToxic 1 (Players dealt combat damage get a poison counter.)") == \
        "Deathtouch\nToxic 1 (Players dealt combat damage get a poison counter.)"
    assert restore_line_breaks("Target creature gets +2/+2.\nDraw a card.") == "Target creature gets +2/+2.\nDraw a card."
    assert restore_line_breaks("Return target McKinnon card. It's fine.") == "Return target McKinnon card. It's fine."
