"""MTGJSON v5 set documents → one Oracle card record per unique card name (pure functions).

A card record is a plain dict shaped like a line of the mirror's derived `oracle_cards.jsonl.gz`
(`name, oracle_id, layout, mana_cost, mana_value, type_line, …, faces, rulings, es, es_names,
source`), so the build can be checked line by line against that file. Keys whose value is null or
empty are left out. Faces may also carry the printed Spanish of the printing `es` comes from
(`es_name`, `es_type_line`, `es_text`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...errors import SourceError

CardRecord = dict[str, Any]
SPANISH = "Spanish"


@dataclass(frozen=True)
class SetFile:
    """One `<SET>.json`: the set's code and release date, and its card rows (one per printing face)."""

    code: str
    release_date: str
    cards: list[dict] = field(repr=False)
    version: str = ""


def parse_set(doc: Any, where: str) -> SetFile:
    """Check the shape of one MTGJSON set document; `where` names the file in error messages."""
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise SourceError(where, "not an MTGJSON set file: expected {\"meta\": …, \"data\": {…}}")
    data = doc["data"]
    cards = data.get("cards")
    if not isinstance(cards, list) or not isinstance(data.get("code"), str):
        raise SourceError(where, "MTGJSON set file without `code` or `cards` list")
    for i, card in enumerate(cards):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise SourceError(where, f"card #{i} has no `name`")
    version = (doc.get("meta") or {}).get("version", "")
    return SetFile(code=data["code"], release_date=data.get("releaseDate") or "", cards=cards, version=version)


def _clean(record: dict, keep: tuple[str, ...] = ()) -> dict:
    """Drop null and empty values, the convention of the derived files (except the `keep` keys)."""
    return {k: v for k, v in record.items()
            if k in keep or (v is not None and v != [] and v != {} and v != "")}


def _spanish(row: dict) -> dict | None:
    for fd in row.get("foreignData") or ():
        if fd.get("language") == SPANISH and fd.get("name"):
            return fd
    return None


def _face(row: dict) -> CardRecord:
    return _clean({
        "face_name": row.get("faceName") or row["name"],
        "side": row.get("side"),
        "mana_cost": row.get("manaCost"),
        "mana_value": float(row["faceManaValue"] if row.get("faceManaValue") is not None
                            else row.get("manaValue") or 0.0),
        "type_line": row.get("type"),
        "oracle_text": row.get("text"),
        "power": row.get("power"),
        "toughness": row.get("toughness"),
        "loyalty": row.get("loyalty"),
        "colors": row.get("colors") or [],
        "color_indicator": row.get("colorIndicator"),
    }, keep=("colors",))


def card_record(rows: list[dict], source: str) -> CardRecord:
    """The Oracle record of one card from its representative printing (one row per face, sorted by side)."""
    front = rows[0]
    multi = len(rows) > 1
    record: CardRecord = {
        "name": front["name"],
        "oracle_id": (front.get("identifiers") or {}).get("scryfallOracleId"),
        "layout": front.get("layout"),
        "mana_cost": None if multi else front.get("manaCost"),
        "mana_value": float(front.get("manaValue") or 0.0),
        "type_line": " // ".join(r.get("type", "") for r in rows) if multi else front.get("type"),
        "supertypes": front.get("supertypes"),
        "types": front.get("types"),
        "subtypes": front.get("subtypes"),
        "oracle_text": None if multi else front.get("text"),
        "power": front.get("power"),
        "toughness": front.get("toughness"),
        "loyalty": front.get("loyalty"),
        "colors": front.get("colors"),
        "color_identity": front.get("colorIdentity"),
        "keywords": front.get("keywords"),
        "legalities": front.get("legalities"),
        "leadership": front.get("leadershipSkills"),
        "is_funny": front.get("isFunny"),
        "is_alchemy_rebalanced": front.get("isRebalanced"),
        "is_online_only": front.get("isOnlineOnly"),
        "printings": sorted(front.get("printings") or []),
        "faces": [_face(r) for r in rows] if multi else None,
        "source": source,
    }
    out = _clean(record)
    # Rulings are always present (possibly empty), as in the derived file.
    out["rulings"] = [{"date": r.get("date", ""), "text": r.get("text", "")} for r in front.get("rulings") or ()]
    return out


def _spanish_of(printings: list[tuple[str, str, list[dict], list[dict]]]
                ) -> tuple[dict | None, list[dict], list[dict]]:
    """(`es` of the newest printing with Spanish on the front, every distinct Spanish name newest
    first, the rows of that printing).

    `printings` is newest first, as (date, set code, face rows, all rows). Only fronts (side a, or a
    card without sides) are read, because MTGJSON repeats the full Spanish name on every face row;
    every variant row of a printing counts (some promos carry Spanish on one variant only), the
    last variant read first, which reproduces the mirror's derived files exactly."""
    es: dict | None = None
    es_rows: list[dict] = []
    names: dict[str, str] = {}
    for _date, code, _faces, rows in printings:
        for front in reversed(rows):
            if front.get("side") not in (None, "a"):
                continue
            fd = _spanish(front)
            if fd is None:
                continue
            names.setdefault(fd["name"], code)
            if es is None:
                es = _clean({"name": fd["name"], "face_name": fd.get("faceName"), "type_line": fd.get("type"),
                             "text": fd.get("text"), "set": code})
                es_rows = rows
    return es, [{"name": n, "set": s} for n, s in names.items()], es_rows


def _spanish_faces(faces: list[CardRecord], rows: list[dict]) -> None:
    """Give each face the Spanish face name, type line and text of the printing `es` comes from."""
    for face in faces:
        for row in rows:
            fd = _spanish(row) if row.get("side") == face.get("side") else None
            if fd:
                face.update(_clean({"es_name": fd.get("faceName") or fd.get("name"),
                                    "es_type_line": fd.get("type"), "es_text": fd.get("text")}))
                break


def build_oracle_cards(sets: Iterable[SetFile], source: str | None = None) -> list[CardRecord]:
    """Group every printing by card name; the newest printing (set release date) is the Oracle one."""
    # name -> set code -> rows of that name in that set; set code -> release date
    by_name: dict[str, dict[str, list[dict]]] = defaultdict(dict)
    released: dict[str, str] = {}
    version = ""
    for s in sets:
        released[s.code] = s.release_date
        version = version or s.version
        for row in s.cards:
            by_name[row["name"]].setdefault(s.code, []).append(row)
    source = source or f"mtgjson-{version or 'unknown'}"
    records = []
    for name, per_set in by_name.items():
        printings = []
        for code, rows in per_set.items():
            # One row per side: variants of the same printing (alternate art) repeat the sides.
            sides: dict[str, dict] = {}
            for row in rows:
                sides.setdefault(row.get("side") or "a", row)
            printings.append((released.get(code, ""), code, [sides[k] for k in sorted(sides)], rows))
        # Newest first; on equal dates the set read last wins (archive order), as in the derived file.
        printings.reverse()
        printings.sort(key=lambda p: p[0], reverse=True)
        record = card_record(printings[0][2], source)
        es, es_names, es_rows = _spanish_of(printings)
        if es:
            record["es"] = es
            record["es_names"] = es_names
            _spanish_faces(record.get("faces") or [], es_rows)
        records.append(record)
    return records
