"""Name resolution on the real cards: exact before prefix before fuzzy, English and Spanish."""

from __future__ import annotations

import threading

import pytest

from gatewatch.cards import autocomplete, get_card, resolve_name
from gatewatch.cards.translated import translator
from gatewatch.errors import NotFound
from gatewatch.store import Store

FOUND = [
    # (typed, card, how it matched)
    ("Opt", "Opt", "exact"),  # exact wins although "Opt" is a fuzzy neighbour of many names
    ("Fling", "Fling", "exact"),
    ("Moat", "Moat", "exact"),
    ("opt", "Opt", "exact"),
    ("MOAT", "Moat", "exact"),
    ("Relámpago", "Lightning Bolt", "exact"),  # Spanish, with its accent
    ("relampago", "Lightning Bolt", "exact"),  # Spanish, without it
    ("Ángel de piedad", "Angel of Mercy", "exact"),
    ("angel de piedad", "Angel of Mercy", "exact"),
    ("Contrahechizo", "Counterspell", "exact"),
    ("Señor del Abismo", "Lord of the Pit", "exact"),
    ("senor del abismo", "Lord of the Pit", "exact"),
    ("Fire // Ice", "Fire // Ice", "exact"),  # split card, full name
    ("fire/ice", "Fire // Ice", "exact"),
    ("Ice", "Fire // Ice", "exact"),  # one face
    ("Fuego // Hielo", "Fire // Ice", "exact"),  # Spanish split name
    ("Hielo", "Fire // Ice", "exact"),  # Spanish face
    ("Delver of Secrets", "Delver of Secrets // Insectile Aberration", "exact"),  # DFC front
    ("Insectile Aberration", "Delver of Secrets // Insectile Aberration", "exact"),  # DFC back
    ("Indagador de secretos", "Delver of Secrets // Insectile Aberration", "exact"),
    ("Aberración insectoide", "Delver of Secrets // Insectile Aberration", "exact"),  # Spanish back face
    ("Stomp", "Bonecrusher Giant // Stomp", "exact"),  # adventure
    ("Pisotón", "Bonecrusher Giant // Stomp", "exact"),
    ("Ancestor's Chosen", "Ancestor's Chosen", "exact"),  # apostrophe
    ("ancestors chosen", "Ancestor's Chosen", "exact"),  # apostrophe left out
    ("Ancestor’s Chosen", "Ancestor's Chosen", "exact"),  # typographic apostrophe
    ("Jace, the Mind Sculptor", "Jace, the Mind Sculptor", "exact"),  # comma
    ("jace the mind sculptor", "Jace, the Mind Sculptor", "exact"),
    ("Kamahl, luchador del foso", "Kamahl, Pit Fighter", "exact"),  # Spanish with a comma
    ('Ach! Hans, Run!', '"Ach! Hans, Run!"', "exact"),  # quotes and punctuation in the name
    ("Æther Vial", "Aether Vial", "exact"),
    ("Brisela, Voice of Nightmares", "Brisela, Voice of Nightmares", "exact"),  # meld result beats the face
    ("Lightning Bo", "Lightning Bolt", "prefix"),
    ("Counterspel", "Counterspell", "prefix"),
    ("Indagador de secr", "Delver of Secrets // Insectile Aberration", "prefix"),
    ("Lightnig Bolt", "Lightning Bolt", "fuzzy"),  # typo
    ("Tarmogoyff", "Tarmogoyf", "fuzzy"),
    ("Llanowar Elfs", "Llanowar Elves", "fuzzy"),
    ("Jace, the Mind Sculpter", "Jace, the Mind Sculptor", "fuzzy"),
    ("Contrahechiso", "Counterspell", "fuzzy"),  # Spanish typo
    # Cards our data has only in English, named in Spanish: read word by word (cards.translated).
    ("Terror tolariano", "Tolarian Terror", "translated"),  # spoiled after 2022
    ("Sheoldred, la Apocalipsis", "Sheoldred, the Apocalypse", "translated"),
    ("Laberinto de Ith", "Maze of Ith", "translated"),  # never printed in Spanish
    ("Reina Marchesa", "Queen Marchesa", "translated"),
]


@pytest.mark.parametrize("typed,card,match", FOUND, ids=[t for t, _, _ in FOUND])
def test_resolves(cards_store, typed, card, match):
    r = resolve_name(cards_store, typed)
    assert (r.status, r.card, r.match) == ("found", card, match)


@pytest.mark.parametrize("typed,expected", [
    ("Fire", {"Fire // Ice", "Start // Fire"}),  # a face of two split cards
    ("Agotamiento", {"Exhaustion", "Attrition"}),  # one Spanish name for two cards
    ("Jace", None),  # a prefix of many names
])
def test_ambiguous_returns_candidates(cards_store, typed, expected):
    r = resolve_name(cards_store, typed)
    assert r.status == "ambiguous" and r.card is None and len(r.candidates) >= 2
    if expected is not None:
        assert {c.name for c in r.candidates} == expected


def test_not_found_gives_no_card(cards_store):
    r = resolve_name(cards_store, "qwxzvbnm plokij")
    assert r.status == "not_found" and r.card is None


@pytest.mark.parametrize("typed", [
    "Terror de Ith",            # every word translates, but no card has those words
    "Terror tolariano rojo",    # a word too many
    "Tolariano",                # one word is no name read this way
])
def test_a_word_for_word_reading_needs_a_whole_name(cards_store, typed):
    assert resolve_name(cards_store, typed).match != "translated"


def test_the_word_dictionary_pairs_faces_in_order(cards_store):
    words = translator(cards_store).words
    assert "aberration" in words["aberracion"] and "delver" not in words["aberracion"]
    assert resolve_name(cards_store, "Counter spell").match != "translated"  # English words, not Spanish


def test_the_translator_and_the_fuzzy_matcher_read_the_names_once(cards_build):
    # A fresh Store, the translator first: its build derives the name rows inside its own derivation.
    store = Store(cards_build["path"], readonly=True)
    done = threading.Thread(target=translator, args=(store,), daemon=True)
    done.start()
    done.join(timeout=120)
    assert not done.is_alive(), "deriving the translator waits on itself"
    assert resolve_name(store, "Relampagp").card == "Lightning Bolt"
    assert store.all_card_name_keys() is store.all_card_name_keys()


def test_language_preference_breaks_ties(cards_store):
    # "Abrade" is an English name; the spoiler "Abrade // Abrade" face ranks below the full name.
    assert resolve_name(cards_store, "Abrade").card == "Abrade"


def test_get_card_raises_not_found_with_suggestions(cards_store):
    with pytest.raises(NotFound) as info:
        get_card(cards_store, "Fire")
    assert set(info.value.suggestions) == {"Fire // Ice", "Start // Fire"}


def test_autocomplete_mixes_english_and_spanish(cards_store):
    assert "Lightning Bolt" in autocomplete(cards_store, "lightning b", limit=20)
    spanish = autocomplete(cards_store, "relamp", limit=10)
    assert "Relámpago" in spanish
    assert len(autocomplete(cards_store, "a", limit=7)) == 7
    assert autocomplete(cards_store, "  ") == []


def test_resolution_of_every_exact_name_is_exact(cards_store):
    # Every English card name resolves to itself, exactly (sampled: every 50th card).
    names = [r[0] for r in cards_store.conn.execute("SELECT name FROM cards ORDER BY id")][::50]
    wrong = [n for n in names if (r := resolve_name(cards_store, n)).card != n or r.match != "exact"]
    assert wrong == []
