"""Match the rules of two versions: same, changed, renumbered, added, removed. Pure functions."""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass

from rapidfuzz.distance import Indel

RENUMBER_MIN_SIMILARITY = 0.75  # an unmatched new rule this close to a vanished old one was renumbered
CHANGED_MIN_SIMILARITY = 0.35   # below this, the same number now holds a different rule


@dataclass(frozen=True)
class RuleText:
    id: str
    text: str  # rule text plus its examples: a change to an example is a change to the rule


@dataclass(frozen=True)
class Change:
    kind: str  # "same" | "changed" | "renumbered" | "added" | "removed"
    old_id: str | None
    new_id: str | None
    similarity: float

    @property
    def text_changed(self) -> bool:
        return self.kind == "changed" or (self.kind == "renumbered" and self.similarity < 1.0)


def _section(rule_id: str) -> str:
    return rule_id.split(".")[0]


def similarity(a: str, b: str) -> float:
    return Indel.normalized_similarity(a, b)


def match_versions(old: list[RuleText], new: list[RuleText]) -> list[Change]:
    """One Change per new rule (same/changed/renumbered/added) then one per vanished old rule (removed)."""
    old_by_id = {r.id: r for r in old}
    old_by_text: dict[str, list[str]] = defaultdict(list)
    for r in old:
        old_by_text[r.text].append(r.id)
    used: set[str] = set()
    result: dict[str, Change] = {}
    # 1. Unchanged in place.
    for r in new:
        o = old_by_id.get(r.id)
        if o is not None and o.text == r.text:
            result[r.id] = Change("same", r.id, r.id, 1.0)
            used.add(r.id)
    # 2. Identical text under another number: renumbered (a subrule inserted before it shifts the letters).
    for r in new:
        if r.id in result:
            continue
        sources = [i for i in old_by_text.get(r.text, []) if i not in used]
        if sources:
            src = min(sources, key=lambda i: (_section(i) != _section(r.id), i))
            result[r.id] = Change("renumbered", src, r.id, 1.0)
            used.add(src)
    # 3. Same number, edited text.
    pending = []
    for r in new:
        if r.id in result:
            continue
        o = old_by_id.get(r.id)
        if o is not None and o.id not in used:
            s = similarity(o.text, r.text)
            if s >= CHANGED_MIN_SIMILARITY:
                result[r.id] = Change("changed", r.id, r.id, s)
                used.add(r.id)
                continue
        pending.append(r)
    # 4. Edited and renumbered: the closest vanished rule of the same section.
    pool: dict[str, list[RuleText]] = defaultdict(list)
    for o in old:
        if o.id not in used:
            pool[_section(o.id)].append(o)
    for r in pending:
        best, best_s = None, 0.0
        for o in pool.get(_section(r.id), []):
            if o.id in used:
                continue
            s = similarity(o.text, r.text)
            if s > best_s:
                best, best_s = o, s
        if best is not None and best_s >= RENUMBER_MIN_SIMILARITY:
            result[r.id] = Change("renumbered", best.id, r.id, best_s)
            used.add(best.id)
        else:
            result[r.id] = Change("added", None, r.id, 0.0)
    changes = [result[r.id] for r in new]
    changes += [Change("removed", o.id, None, 0.0) for o in old if o.id not in used]
    return changes


def inline_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Word-level diff as (op, text) pairs, op in {"=", "-", "+"}: what the CLI colours and the web highlights."""
    a, b = old.split(" "), new.split(" ")
    out: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append(("=", " ".join(a[i1:i2])))
        else:
            if i2 > i1:
                out.append(("-", " ".join(a[i1:i2])))
            if j2 > j1:
                out.append(("+", " ".join(b[j1:j2])))
    return out
