"""Parse the text of a Comprehensive Rules file into a RulesDocument. Pure: text in, model out."""

from __future__ import annotations

import datetime as dt
import re

from ...errors import SourceError
from ...rules.models import GlossaryEntry, Rule, RulesDocument
from .decode import decode_rules_bytes

_EFFECTIVE = re.compile(r"These rules are effective as of\s+([A-Z][a-z]+)\s+(\d{1,2}),\s+(\d{4})")
# A numbered line: chapter "7.", section "702.", rule "702.19." and subrule "702.19c". The official
# text sometimes adds a dot to a subrule (119.1d.) or drops one from a rule (606.5): both accepted.
# A few releases lack the space after the dot (901.4.All in 2022-10-07 … 2025-02-07).
_NUMBERED = re.compile(r"^(?P<id>\d{3}\.\d+[a-z]{0,2}|\d{3}|\d)"
                       r"(?:(?P<dot>\.?)[ \t]+|(?P<tight>\.)(?=[A-Z“\"]))(?P<text>\S.*)$")
_EXAMPLE = re.compile(r"^Example:\s*(?P<text>.*)$")


def parse_rules_bytes(data: bytes, source: str) -> RulesDocument:
    return parse_rules_text(decode_rules_bytes(data, source), source)


def effective_date(text: str, source: str = "<text>") -> str:
    match = _EFFECTIVE.search(text[:5000])
    if not match:
        raise SourceError(source, "no 'These rules are effective as of …' line: not a Comprehensive Rules file")
    month, day, year = match.groups()
    try:
        return dt.datetime.strptime(f"{month} {day} {year}", "%B %d %Y").date().isoformat()
    except ValueError:
        raise SourceError(source, f"unreadable effective date '{match.group(0)}'") from None


def parse_rules_text(text: str, source: str = "<text>") -> RulesDocument:
    """Parse LF-normalised CR text. Raises SourceError naming the file and what is missing."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise SourceError(source, "empty file")
    version = effective_date(text, source)
    lines = text.split("\n")
    contents_at, body_at, glossary_at, credits_at = _landmarks(lines, source)
    doc = RulesDocument(version=version, source=source)
    doc.intro = "\n".join(lines[:contents_at]).strip()
    doc.contents = [ln.strip() for ln in lines[contents_at + 1:body_at] if ln.strip()]
    _parse_body(lines, body_at, glossary_at, doc)
    if len(doc.rules) < 50:
        raise SourceError(source, f"only {len(doc.rules)} numbered rules found: truncated or not the CR")
    doc.glossary = _parse_glossary(lines, glossary_at + 1, credits_at)
    doc.credits = "\n".join(lines[credits_at + 1:]).strip()
    return doc


def _is_heading(line: str, word: str) -> bool:
    return line.strip() == word


def _landmarks(lines: list[str], source: str) -> tuple[int, int, int, int]:
    """Indexes of: the 'Contents' heading, the first body line, the body's 'Glossary', its 'Credits'."""
    contents_at = next((i for i, ln in enumerate(lines) if _is_heading(ln, "Contents")), None)
    if contents_at is None:
        raise SourceError(source, "no 'Contents' heading: not a Comprehensive Rules file")
    # The table of contents ends with its own "Glossary" and "Credits" lines; the body starts after them.
    toc_credits = next((i for i in range(contents_at, len(lines)) if _is_heading(lines[i], "Credits")), None)
    if toc_credits is None:
        raise SourceError(source, "truncated: the table of contents never ends (no 'Credits' entry)")
    body_at = next((i for i in range(toc_credits + 1, len(lines)) if _NUMBERED.match(lines[i])), None)
    if body_at is None:
        raise SourceError(source, "truncated: no numbered rules after the table of contents")
    glossary_at = next((i for i in range(body_at, len(lines)) if _is_heading(lines[i], "Glossary")), None)
    if glossary_at is None:
        raise SourceError(source, f"truncated: no 'Glossary' after the rules (file ends at line {len(lines)})")
    credits_at = next((i for i in range(glossary_at, len(lines)) if _is_heading(lines[i], "Credits")), None)
    if credits_at is None:
        raise SourceError(source, f"truncated: no 'Credits' after the glossary (file ends at line {len(lines)})")
    return contents_at, body_at, glossary_at, credits_at


def _kind_and_parent(rule_id: str) -> tuple[str, str | None, str, str]:
    if "." not in rule_id:
        if len(rule_id) == 1:
            return "chapter", None, rule_id, rule_id
        return "section", rule_id[0], rule_id, rule_id[0]
    section, rest = rule_id.split(".", 1)
    if rest.isdigit():
        return "rule", section, section, section[0]
    number = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return "subrule", f"{section}.{number}", section, section[0]


def _parse_body(lines: list[str], start: int, end: int, doc: RulesDocument) -> None:
    seen: dict[str, int] = {}
    current: Rule | None = None
    last_was_example = False
    for index in range(start, end):
        line = lines[index]
        if not line.strip():
            continue
        numbered = _NUMBERED.match(line)
        example = _EXAMPLE.match(line)
        if numbered and not line[0].isspace():
            rule_id = numbered["id"]
            kind, parent, section, chapter = _kind_and_parent(rule_id)
            if numbered["tight"]:
                doc.warnings.append(f"line {index + 1}: no space after {rule_id}.")
            elif kind in ("chapter", "section") and not numbered["dot"]:
                doc.warnings.append(f"line {index + 1}: heading {rule_id} without its dot")
            dup = seen.get(rule_id, 0)
            seen[rule_id] = dup + 1
            if dup and kind in ("rule", "section"):
                doc.duplicates.append(rule_id)
            current = Rule(id=rule_id, kind=kind, parent=parent, section=section, chapter=chapter,
                           text=numbered["text"].strip(), raw=line, position=len(doc.rules), dup=dup,
                           line=index + 1)
            doc.rules.append(current)
            last_was_example = False
        elif current is None:
            doc.warnings.append(f"line {index + 1}: text before the first rule: {line[:40]!r}")
        elif example:
            current.examples.append(example["text"].strip())
            current.examples_raw.append(line)
            last_was_example = True
        else:
            # An indented continuation of the previous rule or example (205.4c in 2026-08-07).
            if not line[0].isspace():
                doc.warnings.append(f"line {index + 1}: unnumbered line joined to {current.id}: {line[:40]!r}")
            if last_was_example:
                current.examples[-1] += "\n" + line.strip()
                current.examples_raw[-1] += "\n" + line
            else:
                current.text += "\n" + line.strip()
                current.raw += "\n" + line


def _parse_glossary(lines: list[str], start: int, end: int) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    block: list[tuple[int, str]] = []
    for index in range(start, end + 1):
        line = lines[index] if index < end else ""
        if line.strip():
            block.append((index, line))
            continue
        if block:
            term = block[0][1].strip()
            definition = "\n".join(ln.strip() for _, ln in block[1:])
            entries.append(GlossaryEntry(term=term, definition=definition,
                                         raw="\n".join(ln for _, ln in block), line=block[0][0] + 1))
            block = []
    return entries
