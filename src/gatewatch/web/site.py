"""Shared per-process state for the web layer: the store, cached lookups, template rendering."""

from __future__ import annotations

import importlib.util
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.templating import Jinja2Templates

from ..rules import api as rules_api
from ..store import Store
from . import i18n, render

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
TEMPLATES.env.globals.update(label=i18n.label, long_date=i18n.long_date, mana=render.mana,
                             rule_url=render.rule_url, term_url=render.term_url,
                             diff_html=render.inline_diff_html)
HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None
HAS_CARDS = importlib.util.find_spec("gatewatch.cards") is not None and \
    importlib.util.find_spec("gatewatch.cards.api") is not None


class Site:
    """The read-only store plus small caches that never change while the file is open."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.latest = store.latest_rules_version()
        self._ids: dict[str, frozenset[str]] = {}
        self.versions = [v.version for v in rules_api.versions(store)]  # the file is read-only

    def rule_ids(self, version: str) -> frozenset[str]:
        if version not in self._ids:
            self._ids[version] = frozenset(r["id"] for r in self.store.rules_of_version(version))
        return self._ids[version]

    @lru_cache(maxsize=16)
    def term_links(self, version: str, lang: str) -> render.TermLinks:
        """Surface form (lower case) → glossary term, for linking terms inside rule text."""
        links = {t["term"].lower(): t["term"] for t in self.store.glossary_terms(version)}
        if lang == "es" and HAS_SPANISH:
            from ..spanish import api as spanish_api
            for term in links.copy().values():
                es = spanish_api.spanish_glossary(self.store, term, version)
                if es is not None and getattr(es, "term", None):
                    links[es.term.lower()] = term
        return render.TermLinks.build({k: v for k, v in links.items() if "(" not in k})

    def linkify(self, text: str, lang: str, version: str, self_id: str | None = None) -> Any:
        ids = self.rule_ids(version)
        return render.linkify(text, lang=lang, exists=ids.__contains__,
                              version=None if version == self.latest else version,
                              terms=self.term_links(version, lang), self_id=self_id)


def wants_json(path_value: str) -> tuple[str, bool]:
    return (path_value[:-5], True) if path_value.endswith(".json") else (path_value, False)


def page(request: Request, template: str, data: dict[str, Any], *, lang: str, as_json: bool,
         status: int = 200, title: str = "", **extra: Any) -> HTMLResponse | JSONResponse:
    """Render `template`, or return `data` itself as the page's JSON twin."""
    if as_json:
        return JSONResponse(json.loads(json.dumps(data, default=_default, ensure_ascii=False)),
                            status_code=status)
    context = {"request": request, "lang": lang, "data": data, "title": title, "path": request.url.path,
               "query": str(request.url.query), **extra}
    return TEMPLATES.TemplateResponse(request, template, context, status_code=status)


def _default(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    raise TypeError(f"not JSON serialisable: {type(value)}")


def switch_url(request: Request, lang: str) -> str:
    """The same page in the other language."""
    params = dict(request.query_params)
    other = "en" if lang == "es" else "es"
    if other == "es":
        params.pop("lang", None)
    else:
        params["lang"] = other
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return request.url.path + ("?" + query if query else "")


TEMPLATES.env.globals["switch_url"] = switch_url
