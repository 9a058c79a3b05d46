"""The Yu-Gi-Oh card query language → a SQL WHERE clause over `ygo_cards`.

    words / "quoted phrase" / /regex/   name or card text contains it (every term must match)
    name: n: nombre:                    name contains;   text: o: effect: texto:   card text contains
    type: t: tipo:          monster spell trap token skill, normal effect fusion ritual synchro xyz
                            pendulum link tuner flip gemini spirit union toon, quickplay continuous
                            field equip counter, main extra (Spanish words too: trampa, sincronía …)
    attr: attribute: atributo:   dark light earth water wind fire divine (oscuridad, luz …)
    race: r: raza:          the monster type: dragon, spellcaster, "winged beast", guerrero …
    level lv nivel, rank rango, link enlace, scale escala, atk, def
                            numbers with : = != < > <= >=;  atk:? and def:? for '?' stats
    banned: forbidden:  limited:  semilimited:  legal:      per format: tcg, ocg, genesys, speed …
    lang:es                 name and text terms match the Spanish name and text (and the card has one)
    -term negation, `or`, (parentheses); terms side by side must all match.

Each leaf compiles to `coalesce(<test>, 0)`, so a negation is the exact complement."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import QueryError
from ..querylex import read_value
from ..sources.ygo.cards import text_key
from ..text import fold

KEYS = {
    "name": "name", "n": "name", "nombre": "name", "text": "text", "o": "text", "effect": "text",
    "texto": "text", "efecto": "text", "type": "type", "t": "type", "tipo": "type", "attr": "attr",
    "attribute": "attr", "a": "attr", "atributo": "attr", "race": "race", "r": "race", "raza": "race",
    "level": "level", "lv": "level", "lvl": "level", "nivel": "level", "rank": "rank", "rango": "rank",
    "link": "link", "enlace": "link", "scale": "scale", "escala": "scale", "atk": "atk", "def": "def",
    "banned": "banned", "forbidden": "banned", "prohibida": "banned", "limited": "limited",
    "limitada": "limited", "semilimited": "semilimited", "semilimitada": "semilimited", "legal": "legal",
    "lang": "lang", "idioma": "lang",
}
NUMERIC = {"level": "level", "rank": "rank", "link": "link", "scale": "scale", "atk": "atk", "def": "def"}
KINDS = {"monster", "spell", "trap", "token", "skill", "normal", "effect", "fusion", "ritual", "synchro", "xyz",
         "pendulum", "link", "tuner", "flip", "gemini", "spirit", "union", "toon", "quickplay", "continuous",
         "field", "equip", "counter", "main", "extra"}
KIND_ALIASES = {
    "monstruo": "monster", "monsters": "monster", "magia": "spell", "magica": "spell", "hechizo": "spell",
    "spells": "spell", "trampa": "trap", "traps": "trap", "ficha": "token", "habilidad": "skill", "efecto": "effect",
    "fusion": "fusion", "sincronia": "synchro", "enlace": "link", "pendulo": "pendulum", "cantante": "tuner",
    "volteo": "flip", "geminis": "gemini", "espiritu": "spirit", "quick": "quickplay", "quick play": "quickplay",
    "juego rapido": "quickplay", "rapida": "quickplay", "continua": "continuous", "continuo": "continuous",
    "campo": "field", "equipo": "equip", "contraefecto": "counter", "principal": "main",
}
ATTRIBUTES = {"dark": "dark", "light": "light", "earth": "earth", "water": "water", "wind": "wind", "fire": "fire",
              "divine": "divine", "oscuridad": "dark", "luz": "light", "tierra": "earth", "agua": "water",
              "viento": "wind", "fuego": "fire", "divinidad": "divine", "divino": "divine"}
RACES = {"aqua", "beast", "beastwarrior", "creatorgod", "cyberse", "dinosaur", "divinebeast", "dragon", "fairy",
         "fiend", "fish", "illusion", "insect", "machine", "plant", "psychic", "pyro", "reptile", "rock",
         "seaserpent", "spellcaster", "thunder", "warrior", "wingedbeast", "wyrm", "zombie"}
RACE_ALIASES = {
    "guerrero": "warrior", "maquina": "machine", "demonio": "fiend", "dragon": "dragon", "lanzador de conjuros":
    "spellcaster", "lanzadordeconjuros": "spellcaster", "hada": "fairy", "bestia": "beast", "bestia alada":
    "wingedbeast", "ciberso": "cyberse", "roca": "rock", "insecto": "insect", "zombi": "zombie", "planta": "plant",
    "guerrero bestia": "beastwarrior", "psiquico": "psychic", "reptil": "reptile", "piro": "pyro",
    "trueno": "thunder", "dinosaurio": "dinosaur", "pez": "fish", "serpiente marina": "seaserpent",
    "ilusion": "illusion", "bestia divina": "divinebeast", "dios creador": "creatorgod",
}
_KEY_RE = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_SQL_OP = {":": "=", "=": "=", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}
_SPANISH = ("es", "spanish", "español", "espanol")


@dataclass
class Term:
    key: str | None
    op: str
    value: str
    kind: str  # word | quoted | regex
    pos: int
    value_pos: int


@dataclass
class Node:
    op: str  # and | or | not
    children: list = field(default_factory=list)


def tokenize(q: str) -> list[tuple[str, int, Term | None]]:
    """(kind, position, term) with kind one of ( ) - or and term."""
    tokens: list[tuple[str, int, Term | None]] = []
    i = 0
    while i < len(q):
        ch = q[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append((ch, i, None))
            i += 1
        elif ch == "-" and i + 1 < len(q) and not q[i + 1].isspace():
            tokens.append(("-", i, None))
            i += 1
        else:
            m = _KEY_RE.match(q, i)
            if m:
                key = m.group(1).lower()
                if key not in KEYS:
                    raise QueryError(f"unknown key '{m.group(1)}'", i)
                value, kind, end = read_value(q, m.end())
                if not value.strip():
                    raise QueryError(f"'{m.group(0)}' needs a value", m.end())
                tokens.append(("term", i, Term(KEYS[key], m.group(2), value, kind, i, m.end())))
                i = end
                continue
            value, kind, end = read_value(q, i)
            if kind == "word" and value.lower() in ("or", "and", "o", "y"):
                tokens.append(({"o": "or", "y": "and"}.get(value.lower(), value.lower()), i, None))
            elif value:
                tokens.append(("term", i, Term(None, ":", value, kind, i, i + (kind != "word"))))
            i = max(end, i + 1)
    return tokens


class _Parser:
    def __init__(self, q: str) -> None:
        self.q, self.tokens, self.i = q, tokenize(q), 0

    def peek(self) -> tuple[str, int, Term | None] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def parse(self) -> Node | Term:
        if not self.tokens:
            raise QueryError("empty query", 0)
        node = self.or_expr()
        tok = self.peek()
        if tok is not None:
            raise QueryError("unbalanced ')'" if tok[0] == ")" else f"unexpected '{tok[0]}'", tok[1])
        return node

    def or_expr(self) -> Node | Term:
        parts = [self.and_expr()]
        while (tok := self.peek()) is not None and tok[0] == "or":
            self.i += 1
            if self.peek() is None or self.peek()[0] in ("or", ")"):
                raise QueryError("'or' needs a term after it", tok[1])
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else Node("or", parts)

    def and_expr(self) -> Node | Term:
        parts = []
        while (tok := self.peek()) is not None and tok[0] not in ("or", ")"):
            if tok[0] == "and":
                self.i += 1
                continue
            parts.append(self.unary())
        if not parts:
            tok = self.peek()
            raise QueryError("expected a search term", tok[1] if tok else len(self.q))
        return parts[0] if len(parts) == 1 else Node("and", parts)

    def unary(self) -> Node | Term:
        tok = self.peek()
        if tok is not None and tok[0] == "-":
            self.i += 1
            if self.peek() is None or self.peek()[0] in ("or", "and", ")"):
                raise QueryError("'-' needs a term after it", tok[1])
            return Node("not", [self.unary()])
        return self.atom()

    def atom(self) -> Node | Term:
        kind, pos, term = self.tokens[self.i]
        self.i += 1
        if kind == "(":
            if self.peek() is not None and self.peek()[0] == ")":
                raise QueryError("empty parentheses", pos)
            node = self.or_expr()
            close = self.peek()
            if close is None or close[0] != ")":
                raise QueryError("unbalanced '(': missing ')'", pos)
            self.i += 1
            return node
        if kind == "term":
            return term
        raise QueryError(f"unexpected '{kind}'", pos)


def parse(q: str) -> Node | Term:
    return _Parser(q).parse()


def _terms(node: Node | Term) -> list[Term]:
    return [node] if isinstance(node, Term) else [t for c in node.children for t in _terms(c)]


@dataclass
class Context:
    formats: set[str] = field(default_factory=set)
    spanish: bool = False


def compile_query(q: str, ctx: Context | None = None) -> tuple[str, list]:
    """Compile a query to (WHERE clause, parameters) over `ygo_cards`; raises QueryError with a position."""
    ctx = ctx or Context()
    tree = parse(q)
    ctx.spanish = any(t.key == "lang" and t.value.lower() in _SPANISH for t in _terms(tree))
    return _compile(tree, ctx)


def _compile(node: Node | Term, ctx: Context) -> tuple[str, list]:
    if isinstance(node, Term):
        sql, params = _HANDLERS[node.key or "any"](node, ctx)
        return f"coalesce(({sql}), 0)", params
    parts = [_compile(c, ctx) for c in node.children]
    params = [p for _, ps in parts for p in ps]
    if node.op == "not":
        return f"NOT {parts[0][0]}", params
    return "(" + (" AND " if node.op == "and" else " OR ").join(s for s, _ in parts) + ")", params


def _colon(t: Term) -> None:
    if t.op not in (":", "="):
        raise QueryError(f"'{t.op}' does not apply to {t.key or 'words'}: use ':'", t.value_pos - len(t.op))


def _regex(t: Term) -> str:
    try:
        re.compile(t.value)
    except re.error as err:
        raise QueryError(f"invalid regular expression: {err.msg}", t.value_pos) from err
    return t.value


def _text_test(t: Term, col: str, key: str) -> tuple[str, list]:
    if t.kind == "regex":
        return f"{col} REGEXP ?", [_regex(t)]
    if not key:
        raise QueryError(f"nothing to search for in '{t.value}'", t.value_pos)
    return f"instr({col}, ?) > 0", [key]


def _name(t: Term, ctx: Context) -> tuple[str, list]:
    _colon(t)
    return _text_test(t, "es_name_key" if ctx.spanish else "name_key", fold(t.value))


def _text(t: Term, ctx: Context) -> tuple[str, list]:
    _colon(t)
    return _text_test(t, "es_text_key" if ctx.spanish else "text_key", text_key(t.value))


def _any(t: Term, ctx: Context) -> tuple[str, list]:
    name_sql, p1 = _name(t, ctx)
    text_sql, p2 = _text(t, ctx)
    return f"{name_sql} OR {text_sql}", p1 + p2


def _lookup(t: Term, canon: set[str], aliases: dict[str, str], what: str) -> str:
    _colon(t)
    value = fold(t.value.replace("-", " "))
    found = value.replace(" ", "") if value.replace(" ", "") in canon else aliases.get(value)
    if found is None:
        found = aliases.get(value.replace(" ", ""))
    if found is None:
        raise QueryError(f"unknown {what} '{t.value}' (known: {', '.join(sorted(canon))})", t.value_pos)
    return found


def _type(t: Term, ctx: Context) -> tuple[str, list]:
    return "instr(kinds, ?) > 0", [f"|{_lookup(t, KINDS, KIND_ALIASES, 'card type')}|"]


def _attr(t: Term, ctx: Context) -> tuple[str, list]:
    return "attribute = ?", [_lookup(t, set(ATTRIBUTES.values()), ATTRIBUTES, "attribute")]


def _race(t: Term, ctx: Context) -> tuple[str, list]:
    return "race = ?", [_lookup(t, RACES, RACE_ALIASES, "monster type")]


def _number(t: Term, ctx: Context) -> tuple[str, list]:
    column = NUMERIC[t.key]
    if t.value == "?" and t.key in ("atk", "def"):
        _colon(t)
        extra = " AND link IS NULL" if t.key == "def" else ""
        return f"{column} IS NULL AND card_type = 'monster'{extra}", []
    try:
        number = int(t.value)
    except ValueError:
        raise QueryError(f"'{t.value}' is not a number", t.value_pos) from None
    return f"{column} {_SQL_OP[t.op]} ?", [number]


def _status(statuses: tuple[str, ...]):
    def handler(t: Term, ctx: Context) -> tuple[str, list]:
        _colon(t)
        fmt = t.value.lower()
        if ctx.formats and fmt not in ctx.formats:
            raise QueryError(f"unknown format '{t.value}' (known: {', '.join(sorted(ctx.formats))})", t.value_pos)
        marks = ",".join("?" * len(statuses))
        return (f"id IN (SELECT card_id FROM ygo_card_status WHERE format = ? AND status IN ({marks}))",
                [fmt, *statuses])
    return handler


def _lang(t: Term, ctx: Context) -> tuple[str, list]:
    _colon(t)
    value = t.value.lower()
    if value in _SPANISH:
        return "es_name IS NOT NULL", []
    if value in ("en", "english", "any"):
        return "1", []
    raise QueryError(f"unsupported language '{t.value}' (es or en)", t.value_pos)


_HANDLERS = {
    "any": _any, "name": _name, "text": _text, "type": _type, "attr": _attr, "race": _race,
    "level": _number, "rank": _number, "link": _number, "scale": _number, "atk": _number, "def": _number,
    "banned": _status(("forbidden",)), "limited": _status(("limited",)), "semilimited": _status(("semilimited",)),
    "legal": _status(("unlimited", "limited", "semilimited")), "lang": _lang,
}
