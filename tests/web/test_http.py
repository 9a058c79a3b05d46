"""Pages, their .json twins and the JSON API over a real server on loopback."""

from __future__ import annotations

import pytest


def test_every_page_has_a_json_twin(http):
    for path in ["/reglas/702.19c", "/glosario/Lethal Damage", "/cambios/2026-04-17/2026-08-07",
                 "/cartas/Opt", "/mecanicas/deathtouch"]:
        html = http.get(path)
        twin = http.get(path + ".json")
        assert html.status_code == 200 and "text/html" in html.headers["content-type"], path
        assert twin.status_code == 200 and twin.headers["content-type"].startswith("application/json"), path
    for path, twin in [("/reglas", "/reglas.json"), ("/glosario", "/glosario.json"), ("/", "/index.json"),
                       ("/buscar?q=trample", "/buscar.json?q=trample"), ("/mecanicas", "/mecanicas.json")]:
        assert http.get(path).status_code == 200
        assert http.get(twin).json()


def test_rule_page_content(http):
    html = http.get("/reglas/729.5").text
    assert "Regla 729.5 · " in html
    assert "Vigente desde el 7 de agosto de 2026" in html
    data = http.get("/reglas/702.19c.json").json()
    assert data["rule"]["id"] == "702.19c" and data["rule"]["references"] == ["702.19b"]
    assert data["history"] and data["latest"] == "2026-08-07"
    old = http.get("/reglas/702.19c.json?version=2026-04-17").json()
    assert old["rule"]["version"] == "2026-04-17"


def test_english_switch(http):
    html = http.get("/reglas/704.5g?lang=en").text
    assert "Effective August 7, 2026" in html and 'lang="en"' in html


def test_api_mirrors_the_cli(http):
    assert http.get("/api/rules/702.19c?version=2026-04-17").json()["references"] == ["702.19b"]
    res = http.get("/api/rules/search", params={"q": "deathtouch trample", "limit": 3}).json()
    assert len(res["results"]) == 3
    g = http.get("/api/glossary/lethal damage").json()
    assert g["term"] == "Lethal Damage"
    d = http.get("/api/diff", params={"from": "2026-04-17", "to": "2026-08-07"}).json()
    assert len(d["added"]) == 24
    card = http.get("/api/cards/Opt").json()
    assert card["name"] == "Opt"
    found = http.get("/api/cards/search", params={"q": "t:goblin mv=1", "limit": 5}).json()
    assert found["total"] > 5 and len(found["cards"]) == 5
    assert http.get("/docs").status_code == 200
    spec = http.get("/openapi.json").json()
    assert "/api/rules/{rule_id}" in spec["paths"]


@pytest.mark.parametrize("path,status", [
    ("/api/rules/999.9", 404), ("/api/glossary/nonsense%20term%20xyz", 404), ("/api/cards/Nonexistent Cardy", 404),
    ("/api/cards/search?q=c%3E%3Dzz", 400), ("/api/diff?from=2026-04-17", 422), ("/api/nowhere", 404),
    ("/reglas/702.19z.json", 404), ("/api/rules/702.1?version=1999-01-01", 404),
])
def test_one_error_shape(http, path, status):
    r = http.get(path)
    assert r.status_code == status
    err = r.json()["error"]
    assert err["status"] == status and err["message"] and isinstance(err["suggestions"], list)


def test_unknown_pages_are_helpful_404s_never_500s(http):
    for path in ["/reglas/702.19z", "/cartas/Zzyzx Qwertyuiop", "/glosario/qwertyuiop", "/mecanicas/nada-de-nada",
                 "/cambios/2026-04-17/2099-01-01", "/reglas/%3Cscript%3E"]:
        r = http.get(path)
        assert r.status_code == 404, path
        assert "text/html" in r.headers["content-type"]
    assert 'id="suggestions"' in http.get("/cartas/Lightning Qwerty").text


