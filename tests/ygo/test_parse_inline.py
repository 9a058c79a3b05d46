"""The pure rulebook and card parsers on tiny inline inputs."""

from __future__ import annotations

import pytest

from gatewatch.errors import SourceError
from gatewatch.sources.ygo.cards import parse_card
from gatewatch.sources.ygo.html import html_to_text, parse_fragment
from gatewatch.sources.ygo.parse import anchor_index, finalize_links, parse_rulebook, slug_of

CHAPTER = """<h1>Glossary</h1>
<p>Intro.</p>
<!-- <include>build_site/sections/01_glossary/draft.html</include> -->
<include>build_site/sections/01_glossary/banish.html</include>
<include>build_site/sections/01_glossary/field.html</include>
"""
BANISH = """<h2>Banish</h2>
<p onclick="x()">Banished cards<sup><a href="#">[1]</a></sup> are face-up. See <a href="#zones">zones</a>
and <span class="tooltip-anchor" data-name="81674782">"Dimensional Fissure"</span>.</p>
<script>alert(1)</script>
<h4>Temporarily</h4>
<include>build_site/sections/01_glossary/banish/until.html</include>
<em>References:</em>
<ol class="references">
  <li><a target="_blank" href="https://www.yugioh-card.com/en/rulebook/">Official rulebook page 40</a></li>
  <li>YGOrg Database of Official OCG Rulings: <a href="https://db.ygoresources.com/qa#1">"Macro Cosmos"</a></li>
</ol>
"""
UNTIL = "<p>Until the End Phase.</p>\n<em>References:</em>\n<ol class=\"references\"></ol>"
FIELD = '<h2>Field</h2><ul><li id="zones">Zones</li></ul><img src="https://images.ygoprodeck.com/images/cards/99.jpg">'
DRAFT = "<h2>Draft</h2><p>Not linked.</p>"
FILES = {"01_glossary.html": CHAPTER, "01_glossary/banish.html": BANISH, "01_glossary/banish/until.html": UNTIL,
         "01_glossary/field.html": FIELD, "01_glossary/draft.html": DRAFT}


def test_fragment_title_references_cards_and_safety():
    f = parse_fragment("01_glossary/banish.html", BANISH)
    assert f.title == "Banish" and "<h2>" not in f.html
    assert "onclick" not in f.html and "alert" not in f.html and "<script" not in f.html
    assert f.cards == ["81674782"]
    assert [(r.label, r.authority, r.block) for r in f.references] == [
        ("Official rulebook page 40", "rulebook", 0),
        ('YGOrg Database of Official OCG Rulings: "Macro Cosmos"', "ruling", 0)]
    assert f.includes == [("01_glossary/banish/until.html", "Temporarily")]
    assert "<sup>[1]</sup>" in f.html


def test_empty_references_are_dropped_and_text_keeps_blocks():
    f = parse_fragment("x.html", UNTIL)
    assert f.title is None and "References" not in f.html
    assert html_to_text("<p>A</p><ul><li>b</li><li>c</li></ul>") == "A\n• b\n• c"


def test_rulebook_order_parents_titles_and_drafts():
    [chapter] = parse_rulebook(FILES)
    assert (chapter.number, chapter.slug, chapter.title) == (1, "glossary", "Glossary")
    assert [(t.slug, t.title, t.depth, t.listed) for t in chapter.topics] == [
        ("banish", "Banish", 0, True), ("until", "Temporarily", 1, True), ("field", "Field", 0, True),
        ("draft", "Draft", 0, False)]
    assert chapter.topics[1].parent == "01_glossary/banish.html"


def test_finalize_links():
    [chapter] = parse_rulebook(FILES)
    banish = chapter.topics[0]
    titles = {t.path: t.title.upper() for t in chapter.topics}
    html, links = finalize_links(banish.html, self_path=banish.path, anchors=anchor_index([chapter]), titles=titles,
                                 topic_url=lambda p: "/t/" + slug_of(p),
                                 card=lambda pw: ("/c/fissure", "Dimensional Fissure") if pw == "81674782" else None)
    assert '<a class="topic" href="/t/field#zones">zones</a>' in html
    assert '<a class="card" href="/c/fissure">"Dimensional Fissure"</a>' in html
    assert '<p class="see">→ <a class="topic" href="/t/until">TEMPORARILY</a></p>' in html
    assert links.topics == ["01_glossary/banish/until.html", "01_glossary/field.html"] and not links.unresolved
    field = chapter.topics[2]
    html, links = finalize_links(field.html, self_path=field.path, anchors={}, titles=titles, topic_url=str,
                                 card=lambda pw: None)
    assert "99" not in html and links.unresolved == ["card 99"]


def test_missing_include_and_headingless_topic_fail_clearly():
    with pytest.raises(SourceError, match="missing file: 01_glossary/nope.html"):
        parse_rulebook({**FILES, "01_glossary.html": CHAPTER + "<include>01_glossary/nope.html</include>"})
    with pytest.raises(SourceError, match="without a heading"):
        parse_rulebook({**FILES, "01_glossary/banish.html": BANISH.replace("<h4>Temporarily</h4>", "<p>x</p>")})


def test_parse_card():
    card = parse_card({"id": "u1", "cardType": "monster", "text": {"en": {"name": "Link Thing", "effect": "E."},
                                                                    "es": {"name": "Cosa Enlace"}},
                       "type": "cyberse", "attribute": "dark", "classifications": ["effect"],
                       "monsterCardTypes": ["link"], "level": 0, "atk": 2300, "linkArrows": ["top", "bottom"],
                       "passwords": ["01861629"], "legality": {"tcg": {"current": "limited"}}})
    assert (card.type_line, card.link, card.level, card.defense, card.atk) == ("Cyberse/Link/Effect", 2, None, None,
                                                                               "2300")
    assert card.kinds == ["monster", "link", "effect", "extra"] and card.passwords == ["1861629"]
    assert card.status == {"tcg": "limited"} and card.es_name == "Cosa Enlace" and card.es_text is None
    spell = parse_card({"id": "u2", "cardType": "spell", "subcategory": "quickplay", "text": {"en": {"name": "S"}}})
    assert spell.type_line == "Quick-Play Spell" and spell.kinds == ["spell", "quickplay"]
    with pytest.raises(SourceError, match="line 3: missing field"):
        parse_card({"id": "u3"}, "line 3")
