"""The game being checked: current characteristics of permanents, zone moves, and recording cited steps."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import GatewatchError, NotFound
from .load import CardInfo
from .models import Board, Permanent, Player, ZoneCard
from .result import RuleQuote, Step

if TYPE_CHECKING:
    from ..store import Store

SUPERTYPES = {"legendary", "basic", "snow", "world", "ongoing", "host"}
_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")
_GRANT = re.compile(r"^(equipped|enchanted) creature( gets ([+-]\d+)/([+-]\d+))?(?: and)?(?: has ([^.(]+))?", re.I)
_CHAPTER = re.compile(r"^([IVX]+(?:, [IVX]+)*) —", re.M)
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


@dataclass(frozen=True)
class Chars:
    """A permanent's characteristics right now (printed, overridden, counters, effects, attachments)."""

    name: str | None
    es_name: str | None
    types: frozenset[str]
    supertypes: frozenset[str]
    subtypes: frozenset[str]
    power: int | None
    toughness: int | None
    keywords: frozenset[str]
    text: str

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def final_chapter(self) -> int | None:
        numbers = [_ROMAN.get(n.strip(), 0) for m in _CHAPTER.findall(self.text) for n in m.split(",")]
        return max(numbers) if numbers else None


def split_type_line(type_line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    left, _, right = type_line.partition("—")
    words = [w.lower() for w in left.split()]
    return (frozenset(w for w in words if w not in SUPERTYPES), frozenset(w for w in words if w in SUPERTYPES),
            frozenset(w.lower() for w in right.split()))


def _grants(text: str) -> tuple[int, int, set[str]]:
    """What an Aura or Equipment's 'Enchanted/Equipped creature gets +X/+Y and has ...' gives."""
    power = toughness = 0
    keywords: set[str] = set()
    for line in text.splitlines():
        m = _GRANT.match(line.strip())
        if not m or "for each" in line or " where " in line:  # variable bonuses need the game's state
            continue
        if m.group(2):
            power, toughness = power + int(m.group(3)), toughness + int(m.group(4))
        if m.group(5):
            keywords |= {k.strip().lower() for k in re.split(r",|\band\b", m.group(5)) if k.strip()}
    return power, toughness, keywords


class Game:
    """A mutable copy of the board plus the steps recorded while checking it."""

    def __init__(self, board: Board, store: Store, version: str) -> None:
        self.board = board
        self.infos: dict[str, CardInfo] = dict(board._infos)
        self.store = store
        self.version = version
        self.steps: list[Step] = []
        self.stage = "sba-1"
        self._quotes: dict[str, str] = {}
        self._quotes_es: dict[str, str | None] = {}
        self.noted: set[tuple[str, tuple[str, ...]]] = set()

    # ---- lookups ----
    def perm(self, obj_id: str | None) -> Permanent | None:
        return next((p for p in self.board.permanents if p.id == obj_id), None)

    def player(self, obj_id: str | None) -> Player | None:
        return next((p for p in self.board.players if p.id == obj_id), None)

    def owner(self, perm: Permanent) -> Player:
        return self.player(perm.owner or perm.controller) or self.board.players[0]

    def chars(self, perm: Permanent) -> Chars:
        info = self.infos.get(perm.id)
        if perm.face_down:  # 708.2a: a nameless 2/2 creature with no text or abilities
            types, supers, subs = frozenset({"creature"}), frozenset(), frozenset()
            base_p, base_t, keywords, text, name, es = 2, 2, set(), "", None, None
        else:
            types, supers, subs = split_type_line(perm.type_line or (info.type_line if info else ""))
            base_p = perm.power if perm.power is not None else _int(info.power if info else None)
            base_t = perm.toughness if perm.toughness is not None else _int(info.toughness if info else None)
            keywords = set(info.keywords if info else ())
            text = info.oracle_text if info else ""
            name, es = perm.name or (info.name if info else None), perm.es_name or (info.es_name if info else None)
        keywords |= {a.lower() for a in perm.abilities}
        dp = dt = 0
        for effect in perm.effects:  # layer 7b (set) before 7c (modify), 613.4
            base_p = effect.set_power if effect.set_power is not None else base_p
            base_t = effect.set_toughness if effect.set_toughness is not None else base_t
            dp, dt = dp + effect.power, dt + effect.toughness
        for kind, n in perm.counters.items():
            m = _PT_COUNTER.match(kind.replace(" ", ""))
            if m:
                dp, dt = dp + n * int(m.group(1)), dt + n * int(m.group(2))
        for other in self.board.permanents:
            if other.attached_to == perm.id and not other.face_down:
                gp, gt, gk = _grants(self.infos[other.id].oracle_text if other.id in self.infos else "")
                dp, dt, keywords = dp + gp, dt + gt, keywords | gk
        keywords -= {a.lower() for a in perm.loses_abilities}
        is_creature = "creature" in types
        return Chars(name, es, types, supers, subs,
                     base_p + dp if is_creature and base_p is not None else None,
                     base_t + dt if is_creature and base_t is not None else None,
                     frozenset(keywords), text)

    def label(self, obj_id: str) -> tuple[str, str]:
        """How to name an object or player in English and in Spanish descriptions."""
        player = self.player(obj_id)
        if player is not None:
            return player.name or player.id, player.name or player.id
        perm = self.perm(obj_id)
        if perm is not None:
            if perm.face_down:
                return f"face-down creature ({perm.id})", f"criatura boca abajo ({perm.id})"
            en = perm.name or perm.card or perm.id
            return en, perm.es_name or en
        for card in self.zone_cards():
            if card[1].id == obj_id:
                en = card[1].name or card[1].card or obj_id
                return en, card[1].es_name or en
        return obj_id, obj_id

    def zone_cards(self) -> list[tuple[Player, ZoneCard, str]]:
        return [(p, c, zone) for p in self.board.players for zone in ("graveyard", "exile", "command")
                for c in getattr(p, zone)]

    # ---- citations ----
    def quote(self, rule: str) -> str:
        if rule not in self._quotes:
            row = self.store.rule_row(self.version, rule)
            if row is None:
                raise NotFound(f"rule {rule} in the Comprehensive Rules {self.version}")
            self._quotes[rule] = row["text"]
        return self._quotes[rule]

    def quote_es(self, rule: str) -> str | None:
        """Our Spanish text of the rule, when the store has it and it translates the current English."""
        if rule not in self._quotes_es:
            self._quotes_es[rule] = None
            try:
                from ..spanish.api import spanish_rule
                found = spanish_rule(self.store, rule, self.version)
            except (ImportError, sqlite3.Error, GatewatchError):
                found = None  # a store without the Spanish edition: the English quote stands alone
            if found is not None and not found.stale:
                self._quotes_es[rule] = found.text
        return self._quotes_es[rule]

    def step(self, action: str, rule: str, en: str, es: str, objects: list[str],
             related: tuple[str, ...] = ()) -> Step:
        step = Step(action=action, description_en=en, description_es=es, objects=objects, rule=rule,
                    quote=self.quote(rule), quote_es=self.quote_es(rule),
                    related=[RuleQuote(rule=r, quote=self.quote(r)) for r in related],
                    stage=self.stage)
        self.steps.append(step)
        return step

    # ---- zone changes ----
    def remove_from_battlefield(self, perm: Permanent, zone: str) -> ZoneCard:
        """Move a permanent to its owner's graveyard/exile; counters, damage and attachments do not follow."""
        self.board.permanents = [p for p in self.board.permanents if p.id != perm.id]
        card = ZoneCard(id=perm.id, card=perm.card, name=perm.name, es_name=perm.es_name, token=perm.token,
                        copy=perm.copy_,
                        commander=perm.commander, since_last_check=True)
        getattr(self.owner(perm), zone).append(card)
        for attacker_id in perm.blocking:  # 506.4: it leaves combat; whom it blocked stays blocked (509.1h)
            attacker = self.perm(attacker_id)
            if attacker is not None:
                attacker.blocked = True
        for other in self.board.permanents:
            if perm.id in other.blocking:
                other.blocking = [b for b in other.blocking if b != perm.id]
        return card


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
