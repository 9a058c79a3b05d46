"""Reading translation files (pure, inline) and the export → import round trip on a copy of the database."""

from __future__ import annotations

import shutil

import pytest

from gatewatch.spanish import api
from gatewatch.spanish.edition import EditionError, align, parse_file
from gatewatch.spanish.exchange import export_memory, import_dir
from gatewatch.spanish.load import EDITION_DIR
from gatewatch.spanish.memory import EnglishUnit, sha1

ENGLISH = [
    EnglishUnit("rule", "702", 0, "section", "702", "Keyword Abilities", sha1("Keyword Abilities"), 0),
    EnglishUnit("rule", "702.2", 0, "rule", "702", "Deathtouch", sha1("Deathtouch"), 1),
    EnglishUnit("rule", "702.2a", 0, "subrule", "702", "Deathtouch is a static ability.",
                sha1("Deathtouch is a static ability."), 2),
    EnglishUnit("example", "702.2a#1", 0, "example", "702", "A 1/1 with deathtouch.\nIt blocks.",
                sha1("A 1/1 with deathtouch.\nIt blocks."), 3),
    EnglishUnit("glossary", "deathtouch", 0, "glossary", "glossary", "Deathtouch\nA keyword ability.",
                sha1("Deathtouch\nA keyword ability."), 4, term="Deathtouch"),
]
PLAIN = """702. Habilidades de palabra clave

702.2. Toque mortal

702.2a Toque mortal es una habilidad estática.
Ejemplo: Una 1/1 con toque mortal.
     Bloquea.
"""


def test_plain_rules_file_aligns():
    units, problems = parse_file(PLAIN, "edition/702.txt")
    entries, align_problems = align(units, ENGLISH, "2026-08-07", "edition/702.txt")
    assert problems == [] and align_problems == []
    by_key = {e.key: e for e in entries}
    assert by_key["702"].es_text == "Habilidades de palabra clave"
    assert by_key["702.2a#1"].es_text == "Una 1/1 con toque mortal.\nBloquea."
    assert by_key["702.2a"].en_hash == sha1("Deathtouch is a static ability.")
    assert by_key["702.2"].origin == "edition/702.txt:3"


def test_plain_glossary_skips_its_heading_and_checks_alignment():
    good = "Glosario\n\nToque mortal\nUna habilidad de palabra clave.\n"
    entries, problems = align(*_parsed(good, "glossary.txt"), ENGLISH, "v", "glossary.txt")
    assert problems == [] and entries[0].es_term == "Toque mortal" and entries[0].key == "deathtouch"
    bad = "Glosario\n\nToque mortal\nUna habilidad.\nDe palabra clave.\n"
    _, problems = align(*_parsed(bad, "glossary.txt"), ENGLISH, "v", "glossary.txt")
    assert [str(p) for p in problems] == ["glossary.txt:3: glossary entry 'Toque mortal' has 2 definition line(s) "
                                          "but the English 'Deathtouch' has 1: the entries are misaligned"]


def _parsed(text: str, name: str):
    units, problems = parse_file(text, name)
    assert problems == []
    return (units,)


@pytest.mark.parametrize("text, message", [
    ("702.9z Nada.\n", "702.txt:1: rule 702.9z is not in the English v rules"),
    ("702.2a Uno.\n702.2 Dos.\n", "702.txt:2: 702.2 is out of order (the English puts it earlier)"),
    ("702.2a Uno.\nEjemplo: a\nEjemplo: b\n", "702.txt:3: example 702.2a#2 is not in the English v rules"),
    ("Texto suelto\n", "702.txt:1: expected a rule number, 'Ejemplo:' or an indented continuation line"),
])
def test_bad_plain_files_name_file_and_line(text, message):
    units, problems = parse_file(text, "702.txt")
    _, more = align(units, ENGLISH, "v", "702.txt")
    assert any(str(p).startswith(message) for p in problems + more), [str(p) for p in problems + more]


