"""Headless Chromium walks a chapter with the ◄ / ► links, then follows a card link from a topic.
Screenshots go to test-artifacts/ (git-ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module")
def ygo_page(ygo_server, browser):
    # One Playwright instance per session: the shared `browser` fixture of tests/conftest.py.
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(base_url=ygo_server, viewport={"width": 1100, "height": 900})
    yield context.new_page()
    context.close()


def test_walk_chapter_eight_forward_and_back(ygo_page):
    pg = ygo_page
    pg.goto("/yugioh/reglas")
    pg.click("text=Capítulo VIII: Estructura del Duelo y del turno")
    pg.wait_for_url("**/yugioh/reglas/8")
    pg.click("ol.ygo-topics a >> nth=0")
    pg.wait_for_url("**/yugioh/reglas/8/ganar-un-duelo")
    seen = [pg.locator("h1").inner_text()]
    while pg.locator("nav.prevnext a[rel=next]").count():
        pg.click("nav.prevnext a[rel=next]")
        pg.wait_for_load_state()
        seen.append(pg.locator("h1").inner_text())
    assert seen == ["Ganar un Duelo", "Fase de Robo", "Fase de Espera", "Fase Principal 1", "Fase de Batalla",
                    "Paso de Inicio", "Paso de Batalla", "Paso de Daño", "Paso Final", "Fase Principal 2",
                    "Fase Final"]
    pg.screenshot(path=str(ARTIFACTS / "ygo-01-end-phase.png"))
    back = []
    while pg.locator("nav.ygo-where a[rel=prev]").count():
        pg.click("nav.ygo-where a[rel=prev]")
        pg.wait_for_load_state()
        back.append(pg.locator("h1").inner_text())
    assert back == list(reversed(seen[:-1]))


def test_topic_card_link_and_sources(ygo_page):
    pg = ygo_page
    pg.goto("/yugioh/reglas/10/desterrar")
    assert "Desterrar" in pg.title()
    assert pg.locator("#sources").is_visible()
    pg.screenshot(path=str(ARTIFACTS / "ygo-02-banish.png"))
    pg.click("#topic-text a.card >> text=Dimensional Fissure")
    pg.wait_for_url("**/yugioh/cartas/Dimensional%20Fissure")
    assert pg.locator("h1").inner_text()
    pg.screenshot(path=str(ARTIFACTS / "ygo-03-card.png"))
