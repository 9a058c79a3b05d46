"""Loading a board: Pydantic validation, card resolution (ES/EN) and reference checks, all problems at once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..cards import get_card, resolve_name
from ..cards.api import card_from_row
from ..errors import NotFound
from .models import Board, BoardError, Permanent, Problem

if TYPE_CHECKING:
    from ..store import Store


@dataclass(frozen=True)
class CardInfo:
    """The Oracle data the checks need about one card (the face a permanent shows)."""

    name: str
    es_name: str | None
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    keywords: frozenset[str]


def _path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(board)"


# Keywords the checks act on; read from the text when the card data lists none (spoiler cards).
RULES_KEYWORDS = ("first strike", "double strike", "deathtouch", "trample", "lifelink", "infect", "wither",
                  "indestructible", "undying", "persist", "flying", "reach", "vigilance", "haste", "menace")
_SEGMENTS = re.compile(r"[\n,.;()]")


def text_keywords(text: str) -> frozenset[str]:
    """Keyword abilities written at the start of a line or in a comma list ('Flying, deathtouch').

    Spoiler text may lack line breaks ('DeathtouchToxic 1'): a capital letter may follow a keyword."""
    found = set()
    for segment in _SEGMENTS.split(text):
        seg = segment.strip()
        for keyword in RULES_KEYWORDS:
            rest = seg[len(keyword):len(keyword) + 1]
            if seg.lower().startswith(keyword) and not (rest.isalpha() and rest.islower()):
                found.add(keyword)
    return frozenset(found)


def _face_info(card: Any, matched: str | None) -> CardInfo:
    """The face the name refers to (a back face typed by name), else the front face."""
    es_name = card.es.name if card.es else None
    keywords = frozenset(k.keyword.lower() for k in card.keywords) or text_keywords(card.oracle_text)
    if not card.faces:
        return CardInfo(card.name, es_name, card.type_line, card.oracle_text, card.power, card.toughness,
                        card.loyalty, keywords)
    face = next((f for f in card.faces if matched and matched.lower() in (f.name.lower(), (f.es_name or "").lower())),
                card.faces[0])
    # Card keywords cover every face: keep those this face's text mentions.
    text = face.oracle_text.lower()
    return CardInfo(face.name, face.es_name or es_name, face.type_line, face.oracle_text, face.power,
                    face.toughness, face.loyalty, frozenset(k for k in keywords if k in text))


class _Resolver:
    """Resolves each distinct typed name once; records a problem for unknown or ambiguous names."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.cache: dict[str, CardInfo | str] = {}

    def __call__(self, name: str) -> CardInfo | str:
        if name not in self.cache:
            self.cache[name] = self._resolve(name)
        return self.cache[name]

    def _resolve(self, name: str) -> CardInfo | str:
        resolution = resolve_name(self.store, name)
        if resolution.status != "found":
            try:
                get_card(self.store, name)
            except NotFound as err:
                return f"unknown card: {err}"
            return f"unknown card '{name}'"
        card = card_from_row(self.store, self.store.card_row(resolution.card))
        return _face_info(card, resolution.matched)


def _card_names(data: Any) -> list[tuple[str, str]]:
    """(path, name) of every card named in raw board data, even when its structure is invalid."""
    found: list[tuple[str, str]] = []
    if not isinstance(data, dict):
        return found
    for key in ("permanents", "stack"):
        for i, item in enumerate(data.get(key) or [] if isinstance(data.get(key), list) else []):
            if isinstance(item, dict) and isinstance(item.get("card"), str):
                found.append((f"{key}[{i}].card", item["card"]))
    players = data.get("players") if isinstance(data.get("players"), list) else []
    for p, player in enumerate(players):
        for zone in ("graveyard", "exile", "command"):
            cards = player.get(zone) if isinstance(player, dict) else None
            for i, item in enumerate(cards if isinstance(cards, list) else []):
                if isinstance(item, dict) and isinstance(item.get("card"), str):
                    found.append((f"players[{p}].{zone}[{i}].card", item["card"]))
    return found


_NUMBER = re.compile(r"^-?\d+$")


def _check_permanent(i: int, perm: Permanent, info: CardInfo | None, problems: list[Problem]) -> None:
    at = f"permanents[{i}]"
    if info is None and perm.card is None and (perm.name is None or perm.type_line is None):
        problems.append((f"{at}.card", "field required (a token without a card needs name and type_line)"))
        return
    type_line = (perm.type_line or (info.type_line if info else "")).lower()
    if "creature" in type_line and not perm.face_down:
        for stat in ("power", "toughness"):
            printed = getattr(info, stat) if info else None
            if getattr(perm, stat) is None and not (printed and _NUMBER.match(printed)):
                problems.append((f"{at}.{stat}", f"the card's {stat} is {printed!r}: give the current base value"))
    if "battle" in type_line and "defense" not in perm.counters:
        problems.append((f"{at}.counters.defense", "a battle needs its defense counters"))
    if "aura" in type_line and "attached_to" not in perm.model_fields_set and not perm.face_down:
        problems.append((f"{at}.attached_to", "an Aura must say what it is attached to (null if nothing)"))


