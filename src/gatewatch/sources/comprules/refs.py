"""Find the rule numbers a text points at: "See rule 704", "rules 510.1c–d", "section 7". Pure."""

from __future__ import annotations

import re
from collections.abc import Iterator

# Subrule letters skip "l" and "o"; after "z" come "aa", "ab", ... (704.5aa).
_SINGLE = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "lo"]
SUBRULE_LETTERS = _SINGLE + [a + b for a in _SINGLE for b in _SINGLE]
_LETTER_INDEX = {letter: i for i, letter in enumerate(SUBRULE_LETTERS)}

_ID = r"\d{3}(?:\.\d+[a-z]{0,2})?"
_DASH = r"\s*(?:–|—|-|through)\s*"
_SEP = r"\s*(?:,\s*and|,\s*or|,|and/or|and|or|y|o)\s+"
# "rules 510.1c–d, 510.2, and 702.19", "section 8", "sections 7 and 8"
_LIST = re.compile(
    # English, and the Spanish of our edition ("la regla 121", "las reglas 510.1c–d y 702.19").
    rf"\b(?P<word>[Rr]ules?|[Ss]ections?|[Rr]eglas?|[Ss]ecci[oó]n(?:es)?)\s+(?P<list>(?:{_ID}|\d)(?:(?:{_DASH}|{_SEP})(?:{_ID}|[a-z]{{1,2}}\b|\d\b))*)")
_ITEM = re.compile(rf"(?P<dash>{_DASH})?(?P<item>{_ID}|[a-z]{{1,2}}\b|\d\b)")
_BARE = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]{0,2})(?:(?:–|—|-)([a-z]{1,2})\b)?(?![\d])")


def _split(rule_id: str) -> tuple[str, str]:
    base = rule_id.rstrip("abcdefghijklmnopqrstuvwxyz")
    return base, rule_id[len(base):]


def expand_range(start: str, end: str) -> list[str]:
    """`510.1c`–`d` → 510.1c, 510.1d; `702.19b`–`702.19d` likewise; other ranges give their ends."""
    base, first = _split(start)
    end_base, last = _split(end) if any(ch.isdigit() for ch in end) else (base, end)
    if end_base == base and first in _LETTER_INDEX and last in _LETTER_INDEX:
        i, j = _LETTER_INDEX[first], _LETTER_INDEX[last]
        if i <= j:
            return [base + SUBRULE_LETTERS[k] for k in range(i, j + 1)]
    if (not first and not last and "." in base and "." in end_base):
        (sec_a, num_a), (sec_b, num_b) = base.split("."), end_base.split(".")
        if sec_a == sec_b and num_a.isdigit() and num_b.isdigit() and int(num_a) <= int(num_b) < int(num_a) + 50:
            return [f"{sec_a}.{n}" for n in range(int(num_a), int(num_b) + 1)]
    if "." not in start and "." not in end and start.isdigit() and end.isdigit() and len(start) == len(end):
        return [str(n) for n in range(int(start), int(end) + 1)]
    return [start, end_base + last if end_base else end]


def find_references(text: str) -> Iterator[tuple[str, str]]:
    """Yield (target id, matched text) for each rule, section or chapter the text mentions, in order."""
    seen: set[str] = set()
    spans: list[tuple[int, int]] = []
    for match in _LIST.finditer(text):
        spans.append(match.span())
        is_section_word = match["word"].lower().startswith(("section", "secci"))
        previous: str | None = None
        for item in _ITEM.finditer(match["list"]):
            token = item["item"]
            if item["dash"] and previous is not None:
                targets = expand_range(previous, token)[1:]
            elif token.isalpha():
                continue  # a stray word such as "or" already consumed by the separator
            else:
                targets = [token]
            for target in targets:
                if len(target) == 1 and not is_section_word:
                    continue  # "rule 5" is not a CR reference style; chapters are "section N"
                if target not in seen:
                    seen.add(target)
                    yield target, match.group(0)
            previous = targets[-1] if targets else previous
    for match in _BARE.finditer(text):
        if any(a <= match.start() < b for a, b in spans):
            continue
        targets = expand_range(match[1], match[2]) if match[2] else [match[1]]
        for target in targets:
            if target not in seen:
                seen.add(target)
                yield target, match.group(0)
