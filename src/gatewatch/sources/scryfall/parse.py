"""Scryfall bulk data (card objects of `oracle_cards`, ruling objects of `rulings`) → card records.

Pure functions: text in, records out, in the record shape of `gatewatch.sources.mtgjson.parse`.
Scryfall's documented objects: a card has `name, oracle_id, layout, mana_cost, cmc, type_line,
oracle_text, power, toughness, loyalty, colors, color_identity, keywords, legalities
{format: legal|not_legal|banned|restricted}, card_faces [...]`; a ruling has `oracle_id, source,
published_at, comment`."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from ...cards.mtg import COLORS, split_type_line
from ...errors import SourceError

CardRecord = dict[str, Any]
# Objects in oracle_cards that are not cards a player can put in a deck.
SKIP_LAYOUTS = {"token", "double_faced_token", "emblem", "art_series"}
_STATUS = {"legal": "Legal", "banned": "Banned", "restricted": "Restricted"}


def load_json_array(text: str, where: str) -> list[dict]:
    """Decode a bulk file: one JSON array of objects."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise SourceError(where, f"invalid JSON at line {err.lineno} column {err.colno}: {err.msg}") from err
    if not isinstance(data, list) or not all(isinstance(x, dict) for x in data):
        raise SourceError(where, "expected a JSON array of objects")
    return data


def _clean(record: dict) -> dict:
    return {k: v for k, v in record.items() if v is not None and v != [] and v != {} and v != ""}


def _sorted_colors(colors: list[str] | None) -> list[str]:
    return [c for c in COLORS if c in (colors or ())]


def _face(face: dict, side: str) -> CardRecord:
    out = _clean({
        "face_name": face.get("name"), "side": side, "mana_cost": face.get("mana_cost"),
        "type_line": face.get("type_line"), "oracle_text": face.get("oracle_text"),
        "power": face.get("power"), "toughness": face.get("toughness"), "loyalty": face.get("loyalty"),
        "color_indicator": face.get("color_indicator"),
    })
    out["colors"] = _sorted_colors(face.get("colors"))
    return out


def card_record(card: dict, source: str, where: str = "oracle_cards") -> CardRecord | None:
    """One Scryfall card object → record; None for tokens, emblems and art cards."""
    if card.get("object", "card") != "card" or not isinstance(card.get("name"), str):
        raise SourceError(where, f"not a Scryfall card object: {str(card)[:80]}")
    if card.get("layout") in SKIP_LAYOUTS:
        return None
    faces = card.get("card_faces") or []
    front = faces[0] if faces else card
    type_line = card.get("type_line") or " // ".join(f.get("type_line", "") for f in faces)
    supers, types, subs = split_type_line(type_line)
    colors = card.get("colors")
    if colors is None:  # double-faced cards keep colours on their faces only
        colors = sorted({c for f in faces for c in f.get("colors") or ()})
    record = _clean({
        "name": card["name"],
        "oracle_id": card.get("oracle_id"),
        "layout": card.get("layout"),
        "mana_cost": None if faces else card.get("mana_cost"),
        "mana_value": float(card.get("cmc") or 0.0),
        "type_line": type_line,
        "supertypes": supers, "types": types, "subtypes": subs,
        "oracle_text": None if faces else card.get("oracle_text"),
        "power": front.get("power"), "toughness": front.get("toughness"), "loyalty": front.get("loyalty"),
        "colors": _sorted_colors(colors),
        "color_identity": _sorted_colors(card.get("color_identity")),
        "keywords": card.get("keywords"),
        "legalities": {f: _STATUS[s] for f, s in sorted((card.get("legalities") or {}).items()) if s in _STATUS},
        "is_funny": True if card.get("set_type") == "funny" else None,
        "is_online_only": True if card.get("digital") else None,
        "printings": [card["set"].upper()] if card.get("set") else None,
        "faces": [_face(f, "abcdefgh"[i]) for i, f in enumerate(faces)] if len(faces) > 1 else None,
        "source": source,
    })
    record["rulings"] = []
    return record


def parse_cards(text: str, where: str, source: str) -> list[CardRecord]:
    """Every card of an `oracle_cards` file; the first object wins when two share a name."""
    records: dict[str, CardRecord] = {}
    for obj in load_json_array(text, where):
        record = card_record(obj, source, where)
        if record is not None and record["name"] not in records:
            records[record["name"]] = record
    return list(records.values())


def parse_rulings(text: str, where: str) -> dict[str, list[dict]]:
    """oracle_id → [{date, text, source}] in publication order."""
    out: dict[str, list[dict]] = {}
    for obj in load_json_array(text, where):
        oracle_id, comment = obj.get("oracle_id"), obj.get("comment")
        if not oracle_id or comment is None:
            raise SourceError(where, f"ruling without oracle_id or comment: {str(obj)[:80]}")
        published = obj.get("published_at") or ""
        try:
            date.fromisoformat(published)
        except ValueError as err:
            raise SourceError(where, f"ruling with a bad published_at {published!r}") from err
        out.setdefault(oracle_id, []).append({"date": published, "text": comment, "source": obj.get("source")})
    for rulings in out.values():
        rulings.sort(key=lambda r: r["date"])
    return out


def attach_rulings(records: list[CardRecord], rulings: dict[str, list[dict]]) -> int:
    """Put each card's rulings on it (by oracle_id); returns how many were attached."""
    n = 0
    for record in records:
        found = rulings.get(record.get("oracle_id") or "", [])
        record["rulings"] = [{"date": r["date"], "text": r["text"]} for r in found]
        n += len(found)
    return n
