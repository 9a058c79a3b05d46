"""State-based actions (704): every applicable one found on the same snapshot, performed as one event,
and the check repeated until none applies (704.3)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .attach import aura_allows
from .models import Permanent, Player, ZoneCard
from .state import Chars, Game
from .triggers import note_leave_triggers

MAX_CHECKS = 30  # a board that loops (it cannot, without abilities) must still end
_ACTIONS = {"704.5g": "destroy", "704.5h": "destroy", "704.5s": "sacrifice"}


@dataclass
class _Leave:
    perm: Permanent
    zone: str
    rule: str
    verb_en: str
    verb_es: str
    related: tuple[str, ...] = ()


@dataclass
class _Event:
    """Everything one check found; performed together afterwards (704.3)."""

    losers: dict[str, tuple[str, str, str, tuple[str, ...]]] = field(default_factory=dict)
    leave: dict[str, _Leave] = field(default_factory=dict)
    notes: list[tuple] = field(default_factory=list)
    # (rule, run, action, en, es, related[, objects]): `run` changes the board when the event is performed
    actions: list[tuple] = field(default_factory=list)

    def lose(self, player: Player, rule: str, en: str, es: str, related: tuple[str, ...] = ()) -> None:
        self.losers.setdefault(player.id, (rule, en, es, related))

    def put(self, perm: Permanent, zone: str, rule: str, en: str, es: str, related: tuple[str, ...] = ()) -> None:
        self.leave.setdefault(perm.id, _Leave(perm, zone, rule, en, es, related))

    @property
    def empty(self) -> bool:
        return not (self.losers or self.leave or self.actions)


def _players(game: Game, event: _Event) -> None:
    commander = game.board.format == "commander"
    for p in game.board.players:
        if p.lost:
            continue
        name = p.name or p.id
        if p.life <= 0:
            event.lose(p, "704.5a", f"{name} has {p.life} life and loses the game.",
                       f"{name} tiene {p.life} vidas y pierde la partida.", ("104.3b",))
        if p.drew_from_empty_library:
            event.lose(p, "704.5b", f"{name} attempted to draw from an empty library since state-based actions "
                       "were last checked: they lose the game when state-based actions are next checked, which is "
                       "now (not at the moment of the draw).",
                       f"{name} intentó robar de una biblioteca vacía desde la última comprobación de acciones de "
                       "estado: pierde la partida la próxima vez que se comprueban, que es ahora (no en el momento de "
                       "robar).", ("104.3c",))
        if p.poison >= 10:
            event.lose(p, "704.5c", f"{name} has {p.poison} poison counters and loses the game.",
                       f"{name} tiene {p.poison} contadores de veneno y pierde la partida.", ("104.3d",))
        for cmd, amount in p.commander_damage.items():
            if commander and amount >= 21:
                label = game.label(cmd)
                event.lose(p, "704.6c", f"{name} has been dealt {amount} combat damage by the commander {label[0]} "
                           "and loses the game.", f"{name} ha recibido {amount} de daño de combate del comandante "
                           f"{label[1]} y pierde la partida.", ("903.10a",))


def _zones(game: Game, event: _Event) -> None:
    commander = game.board.format == "commander"
    for player, card, zone in game.zone_cards():
        label = card.name or card.card or card.id or "?"
        if card.token:
            event.actions.append(("704.5d", _cease(player, card, zone), "cease_to_exist",
                                  f"The token {label} is in the {zone} and ceases to exist.",
                                  f"La ficha {label} está en {_ZONE_ES[zone]} y deja de existir.", ("111.7",),
                                  _ids(card)))
        elif card.copy_:
            event.actions.append(("704.5e", _cease(player, card, zone), "cease_to_exist",
                                  f"The copy of {label} is in the {zone} and ceases to exist.",
                                  f"La copia de {label} está en {_ZONE_ES[zone]} y deja de existir.", (), _ids(card)))
        elif commander and card.commander and zone in ("graveyard", "exile") and card.since_last_check \
                and card.to_command_zone:
            event.actions.append(("704.6d", _to_command(player, card, zone), "to_command_zone",
                                  f"The commander {label} was put into the {zone} since state-based actions were last "
                                  "checked; its owner puts it into the command zone.",
                                  f"El comandante {label} fue puesto en {_ZONE_ES[zone]} desde la última "
                                  "comprobación; su propietario lo pone en la zona de mando.", ("903.9a",),
                                  _ids(card)))


def _ids(card: ZoneCard) -> list[str]:
    return [card.id] if card.id else []


_ZONE_ES = {"graveyard": "el cementerio", "exile": "el exilio", "command": "la zona de mando"}


def _cease(player: Player, card: ZoneCard, zone: str):
    def run() -> None:
        setattr(player, zone, [c for c in getattr(player, zone) if c is not card])
    return run


def _to_command(player: Player, card: ZoneCard, zone: str):
    def run() -> None:
        setattr(player, zone, [c for c in getattr(player, zone) if c is not card])
        player.command.append(card)
    return run


def _creatures(game: Game, event: _Event, perm: Permanent, ch: Chars) -> None:
    en, es = game.label(perm.id)
    t = ch.toughness
    if t is None:
        return
    if t <= 0:
        event.put(perm, "graveyard", "704.5f", f"{en} has toughness {t} and is put into its owner's graveyard "
                  "(it is not destroyed: regeneration and indestructible don't help).",
                  f"{es} tiene resistencia {t} y es puesta en el cementerio de su propietario (no es destruida: "
                  "ni la regeneración ni la indestructibilidad la salvan).")
        return
    lethal = perm.damage > 0 and perm.damage >= t
    if (lethal or perm.deathtouch_damage) and ch.has("indestructible"):
        event.notes.append(("702.12b", "not_destroyed", f"{en} has lethal or deathtouch damage but is indestructible: "
                            "it is not destroyed.", f"{es} tiene daño letal o de toque mortal pero es indestructible: "
                            "no es destruida.", [perm.id], ("704.5g",)))
        return
    if lethal:
        event.put(perm, "graveyard", "704.5g", f"{en} has {perm.damage} damage marked and toughness {t}: lethal "
                  "damage, it is destroyed.", f"{es} tiene {perm.damage} de daño marcado y resistencia {t}: daño "
                  "letal, es destruida.", ("120.6",))
    elif perm.deathtouch_damage:
        event.put(perm, "graveyard", "704.5h", f"{en} was dealt damage by a source with deathtouch and is destroyed.",
                  f"{es} recibió daño de una fuente con toque mortal y es destruida.", ("702.2b",))


def _permanents(game: Game, event: _Event) -> None:
    for perm in list(game.board.permanents):
        ch = game.chars(perm)
        en, es = game.label(perm.id)
        if "creature" in ch.types:
            _creatures(game, event, perm, ch)
        if "planeswalker" in ch.types and perm.counters.get("loyalty", 0) <= 0:
            event.put(perm, "graveyard", "704.5i", f"{en} has 0 loyalty and is put into its owner's graveyard.",
                      f"{es} tiene lealtad 0 y es puesto en el cementerio de su propietario.", ("306.5c",))
        if "battle" in ch.types and perm.counters.get("defense", 0) <= 0:
            siege = "siege" in ch.subtypes
            if not (siege and any(s.source == perm.id for s in game.board.stack)):
                event.put(perm, "graveyard", "704.5v" if siege else "704.5w",
                          f"{en} has defense 0 and is put into its owner's graveyard.",
                          f"{es} tiene defensa 0 y es puesta en el cementerio de su propietario.", ("310.4c",))
        final = ch.final_chapter if "saga" in ch.subtypes else None
        if final and perm.counters.get("lore", 0) >= final and not any(s.source == perm.id for s in game.board.stack):
            event.put(perm, "graveyard", "704.5s", f"{en} has {perm.counters['lore']} lore counters (final chapter "
                      f"{final}) and no chapter ability on the stack: its controller sacrifices it.",
                      f"{es} tiene {perm.counters['lore']} contadores de sabiduría (capítulo final {final}) y "
                      "ningún capítulo en la pila: su controlador la sacrifica.", ("714.4",))
        plus, minus = perm.counters.get("+1/+1", 0), perm.counters.get("-1/-1", 0)
        if plus and minus:
            n = min(plus, minus)
            event.actions.append(("704.5q", _annihilate(perm, n), "remove_counters",
                                  f"{en} has {plus} +1/+1 and {minus} -1/-1 counters: {n} of each are removed.",
                                  f"{es} tiene {plus} contadores +1/+1 y {minus} contadores -1/-1: se quitan {n} de "
                                  "cada tipo.", (), [perm.id]))
        _attachment(game, event, perm, ch)


def _annihilate(perm: Permanent, n: int):
    def run() -> None:
        for kind in ("+1/+1", "-1/-1"):
            perm.counters[kind] -= n
            if perm.counters[kind] == 0:
                del perm.counters[kind]
    return run


def _unattach(perm: Permanent):
    def run() -> None:
        perm.attached_to = None
    return run


def _attachment(game: Game, event: _Event, perm: Permanent, ch: Chars) -> None:
    en, es = game.label(perm.id)
    target_id = perm.attached_to
    target = game.perm(target_id)
    player = game.player(target_id)
    gone = target_id is not None and target is None and (player is None or player.lost)
    if "aura" in ch.subtypes and "creature" not in ch.types and "battle" not in ch.types:
        if target_id is None or gone:
            event.put(perm, "graveyard", "704.5m", f"{en} is an Aura attached to nothing and is put into its owner's "
                      "graveyard.", f"{es} es un Aura que no está anexada a nada y es puesta en el cementerio de su "
                      "propietario.", ("303.4c",))
        elif not aura_allows(ch.text, game.chars(target) if target else None,
                             (target.controller if target else target_id) == perm.controller, player is not None):
            t_en, t_es = game.label(target_id)
            event.put(perm, "graveyard", "704.5m", f"{en} is attached to {t_en}, which its enchant ability doesn't "
                      "allow: it is put into its owner's graveyard.", f"{es} está anexada a {t_es}, que su habilidad "
                      "de encantar no permite: es puesta en el cementerio de su propietario.", ("303.4c",))
        return
    if target_id is None:
        return
    if "creature" in ch.types or "battle" in ch.types:
        bad, rule, why = True, "704.5p", ("a creature or battle can't be attached", "una criatura o batalla no puede "
                                          "estar anexada")
    elif "equipment" in ch.subtypes or "fortification" in ch.subtypes:
        needed = "creature" if "equipment" in ch.subtypes else "land"
        bad = gone or player is not None or (target is not None and needed not in game.chars(target).types)
        rule, why = "704.5n", (f"it can only be attached to a {needed}",
                               f"solo puede estar anexado a {'una criatura' if needed == 'creature' else 'una tierra'}")
    else:
        bad, rule, why = True, "704.5p", ("only Auras, Equipment and Fortifications can be attached",
                                          "solo las Auras, Equipos y Fortificaciones pueden estar anexados")
    if bad:
        related = ("301.5c",) if rule == "704.5n" and "equipment" in ch.subtypes else ()
        event.actions.append((rule, _unattach(perm), "unattach",
                              f"{en} becomes unattached ({why[0]}) and stays on the battlefield.",
                              f"{es} queda desanexado ({why[1]}) y permanece en el campo de batalla.", related,
                              [perm.id]))


def _legend_and_world(game: Game, event: _Event) -> None:
    groups: dict[tuple[str, str], list[Permanent]] = {}
    worlds: list[Permanent] = []
    for perm in game.board.permanents:
        ch = game.chars(perm)
        if "legendary" in ch.supertypes and ch.name:
            groups.setdefault((perm.controller, ch.name), []).append(perm)
        if "world" in ch.supertypes:
            worlds.append(perm)
    order = {p.id: i for i, p in enumerate(game.board.permanents)}
    for (controller, name), perms in groups.items():
        if len(perms) < 2:
            continue
        chosen = [p for p in perms if p.keep]
        if chosen:
            keep, how_en, how_es = chosen[0], "as the board says", "como indica el tablero"
        else:
            keep = max(perms, key=lambda p: (p.timestamp or 0, order[p.id]))
            how_en = "the board names no choice, so the table keeps the newest by timestamp"
            how_es = "el tablero no indica la elección, así que la mesa conserva la más reciente"
        who = game.label(controller)
        for perm in perms:
            if perm is not keep:
                en, es = game.label(perm.id)
                event.put(perm, "graveyard", "704.5j",
                          f"Legend rule: {who[0]} controls {len(perms)} legendary permanents named {name} and chooses "
                          f"one to keep ({how_en}: {keep.id}); {en} ({perm.id}) is put into its owner's graveyard.",
                          f"Regla de leyendas: {who[1]} controla {len(perms)} permanentes legendarios llamados {es} y "
                          f"elige uno ({how_es}: {keep.id}); {es} ({perm.id}) es puesto en el cementerio de su "
                          "propietario.")
    if len(worlds) >= 2:
        newest = max(p.timestamp or 0 for p in worlds)
        keepers = [p for p in worlds if (p.timestamp or 0) == newest]
        for perm in worlds:
            if perm not in keepers or len(keepers) > 1:
                en, es = game.label(perm.id)
                event.put(perm, "graveyard", "704.5k", f"World rule: {en} is not the newest world permanent and is "
                          "put into its owner's graveyard.", f"Regla de mundo: {es} no es el permanente de mundo más "
                          "reciente y es puesto en el cementerio de su propietario.")


def _roles(game: Game, event: _Event) -> None:
    groups: dict[tuple[str, str], list[Permanent]] = {}
    for perm in game.board.permanents:
        if perm.attached_to and "role" in game.chars(perm).subtypes:
            groups.setdefault((perm.controller, perm.attached_to), []).append(perm)
    for perms in groups.values():
        if len(perms) > 1:
            newest = max(perms, key=lambda p: p.timestamp or 0)
            for perm in perms:
                if perm is not newest:
                    en, es = game.label(perm.id)
                    event.put(perm, "graveyard", "704.5z", f"{en} is not the newest Role its controller has on that "
                              "permanent and is put into its owner's graveyard.", f"{es} no es el Rol más reciente "
                              "de su controlador en ese permanente y es puesto en el cementerio de su propietario.")


def check_once(game: Game) -> bool:
    """One check: find every applicable state-based action, perform them all at once. True if any was."""
    event = _Event()
    _players(game, event)
    _zones(game, event)
    _permanents(game, event)
    _legend_and_world(game, event)
    _roles(game, event)
    for rule, action, en, es, objects, related in event.notes:
        if (rule, tuple(objects)) not in game.noted:  # the same fact is pointed out once, not at every check
            game.noted.add((rule, tuple(objects)))
            game.step(action, rule, en, es, objects, related)
    # 704.8: what leaves is seen as it was before any of these actions.
    before = [(p, game.chars(p)) for p in game.board.permanents]
    lki = dict((p.id, c) for p, c in before)
    # These conditions are "since state-based actions were last checked": this check consumes them.
    for player in game.board.players:
        player.drew_from_empty_library = False
        for card in player.graveyard + player.exile:
            card.since_last_check = False
    for perm in game.board.permanents:
        perm.deathtouch_damage = False
    if event.empty:
        return False
    for pid, (rule, en, es, related) in event.losers.items():
        game.player(pid).lost = True
        game.step("lose_game", rule, en, es, [pid], related)
    lki_perms = {leave.perm.id: leave.perm.model_copy(deep=True) for leave in event.leave.values()}
    for rule, run, action, en, es, related, *objects in event.actions:
        if action == "remove_counters" and objects and objects[0][0] in event.leave:
            continue  # it leaves in this same event (704.8 example: Young Wolf keeps its LKI counters)
        run()
        game.step(action, rule, en, es, objects[0] if objects else [], related)
    leaving = []
    for leave in event.leave.values():
        if game.perm(leave.perm.id) is None:
            continue
        game.remove_from_battlefield(leave.perm, leave.zone)
        action = _ACTIONS.get(leave.rule, "put_into_graveyard")
        game.step(action, leave.rule, leave.verb_en, leave.verb_es, [leave.perm.id], leave.related)
        leaving.append((lki_perms[leave.perm.id], lki[leave.perm.id], leave.zone))
    note_leave_triggers(game, leaving, before)
    return True


def run_sbas(game: Game, prefix: str = "") -> int:
    """Check and perform state-based actions until a check finds none (704.3). Returns how many checks acted."""
    acted = 0
    for n in range(1, MAX_CHECKS + 1):
        game.stage = f"{prefix}sba-{n}"
        if not check_once(game):
            break
        acted += 1
    if acted:
        game.step("sba_done", "704.3",
                  f"State-based actions were performed in {acted} check(s), each as a single event; check "
                  f"{acted + 1} finds none, so triggered abilities go on the stack and a player receives priority.",
                  f"Las acciones basadas en estado se realizaron en {acted} comprobación(es), cada una como un "
                  f"único evento; la comprobación {acted + 1} no encuentra ninguna, así que las habilidades "
                  "disparadas se ponen en la pila y un jugador recibe prioridad.", [])
    else:
        game.step("sba_none", "704.3", "No state-based action applies: the player who would receive priority "
                  "receives it.", "No se aplica ninguna acción basada en estado: el jugador que fuera a recibir "
                  "prioridad la recibe.", [])
    return acted
