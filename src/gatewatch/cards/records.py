"""Card record (the dict every source parser yields) → the rows and search columns of the store.

Everything a query needs is computed here once, at build time, so that a search is a scan of
plain columns: folded texts, colour bitmasks, numeric stats and the `is:` flags."""

from __future__ import annotations

import json
from typing import Any

from .mtg import (DFC_LAYOUTS, PERMANENT_TYPES, SPELL_TYPES, SPLIT_LAYOUTS, color_bits,
                  mana_symbols_colors, name_key, numeric_stat, split_type_line, text_key)

CardRecord = dict[str, Any]
SPOILER_PREFIX = "Cockatrice"
# The documented `is:` values (and `not:`): name → what it means. Flags are stored as '|a|b|'.
IS_FLAGS: dict[str, str] = {
    "permanent": "front face is an artifact, creature, enchantment, land, planeswalker or battle",
    "spell": "front face is cast (not a land): creature, artifact, instant, sorcery …",
    "commander": "can be your commander (MTGJSON leadership; spoilers: legendary creature or the text says so)",
    "legendary": "front face is legendary",
    "historic": "legendary, artifact or Saga",
    "vanilla": "a creature without rules text",
    "split": "split or aftermath layout",
    "dfc": "double-faced: transform, modal_dfc or reversible_card layout",
    "mdfc": "modal double-faced card", "transform": "transforming double-faced card",
    "flip": "flip card", "meld": "meld card", "adventure": "has an Adventure",
    "leveler": "level up card", "saga": "Saga", "class": "Class",
    "funny": "Un-set or other funny card", "alchemy": "Alchemy rebalanced card (A- names)",
    "online": "digital-only card", "spoiler": "spoiler text from Cockatrice, not final Oracle wording",
    "multiface": "has more than one face",
}


def is_spoiler(record: CardRecord) -> bool:
    return str(record.get("source", "")).startswith(SPOILER_PREFIX)


def full_text(record: CardRecord) -> str:
    """Oracle text of the whole card; faces are joined with a '//' line as on Scryfall."""
    if record.get("faces"):
        return "\n//\n".join(f.get("oracle_text", "") for f in record["faces"])
    return record.get("oracle_text") or ""


def full_mana_cost(record: CardRecord) -> str | None:
    if record.get("mana_cost"):
        return record["mana_cost"]
    costs = [f["mana_cost"] for f in record.get("faces") or () if f.get("mana_cost")]
    return " // ".join(costs) or None


def own_names(record: CardRecord) -> list[str]:
    """The card's name and face names, longest first (for '~' in `o:`)."""
    names = {record["name"], *record["name"].split(" // ")}
    names.update(f["face_name"] for f in record.get("faces") or () if f.get("face_name"))
    return sorted(names, key=len, reverse=True)


def colors_of(record: CardRecord) -> int:
    bits = color_bits(record.get("colors"))
    for face in record.get("faces") or ():
        bits |= color_bits(face.get("colors"))
    return bits


def identity_of(record: CardRecord) -> int:
    """MTGJSON's colour identity; spoilers have none, so it is computed from colours, cost and text."""
    if not is_spoiler(record):
        return color_bits(record.get("color_identity"))
    return (colors_of(record) | mana_symbols_colors(full_mana_cost(record) or "")
            | mana_symbols_colors(full_text(record), skip_reminders=True))


def flags_of(record: CardRecord) -> list[str]:
    supers, types, subs = split_type_line(record.get("type_line", ""))
    low = {t.lower() for t in types}
    layout = record.get("layout") or ""
    text = full_text(record)
    flags = []
    if low & PERMANENT_TYPES:
        flags.append("permanent")
    if low & SPELL_TYPES and "land" not in low:
        flags.append("spell")
    legendary = "Legendary" in supers
    if "leadership" in record or str(record.get("source", "")).startswith("mtgjson"):
        # MTGJSON lists leadership only for cards that can lead a deck.
        commander = bool((record.get("leadership") or {}).get("commander"))
    else:  # spoilers and Scryfall carry no such field: the rule itself (903.3)
        commander = (legendary and "creature" in low) or "can be your commander" in text
    if commander:
        flags.append("commander")
    if legendary:
        flags.append("legendary")
    if legendary or "artifact" in low or "Saga" in subs:
        flags.append("historic")
    if "creature" in low and not text.strip():
        flags.append("vanilla")
    if layout in SPLIT_LAYOUTS:
        flags.append("split")
    if layout in DFC_LAYOUTS:
        flags.append("dfc")
    named = {"modal_dfc": "mdfc", "transform": "transform", "flip": "flip", "meld": "meld",
             "adventure": "adventure", "leveler": "leveler", "saga": "saga", "class": "class"}
    if layout in named:
        flags.append(named[layout])
    if "Saga" in subs and "saga" not in flags:
        flags.append("saga")
    if record.get("is_funny"):
        flags.append("funny")
    if record.get("is_alchemy_rebalanced") or record["name"].startswith("A-"):
        flags.append("alchemy")
    if record.get("is_online_only"):
        flags.append("online")
    if is_spoiler(record):
        flags.append("spoiler")
    if record.get("faces"):
        flags.append("multiface")
    return flags


