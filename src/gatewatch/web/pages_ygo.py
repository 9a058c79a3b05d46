"""Yu-Gi-Oh pages: rules chapters and topics, cards, and card search (each with a .json twin)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse
from markupsafe import Markup

from .. import ygo
from ..errors import GatewatchError, QueryError
from ..spanish.ygo import topic_spanish
from . import i18n
from .site import page, wants_json

router = APIRouter()

TEXT: dict[str, dict[str, str]] = {
    "es": {"rules": "Reglas de Yu-Gi-Oh", "chapter": "Capítulo", "topic": "Tema", "topics": "temas",
           "sources": "Fuentes", "subtopics": "Subtemas", "inside": "Dentro de",
           "cards": "Cartas de Yu-Gi-Oh",
           "search": "Buscar cartas de Yu-Gi-Oh", "no_results": "Ninguna carta coincide.", "query_error":
           "Error en la búsqueda", "position": "posición",
           "english_only": "Texto en inglés: aún no hay versión en español. Es un reglamento completo hecho por "
           "fans; cada bloque cita sus fuentes oficiales abajo.",
           "unlisted": "Borrador: el sitio original no enlaza este tema.", "status": "Lista de Prohibidas y "
           "Limitadas", "card_text": "Texto oficial de la carta", "pendulum": "Efecto de Péndulo",
           "topics_found": "Temas de reglas", "cards_found": "Cartas", "of": "de", "search_button": "Buscar",
           "placeholder": "p. ej. type:xyz atk>=2500 attr:light"},
    "en": {"rules": "Yu-Gi-Oh rules", "chapter": "Chapter", "topic": "Topic", "topics": "topics",
           "sources": "Sources", "subtopics": "Subtopics", "inside": "Part of", "cards": "Yu-Gi-Oh cards",
           "search": "Search Yu-Gi-Oh cards", "no_results": "No cards match.", "query_error": "Query error",
           "position": "position", "english_only": "English text (no Spanish version yet). A fan-made comprehensive "
           "rulebook; every block cites its official sources below.", "unlisted": "Draft: the upstream site does "
           "not link this topic.", "status": "Forbidden & Limited status", "card_text": "Official card text",
           "pendulum": "Pendulum Effect", "topics_found": "Rules topics", "cards_found": "Cards", "of": "of",
           "search_button": "Search", "placeholder": "e.g. type:xyz atk>=2500 attr:light"},
}
AUTHORITY = {
    "es": {"rulebook": "Reglamento oficial", "ruling": "Resolución oficial", "official": "Publicación de Konami",
           "unofficial": "Fuente no oficial", "wiki": "Wiki de la comunidad", "other": "Otra fuente",
           "fan_rulebook": "Reglamento de fans", "official_card_text": "Texto oficial de carta"},
    "en": {"rulebook": "Official rulebook", "ruling": "Official ruling", "official": "Konami publication",
           "unofficial": "Unofficial source", "wiki": "Community wiki", "other": "Other source",
           "fan_rulebook": "Fan rulebook", "official_card_text": "Official card text"},
}
STATUS_ES = {"forbidden": "Prohibida", "limited": "Limitada", "semilimited": "Semilimitada",
             "unlimited": "Ilimitada", "unreleased": "No publicada"}
_SITE_HREF = re.compile(r'href="(/yugioh/[^"#?]*)(#[^"]*)?"')


def localize(html: str, lang: str) -> Markup:
    """Stored topic HTML (already sanitised at build time) with its site links kept in the reader's language."""
    if lang != "es":
        html = _SITE_HREF.sub(lambda m: f'href="{m.group(1)}?lang={lang}{m.group(2) or ""}"', html)
    return Markup(html)


def _suffix(lang: str) -> str:
    return "" if lang == "es" else f"?lang={lang}"


def _store(request: Request) -> Any:
    return request.app.state.site.store


def _extra(lang: str) -> dict[str, Any]:
    return {"t": TEXT[lang], "authority": AUTHORITY[lang], "q": _suffix(lang), "status_es": STATUS_ES}


@router.get("/yugioh/reglas", include_in_schema=False)
@router.get("/yugioh/reglas.json", include_in_schema=False)
def chapters_page(request: Request, lang: str | None = None):
    lang = i18n.pick_lang(lang)
    chapters = ygo.list_chapters(_store(request))
    data = {"chapters": [c.model_dump(exclude={"intro_html", "references"}) for c in chapters]}
    return page(request, "ygo_chapters.html", data, lang=lang, as_json=request.url.path.endswith(".json"),
                title=TEXT[lang]["rules"], **_extra(lang))


