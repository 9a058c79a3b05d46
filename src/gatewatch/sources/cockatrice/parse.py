"""Cockatrice card-database XML (Magic-Spoiler sets) → spoiler card records (pure functions).

Two layouts exist: v4 puts the characteristics inside `<prop>`, v3 (and older files) puts
`manacost/cmc/color/type/pt/loyalty` directly under `<card>`. Both give the same record shape
as the MTGJSON parser (see `gatewatch.sources.mtgjson.parse`), without the fields the spoiler
files lack (oracle_id, legalities, keywords, rulings' text, Spanish)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

from ...errors import SourceError

CardRecord = dict[str, Any]
SOURCE = "Cockatrice/Magic-Spoiler (spoiler text, may predate final Oracle wording)"
# One mana symbol of the brace-less spoiler notation: a number, or letters joined by slashes (U/P, 2/W).
_SYMBOL = re.compile(r"\d+|[A-Z∞½](?:/[A-Z0-9])*")


@dataclass(frozen=True)
class SpoilerCard:
    """One `<card>` element: its set code, rarity and record (before merging across files)."""

    set_code: str
    rarity: str
    record: CardRecord


def braced_mana(cost: str) -> str:
    """'2U' → '{2}{U}', '1U/RU/R' → '{1}{U/R}{U/R}', '2G // G' → '{2}{G} // {G}'."""
    return " // ".join("".join(f"{{{s}}}" for s in _SYMBOL.findall(part)) for part in cost.split("//"))


def _number(text: str | None) -> float:
    try:
        return float(text) if text else 0.0
    except ValueError:
        return 0.0


def _field(card: ET.Element, tag: str) -> str | None:
    """A characteristic from `<prop>` (v4) or directly under `<card>` (v3); 'None' means absent in v3."""
    prop = card.find("prop")
    node = prop.find(tag) if prop is not None else None
    if node is None:
        node = card.find(tag)
    text = node.text.strip() if node is not None and node.text else None
    return None if text in (None, "", "None") else text


def _colors(card: ET.Element) -> list[str]:
    found: set[str] = set()
    for parent in (card.find("prop"), card):
        if parent is None:
            continue
        for tag in ("color", "colors"):
            for node in parent.findall(tag):
                found.update(ch for ch in (node.text or "") if ch in "WUBRG")
    return sorted(found)


# Many spoiler files lost the newlines between abilities ("FlyingWhenever a creature attacks",
# "DeathtouchToxic 1"): a lower-case letter, a full stop or a closing bracket glued to a capital
# starts a new line. Mc- names are the one English exception seen in card names.
_GLUED = re.compile(r"(?<=[a-z.)\]}”\"])(?<!Mc)(?=[A-Z][a-z]|[A-Z] —|I+ —|IV —)")


def restore_line_breaks(text: str) -> str:
    return _GLUED.sub("\n", text)


def card_from_element(card: ET.Element) -> SpoilerCard | None:
    """Turn one `<card>` into a SpoilerCard; None for an element without a name (nothing to key it by)."""
    name = (card.findtext("name") or "").strip()
    if not name:
        return None
    set_node = card.find("set")
    # spoiler.xml marks sets still being spoiled with a trailing '~' (ECL~): same set.
    set_code = (set_node.text or "").strip().rstrip("~") if set_node is not None else ""
    rarity = set_node.get("rarity", "") if set_node is not None else ""
    record: CardRecord = {"name": name}
    cost = _field(card, "manacost")
    if cost:
        record["mana_cost"] = braced_mana(cost)
    record["mana_value"] = _number(_field(card, "cmc"))
    record["type_line"] = (_field(card, "type") or "").replace(" - ", " — ")
    record["oracle_text"] = restore_line_breaks(card.findtext("text") or "")
    pt = _field(card, "pt")
    if pt and "/" in pt:
        record["power"], record["toughness"] = (x.strip() for x in pt.split("/", 1))
    loyalty = _field(card, "loyalty")
    if loyalty:
        record["loyalty"] = loyalty
    record["colors"] = _colors(card)
    return SpoilerCard(set_code=set_code, rarity=rarity, record=record)


def parse_xml(raw: bytes, where: str) -> list[SpoilerCard]:
    """Every card of one Cockatrice XML file, in file order."""
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as err:
        raise SourceError(where, f"malformed XML ({err})") from err
    if root.tag != "cockatrice_carddatabase":
        raise SourceError(where, f"not a Cockatrice card database (root element <{root.tag}>)")
    cards = root.find("cards")
    if cards is None:
        return []
    return [c for c in (card_from_element(e) for e in cards.iter("card")) if c is not None]


def merge_spoilers(files: list[tuple[str, str, list[SpoilerCard]]], known: set[str]) -> list[CardRecord]:
    """One record per new name: the first occurrence across `files` (name, revision, cards), in order.

    `known` holds the names and face names already loaded from MTGJSON, which wins any overlap.
    `printings` collects every set a new name appears in."""
    records: dict[str, CardRecord] = {}
    printings: dict[str, set[str]] = {}
    for file_name, revision, cards in files:
        for card in cards:
            name = card.record["name"]
            if name in known:
                continue
            printings.setdefault(name, set()).add(card.set_code)
            if name not in records:
                source_file = f"{file_name}@{revision[:12]}" if revision else file_name
                records[name] = {**card.record, "rarity": card.rarity, "rulings": [], "source": SOURCE,
                                 "source_file": source_file}
    for name, record in records.items():
        record["printings"] = sorted(p for p in printings[name] if p)
    return list(records.values())
