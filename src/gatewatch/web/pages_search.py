"""One search box for everything, and autocomplete for card names and glossary terms."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse
from rapidfuzz import process

from ..errors import GatewatchError, QueryError
from ..rules import api
from . import i18n
from .site import HAS_CARDS, HAS_SPANISH, page

router = APIRouter()
_SCRYFALL_HINT = (":", "<", ">", "=", "/")


def _cards():
    from .. import cards
    return cards


def search_everything(store, q: str, lang: str, limit: int = 20) -> dict[str, Any]:
    """Rules (English and, for Spanish, our Spanish text), glossary terms and cards for one query."""
    data: dict[str, Any] = {"query": q, "rules": [], "glossary": [], "cards": [], "card_error": None}
    if not q.strip():
        return data
    rules = api.search_rules(store, q, limit=limit)
    data["version"] = rules.version
    hits = [h.model_dump() for h in rules.results]
    if HAS_SPANISH:
        from ..spanish import api as spanish_api
        es_hits = [h.model_dump() for h in spanish_api.search_spanish(store, q, limit=limit).results
                   if h.kind in ("rule", "example")]
        seen = {(h["id"], h["kind"]) for h in hits}
        merged = [h for h in es_hits if (h["id"], h["kind"]) not in seen]
        hits = (merged + hits if lang == "es" else hits + merged)[:limit]
    data["rules"] = hits
    fq = api.fts_query(q, "OR")
    if fq:
        data["glossary"] = [{"term": r["term"], "definition": r["definition"]}
                            for r in store.search_glossary_fts(fq, rules.version, 8)]
    if HAS_CARDS:
        try:
            res = _cards().search_cards(store, q, limit=limit)
            data["cards"] = [c.model_dump() for c in res.cards]
            data["cards_total"] = res.total
        except QueryError as err:
            if any(ch in q for ch in _SCRYFALL_HINT):
                data["card_error"] = {"message": err.message, "position": err.position}
    return data


@router.get("/buscar", include_in_schema=False)
@router.get("/buscar.json", include_in_schema=False)
def search_page(request: Request, q: str = "", lang: str | None = None):
    lang = i18n.pick_lang(lang)
    store = request.app.state.site.store
    as_json = request.url.path.endswith(".json")
    suffix = "" if lang == "es" else f"?lang={lang}"
    if not as_json and q.strip():
        rid = api.parse_rule_id(q)
        if rid and store.rule_exists(rid):
            return RedirectResponse(f"/reglas/{rid}{suffix}", status_code=303)
        if HAS_CARDS and not any(ch in q for ch in _SCRYFALL_HINT):
            res = _cards().resolve_name(store, q)
            if res.status == "found" and res.match in ("exact",):
                from urllib.parse import quote
                return RedirectResponse(f"/cartas/{quote(res.card)}{suffix}", status_code=303)
    data = search_everything(store, q, lang)
    return page(request, "search.html", data, lang=lang, as_json=as_json,
                title=f"{i18n.label(lang, 'search')}: {q}" if q else i18n.label(lang, "search"))


@router.get("/api/autocomplete", tags=["search"], summary="Card names and glossary terms for a prefix")
def autocomplete(request: Request, q: str = "", limit: int = 10) -> JSONResponse:
    store = request.app.state.site.store
    limit = max(1, min(limit, 25))
    out: list[dict[str, str]] = []
    if len(q.strip()) >= 2:
        if HAS_CARDS:
            try:
                out += [{"kind": "card", "label": n, "url": f"/cartas/{n}"}
                        for n in _cards().autocomplete(store, q, limit)]
            except GatewatchError:
                pass
        terms = api.glossary_index(store)
        low = q.strip().lower()
        starts = [t for t in terms if t.lower().startswith(low)]
        if len(starts) < 3:
            starts += [m[0] for m in process.extract(q, terms, limit=3, score_cutoff=80) if m[0] not in starts]
        out += [{"kind": "term", "label": t, "url": f"/glosario/{t}"} for t in starts[:5]]
    return JSONResponse({"query": q, "suggestions": out[:limit]})
