"""What the card query languages (MTG's Scryfall syntax and Yu-Gi-Oh's) share: reading one value."""

from __future__ import annotations

from .errors import QueryError


def read_value(q: str, i: int) -> tuple[str, str, int]:
    """Value at q[i]: "quoted", /regex/ or a word (up to a space or a closing parenthesis).

    Returns (value, kind, end) with kind 'quoted', 'regex' or 'word'; an unterminated quote or regex
    raises QueryError at its opening position."""
    if i < len(q) and q[i] in "\"/":
        close, j, buf = q[i], i + 1, []
        while j < len(q) and q[j] != close:
            if q[j] == "\\" and j + 1 < len(q) and q[j + 1] == close:
                buf.append(close if close == '"' else "\\" + close)
                j += 2
                continue
            buf.append(q[j])
            j += 1
        if j >= len(q):
            what = "quote" if close == '"' else "regular expression"
            raise QueryError(f"unterminated {what}: missing closing {close}", i)
        return "".join(buf), ("quoted" if close == '"' else "regex"), j + 1
    j = i
    while j < len(q) and not q[j].isspace() and q[j] != ")":
        j += 1
    return q[i:j], "word", j
