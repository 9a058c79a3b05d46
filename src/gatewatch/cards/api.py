"""The card library functions the CLI, the web and the judge call."""

from __future__ import annotations

import json
import re
import sqlite3
from typing import TYPE_CHECKING, Any

from ..errors import NotFound
from .models import Card, CardFace, CardSummary, KeywordRef, Ruling, SearchResult, SpanishText
from .mtg import bits_to_colors
from .names import resolve_name
from .query import Context, compile_query
from .records import flags_of

if TYPE_CHECKING:
    from ..store import Store

# Rule numbers as rulings cite them: 702.19, 702.19c, 613.1f (not dates or P/T like 2/2).
_RULE_REF = re.compile(r"\b([1-9]\d{2}\.\d+[a-z]?)\b")


def _keyword_rule(store: Store, keyword: str) -> str | None:
    # The rules side may be absent (a cards-only store): then keywords simply have no rule.
    lookup = getattr(store, "keyword_rule", None)
    if lookup is None:
        return None
    try:
        return lookup(keyword)
    except sqlite3.Error:  # a store without the rules tables
        return None


def _rule_refs(store: Store, text: str) -> list[str]:
    """Rule numbers cited in a ruling that exist in the store (unverifiable ones are left out)."""
    exists = getattr(store, "rule_exists", None)
    found = []
    for ref in dict.fromkeys(_RULE_REF.findall(text)) if exists is not None else ():
        try:
            if exists(ref):
                found.append(ref)
        except sqlite3.Error:  # a store without the rules tables
            return []
    return found


def card_from_row(store: Store, row: Any) -> Card:
    """Assemble a Card from its `cards` row plus rulings, legalities and the rules of its keywords."""
    record = json.loads(row["data"])
    es = record.get("es")
    spanish = None
    if es:
        names = [n["name"] for n in record.get("es_names") or ()] or [es["name"]]
        spanish = SpanishText(names=names, **es)
    faces = [CardFace(name=f.get("face_name", ""), **{k: v for k, v in f.items() if k != "face_name"})
             for f in record.get("faces") or ()]
    return Card(
        name=record["name"], oracle_id=record.get("oracle_id"), layout=record.get("layout"),
        mana_cost=row["mana_cost"], mana_value=row["mana_value"], type_line=row["type_line"],
        oracle_text=row["oracle_text"], power=row["power"], toughness=row["toughness"], loyalty=row["loyalty"],
        colors=bits_to_colors(row["colors"]), color_identity=bits_to_colors(row["identity"]),
        keywords=[KeywordRef(keyword=k, rule=_keyword_rule(store, k)) for k in record.get("keywords") or ()],
        legalities=store.card_legalities(row["id"]), faces=faces,
        rulings=[Ruling(date=r["date"], text=r["text"], rules=_rule_refs(store, r["text"]))
                 for r in store.card_rulings(row["id"])],
        es=spanish, printings=record.get("printings") or [], source=record.get("source", ""),
        is_spoiler=bool(row["is_spoiler"]), flags=flags_of(record),
    )


def get_card(store: Store, name: str, lang: str | None = None) -> Card:
    """The card a typed name (English or Spanish) refers to; NotFound lists candidates otherwise.

    `lang` ('es' or 'en') only breaks ties between a Spanish and an English name that fold alike."""
    resolution = resolve_name(store, name, lang=lang)
    if resolution.status != "found":
        raise NotFound(f"card '{name}'", [c.name for c in resolution.candidates])
    return card_from_row(store, store.card_row(resolution.card))


def _context(store: Store) -> Context:
    ctx = getattr(store, "_card_query_context", None)
    if ctx is None:
        ctx = Context(formats=store.card_formats(), sets=store.card_set_codes())
        store._card_query_context = ctx
    return Context(formats=ctx.formats, sets=ctx.sets)


def search_cards(store: Store, query: str, limit: int = 50) -> SearchResult:
    """Cards matching a Scryfall-syntax query, sorted by name; raises QueryError with a position."""
    where, params = compile_query(query, _context(store))
    total, rows = store.search_cards_sql(where, params, max(0, int(limit)))
    cards = [CardSummary(name=r["name"], es_name=r["es_name"], mana_cost=r["mana_cost"],
                         mana_value=r["mana_value"], type_line=r["type_line"], oracle_text=r["oracle_text"],
                         power=r["power"], toughness=r["toughness"], loyalty=r["loyalty"]) for r in rows]
    return SearchResult(query=query, total=total, cards=cards)
