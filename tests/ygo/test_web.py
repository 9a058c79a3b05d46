"""The Yu-Gi-Oh pages over HTTP on a real loopback server: pages, .json twins, redirects, errors."""

from __future__ import annotations

from urllib.parse import quote

import pytest


def test_chapters_page_and_twin(ygo_http):
    html = ygo_http.get("/yugioh/reglas")
    assert html.status_code == 200 and "Capítulo II: Cartas de Monstruo" in html.text
    data = ygo_http.get("/yugioh/reglas.json").json()
    assert len(data["chapters"]) == 10 and data["chapters"][9]["roman"] == "X"
    english = ygo_http.get("/yugioh/reglas?lang=en").text
    assert "Chapter II: Monster cards" in english and "/yugioh/reglas/2/volteo?lang=en" in english


def test_topic_page_shows_where_and_sources(ygo_http):
    r = ygo_http.get("/yugioh/reglas/1/el-tapete-de-juego-y-el-campo-de-duelo")
    assert r.status_code == 200
    text = r.text
    assert "Capítulo I: Primeros pasos</a> ·" in text and "Tema: <strong>El Tapete de Juego" in text
    assert "◄ Lo que necesitas para batirte en duelo" in text
    assert 'id="sources"' in text and "Reglamento oficial" in text and "Official rulebook pages 3-5" in text
    assert "Reglamento de fans" in text
    twin = ygo_http.get("/yugioh/reglas/1/el-tapete-de-juego-y-el-campo-de-duelo.json").json()
    assert twin["topic"]["ref"]["slug"] == "game-mat" and twin["topic"]["references"][0]["authority"] == "rulebook"


def test_topic_by_english_slug_redirects_to_the_canonical_address(ygo_http):
    r = ygo_http.get("/yugioh/reglas/X/banish?lang=en", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == "/yugioh/reglas/10/desterrar?lang=en"
    page = ygo_http.get("/yugioh/reglas/10/desterrar?lang=en").text
    assert "<h1>Banish</h1>" in page and "/yugioh/cartas/Dimensional%20Fissure?lang=en" in page


def test_chapter_page(ygo_http):
    r = ygo_http.get("/yugioh/reglas/2")
    assert r.status_code == 200 and "Monstruos de Efecto" in r.text
    assert ygo_http.get("/yugioh/reglas/monster-cards", follow_redirects=False).headers["location"] == \
        "/yugioh/reglas/2"
    assert len(ygo_http.get("/yugioh/reglas/2.json").json()["chapter"]["topics"]) == 13


def test_card_page(ygo_http):
    r = ygo_http.get("/yugioh/cartas/Mago%20Oscuro", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == "/yugioh/cartas/Dark%20Magician"
    page = ygo_http.get("/yugioh/cartas/Dark%20Magician")
    assert page.status_code == 200 and "<h1>Mago Oscuro</h1>" in page.text and "ATK 2500 / DEF 2100" in page.text
    assert "Texto oficial de carta" in page.text
    data = ygo_http.get("/yugioh/cartas/Dark%20Magician.json").json()
    assert data["card"]["es"]["name"] == "Mago Oscuro"
    slash = ygo_http.get("/yugioh/cartas/" + quote("D/D/D Deviser King Deus Machinex", safe="") + ".json")
    assert slash.status_code == 200 and slash.json()["card"]["rank"] == 10


def test_search_page_and_twin(ygo_http):
    r = ygo_http.get("/yugioh/buscar", params={"q": "type:xyz rank>=13"})
    assert r.status_code == 200 and 'id="ygo-results"' in r.text
    data = ygo_http.get("/yugioh/buscar.json", params={"q": "type:xyz rank>=10"}).json()
    assert data["total"] == 32 and all(c["rank"] >= 10 for c in data["cards"])
    words = ygo_http.get("/yugioh/buscar.json", params={"q": "desterrar"}).json()
    assert words["topics"][0]["slug"] == "banish"


@pytest.mark.parametrize("path", ["/yugioh/reglas/10/no-such-topic", "/yugioh/reglas/12", "/yugioh/cartas/Zzzqqq%20x",
                                  "/yugioh/reglas/10/no-such-topic.json", "/yugioh/cartas/Token.json"])
def test_unknown_topic_or_card_is_a_helpful_404(ygo_http, path):
    r = ygo_http.get(path)
    assert r.status_code == 404
    if path.endswith(".json"):
        body = r.json()["error"]
        assert body["code"] == "not_found" and body["message"]
        if "Token" in path:
            assert body["suggestions"]
    else:
        assert "<h1>" in r.text and "not found" in r.text


def test_malformed_query(ygo_http):
    r = ygo_http.get("/yugioh/buscar.json", params={"q": "atk>=2000 )"})
    assert r.status_code == 400 and r.json()["error"]["position"] == 10
    page = ygo_http.get("/yugioh/buscar", params={"q": "attr:purple"})
    assert page.status_code == 400 and "posición 5" in page.text


def test_search_goes_straight_to_a_named_topic_or_card(ygo_http):
    # The 404 page links its suggestions to the search: 'Título (capítulo/tema)' and card names.
    topic = ygo_http.get("/yugioh/buscar", params={"q": "Volteo (2/volteo)"}, follow_redirects=False)
    assert topic.status_code == 303 and topic.headers["location"] == "/yugioh/reglas/2/volteo"
    card = ygo_http.get("/yugioh/buscar", params={"q": "Mago Oscuro", "lang": "en"}, follow_redirects=False)
    assert card.status_code == 303 and card.headers["location"] == "/yugioh/cartas/Dark%20Magician?lang=en"
    words = ygo_http.get("/yugioh/buscar", params={"q": "destruye"}, follow_redirects=False)
    assert words.status_code == 200
