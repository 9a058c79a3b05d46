"""Mechanic articles: every keyword ability (702.x), keyword action (701.x) and glossary concept with
rules of its own, with the rules that govern it, related mechanics and (when cards are loaded) cards."""

from __future__ import annotations

import importlib.util
from functools import lru_cache

from pydantic import BaseModel, Field

from ..errors import NotFound
from ..store import Store
from ..text import fold
from . import api

_HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None


class MechanicSummary(BaseModel):
    slug: str = Field(description="URL slug in the page language (other languages' slugs also resolve)")
    title: str
    english_title: str
    kind: str = Field(description="keyword_ability | keyword_action | concept")
    rule: str | None = Field(None, description="The rule that defines it (702.2), or the main rule cited")


class QuotedRule(BaseModel):
    id: str
    text: str
    examples: list[str] = Field(default_factory=list)


class Mechanic(MechanicSummary):
    version: str
    definition: str | None = Field(None, description="The glossary definition, when the glossary has one")
    glossary_term: str | None = None
    rules: list[QuotedRule] = Field(default_factory=list, description="The rules that govern it, quoted")
    related: list[MechanicSummary] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list, description="Every slug that leads here")


def slugify(text: str) -> str:
    return "-".join(fold(text).split())


def _es_title(store: Store, rule_id: str | None, term: str | None, version: str) -> str | None:
    if not _HAS_SPANISH:
        return None
    from ..spanish import api as es
    if rule_id:
        t = es.spanish_title(store, rule_id)
        if t:
            return t
    if term:
        g = es.spanish_glossary(store, term, version)
        if g is not None:
            return g.term
    return None


@lru_cache(maxsize=8)
def _catalogue(store: Store, version: str) -> tuple[dict[str, dict], dict[str, str]]:
    """Every mechanic of a version keyed by its English slug, and every alias slug → English slug."""
    items: dict[str, dict] = {}
    glossary = {fold(t["term"]): t["term"] for t in store.glossary_terms(version)}
    for section, kind in (("701", "keyword_action"), ("702", "keyword_ability")):
        for row in store.children_of(version, section):
            if row["kind"] != "rule" or len(row["text"].split()) > 6 or row["text"] == "General":
                continue
            term = glossary.get(fold(row["text"]))
            items[slugify(row["text"])] = {"title": row["text"], "kind": kind, "rule": row["id"],
                                           "term": term, "own": {row["id"]}}
    for t in store.glossary_terms(version):
        slug = slugify(t["term"])
        if slug in items or "obsolete" in t["term"].lower():
            continue
        refs = store.references_from(version, "glossary", t["term"])
        if refs:
            items[slug] = {"title": t["term"], "kind": "concept", "rule": refs[0], "term": t["term"],
                           "own": set(refs)}
    aliases: dict[str, str] = {}
    for slug, item in items.items():
        names = {item["title"]}
        es = _es_title(store, item["rule"] if item["kind"] != "concept" else None, item["term"], version)
        if item["kind"] == "concept":
            main = store.rule_row(version, item["rule"])
            if main is not None and main["kind"] == "section":
                # "Draw" is the glossary's word; the article is rule 121, "Drawing a Card" / "Robar una carta".
                names.add(item["title"])
                item["title"] = main["text"]
                es = _es_title(store, item["rule"], None, version) or es
        item["es_title"] = es
        if es:
            names.add(es)
            if item["term"]:
                g = _es_title(store, None, item["term"], version)
                names.update(p.strip() for p in (g or "").split(",") if p.strip())
        names.add(item["title"])
        for name in names:
            aliases.setdefault(slugify(name), slug)
        item["aliases"] = sorted({slugify(n) for n in names})
    return items, aliases


def _summary(slug: str, item: dict, lang: str) -> MechanicSummary:
    title = item["es_title"] if lang == "es" and item.get("es_title") else item["title"]
    return MechanicSummary(slug=slugify(title), title=title, english_title=item["title"], kind=item["kind"],
                           rule=item["rule"])


def list_mechanics(store: Store, lang: str = "es", version: str | None = None) -> list[MechanicSummary]:
    v = api.resolve_version(store, version)
    items, _ = _catalogue(store, v)
    return sorted((_summary(s, i, lang) for s, i in items.items()), key=lambda m: fold(m.title))


def get_mechanic(store: Store, slug: str, lang: str = "es", version: str | None = None) -> Mechanic:
    v = api.resolve_version(store, version)
    items, aliases = _catalogue(store, v)
    key = aliases.get(slugify(slug))
    if key is None:
        near = [s for s in aliases if s.startswith(slugify(slug)[:4])][:5]
        raise NotFound(f"mechanic {slug!r}", near)
    item = items[key]
    quoted: list[QuotedRule] = []
    main = item["rule"]
    # The defining rule (and its family) first, then the other rules the glossary entry points at.
    order = sorted(item["own"], key=lambda r: (not (r == main or r.startswith(main + ".")),
                                              store.rule_row(v, r)["position"]))
    for rid in order:
        row = store.rule_row(v, rid)
        quoted.append(QuotedRule(id=rid, text=row["text"], examples=store.examples_of(v, rid)))
        for child in store.children_of(v, rid):
            quoted.append(QuotedRule(id=child["id"], text=child["text"], examples=store.examples_of(v, child["id"])))
            if item["kind"] == "concept" and row["kind"] == "section":
                for sub in store.children_of(v, child["id"]):
                    quoted.append(QuotedRule(id=sub["id"], text=sub["text"],
                                             examples=store.examples_of(v, sub["id"])))
    cited = {t for q in quoted for t in store.references_from(v, "rule", q.id)}
    owner = {rid: s for s, i in items.items() for rid in i["own"]}
    related = []
    for rid in sorted(cited):
        base = rid
        while base and base not in owner:
            base = base[:-1].rstrip(".") if "." in base else ""
        if base and owner[base] != key and owner[base] not in {r.english_title for r in related}:
            related.append(_summary(owner[base], items[owner[base]], lang))
    definition = None
    if item["term"]:
        definition = api.define(store, item["term"], v).definition
    summary = _summary(key, item, lang)
    seen: set[str] = set()
    related = [r for r in related if not (r.slug in seen or seen.add(r.slug))][:12]
    return Mechanic(**summary.model_dump(), version=v, definition=definition, glossary_term=item["term"],
                    rules=quoted, related=related, aliases=item["aliases"])
