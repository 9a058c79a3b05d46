"""The translation memory against older versions: stale exactly where the English differs; coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatewatch.sources.comprules.parse import parse_rules_bytes
from gatewatch.spanish import api
from gatewatch.spanish.memory import EDITION_VERSION
from gatewatch.text import term_key

from .conftest import MIRROR


def _english_texts(version: str) -> dict[str, str]:
    """Every unit of a version, parsed straight from the mirror's file (not from the store): id → English."""
    name = f"MagicCompRules_{version.replace('-', '')}.txt"
    path = next(p for p in (MIRROR / "rules/mtg/en").rglob(name))
    doc = parse_rules_bytes(Path(path).read_bytes(), str(path))
    units: dict[str, str] = {}
    for r in doc.rules:
        suffix = f"/dup{r.dup}" if r.dup else ""
        units[r.id + suffix] = r.text
        for i, ex in enumerate(r.examples, start=1):
            units[f"{r.id}#{i}{suffix}"] = ex
    for g in doc.glossary:
        units[f"glossary:{term_key(g.term)}"] = f"{g.term}\n{g.definition}"
    return units


def _by_key(uids: list[str], store) -> set[str]:
    """Coverage ids use the English term for glossary entries; compare by term key."""
    return {f"glossary:{term_key(u[9:])}" if u.startswith("glossary:") else u for u in uids}


@pytest.mark.parametrize("version", ["2026-04-17", "2025-11-14"])
def test_stale_exactly_where_the_english_differs(es_store, version):
    edition = _english_texts(EDITION_VERSION)
    old = _english_texts(version)
    untranslated = _by_key(api.status(es_store, EDITION_VERSION).missing, es_store)
    expected_stale = {k for k, text in old.items() if k in edition and edition[k] != text and k not in untranslated}
    expected_missing = {k for k in old if k not in edition or k in untranslated}
    cov = api.status(es_store, version)
    assert _by_key(cov.stale, es_store) == expected_stale
    assert _by_key(cov.missing, es_store) == expected_missing
    assert cov.current == len(old) - len(expected_stale) - len(expected_missing)
    assert expected_stale, "these versions do differ from the edition's"


def test_known_changes_show_as_stale(es_store):
    # 205.3m lists the creature types, which grew between 2026-04-17 and 2026-08-07.
    assert "205.3m" in api.status(es_store, "2026-04-17").stale
    old = api.spanish_rule(es_store, "205.3m", "2026-04-17")
    new = api.spanish_rule(es_store, "205.3m")
    assert old is not None and old.stale and old.stale_parts == ["205.3m"]
    assert new is not None and not new.stale and new.source_version == EDITION_VERSION


def test_edition_coverage_is_complete(es_store, es_build):
    cov = api.status(es_store)
    assert cov.version == EDITION_VERSION
    totals = {k.kind: k.total for k in cov.kinds}
    assert totals == {"chapter": 9, "section": 147, "rule": 1173, "subrule": 1989, "example": 277, "glossary": 739}
    assert es_build.spanish["problems"] == [], "every edition file aligns with the English"
    assert cov.percent == 100.0 and not cov.stale and not cov.missing


def test_coverage_counts_add_up(es_store):
    cov = api.status(es_store, "2025-11-14")
    for k in cov.kinds:
        assert k.current + k.stale + k.missing == k.total
    assert sum(k.total for k in cov.kinds) == cov.total
    assert len(cov.stale) == sum(k.stale for k in cov.kinds)
