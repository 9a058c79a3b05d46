"""Combat damage (510): first strike and double strike steps, assignment (trample, deathtouch), dealing it (120.3).

Where the attacking or defending player would choose how to divide damage, the board may say
(`damage_assignment`); otherwise the table assigns lethal damage to each blocker in the order they
are listed and says so. After each combat damage step the active player would receive priority, so
state-based actions are checked (510.3, 704.3)."""

from __future__ import annotations

import re

from .models import BoardError, Permanent
from .sba import run_sbas
from .state import Chars, Game


_TOXIC = re.compile(r"Toxic (\d+)")  # case-sensitive: spoiler text may run it into the previous word


def _in_combat(game: Game, perm: Permanent) -> bool:
    return not perm.removed_from_combat and "creature" in game.chars(perm).types and (
        perm.attacking is not None or bool(perm.blocking))


def _strikes_first(ch: Chars) -> bool:
    return ch.has("first strike") or ch.has("double strike")


class _Assigner:
    """Collects one combat damage step's assignments; lethal damage counts what is already assigned."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.assigned: list[tuple[Permanent, str, int]] = []
        self.pending: dict[str, int] = {}

    def lethal(self, source: Chars, blocker: Permanent) -> int:
        if source.has("deathtouch"):
            return 1  # 702.2c: any nonzero amount is lethal
        ch = self.game.chars(blocker)
        return max(0, (ch.toughness or 0) - blocker.damage - self.pending.get(blocker.id, 0))

    def add(self, source: Permanent, target: str, amount: int) -> None:
        if amount > 0:
            self.assigned.append((source, target, amount))
            self.pending[target] = self.pending.get(target, 0) + amount

    def divide(self, source: Permanent, ch: Chars, power: int, blockers: list[Permanent],
               overflow: str | None) -> None:
        """Lethal damage to each blocker in order; the rest to `overflow` (trample) or the first blocker."""
        remaining, parts = power, []
        for b in blockers:
            give = min(self.lethal(ch, b), remaining)
            parts.append((b.id, give))
            remaining -= give
        if remaining and overflow:
            parts.append((overflow, remaining))
        elif remaining:
            parts[0] = (parts[0][0], parts[0][1] + remaining)
        for target, amount in parts:
            self.add(source, target, amount)

    def explicit(self, source: Permanent, ch: Chars, power: int, blockers: list[Permanent],
                 overflow: str | None) -> None:
        chosen = source.damage_assignment or {}
        index = self.game.board.permanents.index(source)
        at = f"permanents[{index}].damage_assignment"
        allowed = {b.id for b in blockers} | ({overflow} if overflow else set())
        problems = [(f"{at}.{t}", f"'{t}' can't be assigned damage by {source.id} (510.1c)")
                    for t in chosen if t not in allowed]
        if sum(chosen.values()) != power:
            problems.append((at, f"assigns {sum(chosen.values())} damage but its power is {power} (510.1a)"))
        if overflow and chosen.get(overflow, 0) > 0:
            short = [b.id for b in blockers if chosen.get(b.id, 0) < self.lethal(ch, b)]
            if short:
                problems.append((at, f"damage to {overflow} needs lethal damage assigned to {', '.join(short)} "
                                     "first (702.19b)"))
        if problems:
            raise BoardError(problems)
        for target, amount in chosen.items():
            self.add(source, target, amount)


def _attack_target_alive(game: Game, target: str) -> bool:
    player = game.player(target)
    if player is not None:
        return not player.lost
    perm = game.perm(target)
    return perm is not None and bool({"planeswalker", "battle"} & game.chars(perm).types)


def _assign_attacker(game: Game, a: _Assigner, perm: Permanent, blockers: list[Permanent]) -> None:
    ch = game.chars(perm)
    power = ch.power or 0
    en, es = game.label(perm.id)
    target = perm.attacking
    if power <= 0:
        game.step("no_damage", "510.1a", f"{en} has power {power} and assigns no combat damage.",
                  f"{es} tiene fuerza {power} y no asigna daño de combate.", [perm.id])
        return
    blocked = bool(blockers) or bool(perm.blocked)
    trample = ch.has("trample")
    if not blocked:
        if _attack_target_alive(game, target):
            a.add(perm, target, power)
        else:
            game.step("no_damage", "510.1b", f"{en} is attacking something no longer there and assigns no combat "
                      "damage.", f"{es} ataca algo que ya no está y no asigna daño de combate.", [perm.id])
        return
    if not blockers:
        if trample and _attack_target_alive(game, target):
            game.step("assign", "702.19d", f"{en} was blocked but no creature blocks it now; with trample it assigns "
                      f"all {power} damage to {game.label(target)[0]}.", f"{es} fue bloqueada pero ya no la bloquea "
                      f"ninguna criatura; con arrollar asigna los {power} de daño a {game.label(target)[1]}.",
                      [perm.id, target])
            a.add(perm, target, power)
        else:
            game.step("no_damage", "510.1c", f"{en} is blocked but no creature is blocking it any more: it assigns "
                      "no combat damage.", f"{es} está bloqueada pero ya no la bloquea ninguna criatura: no asigna "
                      "daño de combate.", [perm.id], ("509.1h",))
        return
    overflow = target if trample and _attack_target_alive(game, target) else None
    if perm.damage_assignment:
        a.explicit(perm, ch, power, blockers, overflow)
        return
    a.divide(perm, ch, power, blockers, overflow)
    if overflow:
        mine = {t: n for s, t, n in a.assigned if s is perm}
        shown = ", ".join(f"{n} to {game.label(t)[0]}" for t, n in mine.items())
        shown_es = ", ".join(f"{n} a {game.label(t)[1]}" for t, n in mine.items())
        dt = ch.has("deathtouch")
        how_es = " (con toque mortal, 1 de daño es letal)" if dt else " (contando el daño ya marcado)"
        game.step("assign", "702.19b", f"{en} has trample: lethal damage to its blockers first"
                  f"{' (with deathtouch, 1 damage is lethal)' if dt else ' (counting damage already marked)'}, "
                  f"the rest to what it attacks: {shown}.", f"{es} tiene arrollar: primero daño letal a sus "
                  f"bloqueadoras{how_es}"
                  f", el resto a lo que ataca: {shown_es}.", [perm.id] + list(mine), ("702.2c",) if dt else ())
    elif len(blockers) > 1:
        mine = {t: n for s, t, n in a.assigned if s is perm}
        game.step("assign", "510.1c", f"{en} is blocked by {len(blockers)} creatures; its controller divides the "
                  "damage (the board gives no division, so the table assigns lethal damage in blocker order): "
                  + ", ".join(f"{n} to {game.label(t)[0]}" for t, n in mine.items()) + ".",
                  f"{es} está bloqueada por {len(blockers)} criaturas; su controlador reparte el daño (el tablero no "
                  "lo indica, así que la mesa asigna daño letal en el orden de las bloqueadoras): "
                  + ", ".join(f"{n} a {game.label(t)[1]}" for t, n in mine.items()) + ".", [perm.id] + list(mine))


def _assign_blocker(game: Game, a: _Assigner, perm: Permanent) -> None:
    ch = game.chars(perm)
    power = ch.power or 0
    attackers = [p for p in (game.perm(i) for i in perm.blocking) if p is not None and _in_combat(game, p)]
    if power <= 0 or not attackers:
        if power > 0:
            en, es = game.label(perm.id)
            game.step("no_damage", "510.1d", f"{en} is no longer blocking any creature and assigns no combat "
                      "damage.", f"{es} ya no bloquea a ninguna criatura y no asigna daño de combate.", [perm.id])
        return
    if perm.damage_assignment:
        a.explicit(perm, ch, power, attackers, None)
    else:
        a.divide(perm, ch, power, attackers, None)


def _deal(game: Game, assigned: list[tuple[Permanent, str, int]]) -> None:
    """510.2: all assigned combat damage is dealt at once; each result per 120.3."""
    commander = game.board.format == "commander"
    lifelink: dict[str, int] = {}
    sources = {s.id: (s, game.chars(s)) for s, _, _ in assigned}  # characteristics as the damage is dealt
    for source, target, n in assigned:
        ch = sources[source.id][1]
        s_en, s_es = game.label(source.id)
        t_en, t_es = game.label(target)
        player, perm = game.player(target), game.perm(target)
        if player is not None:
            if ch.has("infect"):
                player.poison += n
                game.step("combat_damage", "120.3b", f"{s_en} deals {n} combat damage to {t_en}; with infect it gives "
                          f"{n} poison counters instead of life loss ({player.poison} now).", f"{s_es} hace {n} de "
                          f"daño de combate a {t_es}; con infectar le da {n} contadores de veneno en vez de perder "
                          f"vidas ({player.poison} ahora).", [source.id, target], ("702.90b", "510.2"))
            else:
                player.life -= n
                game.step("combat_damage", "120.3a", f"{s_en} deals {n} combat damage to {t_en}, who loses {n} life "
                          f"({player.life} now).", f"{s_es} hace {n} de daño de combate a {t_es}, que pierde {n} "
                          f"vidas ({player.life} ahora).", [source.id, target], ("510.2",))
            toxic = sum(int(n) for n in _TOXIC.findall(ch.text))
            if toxic:
                player.poison += toxic
                game.step("toxic", "120.3g", f"{s_en} has toxic {toxic}: {t_en} also gets {toxic} poison counter(s) "
                          f"({player.poison} now).", f"{s_es} tiene tóxico {toxic}: {t_es} también recibe {toxic} "
                          f"contador(es) de veneno ({player.poison} ahora).", [source.id, target], ("702.164c",))
            if commander and source.commander:
                player.commander_damage[source.id] = player.commander_damage.get(source.id, 0) + n
                total = player.commander_damage[source.id]
                game.step("commander_damage", "903.10a", f"{s_en} is a commander: {t_en} has now been dealt {total} "
                          "combat damage by it.", f"{s_es} es un comandante: {t_es} ha recibido ya {total} de daño de "
                          "combate de él.", [source.id, target])
        elif perm is not None:
            pch = game.chars(perm)
            if "planeswalker" in pch.types:
                perm.counters["loyalty"] = max(0, perm.counters.get("loyalty", 0) - n)
                game.step("combat_damage", "120.3c", f"{s_en} deals {n} damage to {t_en}: {n} loyalty counters are "
                          f"removed ({perm.counters['loyalty']} left).", f"{s_es} hace {n} de daño a {t_es}: se le "
                          f"quitan {n} contadores de lealtad (quedan {perm.counters['loyalty']}).",
                          [source.id, target], ("510.2",))
            if "battle" in pch.types:
                perm.counters["defense"] = max(0, perm.counters.get("defense", 0) - n)
                game.step("combat_damage", "120.3h", f"{s_en} deals {n} damage to {t_en}: {n} defense counters are "
                          f"removed ({perm.counters['defense']} left).", f"{s_es} hace {n} de daño a {t_es}: se le "
                          f"quitan {n} contadores de defensa (quedan {perm.counters['defense']}).",
                          [source.id, target], ("510.2", "310.6"))
            if "creature" in pch.types:
                _damage_creature(game, source, ch, perm, n, (s_en, s_es), (t_en, t_es))
        if ch.has("lifelink"):
            lifelink[source.id] = lifelink.get(source.id, 0) + n
    for sid, n in lifelink.items():
        source = sources[sid][0]
        who = game.player(source.controller)
        if who is not None:
            who.life += n
            s_en, s_es = game.label(sid)
            game.step("gain_life", "120.3f", f"{s_en} has lifelink: {who.name or who.id} gains {n} life "
                      f"({who.life} now).", f"{s_es} tiene vínculo vital: {who.name or who.id} gana {n} vidas "
                      f"({who.life} ahora).", [sid, who.id], ("702.15b",))


def _damage_creature(game: Game, source: Permanent, ch: Chars, perm: Permanent, n: int,
                     s: tuple[str, str], t: tuple[str, str]) -> None:
    if ch.has("wither") or ch.has("infect"):
        kw, kw_es = ("infect", "infectar") if ch.has("infect") else ("wither", "marchitar")
        perm.counters["-1/-1"] = perm.counters.get("-1/-1", 0) + n
        game.step("combat_damage", "120.3d", f"{s[0]} deals {n} damage to {t[0]}; with {kw} it puts {n} -1/-1 counters "
                  "on it instead of marking damage.", f"{s[1]} hace {n} de daño a {t[1]}; con {kw_es} le pone {n} "
                  "contadores -1/-1 en vez de marcarle daño.", [source.id, perm.id],
                  ("702.90c" if kw == "infect" else "702.80a", "510.2"))
    else:
        perm.damage += n
        game.step("combat_damage", "120.3e", f"{s[0]} deals {n} damage to {t[0]} ({perm.damage} damage marked).",
                  f"{s[1]} hace {n} de daño a {t[1]} ({perm.damage} de daño marcado).", [source.id, perm.id],
                  ("510.2",))
    if ch.has("deathtouch"):
        perm.deathtouch_damage = True
        game.step("deathtouch_damage", "702.2b", f"{t[0]} was dealt damage by {s[0]}, which has deathtouch.",
                  f"{t[1]} recibió daño de {s[1]}, que tiene toque mortal.", [source.id, perm.id])


def _damage_step(game: Game, creatures: list[Permanent], stage: str) -> None:
    game.stage = stage
    a = _Assigner(game)
    combatants = {p.id for p in creatures}
    blockers_of: dict[str, list[Permanent]] = {}
    for p in game.board.permanents:
        if _in_combat(game, p):
            for attacker in p.blocking:
                blockers_of.setdefault(attacker, []).append(p)
    for perm in creatures:
        if perm.attacking is not None:
            _assign_attacker(game, a, perm, blockers_of.get(perm.id, []))
    for perm in game.board.permanents:
        if perm.id in combatants and perm.blocking:
            _assign_blocker(game, a, perm)
    _deal(game, a.assigned)
    run_sbas(game, prefix=f"{stage}-")


def resolve_combat_damage(game: Game) -> None:
    """Run what remains of the combat damage step(s) when the board is in the combat damage step."""
    turn = game.board.turn
    if turn.step != "combat_damage" or turn.combat_damage_dealt == "all":
        return
    fighting = [p for p in game.board.permanents if _in_combat(game, p)]
    first = {p.id for p in fighting if _strikes_first(game.chars(p))}
    if turn.combat_damage_dealt == "none" and first:
        game.stage = "combat-first-strike"
        names = ", ".join(game.label(i)[0] for i in first)
        names_es = ", ".join(game.label(i)[1] for i in first)
        game.step("two_damage_steps", "510.4", f"{names} has first strike or double strike: there are two combat "
                  "damage steps, and only those creatures deal damage in the first.", f"{names_es} tiene dañar "
                  "primero o dañar dos veces: hay dos pasos de daño de combate y en el primero solo hacen daño esas "
                  "criaturas.", sorted(first), ("702.7b",))
        _damage_step(game, [p for p in fighting if p.id in first], "combat-first-strike")
        turn.combat_damage_dealt = "first_strike"
        # 510.4: the second step is for those that had neither ability as the first began, and double strikers.
        second = [p for p in game.board.permanents if _in_combat(game, p)
                  and (p.id not in first or game.chars(p).has("double strike"))]
        _damage_step(game, second, "combat-regular")
    elif turn.combat_damage_dealt == "first_strike":
        second = [p for p in fighting if not game.chars(p).has("first strike") or game.chars(p).has("double strike")]
        _damage_step(game, second, "combat-regular")
    else:
        _damage_step(game, fighting, "combat")
    turn.combat_damage_dealt = "all"
