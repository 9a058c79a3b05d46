"""The judge on Yu-Gi-Oh questions: the game is detected, topics and official card texts are cited with
their authority, and every quote is copied from the store."""

from __future__ import annotations

import pytest

from gatewatch import ygo
from gatewatch.judge import ask
from gatewatch.judge.ygo import detect_game


@pytest.mark.parametrize("question,game", [
    ("If Dark Magician is banished by Dimensional Prison, can I Special Summon it back?", "ygo"),
    ("¿Puedo activar una carta de trampa en el mismo turno en que la coloco?", "ygo"),
    ("En una cadena de efectos, ¿qué eslabón se resuelve primero?", "ygo"),
    ("If my creature with deathtouch is blocked, does the blocker die?", "mtg"),
    ("¿Puedo lanzar un instantáneo con la pila vacía en el turno de mi oponente?", "mtg"),
    # "Monstruo" inside a Magic card's Spanish name (Elder Deep-Fiend) is no Yu-Gi-Oh monster
    ("Quiero castear el Monstruo arcaico de lo profundo con emerge sacrificando mi Caminante lomohangar.", "mtg"),
])
def test_the_game_is_detected(store, question, game):
    assert detect_game(store, question) == game


def test_ygo_answer_cites_topics_and_cards_from_the_store(store):
    a = ask("If Dark Magician is banished by Dimensional Prison, can I Special Summon it back?", store=store,
            backend=None)
    assert a.game == "ygo" and a.rules_version.startswith("fan comprehensive rulebook")
    kinds = {c.kind for c in a.citations}
    assert kinds == {"ygo_card", "ygo_topic"}
    for c in a.citations:
        if c.kind == "ygo_card":
            card = ygo.get_card(store, c.id)
            assert c.authority == "official_card_text" and c.quote in "\n".join(
                t for t in (card.pendulum_text, card.text) if t)
        else:
            chapter, slug = c.id.split("/")
            topic = ygo.get_topic(store, chapter, slug)
            assert c.quote in topic.text and c.authority.startswith("fan_rulebook")
    assert {c.name for c in a.cards} >= {"Dark Magician", "Dimensional Prison"}


def test_the_user_can_choose_the_game(store):
    a = ask("¿Qué pasa si destierro un monstruo?", store=store, backend=None, game="ygo")
    assert a.game == "ygo" and a.lang == "es" and a.answer.startswith("Según el tema")
    assert ask("What does banish mean?", store=store, backend=None, game="mtg").game == "mtg"
