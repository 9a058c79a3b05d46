"""Card pages and mechanic articles (each with a .json twin)."""

from __future__ import annotations

from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse

from ..errors import GatewatchError, NotFound
from ..rules import mechanics
from . import i18n
from .site import HAS_CARDS, page, wants_json

router = APIRouter()


def card_data(store, name: str) -> dict:
    if not HAS_CARDS:
        raise NotFound(f"card {name!r} (the card database is not built)")
    from .. import cards
    card = cards.get_card(store, name)
    return {"card": card.model_dump()}


@router.get("/cartas/{name:path}", include_in_schema=False)
def card_page(request: Request, name: str, lang: str | None = None):
    name, as_json = wants_json(name)
    lang = i18n.pick_lang(lang)
    site = request.app.state.site
    data = card_data(site.store, name)
    c = data["card"]
    if not as_json and c["name"] != name:
        # A Spanish, partial or misspelled name: send the reader to the card's one canonical address.
        return RedirectResponse(f"/cartas/{quote(c['name'])}" + ("" if lang == "es" else f"?lang={lang}"),
                                status_code=307)
    shown = c["es"]["name"] if lang == "es" and c.get("es") else c["name"]
    rulings = [{"date": r["date"], "html": site.linkify(r["text"], lang, site.latest)} for r in c["rulings"]]
    from .pages_rules import title_of
    keywords = {k["rule"]: title_of(site.store, k["rule"], k["keyword"], lang) for k in c["keywords"] if k["rule"]}
    return page(request, "card.html", data, lang=lang, as_json=as_json, title=shown, rulings=rulings,
                keyword_titles=keywords)


def cards_with(store, m: mechanics.Mechanic, limit: int = 24) -> dict:
    if not HAS_CARDS:
        return {"query": None, "total": 0, "cards": []}
    from .. import cards
    name = (m.glossary_term or m.english_title).split(",")[0].replace('"', "")
    query = f'kw:"{name}"' if m.kind != "concept" else f'o:"{name.lower()}"'
    try:
        res = cards.search_cards(store, query, limit=limit)
    except GatewatchError:
        return {"query": query, "total": 0, "cards": []}
    if m.kind == "keyword_action" and res.total == 0:
        res = cards.search_cards(store, f'o:"{name.lower()}"', limit=limit)
    return {"query": query, "total": res.total, "cards": [c.model_dump() for c in res.cards]}


@router.get("/mecanicas", include_in_schema=False)
@router.get("/mecanicas.json", include_in_schema=False)
def mechanics_index(request: Request, lang: str | None = None):
    lang = i18n.pick_lang(lang)
    items = mechanics.list_mechanics(request.app.state.site.store, lang)
    data = {"mechanics": [m.model_dump() for m in items]}
    return page(request, "mechanics_index.html", data, lang=lang, as_json=request.url.path.endswith(".json"),
                title=i18n.label(lang, "mechanics"))


@router.get("/mecanicas/{slug}", include_in_schema=False)
def mechanic_page(request: Request, slug: str, lang: str | None = None):
    slug, as_json = wants_json(slug)
    lang = i18n.pick_lang(lang)
    site = request.app.state.site
    m = mechanics.get_mechanic(site.store, slug, lang)
    data = {"mechanic": m.model_dump(), "cards": cards_with(site.store, m)}
    es_rules = {}
    if lang == "es":
        from .pages_rules import spanish
        for q in m.rules:
            es = spanish(site.store, q.id, m.version)
            if es is not None:
                es_rules[q.id] = es
    quoted = [{"id": q.id, "html": site.linkify(es_rules[q.id].text if q.id in es_rules else q.text, lang,
                                                m.version, q.id),
               "examples": [site.linkify(e, lang, m.version) for e in
                            (es_rules[q.id].examples if q.id in es_rules and es_rules[q.id].examples
                             else q.examples)]} for q in m.rules]
    definition = None
    if m.glossary_term:
        from .pages_rules import _term_label  # noqa: F401 - same Spanish lookup as the glossary page
        definition = m.definition
        if lang == "es":
            from .site import HAS_SPANISH
            if HAS_SPANISH:
                from ..spanish import api as spanish_api
                es = spanish_api.spanish_glossary(site.store, m.glossary_term, m.version)
                definition = es.definition if es is not None else m.definition
    return page(request, "mechanic.html", data, lang=lang, as_json=as_json, title=m.title, quoted=quoted,
                definition=site.linkify(definition, lang, m.version) if definition else None)
