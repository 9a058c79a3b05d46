"""Rules topics on the real mirror: chapters and topics in order, prev/next chains, links, sources."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gatewatch import ygo
from gatewatch.errors import NotFound
from gatewatch.ygo.load import read_titles

CHAPTERS = [
    (1, "Getting Started", "Primeros pasos", 2),
    (2, "Monster cards", "Cartas de Monstruo", 13),
    (3, "Summoning", "Invocaciones", 3),
    (4, "Spell cards", "Cartas Mágicas", 6),
    (5, "Trap cards", "Cartas de Trampa", 3),
    (6, "Other game elements", "Otros elementos del juego", 2),
    (7, "General Game Mechanics", "Mecánicas generales del juego", 12),
    (8, "Duel and Turn Structure", "Estructura del Duelo y del turno", 11),
    (9, "Cards text", "El texto de las cartas", 45),
    (10, "Glossary: Effects Terms and Effects Interaction", "Glosario: términos de efectos y sus interacciones", 92),
]


def test_build_counts(ygo_build):
    c = ygo_build["counts"]
    assert c["ygo_chapters"] == 10
    assert c["ygo_topics"] == 189  # 199 files minus the 10 chapter pages
    assert c["ygo_unresolved_links"] == 0
    assert c["ygo_topics_without_spanish_title"] == 0
    assert c["ygo_references"] > 600
    assert ygo_build["seconds"] < 30


def test_every_section_file_is_a_chapter_or_a_topic(ygo_store, sections_dir: Path):
    files = sorted(p.relative_to(sections_dir).as_posix() for p in sections_dir.rglob("*.html"))
    assert len(files) == 199
    topics = {t for ch in range(1, 11) for t in (r["path"] for r in ygo_store.ygo_topics_of(ch))}
    chapters = {r["path"] for r in ygo_store.ygo_chapters()}
    assert topics | chapters == set(files) and not topics & chapters
    glossary = [f for f in files if f.startswith("10_glossary/") and f.count("/") == 1]
    assert len(glossary) == 87  # the manifest's 87 glossary topics, plus 5 in its sub-folders


def test_chapters_in_order(ygo_store):
    chapters = ygo.list_chapters(ygo_store)
    assert [(c.number, c.title_en, c.title, len(c.topics)) for c in chapters] == CHAPTERS
    assert [c.roman for c in chapters] == ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]


def test_topic_order_follows_the_includes(ygo_store):
    ch2 = [t.slug for t in ygo.get_chapter(ygo_store, 2).topics]
    assert ch2 == ["normal-monsters", "effect-monsters", "flip", "toon", "spirit", "union", "gemini",
                   "ritual-monsters", "fusion-monsters", "synchro-monsters", "xyz-monsters", "pendulum-monsters",
                   "link-monsters"]
    ch8 = [t.slug for t in ygo.get_chapter(ygo_store, 8).topics]
    assert ch8 == ["winning", "draw-phase", "standby-phase", "main-phase-1", "battle-phase", "start-step",
                   "battle-step", "damage-step", "end-step", "main-phase-2", "end-phase"]
    glossary = [t.slug for t in ygo.get_chapter(ygo_store, 10).topics]
    assert glossary[:4] == ["activate-from-location-activate-card-through-another-card",
                            "any-x-sent-to-the-graveyard-is-banished-instead", "apply-1-or-all",
                            "atk-def-modifications"]
    # Drafts the upstream chapter page leaves out come last.
    assert glossary[-2:] == ["activate-vs-use", "special-summon-face-down"]


@pytest.mark.parametrize("number", range(1, 11))
def test_prev_next_chain_walks_each_chapter(ygo_store, number):
    refs = ygo.get_chapter(ygo_store, number).topics
    topic = ygo.get_topic(ygo_store, number, refs[0].slug_es)
    assert topic.previous is None
    walked = [topic.ref.slug]
    while topic.next is not None:
        following = ygo.get_topic(ygo_store, number, topic.next.slug_es)
        assert following.previous is not None and following.previous.slug == topic.ref.slug
        topic = following
        walked.append(topic.ref.slug)
    assert walked == [r.slug for r in refs]
    assert [r.ordinal for r in refs] == list(range(1, len(refs) + 1))


def test_banish_topic(ygo_store):
    t = ygo.get_topic(ygo_store, "10", "desterrar")
    assert (t.ref.title, t.ref.title_en, t.chapter.roman) == ("Desterrar", "Banish", "X")
    assert t.previous.title_en == "Attack while in face-up Defense Position"
    assert t.next.title_en == "Banish face-down"
    assert t.authority == "fan_rulebook"
    assert "Dimensional Fissure" in t.cards
    assert 'href="/yugioh/cartas/Dimensional%20Fissure"' in t.html


def test_lookup_by_english_slug_title_position_and_roman(ygo_store):
    by_slug = ygo.get_topic(ygo_store, "II", "flip")
    assert by_slug.ref.slug_es == "volteo" and by_slug.parent.slug == "effect-monsters"
    assert ygo.get_topic(ygo_store, "monster-cards", "Volteo").ref.slug == "flip"
    assert ygo.get_topic(ygo_store, 2, "3").ref.slug == "flip"
    assert ygo.get_topic(ygo_store, "cartas de monstruo", "Effect Monsters").ref.slug == "effect-monsters"
    parent = ygo.get_topic(ygo_store, 2, "effect-monsters")
    assert [c.slug for c in parent.children] == ["flip", "toon", "spirit", "union", "gemini"]


def test_references_keep_their_labels_and_authority(ygo_store):
    t = ygo.get_topic(ygo_store, 1, "game-mat")
    first = t.references[0]
    assert first.label == "Official rulebook pages 3-5" and first.authority == "rulebook"
    assert first.url == "https://www.yugioh-card.com/en/rulebook/"
    assert any(r.label.startswith("OCG Perfect Rulebook 2017") and r.authority == "rulebook" for r in t.references)
    assert len({r.block for r in t.references}) > 5  # one list per block of the page
    rulings = [r for ch in range(1, 11) for ref in ygo.get_chapter(ygo_store, ch).topics
               for r in ygo.get_topic(ygo_store, ch, ref.slug_es).references if r.authority == "ruling"]
    assert len(rulings) > 100 and all("ruling" in r.label.lower() or "ygoresources" in (r.url or "") for r in rulings)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        for k, v in attrs:
            if k == "href":
                self.hrefs.append(v)
            assert not k.startswith("on"), f"event handler attribute {k}"


def _all_topics(store):
    for ch in range(1, 11):
        for ref in ygo.get_chapter(store, ch).topics:
            yield ygo.get_topic(store, ch, ref.slug_es)


def test_every_internal_link_resolves_and_html_is_safe(ygo_store):
    internal = cards = 0
    for t in _all_topics(ygo_store):
        parser = _Links()
        parser.feed(t.html)
        assert not parser.tags & {"script", "style", "img", "iframe", "include", "span"} - {"span"}
        for href in parser.hrefs:
            path = href.split("#")[0]
            if href.startswith("/yugioh/reglas/"):
                internal += 1
                chapter, topic = path.removeprefix("/yugioh/reglas/").split("/")
                assert ygo.get_topic(ygo_store, chapter, topic).ref.url == path
            elif href.startswith("/yugioh/cartas/"):
                cards += 1
            elif href.startswith("#"):
                assert f'id="{href[1:]}"' in t.html
            else:
                assert href.startswith(("https://", "http://")), href
        for link in t.links:
            assert ygo.get_topic(ygo_store, link.chapter, link.slug_es).ref == link
    assert internal >= 60 and cards > 2000


def test_card_links_name_cards_in_the_store(ygo_store):
    names = {n for t in _all_topics(ygo_store) for n in t.cards}
    assert len(names) > 700
    for name in sorted(names)[::25]:
        assert ygo.get_card(ygo_store, name).name == name


def test_spanish_titles_match_the_source():
    rows = read_titles()
    assert len(rows) == 199
    from gatewatch.sources.ygo.parse import parse_rulebook  # noqa: PLC0415 - only this test needs it
    mirror_sections = next(iter([Path(__file__).resolve().parents[3] / "shared" / "data" / "rules" / "ygo" / "en" /
                                 "comprehensive_rulebook_laaners" / "sections"]))
    if not mirror_sections.is_dir():
        pytest.skip("mirror beside the checkout not found")
    files = {p.relative_to(mirror_sections).as_posix(): p.read_text("utf-8") for p in mirror_sections.rglob("*.html")}
    for ch in parse_rulebook(files):
        assert rows[ch.path][0] == ch.title
        for t in ch.topics:
            assert rows[t.path][0] == t.title, t.path


def test_search_topics(ygo_store):
    hits = ygo.search_topics(ygo_store, "desterrar")
    assert hits[0].slug == "banish"
    assert ygo.search_topics(ygo_store, "damage step")[0].slug == "damage-step"


@pytest.mark.parametrize("chapter,topic", [("11", "banish"), ("2", "no-such-topic"), ("0", "x"), ("glossary", "")])
def test_unknown_topic_is_not_found(ygo_store, chapter, topic):
    with pytest.raises(NotFound):
        ygo.get_topic(ygo_store, chapter, topic)


def test_not_found_suggests_the_right_chapter(ygo_store):
    with pytest.raises(NotFound) as err:
        ygo.get_topic(ygo_store, 10, "flip")
    assert "Volteo (2/volteo)" in err.value.suggestions
    with pytest.raises(NotFound) as err:
        ygo.get_topic(ygo_store, 10, "desterar")
    assert "Desterrar (10/desterrar)" in err.value.suggestions


def test_titles_tsv_has_no_duplicate_spanish_slugs(ygo_store):
    for ch in ygo.list_chapters(ygo_store):
        slugs = [t.slug_es for t in ch.topics]
        assert len(slugs) == len(set(slugs))
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", s) for s in slugs)
