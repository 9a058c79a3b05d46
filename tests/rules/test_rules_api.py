"""The rules API and the CLI over the real database built from the mirror."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gatewatch.errors import NotFound
from gatewatch.rules import api


def test_rule_lookup_shape(store):
    r = api.get_rule(store, "702.19c", "2026-04-17")
    data = r.model_dump()
    for key in ("id", "version", "section", "parent", "text", "examples", "subrules", "siblings", "references",
                "referenced_by"):
        assert key in data
    assert (r.id, r.version, r.section, r.parent) == ("702.19c", "2026-04-17", "702", "702.19")
    assert r.references == ["702.19b"]
    assert "702.19b" in r.siblings and "702.19c" not in r.siblings
    assert len(r.examples) == 1


def test_newest_by_default_and_ids_are_forgiving(store):
    assert api.get_rule(store, "Rule 704.5G.").id == "704.5g"
    assert api.get_rule(store, "704").version == "2026-08-07"
    assert api.get_rule(store, "704").subrules[:3] == ["704.1", "704.2", "704.3"]


def test_referenced_by_and_section_titles(store):
    r = api.get_rule(store, "704")
    assert r.section_title == "State-Based Actions" and r.chapter_title == "Additional Rules"
    assert "310.8" in r.referenced_by  # "(This is a state-based action. See rule 704.)"
    assert "120.4a" in api.get_rule(store, "120.4a").id


def test_unknown_rule_and_version(store):
    with pytest.raises(NotFound) as err:
        api.get_rule(store, "702.19z")
    assert err.value.suggestions == ["702.19"]
    with pytest.raises(NotFound):
        api.get_rule(store, "702.1", "1999-01-01")


def test_search_ranks_and_finds_rule_numbers(store):
    res = api.search_rules(store, "deathtouch trample", limit=10)
    ids = [h.id for h in res.results]
    assert res.version == "2026-08-07" and len(ids) == 10
    assert all("deathtouch" in h.text.lower() or "trample" in h.text.lower() for h in res.results)
    assert api.search_rules(store, "702.19b").results[0].id == "702.19b"
    assert api.search_rules(store, "drawing cards").results  # stemming: drawing → draw


def test_search_survives_hostile_input(store):
    for q in ['"', "NEAR(", "*", "a OR", "drop table rules;--", "ü", ""]:
        api.search_rules(store, q)


@pytest.mark.parametrize("term,expected", [
    ("lethal damage", "Lethal Damage"), ("LETHAL DAMAGE", "Lethal Damage"), ("state-based actions",
     "State-Based Actions"), ("abilities", "Ability"), ("Léthal Dâmage", "Lethal Damage"),
    ("tokens", "Token"), ("lethl damage", "Lethal Damage"),
])
def test_glossary_lookup_forgives(store, term, expected):
    g = api.define(store, term)
    assert g.term == expected
    if expected == "Lethal Damage":
        assert g.references == ["120.4a", "120.6", "510.1", "704.5g"]


def test_glossary_unknown_term_suggests(store):
    with pytest.raises(NotFound) as err:
        api.define(store, "damage prevention thingy")
    assert err.value.suggestions


def test_versions(store):
    vs = api.versions(store)
    assert len(vs) == 62 and vs[-1].version == "2026-08-07" and vs[-1].examples == 277
    assert [v.version for v in vs if v.duplicates] == ["2024-09-20"]


def test_diff_2026_04_17_to_2026_08_07_hand_checked(store):
    d = api.diff(store, "2026-04-17", "2026-08-07")
    added = {c.new_id for c in d.added}
    renumbered = {(c.old_id, c.new_id) for c in d.renumbered}
    # Heal (701.69) and the Vibranium token (111.10w) are new in August 2026.
    assert {"111.10w", "701.69", "701.69a", "310.8", "601.5"} <= added
    assert api.get_rule(store, "701.69").text == "Heal"
    # Inserting 310.8 (non-Siege battles) shifted the old 310.8 onwards by one number.
    assert {("310.8", "310.9"), ("310.8b", "310.9b"), ("310.9", "310.10"), ("601.5", "601.6")} <= renumbered
    assert d.removed == []
    assert len(d.added) == 24 and len(d.changed) == 29 and len(d.renumbered) == 24
    for c in d.changed:
        assert c.inline and any(op != "=" for op, _ in c.inline)


def test_history_follows_renumbering(store):
    h = api.history(store, "310.10")
    assert h.entries[0].version == "2026-08-07" and h.entries[0].previous_id == "310.9"
    assert h.entries[-1].change in ("added", "initial")
    assert [e.change for e in api.history(store, "702.2c").entries][-1] == "initial"


def test_unresolved_references_are_reported(store):
    rows = store.unresolved_references("2026-02-27")
    assert [(r["source_id"], r["target"]) for r in rows] == [("Map", "110.10")]


def _cli(*args, home):
    env = dict(os.environ, GATEWATCH_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "gatewatch", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_cli_rule_json(built_db, gw_home):
    out = _cli("rule", "702.19c", "--version", "2026-04-17", "--json", home=gw_home)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["id"] == "702.19c" and data["references"] == ["702.19b"]


def test_cli_search_define_and_errors(built_db, gw_home):
    res = json.loads(_cli("rules", "search", "deathtouch trample", "--limit", "3", "--json", home=gw_home).stdout)
    assert len(res["results"]) == 3 and set(res["results"][0]) >= {"id", "text", "score"}
    d = json.loads(_cli("define", "lethal damage", "--json", home=gw_home).stdout)
    assert set(d) >= {"term", "definition", "references"}
    bad = _cli("rule", "999.9", home=gw_home)
    assert bad.returncode != 0 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert "diff" in _cli("rules", "--help", home=gw_home).stdout
    text = _cli("rules", "diff", "2026-04-17", "2026-08-07", home=gw_home).stdout
    assert "24 added" in text
