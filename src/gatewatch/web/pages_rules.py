"""Rule pages, the table of contents, the glossary and the version diffs (each with a .json twin)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ..rules import api
from . import i18n
from .site import HAS_SPANISH, Site, page, wants_json

router = APIRouter()


def site(request: Request) -> Site:
    return request.app.state.site


def spanish(store, rule_id: str, version: str) -> Any:
    if not HAS_SPANISH:
        return None
    from ..spanish import api as spanish_api
    return spanish_api.spanish_rule(store, rule_id, version)


def title_of(store, rule_id: str, english: str, lang: str) -> str:
    if lang == "es" and HAS_SPANISH:
        from ..spanish import api as spanish_api
        es = spanish_api.spanish_title(store, rule_id)
        if es:
            return es
    return english


def rule_data(s: Site, rule_id: str, version: str | None, lang: str) -> dict[str, Any]:
    r = api.get_rule(s.store, rule_id, version)
    es = spanish(s.store, r.id, r.version)
    hist = api.history(s.store, r.id, r.version)
    return {
        "rule": r.model_dump(),
        "spanish": es.model_dump() if es is not None else None,
        "section_title": title_of(s.store, r.section, r.section_title, lang),
        "chapter_title": title_of(s.store, r.chapter, r.chapter_title, lang),
        "history": hist.model_dump()["entries"],
        "versions": s.versions,
        "latest": s.latest,
    }


@router.get("/reglas/{rule_id}", include_in_schema=False)
def rule_page(request: Request, rule_id: str, lang: str | None = None, version: str | None = None):
    rule_id, as_json = wants_json(rule_id)
    lang = i18n.pick_lang(lang)
    s = site(request)
    data = rule_data(s, rule_id, version, lang)
    r = data["rule"]
    heading = data["section_title"] if r["kind"] not in ("section", "chapter") else title_of(
        s.store, r["id"], r["text"], lang)
    title = f"{i18n.label(lang, 'rule')} {r['id']} · {heading}"
    es = data["spanish"] if lang == "es" else None
    body = s.linkify(es["text"] if es else r["text"], lang, r["version"], r["id"])
    examples = [s.linkify(e, lang, r["version"]) for e in (es["examples"] if es and es.get("examples")
                                                            else r["examples"])]
    return page(request, "rule.html", data, lang=lang, as_json=as_json, title=title, body=body,
                examples=examples, english=s.linkify(r["text"], "en", r["version"], r["id"]) if es else None,
                english_examples=[s.linkify(e, "en", r["version"]) for e in r["examples"]] if es else [],
                child_titles={c["id"]: c["text"] for c in s.store.children_of(r["version"], r["id"])})


@router.get("/reglas", include_in_schema=False)
@router.get("/reglas.json", include_in_schema=False)
def toc_page(request: Request, lang: str | None = None, version: str | None = None):
    lang = i18n.pick_lang(lang)
    s = site(request)
    v = api.resolve_version(s.store, version)
    chapters = []
    for ch in s.store.children_of(v, None):
        sections = [{"id": sec["id"], "title": title_of(s.store, sec["id"], sec["text"], lang)}
                    for sec in s.store.children_of(v, ch["id"])]
        chapters.append({"id": ch["id"], "title": title_of(s.store, ch["id"], ch["text"], lang),
                         "sections": sections})
    data = {"version": v, "chapters": chapters}
    return page(request, "toc.html", data, lang=lang, as_json=request.url.path.endswith(".json"),
                title=i18n.label(lang, "toc"))


@router.get("/glosario", include_in_schema=False)
@router.get("/glosario.json", include_in_schema=False)
def glossary_index(request: Request, lang: str | None = None, version: str | None = None):
    lang = i18n.pick_lang(lang)
    s = site(request)
    v = api.resolve_version(s.store, version)
    terms = [{"term": t, "label": _term_label(s, t, v, lang)} for t in api.glossary_index(s.store, v)]
    return page(request, "glossary_index.html", {"version": v, "terms": terms}, lang=lang,
                as_json=request.url.path.endswith(".json"), title=i18n.label(lang, "glossary"))


def _term_label(s: Site, term: str, version: str, lang: str) -> str:
    if lang == "es" and HAS_SPANISH:
        from ..spanish import api as spanish_api
        es = spanish_api.spanish_glossary(s.store, term, version)
        if es is not None:
            return es.term
    return term


@router.get("/glosario/{term:path}", include_in_schema=False)
def glossary_page(request: Request, term: str, lang: str | None = None, version: str | None = None):
    term, as_json = wants_json(term)
    lang = i18n.pick_lang(lang)
    s = site(request)
    g = api.define(s.store, term, version)
    es = None
    if HAS_SPANISH:
        from ..spanish import api as spanish_api
        es = spanish_api.spanish_glossary(s.store, g.term, g.version)
    data = {"entry": g.model_dump(), "spanish": es.model_dump() if es is not None else None}
    shown = es if (es is not None and lang == "es") else None
    return page(request, "glossary.html", data, lang=lang, as_json=as_json,
                title=shown.term if shown else g.term,
                body=s.linkify(shown.definition if shown else g.definition, lang, g.version),
                english=s.linkify(g.definition, "en", g.version) if shown else None)


@router.get("/cambios/{old}/{new}", include_in_schema=False)
def diff_page(request: Request, old: str, new: str, lang: str | None = None):
    new, as_json = wants_json(new)
    lang = i18n.pick_lang(lang)
    d = api.diff(site(request).store, old, new)
    return page(request, "diff.html", d.model_dump(), lang=lang, as_json=as_json,
                title=f"{i18n.label(lang, 'changes')} {d.old} → {d.new}")
