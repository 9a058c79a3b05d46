"""The word-for-word Spanish reading of English-only card names, on small inline name lists."""

from __future__ import annotations

from gatewatch.cards.translated import learn

PAIRS = [  # (English, Spanish) folded names of cards that have both
    ("tolarian academy", "academia tolariana"), ("tolarian winds", "vientos tolarianos"),
    ("tolarian scholar", "erudito tolariano"), ("reign of terror", "reinado del terror"),
    ("terror", "terror"), ("maze of ith", "laberinto de ith"), ("maze of shadows", "laberinto de sombras"),
    ("fiery justice", "justicia ardiente"), ("fiery temper", "temperamento ardiente"), ("justice", "justicia"),
]
ENGLISH_ONLY = [("tolarian terror", "Tolarian Terror"),
                ("tolarian terror // tolarian terror", "Tolarian Terror // Tolarian Terror"),
                ("maze of justice", "Maze of Justice"), ("tolarian academy", "A-Tolarian Academy")]


def test_a_name_is_read_word_by_word_in_any_order():
    t = learn(PAIRS, ENGLISH_ONLY)
    assert t.words["tolarian"] == ["tolarian"]  # "tolariano", "tolariana", "tolarianos" share one stem
    assert t.cards("Terror tolariano") == ["Tolarian Terror"]  # the spoiler's double is the same card
    assert t.cards("Laberinto de la Justicia") == ["Maze of Justice"]  # function words do not count


def test_every_word_must_translate_and_every_english_word_be_said():
    t = learn(PAIRS, ENGLISH_ONLY)
    assert t.cards("Terror") == []                          # one word is not read this way
    assert t.cards("Terror tolariano ardiente") == []       # a word too many
    assert t.cards("Laberinto de gatos") == []              # a word nobody translated
    assert t.cards("Academia tolariana") == []              # its name is known in Spanish: not English-only


def test_a_pair_seen_once_is_not_learnt():
    t = learn([("goblin king", "rey trasgo")], [("goblin queen", "Goblin Queen")])
    assert t.words == {}


def test_english_words_in_another_order_are_no_spanish_name():
    t = learn(PAIRS, [("terror maze", "Terror Maze")])
    assert t.cards("Maze terror") == []                      # every word is English: "Counter spell" is no card
    assert t.cards("Laberinto del terror") == ["Terror Maze"]  # a Spanish word, a Spanish "del"
    assert t.cards("Terror de Maze") == ["Terror Maze"]        # English words joined the Spanish way