def test_misspelled_names_redirect_to_the_canonical_page(http):
    r = http.get("/cartas/Lightnign Bolt", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == "/cartas/Lightning%20Bolt"
    r = http.get("/cartas/relampago", follow_redirects=False)  # Spanish name "Relámpago", no accent
    assert r.status_code == 307 and r.headers["location"].startswith("/cartas/Lightning%20Bolt")


def test_query_errors_shown_and_input_escaped(http):
    html = http.get("/buscar", params={"q": "c>=zz"}).text
    assert 'class="error"' in html
    hostile = http.get("/buscar", params={"q": '<img src=x onerror="alert(1)">'}).text
    assert "<img src=x" not in hostile and "&lt;img src=x" in hostile


def test_search_redirects(http):
    r = http.get("/buscar", params={"q": "704.5g"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/reglas/704.5g"
    r = http.get("/buscar", params={"q": "Opt"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/cartas/Opt"


def test_autocomplete(http):
    s = http.get("/api/autocomplete", params={"q": "lethal"}).json()["suggestions"]
    assert any(x["kind"] == "term" and x["label"] == "Lethal Damage" for x in s)
    s = http.get("/api/autocomplete", params={"q": "Lightning Bo"}).json()["suggestions"]
    assert any(x["kind"] == "card" and x["label"] == "Lightning Bolt" for x in s)


def test_home_links_the_latest_change(http):
    html = http.get("/").text
    assert 'href="/cambios/2026-06-19/2026-08-07"' in html


def test_mechanic_pages(http):
    m = http.get("/mecanicas/deathtouch.json").json()
    assert m["mechanic"]["rule"] == "702.2" and m["mechanic"]["rules"][0]["id"] == "702.2"
    assert m["cards"]["total"] > 100
    leaves = http.get("/mecanicas/leaves-the-battlefield.json").json()["mechanic"]
    assert {r["id"] for r in leaves["rules"]} >= {"603.6c", "603.10a"}
    draw = http.get("/mecanicas/drawing-a-card.json").json()["mechanic"]
    assert any(r["id"] == "121.1" for r in draw["rules"])


def test_api_ask(http):
    r = http.post("/api/ask", json={"question": "Can I respond to Lightning Bolt with Giant Growth?"})
    assert r.status_code == 200
    data = r.json()
    assert data["lang"] == "en" and data["rules_version"] == "2026-08-07" and data["citations"]
    assert {c["name"] for c in data["cards"]} >= {"Lightning Bolt", "Giant Growth"}
    empty = http.post("/api/ask", json={"question": ""})
    assert empty.status_code == 400 and "empty" in empty.json()["error"]["message"]
    missing = http.post("/api/ask", json={"lang": "es"})
    assert missing.status_code == 422 and missing.json()["error"]["code"] == "invalid_request"
    long = http.post("/api/ask", json={"question": "x" * 20_000})
    assert long.status_code == 400


BOARD = {"players": [{"id": "ana", "life": 20}, {"id": "bo", "life": 0}],
         "permanents": [{"id": "gb", "card": "Osos pardos", "controller": "ana", "damage": 2}],
         "turn": {"active_player": "ana", "step": "main1"}}


def test_table_check_api(http):
    r = http.post("/api/table/check", json=BOARD)
    assert r.status_code == 200, r.text
    rules = [s["rule"] for s in r.json()["steps"]]
    assert "704.5a" in rules and "704.5g" in rules
    bad = dict(BOARD, permanents=[{"id": "x", "card": "No Such Card Qqq", "controller": "zed", "counters":
                                   {"+1/+1": -2}}])
    r = http.post("/api/table/check", json=bad)
    assert r.status_code == 422
    err = r.json()["error"]
    paths = {p["path"] for p in err["problems"]}
    assert err["code"] == "invalid_board" and len(paths) >= 2, paths
    assert http.get("/api/table/schema").json()["properties"]["permanents"]


def test_ask_with_a_board_cites_the_table_steps(http):
    r = http.post("/api/ask", json={"question": "¿Qué pasa ahora?", "board": BOARD})
    data = r.json()
    kinds = [c["kind"] for c in data["citations"]]
    assert kinds[0] == "table" and "704.5g" in [c["id"] for c in data["citations"] if c["kind"] == "rule"]
    assert data["answer"].startswith("En la mesa:")
