"""The Yu-Gi-Oh library functions the CLI, the web and the judge call."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from ..errors import NotFound
from ..text import fold
from .load import card_url, topic_url
from .models import (YgoCard, YgoCardSummary, YgoCardText, YgoChapter, YgoReference, YgoSearchResult, YgoTopic,
                     YgoTopicRef)
from .names import resolve_name
from .query import Context, compile_query

if TYPE_CHECKING:
    from ..store import Store

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def require_ygo(store: Store) -> None:
    """Raise NotFound (one clear line, a 404 on the web) when the store has no Yu-Gi-Oh data."""
    ok = getattr(store, "_ygo_present", None)
    if ok is None:
        check = getattr(store, "has_ygo", None)
        ok = bool(check and check())
        store._ygo_present = ok
    if not ok:
        raise NotFound("Yu-Gi-Oh data in this database (rebuild it with `gatewatch build`)")


def _chapter_model(row: Any, topics: list[YgoTopicRef] | None = None) -> YgoChapter:
    return YgoChapter(number=row["number"], roman=ROMAN[row["number"] - 1], slug=row["slug"], slug_es=row["slug_es"],
                      title=row["title_es"], title_en=row["title_en"], url=f"/yugioh/reglas/{row['number']}",
                      intro_html=row["html"], references=[YgoReference(**r) for r in json.loads(row["refs"])],
                      topics=topics or [])


def _ref(row: Any) -> YgoTopicRef:
    return YgoTopicRef(chapter=row["chapter"], ordinal=row["ordinal"], slug=row["slug"], slug_es=row["slug_es"],
                       title=row["title_es"], title_en=row["title_en"], depth=row["depth"],
                       url=topic_url(row["chapter"], row["slug_es"]))


def chapter_number(store: Store, chapter: str | int) -> int:
    """A chapter by number ('2', '02'), Roman numeral ('II'), or slug/title in English or Spanish."""
    require_ygo(store)
    text = str(chapter).strip()
    rows = store.ygo_chapters()
    if text.isdigit() and any(r["number"] == int(text) for r in rows):
        return int(text)
    if text.upper() in ROMAN[:len(rows)]:
        return ROMAN.index(text.upper()) + 1
    key = fold(text.replace("-", " "))
    for r in rows:
        if key in {fold(r[c].replace("-", " ")) for c in ("slug", "slug_es", "title_en", "title_es")}:
            return r["number"]
    titles = {f"{r['number']} ({r['title_es']})": fold(r["title_es"]) for r in rows}
    near = [label for _, _, label in process.extract(key, titles, scorer=fuzz.WRatio, limit=3, score_cutoff=60)]
    raise NotFound(f"Yu-Gi-Oh chapter '{chapter}'", near or [str(r["number"]) for r in rows])


def list_chapters(store: Store) -> list[YgoChapter]:
    """Every chapter in order, each with its topics in reading order."""
    require_ygo(store)
    return [_chapter_model(r, [_ref(t) for t in store.ygo_topics_of(r["number"])]) for r in store.ygo_chapters()]


def get_chapter(store: Store, chapter: str | int) -> YgoChapter:
    number = chapter_number(store, chapter)
    return _chapter_model(store.ygo_chapter(number), [_ref(t) for t in store.ygo_topics_of(number)])


def _find_topic(store: Store, number: int, topic: str) -> Any:
    text = str(topic).strip()
    for column, value in (("slug_es", text), ("slug", text), ("slug_es", text.lower()), ("slug", text.lower())):
        row = store.ygo_topic_by(number, column, value)
        if row is not None:
            return row
    if text.isdigit():
        row = store.ygo_topic_by(number, "ordinal", int(text))
        if row is not None:
            return row
    key = fold(text.replace("-", " "))
    topics = store.ygo_topics_of(number)
    for t in topics:
        if key and key in {fold(t[c].replace("-", " ")) for c in ("slug", "slug_es", "title_en", "title_es")}:
            return store.ygo_topic_by(number, "ordinal", t["ordinal"])
    choices = {f"{t['title_es']} ({number}/{t['slug_es']})": f"{fold(t['title_es'])} {fold(t['title_en'])}"
               for t in topics}
    near = [label for _, _, label in process.extract(key, choices, scorer=fuzz.WRatio, limit=5, score_cutoff=70)]
    elsewhere = []  # the same slug in another chapter: the reader had the wrong chapter number
    for c in store.ygo_chapters():
        other = store.ygo_topic_by(c["number"], "slug_es", text) or store.ygo_topic_by(c["number"], "slug", text)
        if other is not None and c["number"] != number:
            elsewhere.append(f"{other['title_es']} ({c['number']}/{other['slug_es']})")
    raise NotFound(f"Yu-Gi-Oh topic '{topic}' in chapter {number}", elsewhere + near)


def get_topic(store: Store, chapter: str | int, topic: str) -> YgoTopic:
    """One topic, by chapter (number, Roman numeral or name) and topic (Spanish or English slug, title or
    position); NotFound lists the closest topics otherwise, as 'Título (capítulo/tema)'."""
    number = chapter_number(store, chapter)
    row = _find_topic(store, number, topic)
    prev = store.ygo_topic_by(number, "ordinal", row["ordinal"] - 1)
    nxt = store.ygo_topic_by(number, "ordinal", row["ordinal"] + 1)
    parent = store.ygo_topic_path(row["parent"]) if row["parent"] else None
    children = [_ref(t) for t in store.ygo_topics_of(number) if t["parent"] == row["path"]]
    links = [_ref(r) for r in (store.ygo_topic_path(p) for p in json.loads(row["links"])) if r is not None]
    return YgoTopic(
        chapter=_chapter_model(store.ygo_chapter(number)), ref=_ref(row), html=row["html"], text=row["text"],
        references=[YgoReference(**r) for r in json.loads(row["refs"])],
        previous=_ref(prev) if prev is not None else None, next=_ref(nxt) if nxt is not None else None,
        parent=_ref(parent) if parent is not None else None, children=children, links=links,
        cards=json.loads(row["cards"]), listed=bool(row["listed"]))


def search_topics(store: Store, query: str, limit: int = 10) -> list[YgoTopicRef]:
    """Topics whose title or text has every word of `query` (English or Spanish titles), best first."""
    require_ygo(store)
    words = [w for w in fold(query).split() if len(w) > 1]
    if not words:
        return []
    match = " ".join(f'"{w}"*' for w in words)
    return [_ref(r) for r in store.search_ygo_topics_fts(match, limit)]


# ---- cards ----

def _card_model(store: Store, row: Any) -> YgoCard:
    d = json.loads(row["data"])
    es = YgoCardText(name=d["es_name"], text=d.get("es_text"), pendulum_text=d.get("es_pendulum_text")) \
        if d.get("es_name") else None
    return YgoCard(name=d["name"], uuid=d["uuid"], card_type=d["card_type"], type_line=d["type_line"],
                   kinds=d.get("kinds", []), attribute=d.get("attribute"), race=d.get("race"), level=d.get("level"),
                   rank=d.get("rank"), link_rating=d.get("link"), link_arrows=d.get("link_arrows", []),
                   scale=d.get("scale"), atk=d.get("atk"), defense=d.get("defense"), text=d.get("text"),
                   pendulum_text=d.get("pendulum_text"), es=es, passwords=d.get("passwords", []),
                   status=store.ygo_card_status(row["id"]))


def get_card(store: Store, name: str, lang: str | None = None) -> YgoCard:
    """The card a typed name (English or Spanish, or its YGOJSON id) refers to; NotFound lists candidates."""
    require_ygo(store)
    if _UUID.match(name.strip()):
        row = store.ygo_card_by_uuid(name.strip())
        if row is not None:
            return _card_model(store, row)
    res = resolve_name(store, name, lang=lang)
    if res.status != "found" or res.card_id is None:
        raise NotFound(f"Yu-Gi-Oh card '{name}'", [c.name for c in res.candidates])
    return _card_model(store, store.ygo_card_row(res.card_id))


def _context(store: Store) -> Context:
    formats = getattr(store, "_ygo_formats", None)
    if formats is None:
        formats = store.ygo_formats()
        store._ygo_formats = formats
    return Context(formats=formats)


def search_cards(store: Store, query: str, limit: int = 50) -> YgoSearchResult:
    """Cards matching a query (see gatewatch.ygo.query), by name; raises QueryError with a position."""
    require_ygo(store)
    where, params = compile_query(query, _context(store))
    total, rows = store.search_ygo_cards_sql(where, params, max(0, int(limit)))
    cards = [YgoCardSummary(name=r["name"], es_name=r["es_name"], card_type=r["card_type"], type_line=r["type_line"],
                            attribute=r["attribute"], level=r["level"], rank=r["rank"], link_rating=r["link"],
                            atk=r["atk"], defense=r["def"], text=r["text"] or "", url=card_url(r["name"]))
             for r in rows]
    return YgoSearchResult(query=query, total=total, cards=cards)
