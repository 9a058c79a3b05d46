"""Cards on the real mirror: counts, name resolution in English and Spanish, bad names."""

from __future__ import annotations

from collections import Counter

import pytest

from gatewatch import ygo
from gatewatch.errors import NotFound


def test_counts_match_the_mirror(ygo_store, raw_cards):
    assert len(raw_cards) == 14714
    counts = ygo_store.ygo_card_counts()
    assert counts["cards"] == 14714
    by_type = Counter(c["cardType"] for c in raw_cards)
    assert by_type == {"monster": 9309, "spell": 2861, "trap": 2073, "token": 296, "skill": 175}
    assert {k: counts[k] for k in by_type} == dict(by_type)
    assert counts["spanish_names"] == sum(1 for c in raw_cards if c["text"].get("es", {}).get("name")) == 13940
    assert counts["spanish_texts"] == sum(1 for c in raw_cards if c["text"].get("es", {}).get("effect")
                                          and c["text"]["es"].get("name"))


def test_dark_magician_in_both_languages(ygo_store):
    en = ygo.get_card(ygo_store, "Dark Magician")
    es = ygo.get_card(ygo_store, "mago oscuro")
    assert en == es
    assert (en.card_type, en.type_line, en.attribute, en.race, en.level, en.atk, en.defense) == (
        "monster", "Spellcaster/Normal", "dark", "spellcaster", 7, "2500", "2100")
    assert en.es.name == "Mago Oscuro" and en.es.text.startswith("El más grande de los magos")
    assert en.authority == "official_card_text"
    assert en.status["tcg"] == "unlimited"


def test_typos_case_and_accents_are_forgiven(ygo_store):
    assert ygo.get_card(ygo_store, "Dark Magican").name == "Dark Magician"
    assert ygo.get_card(ygo_store, "DINONIEBLA BRACHION").name == "Dinomist Brachion"
    assert ygo.get_card(ygo_store, "Dinomist Brachion").pendulum_text.startswith("Once, while this card")


def test_sampled_names_resolve_both_ways(ygo_store, raw_cards):
    en_names = Counter(c["text"]["en"]["name"].casefold() for c in raw_cards)
    es_names = Counter(c["text"].get("es", {}).get("name", "").casefold() for c in raw_cards)
    checked = spanish = 0
    for card in raw_cards[::47]:
        name = card["text"]["en"]["name"]
        if en_names[name.casefold()] > 1:
            continue
        assert ygo.get_card(ygo_store, name).uuid == card["id"], name
        checked += 1
        es = card["text"].get("es", {}).get("name")
        if es and es_names[es.casefold()] == 1 and en_names[es.casefold()] == 0:
            assert ygo.get_card(ygo_store, es).uuid == card["id"], es
            spanish += 1
    assert checked > 250 and spanish > 200


def test_printed_card_wins_over_skill_of_the_same_name(ygo_store):
    card = ygo.get_card(ygo_store, "Destiny Draw")
    assert card.card_type == "spell" and card.passwords == ["45809008"]
    assert ygo.get_card(ygo_store, "Super War-Lion").passwords == ["33951077"]


def test_uuid_reaches_every_card(ygo_store, raw_cards):
    skill = next(c for c in raw_cards if c["cardType"] == "skill" and c["text"]["en"]["name"] == "Destiny Draw")
    assert ygo.get_card(ygo_store, skill["id"]).card_type == "skill"


def test_link_and_pendulum_stats(ygo_store):
    link = ygo.search_cards(ygo_store, "type:link link:5", limit=1).cards[0]
    card = ygo.get_card(ygo_store, link.name)
    assert card.link_rating == 5 and len(card.link_arrows) == 5 and card.defense is None and card.level is None
    brachion = ygo.get_card(ygo_store, "Dinomist Brachion")
    assert brachion.scale == 6 and "Pendulum" in brachion.type_line


@pytest.mark.parametrize("name", ["Token", "Blue-Eyes", "zzqqxx unknown card", ""])
def test_unclear_or_unknown_names_are_not_found(ygo_store, name):
    with pytest.raises(NotFound) as err:
        ygo.get_card(ygo_store, name)
    if name in ("Token", "Blue-Eyes"):
        assert err.value.suggestions


def test_autocomplete_mixes_languages(ygo_store):
    assert "Mago Oscuro" in ygo.autocomplete(ygo_store, "mago osc")
    assert "Dark Magician" in ygo.autocomplete(ygo_store, "dark magi")


def test_a_database_without_yugioh_data_fails_clearly(tmp_path):
    from gatewatch.store import MIGRATIONS

    from .conftest import ALL_MIGRATIONS, YgoTestStore

    bare = YgoTestStore(tmp_path / "bare.db", readonly=False)
    bare.migrate(MIGRATIONS)  # no Yu-Gi-Oh tables at all
    with pytest.raises(NotFound, match="Yu-Gi-Oh data"):
        ygo.list_chapters(bare)
    empty = YgoTestStore(tmp_path / "empty.db", readonly=False)
    empty.migrate(ALL_MIGRATIONS)  # tables, but never loaded
    with pytest.raises(NotFound, match="rebuild"):
        ygo.get_card(empty, "Dark Magician")
