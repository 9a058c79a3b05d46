"""YGOJSON card records (one JSON object per line) → flat card records. Pure: no I/O.

Field meanings follow YGOJSON v1: `text` {lang: {name, effect, pendulumEffect}}, `cardType`,
`attribute`, `type` (the monster type, called race here), `classifications`, `monsterCardTypes`,
`abilities`, `level`/`rank`/`linkArrows`/`scale`, `atk`/`def` (int or '?'), `subcategory` for
spells and traps, `legality` {format: {current}}."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any

from ...errors import SourceError

RACE_EN = {"wingedbeast": "Winged Beast", "beastwarrior": "Beast-Warrior", "seaserpent": "Sea Serpent",
           "divinebeast": "Divine-Beast", "creatorgod": "Creator God"}
SUBCATEGORY_EN = {"quickplay": "Quick-Play", "normal": "", "continuous": "Continuous", "field": "Field",
                  "equip": "Equip", "ritual": "Ritual", "counter": "Counter"}
EXTRA_DECK = {"fusion", "synchro", "xyz", "link"}
CARD_TYPES = ("monster", "spell", "trap", "token", "skill")


@dataclass
class YgoRecord:
    uuid: str
    name: str
    card_type: str
    type_line: str
    kinds: list[str]
    attribute: str | None = None
    race: str | None = None
    level: int | None = None
    rank: int | None = None
    link: int | None = None
    link_arrows: list[str] = field(default_factory=list)
    scale: int | None = None
    atk: str | None = None  # as printed: '2500', '?'
    defense: str | None = None
    text: str | None = None
    pendulum_text: str | None = None
    es_name: str | None = None
    es_text: str | None = None
    es_pendulum_text: str | None = None
    passwords: list[str] = field(default_factory=list)
    status: dict[str, str] = field(default_factory=dict)

    @property
    def rank_order(self) -> int:
        """Which of several cards with one name wins an exact-name lookup (lower wins): printed cards with a
        password first, then other cards, then skills, then tokens."""
        if self.card_type == "token":
            return 3
        if self.card_type == "skill":
            return 2
        return 0 if self.passwords else 1

    def as_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if v not in (None, [], {})}
        return out


def stat_number(value: str | None) -> int | None:
    return int(value) if value is not None and value.lstrip("-").isdigit() else None


def text_key(text: str) -> str:
    """How card texts are searched: case and accents folded, punctuation kept, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("’", "'"))
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())


def race_label(race: str) -> str:
    return RACE_EN.get(race, race.title())


def _type_line(rec: dict[str, Any], card_type: str) -> str:
    if card_type == "monster":
        parts = [race_label(rec["type"])] if rec.get("type") else []
        monster_types = rec.get("monsterCardTypes") or []
        parts += [t.title() for t in monster_types if t != "pendulum"]
        parts += ["Pendulum"] if "pendulum" in monster_types or "pendulum" in (rec.get("classifications") or []) else []
        parts += [a.title() for a in rec.get("abilities") or []]
        classes = rec.get("classifications") or []
        parts += ["Tuner"] if "tuner" in classes else []
        parts += [c.title() for c in ("normal", "effect") if c in classes]
        return "/".join(dict.fromkeys(parts)) or "Monster"
    if card_type in ("spell", "trap"):
        sub = SUBCATEGORY_EN.get(rec.get("subcategory") or "normal", (rec.get("subcategory") or "").title())
        return f"{sub} {card_type.title()}".strip()
    return card_type.title()


def _kinds(rec: dict[str, Any], card_type: str) -> list[str]:
    kinds = [card_type]
    if rec.get("subcategory"):
        kinds.append(rec["subcategory"])
    for key in ("monsterCardTypes", "classifications", "abilities"):
        kinds += rec.get(key) or []
    if card_type == "monster":
        kinds.append("extra" if EXTRA_DECK & set(rec.get("monsterCardTypes") or ()) else "main")
    return list(dict.fromkeys(k.lower() for k in kinds))


def _stat(value: Any) -> str | None:
    if value is None:
        return None
    return str(value)


def parse_card(rec: dict[str, Any], where: str = "card") -> YgoRecord:
    """One YGOJSON record → YgoRecord; raises SourceError naming `where` when a required field is missing."""
    try:
        uuid = rec["id"]
        en = rec["text"]["en"]
        name = en["name"]
        card_type = rec["cardType"]
    except (KeyError, TypeError) as err:
        raise SourceError(where, f"missing field {err}") from None
    if card_type not in CARD_TYPES:
        raise SourceError(where, f"unknown cardType {card_type!r}")
    es = (rec.get("text") or {}).get("es") or {}
    arrows = rec.get("linkArrows") or []
    status = {fmt: (v or {}).get("current") for fmt, v in (rec.get("legality") or {}).items()}
    return YgoRecord(
        uuid=uuid, name=name, card_type=card_type, type_line=_type_line(rec, card_type), kinds=_kinds(rec, card_type),
        attribute=rec.get("attribute"), race=rec.get("type"),
        level=rec.get("level") if not arrows and rec.get("level") is not None else None,
        rank=rec.get("rank"), link=len(arrows) if arrows else None, link_arrows=arrows, scale=rec.get("scale"),
        atk=_stat(rec.get("atk")), defense=None if arrows else _stat(rec.get("def")),
        text=en.get("effect"), pendulum_text=en.get("pendulumEffect"),
        es_name=es.get("name"), es_text=es.get("effect"), es_pendulum_text=es.get("pendulumEffect"),
        passwords=[p.lstrip("0") or "0" for p in rec.get("passwords") or []],
        status={k: v for k, v in status.items() if v},
    )
