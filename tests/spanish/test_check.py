"""The checker: each problem type on tiny inline inputs, then the real edition and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gatewatch.spanish.check import check_store, check_unit
from gatewatch.spanish.memory import EnglishUnit, sha1


def _unit(text: str, key: str = "702.2b", label: str = "subrule") -> EnglishUnit:
    return EnglishUnit("rule", key, 0, label, key.split(".")[0], text, sha1(text))


EN = ("A creature dealt damage by a source with deathtouch is destroyed as a state-based action. "
      "See rule 704.5h and “Grizzly Bears.”")
GOOD = ("Una criatura a la que una fuente con toque mortal haya hecho daño es destruida como acción basada en "
        "estado. "
        "Véase la regla 704.5h y “Grizzly Bears”.")


def _kinds(es: str, en: str = EN) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in check_unit(_unit(en), es):
        assert p.id == "702.2b"
        out.setdefault(p.kind, []).append(p.message)
    return out


def test_a_good_translation_has_no_problems():
    assert _kinds(GOOD) == {}


def test_rule_number_that_differs():
    got = _kinds(GOOD.replace("704.5h", "704.5g"))
    assert got == {"reference": ["rule numbers differ: English 704.5h not in the Spanish"]}
    assert "sections differ" in _kinds("Véase la sección 7.", "See section 8.")["reference"][0]
    assert "mana symbols" in _kinds("Paga {2}{U}.", "Pay {2}{B}.")["reference"][0]


def test_missing_game_term():
    got = _kinds(GOOD.replace("acción basada en estado", "efecto del juego"))
    assert got == {"term": ["'state-based action' → expected 'acción basada en estado'"]}
    # inflected forms are accepted
    assert _kinds(GOOD.replace("acción basada en estado", "una de las acciones basadas en el estado")) == {}


def test_english_left_untranslated_but_not_card_names():
    got = _kinds(GOOD.replace("es destruida", "is destroyed"))
    assert got["untranslated"] == ["English word(s) left: is, destroyed"]
    en = "Varolz, the Scar-Striped and Fact or Fiction are cards. Each creature has trample."
    es = "Varolz, the Scar-Striped y Fact or Fiction son cartas. Each creature has trample."
    assert _kinds(es, en)["untranslated"] == ["English word(s) left: each, creature, trample"]  # 'has' is Spanish too
    assert _kinds("Trample es una habilidad estática.", "Trample is a static ability.")["untranslated"] == [
        "English word(s) left: trample"]
    assert _kinds(EN)["untranslated"] == ["the Spanish is the English text"]


@pytest.mark.parametrize("es, message", [
    (GOOD.replace("“Grizzly Bears”", "“Grizzly Bears"), "unbalanced quotes: 1 '“' and 0 '”'"),
    (GOOD.replace("daño es", "daño (es"), "unbalanced parentheses: 1 '(' and 0 ')'"),
    (GOOD.replace("haya hecho", "haya  hecho"), "doubled space"),
    (GOOD.rstrip("."), "missing final period (the English has one)"),
])
def test_broken_punctuation(es, message):
    assert _kinds(es) == {"punctuation": [message]}


def test_headings_need_no_period():
    assert check_unit(_unit("Keyword Abilities", "702", "section"), "Habilidades de palabra clave") == []


def test_glossary_units_check_term_and_definition():
    text = "Deathtouch\nA keyword ability. See rule 702.2."
    unit = EnglishUnit("glossary", "deathtouch", 0, "glossary", "glossary", text, sha1(text), term="Deathtouch")
    assert check_unit(unit, "Una habilidad de palabra clave. Véase la regla 702.2.", "Toque mortal") == []
    problems = check_unit(unit, "Una habilidad de palabra clave. Véase la regla 702.2.", "Deathtouch")
    assert [p.kind for p in problems] == ["term", "untranslated"] and problems[0].id == "glossary:Deathtouch"


def test_missing_and_stale_entries_fail(writable_copy):
    writable_copy.conn.execute("DELETE FROM spanish_memory WHERE kind = 'rule' AND key = '702.2a'")
    writable_copy.conn.execute("UPDATE spanish_memory SET en_hash = 'x' WHERE kind = 'rule' AND key = '702.2b'")
    writable_copy.conn.commit()
    problems = {(p.id, p.kind) for p in check_store(writable_copy).problems}
    assert ("702.2a", "missing") in problems and ("702.2b", "stale") in problems


def test_the_real_edition_passes_the_checker(es_store):
    report = check_store(es_store)
    assert report.checked == 4334
    listing = "\n".join(f"{p.id} {p.kind}: {p.message}" for p in report.problems)
    assert report.ok, f"{len(report.problems)} problem(s) in the Spanish edition:\n{listing}"


def test_cli_check_json_and_exit_code(es_build):
    env = {**os.environ, "GATEWATCH_DB": str(es_build.path)}
    out = subprocess.run([sys.executable, "-m", "gatewatch", "spanish", "check", "--json"], capture_output=True,
                         text=True, env=env, timeout=120)
    data = json.loads(out.stdout)
    assert data["version"] == "2026-08-07" and data["checked"] == 4334
    assert out.returncode == (0 if data["ok"] else 1)
    assert all({"id", "kind", "message"} <= set(p) for p in data["problems"])
