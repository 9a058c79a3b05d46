"""The site in headless Chromium: navigation, search, language switch, phone layout. Screenshots go to
test-artifacts/ (git-ignored) for a person to look at."""

from __future__ import annotations

import re

from .conftest import shot


def test_rule_subrule_crossref_glossary_and_back(page):
    page.goto("/reglas/702.19")
    assert re.search(r"Regla 702\.19 · ", page.title())
    shot(page, "01-rule-702.19")
    page.click("section >> a[href='/reglas/702.19c']")
    page.wait_for_url("**/reglas/702.19c")
    assert "702.19c" in page.locator("h1").inner_text()
    shot(page, "02-subrule-702.19c")
    page.click("#rule-text a.ref[href='/reglas/702.19b']")
    page.wait_for_url("**/reglas/702.19b")
    term = page.locator("#rule-text a.term").first
    href = term.get_attribute("href")
    term.click()
    page.wait_for_url("**" + href)
    assert page.url.split("/glosario/")[1]
    shot(page, "03-glossary-from-rule")
    page.go_back()
    page.wait_for_url("**/reglas/702.19b")
    page.go_back()
    page.wait_for_url("**/reglas/702.19c")


def test_search_box_rule_number_spanish_card_and_phrase(page):
    page.goto("/")
    page.fill("#q", "704.5g")
    page.press("#q", "Enter")
    page.wait_for_url("**/reglas/704.5g")
    page.fill("#q", "Elegido de la Antepasada")
    page.press("#q", "Enter")
    page.wait_for_url(re.compile(r".*/cartas/Ancestor"))
    assert "Elegido de la Antepasada" in page.locator("h1").inner_text()
    shot(page, "04-card-spanish-name")
    page.fill("#q", "deathtouch trample")
    page.press("#q", "Enter")
    page.wait_for_url("**/buscar?q=deathtouch+trample")
    assert page.locator("ul.results li").count() > 3
    shot(page, "05-search-phrase")


def test_language_switch(page):
    page.goto("/reglas/704.5g")
    assert page.locator("html").get_attribute("lang") == "es"
    page.click("#lang-switch")
    page.wait_for_url("**/reglas/704.5g?lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.title().startswith("Rule 704.5g · State-Based Actions")
    shot(page, "06-rule-english")
    page.click("#lang-switch")
    page.wait_for_url(re.compile(r".*/reglas/704\.5g$"))


def test_phone_layout_has_no_horizontal_scroll(phone):
    for i, path in enumerate(["/", "/reglas/702.19c", "/reglas", "/cartas/Fire // Ice", "/buscar?q=trample",
                              "/cambios/2026-04-17/2026-08-07", "/mecanicas/deathtouch", "/glosario/Lethal Damage"]):
        phone.goto(path)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path} is {width}px wide at a 375px viewport"
        shot(phone, f"10-phone-{i}")


def test_keyboard_reaches_the_search_box(page):
    page.goto("/reglas/100.1")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "q":
            break
    assert page.evaluate("document.activeElement.id") == "q"


def test_malformed_card_query_and_hostile_input(page):
    page.goto("/buscar?q=" + "c%3E%3Dzz")
    assert page.locator(".error").count() == 1
    page.goto("/buscar?q=%3Cscript%3Ewindow.pwned%3D1%3C%2Fscript%3E")
    assert page.evaluate("window.pwned") is None
    assert "<script>window.pwned=1</script>" in page.locator("h1").inner_text()
    shot(page, "07-hostile-search")


def test_unknown_rule_page_suggests(page):
    response = page.goto("/reglas/702.19z")
    assert response.status == 404
    assert page.locator("#suggestions a").count() >= 1
    shot(page, "08-not-found")


def test_mesa_answers_and_citations_expand_in_place(page):
    page.goto("/mesa")
    page.fill("#question", "¿Si mi criatura con toque mortal y arrollar es bloqueada por dos criaturas, cuánto daño "
                           "tengo que asignar a cada una?")
    page.click("form.ask button")
    page.wait_for_selector("#verdict")
    assert page.locator("#verdict").inner_text().startswith("Lo decide la regla")
    first = page.locator("ol.citations details").first
    assert not first.evaluate("d => d.open")
    first.locator("summary").click()
    assert first.evaluate("d => d.open")
    assert first.locator("p").first.inner_text()
    shot(page, "09-mesa-answer")


def test_mesa_names_the_card_it_assumed_and_the_others(page):
    page.goto("/mesa")
    page.fill("#question", "Thalia está en mesa. ¿Cuánto me cuesta un Relámpago?")
    page.click("form.ask button")
    page.wait_for_selector("#verdict")
    assert "Entiendo que «Thalia» es Thalia, Guardian of Thraben" in page.locator("#verdict").inner_text()
    warn = page.locator("p.warn").first.inner_text()
    assert "Thalia, Guardian of Thraben" in warn and "Thalia, Heretic Cathar" in warn
    shot(page, "13-mesa-likely-card")


def test_mesa_board_builder(page):
    page.goto("/mesa")
    page.click("#add-perm")
    page.fill("#perms li:nth-child(1) input.name", "Osos pardos")  # Spanish name of Grizzly Bears
    page.fill("#perms li:nth-child(1) input.dmg", "2")
    page.click("#add-perm")
    page.fill("#perms li:nth-child(2) input.name", "Hill Giant")
    page.select_option("#perms li:nth-child(2) select.ctrl", "rival")
    page.fill("#perms li:nth-child(2) input.plus", "1")
    page.fill("#perms li:nth-child(2) input.minus", "1")
    page.click("#check-board")
    page.wait_for_selector("#table-result ol.steps li")
    steps = page.locator("#table-result ol.steps li").all_inner_texts()
    assert any("704.5g" in s for s in steps) and any("704.5q" in s for s in steps)
    shot(page, "11-mesa-board")
    page.fill("#perms li:nth-child(1) input.name", "Nonexistent Cardname Zzz")
    page.click("#check-board")
    page.wait_for_selector("#table-result .problems li")
    assert "permanents[0]" in page.locator("#table-result .problems").inner_text()
    page.fill("#perms li:nth-child(1) input.name", "Grizzly Bears")
    page.fill("#question", "¿Qué pasa con mis osos?")
    page.click("form.ask button")
    page.wait_for_selector("#verdict")
    assert page.locator("#verdict").inner_text().startswith("En la mesa:")
    shot(page, "12-mesa-board-answer")


def test_api_docs_render_offline(page):
    page.goto("/docs")
    page.wait_for_selector(".opblock-summary-path", timeout=20000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/rules/{rule_id}" in p for p in paths)
    shot(page, "13-api-docs")
