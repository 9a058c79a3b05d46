"""The JSON API under /api: the same library calls as the CLI, documented at /docs."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request

from ..rules import api as rules_api
from ..rules.views import DiffResult, GlossaryView, RuleView, SearchResults
from .pages_cards import card_data
from .site import HAS_CARDS

router = APIRouter(prefix="/api")


def _store(request: Request):
    return request.app.state.site.store


@router.get("/rules/search", response_model=SearchResults, tags=["rules"], summary="Full-text rule search")
def rules_search(request: Request, q: str, limit: int = Query(10, ge=1, le=200), version: str | None = None):
    return rules_api.search_rules(_store(request), q, version, limit)


@router.get("/rules/{rule_id}", response_model=RuleView, tags=["rules"], summary="One rule with its context")
def rule(request: Request, rule_id: str, version: str | None = None):
    return rules_api.get_rule(_store(request), rule_id, version)


@router.get("/glossary/{term:path}", response_model=GlossaryView, tags=["rules"], summary="A glossary entry")
def glossary(request: Request, term: str, version: str | None = None):
    return rules_api.define(_store(request), term, version)


@router.get("/diff", response_model=DiffResult, tags=["rules"], summary="Changes between two CR versions")
def diff(request: Request, from_: str = Query(..., alias="from"), to: str = Query(...)):
    return rules_api.diff(_store(request), from_, to)


@router.get("/versions", tags=["rules"], summary="Every stored CR version")
def versions(request: Request) -> dict[str, Any]:
    return {"versions": [v.model_dump() for v in rules_api.versions(_store(request))]}


@router.get("/cards/search", tags=["cards"], summary="Scryfall-syntax card search")
def cards_search(request: Request, q: str, limit: int = Query(50, ge=1, le=500)) -> dict[str, Any]:
    if not HAS_CARDS:
        return {"query": q, "total": 0, "cards": []}
    from .. import cards
    return cards.search_cards(_store(request), q, limit=limit).model_dump()


@router.get("/cards/{name:path}", tags=["cards"], summary="One card: Oracle text, Spanish, rulings, legalities")
def card(request: Request, name: str) -> dict[str, Any]:
    return card_data(_store(request), name)["card"]
