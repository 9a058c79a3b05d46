"""Terminology: the mining on inline card texts (pure) and the committed term files."""

from __future__ import annotations

from gatewatch.spanish.mine import CardPair, mine_keywords, mine_phrases
from gatewatch.spanish.terms import chosen_terms, load_terms, mined_terms, spanish_pattern
from gatewatch.text import fold


def _pairs() -> list[CardPair]:
    rows = [
        ("Deathtouch\nWhen this enters, draw a card.", "Toque mortal.\nCuando esta criatura entre, roba una carta."),
        ("Flying, deathtouch", "Vuela, toque mortal."),
        ("Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)",
         "Toque mortal. (Cualquier cantidad de daño que haga a una criatura es suficiente para destruirla.)"),
        ("Flying\nSacrifice a creature: Draw a card.", "Vuela.\nSacrifica una criatura: Roba una carta."),
        ("Flying", "Vuela."),
        ("{T}: Draw a card, then discard a card.", "{T}: Roba una carta, luego descarta una carta."),
    ]
    return [CardPair(f"Card {i}", en, es, 2020, tuple(k for k in ("flying", "deathtouch") if k in en.lower()))
            for i, (en, es) in enumerate(rows)]


def test_mine_keywords_aligns_keyword_lines():
    found = {t.en: t for t in mine_keywords(_pairs())}
    assert found["deathtouch"].es == "toque mortal" and found["deathtouch"].evidence == 3
    assert found["flying"].es == "vuela"


def test_mine_phrases_finds_the_strongest_spanish_ngram():
    found = {t.en: t for t in mine_phrases(_pairs(), ["draw a card"], min_evidence=2)}
    assert found["draw a card"].es == "roba una carta"
    assert found["draw a card"].evidence == 3


def test_old_printings_are_not_mined():
    old = [CardPair("Old", "Flying", "Vuela.", 2004, ("flying",))] * 5
    assert mine_keywords(old) == []


def test_committed_files_record_sources():
    chosen, mined = chosen_terms(), mined_terms()
    assert all(t.source == "chosen" and t.evidence is None for t in chosen)
    assert all(t.source == "mined" and t.evidence and t.evidence > 0 for t in mined)
    by_en = {t.en: t for t in load_terms()}
    for en, es in [("state-based action", "acción basada en estado"), ("priority", "prioridad"),
                   ("command zone", "zona de mando"), ("deathtouch", "toque mortal"), ("graveyard", "cementerio"),
                   ("token", "ficha"), ("battlefield", "campo de batalla")]:
        assert by_en[en].es == es, en
    assert len({t.en.lower() for t in chosen}) == len(chosen), "one chosen line per English term"


def test_spanish_forms_match_inflections():
    assert spanish_pattern("acción basada en estado").search(fold("las acciones basadas en el estado"))
    assert spanish_pattern("resistencia").search(fold("su resistencia"))
    assert spanish_pattern("vuela").search(fold("la habilidad de volar"))
    assert not spanish_pattern("cementerio").search(fold("el campo de batalla"))
