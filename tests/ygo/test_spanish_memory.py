"""Yu-Gi-Oh topics use the same translation memory as the rules: current or stale by the English hash."""

from __future__ import annotations

import shutil

import pytest

from gatewatch.errors import SourceError
from gatewatch.spanish.ygo import YGO_DIR, load_ygo_translations, parse_file, topic_spanish, ygo_status
from gatewatch.store import Store


def test_the_session_database_has_our_topic_translations(store):
    status = ygo_status(store)
    files = len(list(YGO_DIR.glob("*.txt")))
    assert status.current == files >= 3 and status.stale == [] and status.missing == status.topics - files
    text = store.conn.execute("SELECT text FROM ygo_topics WHERE chapter = 8 AND slug_es = 'paso-de-inicio'"
                              ).fetchone()[0]
    es = topic_spanish(store, 8, "paso-de-inicio", text)
    assert es is not None and not es.stale and es.text.startswith("Este paso da comienzo a la Battle Phase")


def test_a_changed_english_topic_makes_the_translation_stale(built_db, tmp_path):
    copy = tmp_path / "copy.db"
    shutil.copyfile(built_db, copy)
    store = Store(copy, readonly=False)
    store.conn.execute("UPDATE ygo_topics SET text = text || ' (errata)' WHERE chapter = 8 AND slug_es = "
                       "'paso-de-inicio'")
    assert ygo_status(store).stale == ["8/paso-de-inicio"]
    store.close()


def test_bad_translation_files_are_refused_with_file_and_line(tmp_path, store):
    bad = tmp_path / "x.txt"
    bad.write_text("no header\ntexto\n", encoding="utf-8")
    with pytest.raises(SourceError, match="x.txt: line 1"):
        parse_file(bad)
    unknown = tmp_path / "d"
    unknown.mkdir()
    (unknown / "1-nada.txt").write_text("@ ygo_topic 1/nada en=" + "0" * 40 + "\ntexto\n", encoding="utf-8")
    with pytest.raises(SourceError, match="no Yu-Gi-Oh topic 1/nada"):
        load_ygo_translations(store, unknown)


def test_topic_page_shows_our_spanish_with_the_english_one_click_away(ygo_http):
    html = ygo_http.get("/yugioh/reglas/8/paso-de-inicio").text
    assert "Este paso da comienzo a la Battle Phase" in html and "Texto oficial en inglés" in html
    assert ygo_http.get("/yugioh/reglas/8/paso-de-inicio.json").json()["spanish"]["stale"] is False
    assert "Texto en inglés" in ygo_http.get("/yugioh/reglas/10/desterrar").text  # not translated yet
