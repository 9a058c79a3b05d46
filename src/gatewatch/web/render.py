"""Turn stored text into safe HTML: rule numbers and glossary terms linked, mana symbols drawn."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import quote

from markupsafe import Markup, escape

from ..sources.comprules.refs import find_references

_ID_TOKEN = re.compile(r"(?<![\w.])(\d{3}(?:\.\d+[a-z]{0,2})?)(?![\w])|(?<=section )(\d)\b|(?<=sección )(\d)\b")
_MANA = re.compile(r"\{([^{}\s]{1,5})\}")
_MANA_CLASS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c", "T": "tap", "Q": "untap", "S": "snow",
               "E": "energy", "X": "x"}


def rule_url(rule_id: str, lang: str, version: str | None = None) -> str:
    params = []
    if lang != "es":
        params.append(f"lang={lang}")
    if version:
        params.append(f"version={version}")
    return f"/reglas/{rule_id}" + ("?" + "&".join(params) if params else "")


def term_url(term: str, lang: str) -> str:
    return f"/glosario/{quote(term)}" + ("" if lang == "es" else f"?lang={lang}")


@dataclass(frozen=True)
class TermLinks:
    """Surface forms (lower case) → the glossary term they link to, and the one regex that finds them.
    Built once per version and language: compiling ~1,000 alternatives is not work for every page."""

    forms: dict[str, str]
    regex: re.Pattern[str] | None

    @classmethod
    def build(cls, forms: dict[str, str]) -> TermLinks:
        usable = sorted((t for t in forms if len(t) > 3), key=len, reverse=True)
        regex = re.compile(r"(?<!\w)(" + "|".join(re.escape(t) for t in usable) + r")(?:s|es)?(?!\w)",
                           re.IGNORECASE) if usable else None
        return cls(forms, regex)


def linkify(text: str, *, lang: str, exists: Callable[[str], bool], version: str | None = None,
            terms: TermLinks | None = None, self_id: str | None = None) -> Markup:
    """HTML for a rule text: each cited rule number links to its page, each glossary term (first
    occurrence) to its entry."""
    targets = {t for t, _ in find_references(text)} | {
        m.group(1) for m in re.finditer(r"(?<=section |sección )(\d)\b", text)}
    spans: list[tuple[int, int, str]] = []
    for m in _ID_TOKEN.finditer(text):
        token = m.group(1) or m.group(2) or m.group(3)
        if token in targets and token != self_id and exists(token):
            spans.append((m.start(), m.end(), f'<a class="ref" href="{rule_url(token, lang, version)}">'
                                              f"{escape(m.group(0))}</a>"))
    if terms is not None:
        seen: set[str] = set()
        if terms.regex is not None:
            for m in terms.regex.finditer(text):
                key = m.group(1).lower()
                target = terms.forms.get(key)
                if not target or target in seen or any(a < m.end() and m.start() < b for a, b, _ in spans):
                    continue
                seen.add(target)
                spans.append((m.start(), m.end(), f'<a class="term" href="{term_url(target, lang)}">'
                                                  f"{escape(m.group(0))}</a>"))
    spans.sort()
    out, pos = [], 0
    for start, end, html in spans:
        out.append(str(mana(text[pos:start])))
        out.append(html)
        pos = end
    out.append(str(mana(text[pos:])))
    return Markup("".join(out).replace("\n", "<br>"))


def mana(text: str) -> Markup:
    """Escape text and draw {2}{U}-style symbols as labelled spans (no images, no external fonts)."""
    parts, pos = [], 0
    for m in _MANA.finditer(text):
        parts.append(str(escape(text[pos:m.start()])))
        sym = m.group(1).upper()
        kind = "hybrid" if "/" in sym else _MANA_CLASS.get(sym, "generic" if sym.isdigit() else "other")
        shown = {"T": "↷", "Q": "↶"}.get(sym, sym)
        parts.append(f'<span class="ms ms-{kind}" title="{{{escape(sym)}}}" aria-label="{{{escape(sym)}}}">'
                     f"{escape(shown)}</span>")
        pos = m.end()
    parts.append(str(escape(text[pos:])))
    return Markup("".join(parts))


def inline_diff_html(parts: Iterable[tuple[str, str]]) -> Markup:
    html = []
    for op, chunk in parts:
        if op == "=":
            html.append(str(escape(chunk)))
        elif op == "-":
            html.append(f"<del>{escape(chunk)}</del>")
        else:
            html.append(f"<ins>{escape(chunk)}</ins>")
    return Markup(" ".join(html))
