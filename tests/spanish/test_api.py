"""The Spanish library API over the real database: rules with examples, titles, glossary, search."""

from __future__ import annotations

import pytest

from gatewatch.errors import NotFound
from gatewatch.rules import api as rules_api
from gatewatch.spanish import api


def test_rule_with_examples_and_references(es_store):
    en = rules_api.get_rule(es_store, "702.19c")
    es = api.spanish_rule(es_store, "Rule 702.19C.")
    assert es is not None and es.id == "702.19c" and es.kind == "subrule"
    assert len(es.examples) == len(en.examples) == 1
    assert "702.19b" in es.text and "arrollar" in es.text.lower()
    assert not es.stale and es.source_version == "2026-08-07"
    assert es.model_dump()["label"].startswith("Traducción de Gatewatch")


def test_titles_of_sections_and_chapters(es_store):
    assert api.spanish_title(es_store, "702") == "Habilidades de palabra clave"
    assert api.spanish_title(es_store, "7") == "Reglas adicionales"
    assert api.spanish_title(es_store, "704").lower().startswith("acciones basadas en estado")


def test_glossary_by_spanish_or_english_term(es_store):
    by_es = api.spanish_glossary(es_store, "toque mortal")
    by_en = api.spanish_glossary(es_store, "Deathtouch")
    assert by_es is not None and by_en is not None and by_es == by_en
    assert by_es.term == "Toque mortal" and by_es.english_term == "Deathtouch"
    assert "702.2" in by_es.definition and not by_es.stale
    assert api.spanish_glossary(es_store, "acciones basadas en estado").english_term == "State-Based Actions"
    assert api.spanish_glossary(es_store, "xyzzy plugh") is None


def test_unknown_rule_and_version(es_store):
    with pytest.raises(NotFound):
        api.spanish_rule(es_store, "999.99z")
    with pytest.raises(NotFound):
        api.status(es_store, "1999-01-01")


def test_terminology_is_stored_with_sources(es_store):
    terms = {t.en: t for t in api.terminology(es_store)}
    sba = terms["state-based action"]
    assert sba.source == "chosen" and sba.es == "acción basada en estado" and sba.evidence is None
    assert terms["deathtouch"].source == "mined" and terms["deathtouch"].es == "toque mortal"
    assert terms["deathtouch"].evidence >= 50
    assert terms["battlefield"].es == "campo de batalla"


@pytest.mark.parametrize("query, expected", [
    ("toque mortal", {"702.2", "702.2a", "702.2b", "Toque mortal"}),
    ("acción basada en estado", {"704", "704.1", "704.3", "Acciones basadas en estado"}),
    ("robar una carta", {"121", "121.1", "504.1"}),
])
def test_spanish_search(es_store, query, expected):
    hits = api.search_spanish(es_store, query, limit=5).results
    assert hits and hits[0].id in expected, [h.id for h in hits]
    assert all(h.kind in ("rule", "example", "glossary") for h in hits)


def test_spanish_search_folds_accents_and_stems(es_store):
    a = [h.id for h in api.search_spanish(es_store, "accion basada en estado").results]
    b = [h.id for h in api.search_spanish(es_store, "ACCIONES BASADAS EN ESTADO").results]
    assert a[:3] == b[:3]
    assert api.search_spanish(es_store, "704.5g").results[0].id == "704.5g"
    assert api.search_spanish(es_store, "\"(*").results == []
    api.search_spanish(es_store, 'NEAR("x" AND OR')  # user words never reach FTS5 as syntax


def test_spanish_search_respects_the_version(es_store):
    # 310.8a exists in 2026-04-17 only; a search in the edition's version never returns it.
    ids = {h.id for h in api.search_spanish(es_store, "batalla", limit=200).results}
    assert ids and all(rules_api.get_rule(es_store, i) for i in ids if not i[0].isalpha())
