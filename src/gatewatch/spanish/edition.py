"""Read Spanish translation files and align them with the English units. Pure: text in, entries out.

Two formats are accepted, one file per section:
- the edition's line-for-line format (spanish/edition/NAME.txt): the same lines as the English section,
  each numbered line keeps its number, `Ejemplo:` lines are examples, indented lines continue the
  previous rule or example; the glossary file is blocks of term line + definition lines. It translates
  the English of the edition's version, so each entry takes that version's hash.
- the exchange format written by `gatewatch spanish export`, which also records the English hash:
      @ rule 702.2b en=<sha1 of the English>
      > the English text it translates (one `>` line per English line)
      the Spanish text
  `!` lines are notes (ignored); a block with no Spanish lines is an untranslated unit."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import GatewatchError
from ..text import term_key
from .memory import EnglishUnit, MemoryEntry, sha1

_NUMBERED = re.compile(r"^(?P<id>\d{3}\.\d+[a-z]{0,2}|\d{3}|\d)(?:\.?[ \t]+|\.(?=\S))(?P<text>\S.*)$")
_EXAMPLE = re.compile(r"^(?:Ejemplo|Example):\s*(?P<text>.*)$")
_HEADER = re.compile(r"^@ (?P<kind>rule|example|glossary) (?P<key>.+?)(?: dup=(?P<dup>\d+))?"
                     r"(?: en=(?P<hash>[0-9a-f]{40}))?(?: (?P<stale>stale))?\s*$")
_GLOSSARY_HEADINGS = {"glosario", "glossary"}


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}" if self.line else f"{self.path}: {self.message}"


class EditionError(GatewatchError):
    """A translation file that does not align with the English: names each file, line and problem."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
        super().__init__("; ".join(str(p) for p in problems[:10]) + more)


@dataclass
class RawUnit:
    """One translated unit as read from a file, before alignment."""

    kind: str
    key: str
    line: int
    text: str
    dup: int = 0
    term: str | None = None  # glossary: the Spanish term
    ordinal: int = 0  # glossary, line-for-line format: index of the entry in the file
    en_hash: str | None = None  # exchange format only
    en_lines: list[str] = field(default_factory=list)  # exchange format: the quoted English


def is_exchange_format(text: str) -> bool:
    return any(line.startswith("@ ") for line in text.split("\n")[:200])


def parse_file(text: str, path: str) -> tuple[list[RawUnit], list[Problem]]:
    if is_exchange_format(text):
        return parse_exchange(text, path)
    name = path.rsplit("/", 1)[-1]
    if name.startswith("glossary"):
        return parse_plain_glossary(text, path)
    return parse_plain_rules(text, path)


def parse_plain_rules(text: str, path: str) -> tuple[list[RawUnit], list[Problem]]:
    """Numbered lines, `Ejemplo:` lines and indented continuations, as in the English CR body."""
    units: list[RawUnit] = []
    problems: list[Problem] = []
    current_rule: RawUnit | None = None
    examples = 0
    for n, line in enumerate(text.lstrip("\ufeff").split("\n"), start=1):
        if not line.strip():
            continue
        numbered = _NUMBERED.match(line)
        example = _EXAMPLE.match(line)
        if numbered and not line[0].isspace():
            current_rule = RawUnit("rule", numbered["id"], n, numbered["text"].strip())
            units.append(current_rule)
            examples = 0
        elif example and current_rule is not None:
            examples += 1
            units.append(RawUnit("example", f"{current_rule.key}#{examples}", n, example["text"].strip()))
        elif line[0].isspace() and units:
            units[-1].text += "\n" + line.strip()
        else:
            problems.append(Problem(path, n, f"expected a rule number, 'Ejemplo:' or an indented continuation "
                                             f"line, found {line[:40]!r}"))
    return units, problems


def parse_plain_glossary(text: str, path: str) -> tuple[list[RawUnit], list[Problem]]:
    """Blocks separated by blank lines: the Spanish term, then its definition lines."""
    units: list[RawUnit] = []
    block: list[tuple[int, str]] = []
    lines = text.lstrip("\ufeff").split("\n") + [""]
    for n, line in enumerate(lines, start=1):
        if line.strip():
            block.append((n, line.strip()))
            continue
        if block:
            if not units and len(block) == 1 and block[0][1].casefold() in _GLOSSARY_HEADINGS:
                block = []
                continue  # the 'Glosario' heading
            units.append(RawUnit("glossary", "", block[0][0], "\n".join(t for _, t in block[1:]),
                                 term=block[0][1], ordinal=len(units)))
            block = []
    return units, []


