"""Leaves-the-battlefield triggers: noted with their rule, never resolved (the table does not play the game).

They look back in time (603.10a): the leaving permanent's own abilities and those of every permanent on the
battlefield just before the event (including others leaving at the same time) are read from that moment."""

from __future__ import annotations

import re

from .models import Permanent
from .state import Chars, Game

_LTB = re.compile(r"\b(?:When|Whenever)\b([^.:]*?)\b(dies|die|leaves the battlefield|leave the battlefield|"
                  r"(?:is|are) put into (?:a|your|an opponent's|its owner's|their owners') graveyards? from "
                  r"the battlefield)", re.I)
_REMINDER = re.compile(r"\([^)]*\)")
_SELF = re.compile(r"\bthis (creature|permanent|artifact|enchantment|card|land|planeswalker|battle)\b|~")
_KINDS = ("creature", "artifact", "enchantment", "land", "planeswalker", "battle")
_LKI_KEYWORDS = {"undying": ("+1/+1", "702.93a"), "persist": ("-1/-1", "702.79a")}
_KEYWORD_ES = {"undying": "Resiliencia", "persist": "Persistir"}


def _lines(text: str) -> list[str]:
    return [line.strip() for line in _REMINDER.sub("", text).splitlines() if line.strip()]


def _is_self(subject: str, name: str | None) -> bool:
    return bool(_SELF.search(subject) or (name and name.lower() in subject))


def _other_applies(subject: str, watcher: Permanent, leaving: Permanent, chars: Chars) -> bool:
    if "enchanted" in subject or "equipped" in subject:
        return watcher.attached_to == leaving.id
    if not re.search(r"\b(another|a|an|one or more|each)\b", subject):
        return False
    wanted = [k for k in _KINDS if re.search(rf"\b{k}s?\b", subject)]
    if wanted and not any(k in chars.types for k in wanted) and "permanent" not in subject:
        return False
    if "nontoken" in subject and leaving.token or re.search(r"\b(?<!non)token\b", subject) and not leaving.token:
        return False
    same = leaving.controller == watcher.controller
    if ("you don't control" in subject or "an opponent controls" in subject) and same:
        return False
    if "you control" in subject and "don't" not in subject and leaving.controller != watcher.controller:
        return False
    return True


def _keyword_triggers(game: Game, perm: Permanent, chars: Chars, to_graveyard: bool) -> None:
    en_name = perm.name or perm.card or perm.id
    es_name = perm.es_name or en_name
    for keyword, (counter, rule) in _LKI_KEYWORDS.items():
        if not chars.has(keyword) or not to_graveyard:
            continue
        if perm.counters.get(counter, 0) > 0:
            game.step("trigger_skipped", rule,
                      f"{en_name}'s {keyword} does not trigger: it had a {counter} counter on it when it was last on "
                      "the battlefield (its last known information is used).",
                      f"{_KEYWORD_ES[keyword]} de {es_name} no se dispara: tenía un contador {counter} cuando estuvo "
                      "en el campo de batalla por última vez (se usa su última información conocida).",
                      [perm.id], related=("704.8", "603.10a"))
        else:
            game.step("trigger", rule,
                      f"{en_name}'s {keyword} triggers (it had no {counter} counter): it will return it to the "
                      "battlefield once it resolves. Noted, not resolved.",
                      f"{_KEYWORD_ES[keyword]} de {es_name} se dispara (no tenía contadores {counter}): al resolverse "
                      "lo devolverá al campo de batalla. Se anota, no se resuelve.",
                      [perm.id], related=("603.6c",))


def note_leave_triggers(game: Game, leaving: list[tuple[Permanent, Chars, str]],
                        before: list[tuple[Permanent, Chars]]) -> None:
    """Record a step for each leaves-the-battlefield ability that triggers on these permanents leaving."""
    for perm, chars, zone in leaving:
        to_graveyard = zone == "graveyard"
        _keyword_triggers(game, perm, chars, to_graveyard)
        for watcher, wchars in before:
            for line in _lines(wchars.text):
                m = _LTB.search(line)
                if not m or ("die" in m.group(2).lower() or "graveyard" in m.group(2).lower()) and not to_graveyard:
                    continue
                subject = m.group(1).lower()
                own = watcher.id == perm.id
                if own and not _is_self(subject, wchars.name):
                    continue
                if not own and not _other_applies(subject, watcher, perm, chars):
                    continue
                _note(game, watcher, perm, line.rstrip("."))


def _note(game: Game, watcher: Permanent, leaving: Permanent, line: str) -> None:
    w_en, w_es = game.label(watcher.id) if game.perm(watcher.id) else (watcher.name or watcher.id,
                                                                       watcher.es_name or watcher.name or watcher.id)
    l_en, l_es = leaving.name or leaving.id, leaving.es_name or leaving.name or leaving.id
    game.step("trigger", "603.6c",
              f"{w_en}'s leaves-the-battlefield ability triggers because {l_en} left: “{line}”. It goes on the "
              "stack the next time a player would receive priority; the table notes it but does not resolve it.",
              f"La habilidad de dejar el campo de batalla de {w_es} se dispara porque {l_es} lo dejó: «{line}». Se "
              "pondrá en la pila la próxima vez que un jugador fuera a recibir prioridad; la mesa la anota pero no "
              "la resuelve.",
              [watcher.id, leaving.id], related=("603.10a",))