def spanish_names(record: CardRecord) -> list[str]:
    return [n["name"] for n in record.get("es_names") or ()] or (
        [record["es"]["name"]] if record.get("es", {}).get("name") else [])


def card_rows(card_id: int, record: CardRecord) -> tuple[tuple, tuple, tuple]:
    """The rows of one card: (`cards` in CARD_COLUMNS order, (id, oracle text, '~' text key, Spanish
    text key or None), (id, record JSON))."""
    text = full_text(record)
    tilde = text
    for own in own_names(record):
        tilde = tilde.replace(own, "~")
    colors, identity = colors_of(record), identity_of(record)
    faces = record.get("faces") or []
    es = record.get("es") or {}
    es_texts = [es.get("text", "")] + [f.get("es_text", "") for f in faces[1:]]
    es_types = [es.get("type_line", "")] + [f.get("es_type_line", "") for f in faces[1:]]
    es_names = spanish_names(record)
    card = (
        card_id, record["name"], record.get("oracle_id"), record.get("layout"), record.get("source", ""),
        int(is_spoiler(record)), full_mana_cost(record), float(record.get("mana_value") or 0.0),
        record.get("type_line", ""), record.get("power"), record.get("toughness"), record.get("loyalty"),
        numeric_stat(record.get("power")), numeric_stat(record.get("toughness")),
        numeric_stat(record.get("loyalty")), colors, bin(colors).count("1"), identity, bin(identity).count("1"),
        name_key(record["name"]), text_key(record.get("type_line", "")), text_key(text),
        "|" + "|".join(text_key(k) for k in record.get("keywords") or ()) + "|",
        "|" + "|".join(flags_of(record)) + "|",
        es.get("name"), ("|" + "|".join(name_key(n) for n in es_names) + "|") if es_names else None,
        text_key(" // ".join(t for t in es_types if t)) if es else None,
    )
    texts = (card_id, text, text_key(tilde), text_key("\n//\n".join(t for t in es_texts if t)) if es else None)
    # Rulings live in their own table; keeping them out of `data` keeps the file smaller.
    data = (card_id, json.dumps({k: v for k, v in record.items() if k != "rulings"},
                                ensure_ascii=False, separators=(",", ":")))
    return card, texts, data


def name_rows(card_id: int, record: CardRecord) -> list[tuple]:
    """(card_id, name, key, lang, kind, rank) for each English/Spanish name and face name.

    rank orders an exact tie: English full name, English face, Spanish full name, Spanish face."""
    found: dict[str, tuple] = {}

    def add(name: str | None, lang: str, kind: str, rank: int) -> None:
        key = name_key(name or "")
        if key and (key not in found or found[key][5] > rank):
            found[key] = (card_id, name, key, lang, kind, rank)

    add(record["name"], "en", "full", 0)
    for part in record["name"].split(" // "):
        add(part, "en", "face", 1)
    for face in record.get("faces") or ():
        add(face.get("face_name"), "en", "face", 1)
    for es in spanish_names(record):
        add(es, "es", "full", 2)
        for part in es.split(" // "):
            add(part, "es", "face", 3)
    for face in record.get("faces") or ():
        add(face.get("es_name"), "es", "face", 3)
    # Spanish full names must all be listed (they are counted), even when a key repeats.
    rows = list(found.values())
    listed = {r[1] for r in rows if r[3] == "es" and r[4] == "full"}
    for es in spanish_names(record):
        if es not in listed:
            rows.append((card_id, es, name_key(es), "es", "full", 2))
            listed.add(es)
    return rows