def parse_exchange(text: str, path: str) -> tuple[list[RawUnit], list[Problem]]:
    units: list[RawUnit] = []
    problems: list[Problem] = []
    spanish: list[str] = []

    def close() -> None:
        if units:
            while spanish and not spanish[-1].strip():
                spanish.pop()
            body = [s.strip() for s in spanish]
            if units[-1].kind == "glossary":
                units[-1].term = body[0] if body else None
                body = body[1:]
            units[-1].text = "\n".join(body)
        spanish.clear()

    for n, line in enumerate(text.lstrip("\ufeff").split("\n"), start=1):
        if line.startswith("@"):
            close()
            m = _HEADER.match(line)
            if m is None:
                problems.append(Problem(path, n, "expected '@ rule|example|glossary ID [dup=N] [en=SHA1]', "
                                                 f"found {line[:60]!r}"))
                units.append(RawUnit("invalid", "", n, ""))
                continue
            key = term_key(m["key"]) if m["kind"] == "glossary" else m["key"].strip().lower()
            units.append(RawUnit(m["kind"], key, n, "", dup=int(m["dup"] or 0), en_hash=m["hash"]))
        elif line.startswith("#") and not units:
            continue  # the file's header comments
        elif line.startswith(">"):
            if units:
                units[-1].en_lines.append(line[2:] if line.startswith("> ") else line[1:])
        elif line.startswith("!"):
            continue
        elif units:
            if line.strip() or spanish:
                spanish.append(line)
        elif line.strip():
            problems.append(Problem(path, n, f"text before the first '@' entry: {line[:40]!r}"))
    close()
    for u in units:
        if u.kind == "glossary" and u.text and not u.term:
            problems.append(Problem(path, u.line, "glossary entry without its Spanish term line"))
    return [u for u in units if u.kind != "invalid"], problems


def align(units: list[RawUnit], english: list[EnglishUnit], version: str, path: str,
          seen: dict[tuple[str, str, int], str] | None = None) -> tuple[list[MemoryEntry], list[Problem]]:
    """Match each parsed unit with its English unit of `version`; report anything that does not align.

    `seen` (unit → origin) is shared across files so that a unit translated twice is reported."""
    seen = {} if seen is None else seen
    by_key = {(u.kind, u.key, u.dup): u for u in english}
    glossary = [u for u in english if u.kind == "glossary"]
    entries: list[MemoryEntry] = []
    problems: list[Problem] = []
    last_position = -1
    for raw in units:
        if raw.kind == "glossary" and raw.en_hash is None and not raw.key:
            if raw.ordinal >= len(glossary):
                problems.append(Problem(path, raw.line, f"glossary entry {raw.ordinal + 1} ({raw.term!r}) has no "
                                                        f"English counterpart: the English has {len(glossary)}"))
                continue
            en = glossary[raw.ordinal]
            en_def_lines = en.text.count("\n")
            if raw.text.count("\n") + 1 != en_def_lines:
                problems.append(Problem(path, raw.line, f"glossary entry {raw.term!r} has {raw.text.count(chr(10)) + 1}"
                                                        f" definition line(s) but the English {en.term!r} has "
                                                        f"{en_def_lines}: the entries are misaligned"))
                continue
        else:
            en = by_key.get((raw.kind, raw.key, raw.dup))
            if en is None:
                what = "example" if raw.kind == "example" else raw.kind
                problems.append(Problem(path, raw.line, f"{what} {raw.key} is not in the English {version} rules"
                                        + (" (more examples than the English?)" if raw.kind == "example" else "")))
                continue
        if raw.en_hash is None and raw.kind != "glossary":
            if en.position < last_position:
                problems.append(Problem(path, raw.line, f"{raw.key} is out of order (the English puts it earlier)"))
                continue
            last_position = en.position
        if (raw.kind == "glossary" and not raw.term) or (raw.kind != "glossary" and not raw.text.strip()):
            continue  # an untranslated block of an exported file
        entry = _entry(raw, en, version, path)
        if isinstance(entry, Problem):
            problems.append(entry)
            continue
        ident = (en.kind, en.key, en.dup)
        if ident in seen:
            problems.append(Problem(path, raw.line, f"{en.uid} is already translated at {seen[ident]}"))
            continue
        seen[ident] = entry.origin
        entries.append(entry)
    return entries, problems


def _entry(raw: RawUnit, en: EnglishUnit, version: str, path: str) -> MemoryEntry | Problem:
    origin = f"{path}:{raw.line}"
    en_hash, en_text, source = en.en_hash, en.text, version
    if raw.en_hash is not None:
        quoted = "\n".join(raw.en_lines)
        if raw.en_lines and sha1(quoted) != raw.en_hash:
            return Problem(path, raw.line, f"the English quoted under {en.uid} does not match en={raw.en_hash[:10]}…;"
                                           " delete 'en=…' to take the current English")
        if raw.en_hash != en.en_hash:
            en_hash, en_text, source = raw.en_hash, quoted, None
    elif raw.en_lines:  # exchange format without a hash: the translator revised it against the current English
        en_hash, en_text = en.en_hash, en.text
    return MemoryEntry(en.kind, en.key, en.dup, en_hash, en_text, raw.text, raw.term, source, origin)