def _check_references(board: Board, problems: list[Problem]) -> None:
    players = {p.id for p in board.players}
    perms = {p.id for p in board.permanents}
    ids: dict[str, str] = {}

    def claim(obj_id: str | None, at: str) -> None:
        if obj_id is None:
            return
        if obj_id in ids:
            problems.append((at, f"duplicate id '{obj_id}' (also {ids[obj_id]})"))
        ids.setdefault(obj_id, at)

    for p, player in enumerate(board.players):
        claim(player.id, f"players[{p}].id")
        for zone in ("graveyard", "exile", "command"):
            for j, card in enumerate(getattr(player, zone)):
                claim(card.id, f"players[{p}].{zone}[{j}].id")
                if card.card is None and card.name is None:
                    problems.append((f"players[{p}].{zone}[{j}].card", "field required (or name for a token)"))
    attackers = {p.id for p in board.permanents if p.attacking is not None}
    for i, perm in enumerate(board.permanents):
        at = f"permanents[{i}]"
        claim(perm.id, f"{at}.id")
        for field in ("controller", "owner"):
            value = getattr(perm, field)
            if value is not None and value not in players:
                problems.append((f"{at}.{field}", f"no player with id '{value}'"))
        if perm.attached_to is not None and perm.attached_to not in players | perms:
            problems.append((f"{at}.attached_to", f"no permanent or player with id '{perm.attached_to}'"))
        if perm.attached_to == perm.id:
            problems.append((f"{at}.attached_to", "a permanent can't be attached to itself"))
        # An attacked planeswalker or battle that has left stays named (510.1b: no damage to it).
        if perm.attacking is not None and perm.attacking not in players | perms | set(ids):
            problems.append((f"{at}.attacking", f"no player, planeswalker or battle with id '{perm.attacking}'"))
        for j, target in enumerate(perm.blocking):
            if target not in attackers:
                problems.append((f"{at}.blocking[{j}]", f"'{target}' is not an attacking creature"))
        for target, amount in (perm.damage_assignment or {}).items():
            if target not in players | perms:
                problems.append((f"{at}.damage_assignment.{target}", f"no permanent or player with id '{target}'"))
    for s, item in enumerate(board.stack):
        claim(item.id, f"stack[{s}].id")
        if item.controller not in players:
            problems.append((f"stack[{s}].controller", f"no player with id '{item.controller}'"))
        if item.source is not None and item.source not in perms:
            problems.append((f"stack[{s}].source", f"no permanent with id '{item.source}'"))
    if board.turn.active_player not in players:
        problems.append(("turn.active_player", f"no player with id '{board.turn.active_player}'"))


def load_board(data: dict, store: Store) -> Board:
    """Validate a board and resolve its cards; raise one BoardError listing every problem with its path."""
    problems: list[Problem] = []
    board: Board | None = None
    try:
        board = Board.model_validate(data)
    except ValidationError as err:
        for e in err.errors():
            message = "field required" if e["type"] == "missing" else e["msg"]
            problems.append((_path(e["loc"]), message))
    resolve = _Resolver(store)
    if board is None:
        _check_raw_permanents(data, resolve, problems)
    for path, name in _card_names(data):
        found = resolve(name)
        if isinstance(found, str):
            problems.append((path, found))
    if board is not None:
        infos: dict[str, CardInfo] = {}
        for i, perm in enumerate(board.permanents):
            info = resolve(perm.card) if perm.card else None
            info = info if isinstance(info, CardInfo) else None
            if perm.card is not None and info is None:
                continue  # already reported
            _check_permanent(i, perm, info, problems)
            if info is not None:
                infos[perm.id] = info
                perm.name, perm.es_name = info.name, info.es_name
                if "planeswalker" in (perm.type_line or info.type_line).lower() and "loyalty" not in perm.counters \
                        and info.loyalty and _NUMBER.match(info.loyalty):
                    # 306.5b: it entered with its printed loyalty; the board did not say otherwise.
                    perm.counters["loyalty"] = int(info.loyalty)
        _check_references(board, problems)
        _fill_zone_names(board, resolve)
        board._infos = infos
    if problems:
        raise BoardError(problems)
    assert board is not None
    return board


def _check_raw_permanents(data: Any, resolve: _Resolver, problems: list[Problem]) -> None:
    """The board as a whole is invalid: still check each permanent that is valid on its own."""
    raw = data.get("permanents") if isinstance(data, dict) else None
    for i, item in enumerate(raw if isinstance(raw, list) else []):
        try:
            perm = Permanent.model_validate(item)
        except ValidationError:
            continue  # its problems are already listed
        info = resolve(perm.card) if perm.card else None
        if perm.card is None or isinstance(info, CardInfo):
            _check_permanent(i, perm, info if isinstance(info, CardInfo) else None, problems)


def _fill_zone_names(board: Board, resolve: _Resolver) -> None:
    for player in board.players:
        for zone in (player.graveyard, player.exile, player.command):
            for card in zone:
                info = resolve(card.card) if card.card else None
                if isinstance(info, CardInfo):
                    card.name, card.es_name = info.name, info.es_name
    for item in board.stack:
        info = resolve(item.card) if item.card else None
        if isinstance(info, CardInfo):
            item.name = info.name
