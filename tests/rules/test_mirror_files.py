"""The parser on every real CR file of the mirror, checked against counts made independently here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gatewatch.rules.load import mirror_rule_files
from gatewatch.sources.comprules.parse import parse_rules_bytes



def _files(mirror: Path) -> list[Path]:
    return mirror_rule_files(mirror)


def _plain_text(path: Path) -> str:
    """An independent decoder: BOM, else UTF-8, else cp1252; LF line endings."""
    data = path.read_bytes()
    for bom, enc in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            text = data[len(bom):].decode(enc)
            break
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _body_and_glossary(text: str) -> tuple[list[str], list[str]]:
    lines = text.split("\n")
    headings = [i for i, ln in enumerate(lines) if ln.strip() in ("Glossary", "Credits")]
    # Contents lists Glossary and Credits; the body runs from there to the second Glossary heading.
    toc_credits, glossary, credits = headings[1], headings[2], headings[3]
    return lines[toc_credits + 1:glossary], lines[glossary + 1:credits]


NUMBERED = re.compile(r"^(\d{3}\.\d+[a-z]*|\d{3}|\d)\.?(?=\s|[A-Z])")


def test_all_62_versions_parse(mirror):
    files = _files(mirror)
    versions = {parse_rules_bytes(f.read_bytes(), str(f)).version for f in files}
    assert len(versions) == 62
    assert min(versions) == "2015-01-23" and max(versions) == "2026-08-07"


def test_history_has_the_62_files_and_copies_agree(mirror):
    history = sorted((mirror / "rules/mtg/en/history").glob("*.txt"))
    assert len(history) == 62
    newest = [f for f in _files(mirror) if f.parent.name == "en"]
    for f in newest:
        twin = mirror / "rules/mtg/en/history" / f.name
        a, b = parse_rules_bytes(f.read_bytes(), str(f)), parse_rules_bytes(twin.read_bytes(), str(twin))
        assert a.version == b.version
        assert [(r.id, r.text, r.examples) for r in a.rules] == [(r.id, r.text, r.examples) for r in b.rules]


@pytest.fixture(scope="module")
def parsed(mirror):
    history = sorted((mirror / "rules/mtg/en/history").glob("*.txt"))
    return [(f, parse_rules_bytes(f.read_bytes(), str(f))) for f in history]


def test_rule_ids_equal_the_numbered_body_lines(parsed):
    for path, doc in parsed:
        body, _ = _body_and_glossary(_plain_text(path))
        expected = {NUMBERED.match(ln).group(1) for ln in body if NUMBERED.match(ln)}
        assert doc.rule_ids() == expected, path.name


def test_each_rule_round_trips_exactly(parsed):
    for path, doc in parsed:
        lines = _plain_text(path).split("\n")
        for r in doc.rules:
            assert "\n".join(lines[r.line - 1:r.line - 1 + r.raw.count("\n") + 1]) == r.raw, (path.name, r.id)
        body, _ = _body_and_glossary(_plain_text(path))
        examples = [ln for ln in body if ln.startswith("Example:")]
        assert [x.split("\n")[0] for r in doc.rules for x in r.examples_raw] == examples, path.name


def test_glossary_counts_are_exact(parsed):
    for path, doc in parsed:
        _, glossary = _body_and_glossary(_plain_text(path))
        blocks = [b for b in "\n".join(glossary).split("\n\n") if b.strip()]
        # A block may hold stray whitespace-only lines; count term starts independently.
        starts = sum(1 for i, ln in enumerate(glossary) if ln.strip() and (i == 0 or not glossary[i - 1].strip()))
        assert len(doc.glossary) == starts, path.name
        assert len(blocks) >= starts - 1


def test_newest_version_counts(parsed):
    path, doc = parsed[-1]
    assert doc.version == "2026-08-07"
    assert doc.example_count == 277
    assert len(doc.glossary) == 739
    assert sum(1 for r in doc.rules if r.kind in ("rule", "subrule")) == 3162
    r = next(r for r in doc.rules if r.id == "205.4c")
    assert "\n" in r.text and r.text.split("\n")[1].startswith("Cards printed in sets prior")


def test_known_quirks_in_the_real_files(parsed):
    docs = {d.version: d for _, d in parsed}
    assert docs["2024-09-20"].duplicates == ["702.175"]
    assert [r.text for r in docs["2024-09-20"].rules if r.id == "702.175"] == ["Offspring", "Impending"]
    newest = docs["2026-08-07"]
    assert next(r for r in newest.rules if r.id == "119.1d").text.startswith("In a two-player Brawl game")
    assert next(r for r in newest.rules if r.id == "606.5").raw.startswith("606.5 If the total cost")
    assert sum(len(d.duplicates) for d in docs.values()) == 1
