"""get_card: the full card, its Spanish, its faces, and its links to the Comprehensive Rules."""

from __future__ import annotations

import json

import pytest

from gatewatch.cards import Card, get_card

REQUIRED = {"name", "es", "mana_cost", "mana_value", "type_line", "oracle_text", "power", "toughness", "loyalty",
            "colors", "color_identity", "keywords", "legalities", "faces", "rulings", "source"}


def _rules_loaded(store) -> bool:
    return store.conn.execute("SELECT count(*) FROM rules").fetchone()[0] > 0


def test_card_json_carries_every_field(cards_store):
    card = get_card(cards_store, "Vampire Nighthawk")
    data = json.loads(card.model_dump_json())
    assert REQUIRED <= set(data)
    assert data["mana_cost"] == "{1}{B}{B}" and data["mana_value"] == 3.0
    assert (data["power"], data["toughness"]) == ("2", "3")
    assert data["colors"] == ["B"] and data["color_identity"] == ["B"]
    assert data["legalities"]["modern"] == "Legal"
    assert data["es"]["name"] == "Halcón nocturno vampiro"
    assert "Criatura" in data["es"]["type_line"] and data["es"]["text"]
    assert data["source"].startswith("mtgjson")
    assert {k["keyword"] for k in data["keywords"]} == {"Deathtouch", "Flying", "Lifelink"}


def test_keywords_link_to_their_rules(cards_store):
    if not _rules_loaded(cards_store):
        pytest.skip("no Comprehensive Rules in this store: keyword links cannot resolve")
    card = get_card(cards_store, "Vampire Nighthawk")
    rules = {k.keyword: k.rule for k in card.keywords}
    assert rules == {"Deathtouch": "702.2", "Flying": "702.9", "Lifelink": "702.15"}
    scry = get_card(cards_store, "Opt")
    assert [(k.keyword, k.rule) for k in scry.keywords] == [("Scry", "701.22")]


def test_rulings_link_to_the_rules_they_cite(cards_store):
    if not _rules_loaded(cards_store):
        pytest.skip("no Comprehensive Rules in this store: rule references cannot be checked")
    card = get_card(cards_store, "Rules Lawyer")
    cited = {r.text.rsplit("(", 1)[-1].rstrip(")"): r.rules for r in card.rulings}
    assert cited["704.5a"] == ["704.5a"] and cited["704.5b"] == ["704.5b"]
    assert all(r.date[:4].isdigit() for r in card.rulings)


def test_split_card_faces_and_spanish(cards_store):
    card = get_card(cards_store, "Fuego // Hielo")
    assert card.name == "Fire // Ice" and card.layout == "split"
    assert [f.name for f in card.faces] == ["Fire", "Ice"]
    assert card.mana_cost == "{1}{R} // {1}{U}" and card.mana_value == 4.0
    assert card.colors == ["U", "R"]  # both halves, WUBRG order
    assert card.es.name == "Fuego // Hielo"
    assert "split" in card.flags
    assert len(card.rulings) >= 5


def test_dfc_has_both_faces_with_spanish(cards_store):
    card = get_card(cards_store, "Delver of Secrets")
    assert card.layout == "transform" and "dfc" in card.flags
    front, back = card.faces
    assert (front.name, back.name) == ("Delver of Secrets", "Insectile Aberration")
    assert (back.power, back.toughness, back.color_indicator) == ("3", "2", ["U"])
    assert front.es_name == "Indagador de secretos" and back.es_name == "Aberración insectoide"
    assert "Indagador de secretos // Aberración insectoide" in card.es.names


def test_all_spanish_names_are_kept(cards_store):
    card = get_card(cards_store, "Angel of Mercy")
    assert card.es.name == "Ángel de piedad"
    assert card.es.names == ["Ángel de piedad", "Angel de Piedad"]


def test_spoiler_card(cards_store):
    card = get_card(cards_store, "Annoyed Altisaur")
    assert isinstance(card, Card) and card.is_spoiler and card.es is None and card.rulings == []
    assert card.color_identity == ["G"]  # computed from cost and text for spoilers
    assert card.printings == ["2X2", "CMR"]


def test_lang_argument_is_accepted(cards_store):
    assert get_card(cards_store, "Relámpago", lang="es").name == "Lightning Bolt"
    assert get_card(cards_store, "Lightning Bolt", lang="en").es.name == "Relámpago"


def test_full_text_index_for_the_judge(cards_store):
    hits = [r["name"] for r in cards_store.search_cards_fts("deathtouch lifelink flying", 20)]
    assert "Vampire Nighthawk" in hits
    spanish = [r["name"] for r in cards_store.search_cards_fts("halcon nocturno", 5)]
    assert spanish[0] == "Vampire Nighthawk"