@router.get("/yugioh/reglas/{chapter}", include_in_schema=False)
def chapter_page(request: Request, chapter: str, lang: str | None = None):
    chapter, as_json = wants_json(chapter)
    lang = i18n.pick_lang(lang)
    ch = ygo.get_chapter(_store(request), chapter)
    if not as_json and chapter != str(ch.number):
        return RedirectResponse(ch.url + _suffix(lang), status_code=307)
    title = f"{TEXT[lang]['chapter']} {ch.roman}: {ch.title if lang == 'es' else ch.title_en}"
    return page(request, "ygo_chapter.html", {"chapter": ch.model_dump()}, lang=lang, as_json=as_json, title=title,
                intro=localize(ch.intro_html, lang), **_extra(lang))


@router.get("/yugioh/reglas/{chapter}/{topic}", include_in_schema=False)
def topic_page(request: Request, chapter: str, topic: str, lang: str | None = None):
    topic, as_json = wants_json(topic)
    lang = i18n.pick_lang(lang)
    t = ygo.get_topic(_store(request), chapter, topic)
    if not as_json and (topic != t.ref.slug_es or chapter != str(t.ref.chapter)):
        # An English slug, a title or a position: send the reader to the topic's one canonical address.
        return RedirectResponse(t.ref.url + _suffix(lang), status_code=307)
    shown = t.ref.title if lang == "es" else t.ref.title_en
    es = topic_spanish(_store(request), t.ref.chapter, t.ref.slug_es, t.text)
    data = {"topic": t.model_dump(), "spanish": es.model_dump() if es is not None else None}
    return page(request, "ygo_topic.html", data, lang=lang, as_json=as_json,
                title=f"{shown} · {TEXT[lang]['rules']}", body=localize(t.html, lang),
                spanish=es if lang == "es" else None, **_extra(lang))


@router.get("/yugioh/cartas/{name:path}", include_in_schema=False)
def card_page(request: Request, name: str, lang: str | None = None):
    name, as_json = wants_json(name)
    lang = i18n.pick_lang(lang)
    card = ygo.get_card(_store(request), name)
    if not as_json and card.name != name:
        return RedirectResponse("/yugioh/cartas/" + quote(card.name, safe="") + _suffix(lang), status_code=307)
    shown = card.es.name if lang == "es" and card.es else card.name
    return page(request, "ygo_card.html", {"card": card.model_dump()}, lang=lang, as_json=as_json, title=shown,
                **_extra(lang))


_TOPIC_REF = re.compile(r"\((\d+)/([a-z0-9-]+)\)$|^(\d+)/([a-z0-9-]+)$")


def _direct_hit(store: Any, q: str) -> str | None:
    """The page a search names outright: a topic as 'Título (2/volteo)' (as the 404 page suggests them)
    or '2/volteo', or the exact name of one card."""
    text = q.strip()
    m = _TOPIC_REF.search(text)
    if m:
        try:
            return ygo.get_topic(store, m.group(1) or m.group(3), m.group(2) or m.group(4)).ref.url
        except GatewatchError:
            return None
    if text and not any(ch in text for ch in ":<>=/\"()"):
        res = ygo.resolve_name(store, text)
        if res.status == "found" and res.match == "exact":
            return "/yugioh/cartas/" + quote(res.card or "", safe="")
    return None


@router.get("/yugioh/buscar", include_in_schema=False)
@router.get("/yugioh/buscar.json", include_in_schema=False)
def search_page(request: Request, q: str = "", limit: int = 60, lang: str | None = None):
    lang = i18n.pick_lang(lang)
    as_json = request.url.path.endswith(".json")
    store = _store(request)
    if not as_json and (target := _direct_hit(store, q)) is not None:
        return RedirectResponse(target + _suffix(lang), status_code=303)
    data: dict[str, Any] = {"query": q, "total": 0, "cards": [], "topics": [], "error": None}
    status = 200
    if q.strip():
        try:
            result = ygo.search_cards(store, q, limit=max(1, min(limit, 200)))
            data.update(total=result.total, cards=[c.model_dump() for c in result.cards])
        except QueryError as err:
            if as_json:
                raise
            data["error"] = {"message": err.message, "position": err.position}
            status = 400
        if not any(ch in q for ch in ":<>=/"):
            data["topics"] = [r.model_dump() for r in ygo.search_topics(store, q, limit=8)]
    return page(request, "ygo_search.html", data, lang=lang, as_json=as_json, status=status,
                title=f"{TEXT[lang]['search']}: {q}" if q else TEXT[lang]["search"], **_extra(lang))