def test_exchange_format_keeps_the_english_hash():
    old = sha1("Deathtouch is an old ability.")
    text = (f"# header\n\n@ rule 702.2a en={old} stale\n> Deathtouch is an old ability.\n"
            "! The English now reads:\n!> Deathtouch is a static ability.\nToque mortal es antigua.\n\n"
            f"@ glossary Deathtouch en={sha1('Deathtouch' + chr(10) + 'A keyword ability.')}\n> Deathtouch\n"
            "> A keyword ability.\nToque mortal\nUna habilidad de palabra clave.\n\n@ rule 702.2 en=" + "0" * 40 + "\n")
    entries, problems = align(*_parsed(text, "702.txt"), ENGLISH, "v", "702.txt")
    assert problems == []
    by_key = {e.key: e for e in entries}
    assert by_key["702.2a"].en_hash == old and by_key["702.2a"].source_version is None
    assert by_key["deathtouch"].es_term == "Toque mortal" and by_key["deathtouch"].source_version == "v"
    assert "702.2" not in by_key  # an empty block is an untranslated unit


def test_exchange_quote_must_match_its_hash():
    text = f"@ rule 702.2a en={sha1('something else')}\n> Deathtouch is a static ability.\nToque mortal.\n"
    _, problems = align(*_parsed(text, "x.txt"), ENGLISH, "v", "x.txt")
    assert str(problems[0]).startswith("x.txt:1: the English quoted under 702.2a does not match en=")


def test_export_import_round_trip_keeps_stale_entries(es_store, writable_copy, tmp_path):
    version = "2026-04-17"
    before = api.status(es_store, version)
    report = export_memory(es_store, tmp_path / "out", version)
    assert report.files > 100 and report.stale == len(before.stale) and report.missing == len(before.missing)
    assert (tmp_path / "out" / "702.txt").exists() and (tmp_path / "out" / "glossary.txt").exists()
    writable_copy.conn.execute("DELETE FROM spanish_memory")
    writable_copy.conn.commit()
    result = import_dir(writable_copy, tmp_path / "out", version)
    assert result.new == result.entries and result.changed == 0
    after = api.status(writable_copy, version)
    assert after.stale == before.stale and after.missing == before.missing and after.current == before.current
    assert api.spanish_rule(writable_copy, "205.3m", version).source_version == "2026-08-07"
    assert api.search_spanish(writable_copy, "toque mortal", version).results


def test_revising_a_stale_entry_makes_it_current(writable_copy, tmp_path):
    version = "2026-04-17"
    export_memory(writable_copy, tmp_path, version)
    text = (tmp_path / "205.txt").read_text(encoding="utf-8")
    block = text[text.index("@ rule 205.3m "):]
    header = block.split("\n", 1)[0]
    assert header.endswith(" stale")
    (tmp_path / "205.txt").write_text(text.replace(header, "@ rule 205.3m"), encoding="utf-8")
    import_dir(writable_copy, tmp_path, version)
    assert "205.3m" not in api.status(writable_copy, version).stale
    assert "205.3m" in api.status(writable_copy, "2026-08-07").stale  # now it translates the older English


def test_import_refuses_bad_files_and_changes_nothing(writable_copy, tmp_path):
    shutil.copyfile(EDITION_DIR / "100.txt", tmp_path / "100.txt")
    (tmp_path / "101.txt").write_text("101. Las reglas de oro\n\n101.99 No existe.\n", encoding="utf-8")
    count = writable_copy.spanish_memory_count()
    with pytest.raises(EditionError) as err:
        import_dir(writable_copy, tmp_path)
    assert "101.txt:3: rule 101.99 is not in the English 2026-08-07 rules" in str(err.value)
    assert writable_copy.spanish_memory_count() == count


def test_import_accepts_the_edition_format(writable_copy, tmp_path):
    for name in ("100.txt", "chapter1.txt", "glossary.txt"):
        shutil.copyfile(EDITION_DIR / name, tmp_path / name)
    report = import_dir(writable_copy, tmp_path)
    assert report.entries > 700 and report.changed == 0 and report.new == 0


def test_import_can_save_into_the_edition(writable_copy, tmp_path):
    edition = tmp_path / "edition"
    shutil.copytree(EDITION_DIR, edition)
    export_memory(writable_copy, tmp_path / "out", only={"702.txt", "chapters.txt"})
    report = import_dir(writable_copy, tmp_path / "out", save=edition)
    assert report.saved_to == str(edition)
    names = {p.name for p in edition.glob("*.txt")}
    assert "702.txt" in names and "chapters.txt" in names
    assert not names & {"702-part1.txt", "702-part2.txt", "chapter1.txt"}  # replaced, not duplicated
    from gatewatch.spanish.load import read_translation_dir
    from gatewatch.spanish.memory import english_units
    entries, problems, _ = read_translation_dir(edition, english_units(writable_copy, "2026-08-07"), "2026-08-07")
    assert problems == [] and len(entries) == writable_copy.spanish_memory_count()
