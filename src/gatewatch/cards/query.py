"""The Scryfall query syntax → a SQL WHERE clause over the `cards` table.

Supported (a documented subset of https://scryfall.com/docs/syntax):

    bare words / "quoted phrase" / /regex/    name contains (all words must match); also name:
    !name  !"full name"                       exactly this card or face name (case/accents/punctuation ignored)
    o: oracle:          Oracle text contains; `~` stands for the card's own name; /regex/ allowed
    t: type:            type line contains (partial words allowed); /regex/ allowed
    c: color:           colours; `:` means "at least" (>=); = != < > <= >= compare sets
    id: identity: ci:   colour identity; `:` means "fits in" (<=)
        values: w u b r g letters, white/blue/…, c/colorless, m/multicolor, guild/shard/wedge/
        college and four-colour nicknames (azorius, esper, abzan, quandrix, chaos …), or a count (c>=2)
    mv: cmc: manavalue: pow: power: tou: toughness: loy: loyalty:
                        numbers with : = != < > <= >=; pow/tou/loy/mv may compare with each other (pow>tou)
    m: mana:            mana cost contains these symbols (m:{G}{G}, m:2WW)
    kw: keyword:        has this keyword
    f: format: legal:   legal (or restricted) in a format; banned: restricted:
    s: set: e: edition: printed in this set (code)
    is: not:            see gatewatch.cards.records.IS_FLAGS (split, dfc, permanent, spell, commander …)
    lang:es             name words, o: and t: match the Spanish names, text and type line instead
    -term  negation,  `or`,  (parentheses); terms side by side must all match.

Every leaf compiles to `coalesce(<test>, 0)`, so a negation is the exact complement."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import QueryError
from ..querylex import read_value
from .mtg import COLOR_BIT, COLOR_NICKNAMES, COLOR_WORDS, COLORS, name_key, text_key
from .records import IS_FLAGS

KEYS = {
    "name": "name", "o": "oracle", "oracle": "oracle", "t": "type", "type": "type",
    "c": "color", "color": "color", "colour": "color", "id": "identity", "identity": "identity",
    "ci": "identity", "mv": "mv", "cmc": "mv", "manavalue": "mv", "pow": "pow", "power": "pow",
    "tou": "tou", "toughness": "tou", "loy": "loy", "loyalty": "loy", "m": "mana", "mana": "mana",
    "kw": "keyword", "keyword": "keyword", "f": "legal", "format": "legal", "legal": "legal",
    "banned": "banned", "restricted": "restricted", "s": "set", "set": "set", "e": "set",
    "edition": "set", "is": "is", "not": "not", "lang": "lang", "language": "lang",
}
STAT_COLUMNS = {"mv": "mana_value", "pow": "pow", "tou": "tou", "loy": "loy"}
STAT_NAMES = {"mv": "mv", "cmc": "mv", "manavalue": "mv", "pow": "pow", "power": "pow",
              "tou": "tou", "toughness": "tou", "loy": "loy", "loyalty": "loy"}
FORMAT_ALIASES = {"edh": "commander", "pdh": "paupercommander", "hbrawl": "historicbrawl"}
_KEY_RE = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_SQL_OP = {":": "=", "=": "=", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}


@dataclass
class Term:
    key: str | None  # canonical key, None for a bare name term
    op: str
    value: str
    kind: str  # word | quoted | regex
    pos: int  # where the term starts (the key, or the value for a bare term)
    value_pos: int
    exact: bool = False  # !name


@dataclass
class Node:
    op: str  # and | or | not
    children: list = field(default_factory=list)


@dataclass
class Token:
    kind: str  # ( ) or and - term
    pos: int
    term: Term | None = None


def tokenize(q: str) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(q):
        ch = q[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(Token(ch, i))
            i += 1
        elif ch == "-" and i + 1 < len(q) and not q[i + 1].isspace():
            tokens.append(Token("-", i))
            i += 1
        else:
            start = i
            exact = ch == "!" and i + 1 < len(q) and not q[i + 1].isspace()
            if exact:
                i += 1
            m = _KEY_RE.match(q, i) if not exact else None
            if m:
                key = m.group(1).lower()
                if key not in KEYS:
                    raise QueryError(f"unknown key '{m.group(1)}'", start)
                value, kind, end = read_value(q, m.end())
                if not value.strip():
                    raise QueryError(f"'{m.group(0)}' needs a value", m.end())
                tokens.append(Token("term", start, Term(KEYS[key], m.group(2), value, kind, start, m.end())))
                i = end
                continue
            value, kind, end = read_value(q, i)
            if kind == "word" and not exact and value.lower() in ("or", "and"):
                tokens.append(Token(value.lower(), start))
            elif value:
                tokens.append(Token("term", start, Term(None, ":", value, kind, start, i, exact)))
            i = max(end, i + 1)
    return tokens


class _Parser:
    def __init__(self, q: str) -> None:
        self.q = q
        self.tokens = tokenize(q)
        self.i = 0

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def parse(self) -> Node | Term:
        if not self.tokens:
            raise QueryError("empty query", 0)
        node = self.or_expr()
        tok = self.peek()
        if tok is not None:
            raise QueryError("unbalanced ')'" if tok.kind == ")" else f"unexpected '{tok.kind}'", tok.pos)
        return node

    def or_expr(self) -> Node | Term:
        parts = [self.and_expr()]
        while (tok := self.peek()) is not None and tok.kind == "or":
            self.i += 1
            if self.peek() is None or self.peek().kind in ("or", ")"):
                raise QueryError("'or' needs a term after it", tok.pos)
            parts.append(self.and_expr())
        return parts[0] if len(parts) == 1 else Node("or", parts)

    def and_expr(self) -> Node | Term:
        parts = []
        while (tok := self.peek()) is not None and tok.kind not in ("or", ")"):
            if tok.kind == "and":
                self.i += 1
                continue
            parts.append(self.unary())
        if not parts:
            tok = self.peek()
            raise QueryError("expected a search term", tok.pos if tok else len(self.q))
        return parts[0] if len(parts) == 1 else Node("and", parts)

    def unary(self) -> Node | Term:
        tok = self.peek()
        if tok is not None and tok.kind == "-":
            self.i += 1
            if self.peek() is None or self.peek().kind in ("or", "and", ")"):
                raise QueryError("'-' needs a term after it", tok.pos)
            return Node("not", [self.unary()])
        return self.atom()

    def atom(self) -> Node | Term:
        tok = self.peek()
        assert tok is not None
        self.i += 1
        if tok.kind == "(":
            if self.peek() is not None and self.peek().kind == ")":
                raise QueryError("empty parentheses", tok.pos)
            node = self.or_expr()
            close = self.peek()
            if close is None or close.kind != ")":
                raise QueryError("unbalanced '(': missing ')'", tok.pos)
            self.i += 1
            return node
        if tok.kind == "term":
            return tok.term
        raise QueryError(f"unexpected '{tok.kind}'", tok.pos)


def parse(q: str) -> Node | Term:
    """Parse a query into a tree of Node (and/or/not) and Term leaves; raises QueryError."""
    return _Parser(q).parse()


def _terms(node: Node | Term) -> list[Term]:
    if isinstance(node, Term):
        return [node]
    return [t for child in node.children for t in _terms(child)]


@dataclass
class Context:
    """What the compiler needs to know about the store (for error messages on unknown values)."""

    formats: set[str] = field(default_factory=set)
    sets: set[str] = field(default_factory=set)
    spanish: bool = False


def compile_query(q: str, ctx: Context | None = None) -> tuple[str, list]:
    """Compile a query to (WHERE clause, parameters) over `cards`."""
    ctx = ctx or Context()
    tree = parse(q)
    ctx.spanish = any(t.key == "lang" and t.value.lower() in ("es", "spanish", "español", "espanol")
                      for t in _terms(tree))
    return _compile(tree, ctx)


def _compile(node: Node | Term, ctx: Context) -> tuple[str, list]:
    if isinstance(node, Term):
        sql, params = _leaf(node, ctx)
        return f"coalesce(({sql}), 0)", params
    parts = [_compile(c, ctx) for c in node.children]
    params = [p for _, ps in parts for p in ps]
    if node.op == "not":
        return f"NOT {parts[0][0]}", params
    joiner = " AND " if node.op == "and" else " OR "
    return "(" + joiner.join(s for s, _ in parts) + ")", params


def _check_regex(t: Term) -> str:
    try:
        re.compile(t.value)
    except re.error as err:
        raise QueryError(f"invalid regular expression: {err.msg}", t.value_pos) from err
    return t.value


def _text_op(t: Term, allowed: str = ":=") -> None:
    if t.op not in allowed:
        raise QueryError(f"'{t.op}' does not apply to {t.key or 'names'}: use ':'", t.value_pos - len(t.op))


def _leaf(t: Term, ctx: Context) -> tuple[str, list]:
    handler = _HANDLERS[t.key or "name"]
    return handler(t, ctx)


def _name(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    raw_col, key_col = ("es_name", "es_names_key") if ctx.spanish else ("name", "name_key")
    if t.kind == "regex":
        return f"{raw_col} REGEXP ?", [_check_regex(t)]
    key = name_key(t.value)
    if not key:
        raise QueryError(f"nothing to search for in '{t.value}'", t.value_pos)
    if t.exact:
        # !name: the whole name or a face name, through the names index (as name resolution does).
        return ("cards.id IN (SELECT card_id FROM card_names WHERE key = ? AND lang = ?)",
                [key, "es" if ctx.spanish else "en"])
    return f"instr({key_col}, ?) > 0", [key]


def _oracle(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    test, value = ("REGEXP ?", _check_regex(t)) if t.kind == "regex" else ("", text_key(t.value))
    if not ctx.spanish and "~" not in t.value:
        # The common case reads the English text column of the narrow `cards` table directly.
        return (f"text_key {test}" if test else "instr(text_key, ?) > 0"), [value]
    table, col = ("card_es_text", "es_text_key") if ctx.spanish else ("card_tilde", "tilde_key")
    cond = f"{col} {test}" if test else f"instr({col}, ?) > 0"
    return f"cards.id IN (SELECT card_id FROM {table} WHERE {cond})", [value]


def _type(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    col = "es_type_key" if ctx.spanish else "type_key"
    if t.kind == "regex":
        return f"{col} REGEXP ?", [_check_regex(t)]
    return f"instr({col}, ?) > 0", [text_key(t.value)]


def _color_value(t: Term) -> tuple[str, int]:
    """('bits', mask) or ('count', n) or ('multi', 0) for a colour value."""
    v = t.value.lower().replace(" ", "")
    if v.isdigit():
        return "count", int(v)
    if v in ("m", "multi", "multicolor", "multicolour", "gold"):
        return "multi", 0
    if v in ("c", "colorless", "colourless"):
        return "bits", 0
    letters = COLOR_NICKNAMES.get(v) or COLOR_WORDS.get(v) or v.upper()
    if not all(ch in COLORS for ch in letters.upper()):
        raise QueryError(f"unknown colour '{t.value}'", t.value_pos)
    mask = 0
    for ch in letters.upper():
        mask |= COLOR_BIT[ch]
    return "bits", mask


def _colors(t: Term, ctx: Context, column: str, colon: str) -> tuple[str, list]:
    kind, mask = _color_value(t)
    count_col = "n" + column
    op = colon if t.op == ":" else t.op
    if kind == "multi":
        if t.op not in (":", "="):
            raise QueryError("multicolour only takes ':'", t.value_pos)
        return f"{count_col} >= 2", []
    if kind == "count":
        return f"{count_col} {_SQL_OP[op]} ?", [mask]
    superset = f"({column} & {mask}) = {mask}"
    subset = f"({column} & ~{mask}) = 0"
    if t.op == ":" and mask == 0:
        return f"{column} = 0", []  # c:c and id:c both mean colourless
    return {
        "=": f"{column} = {mask}", "!=": f"{column} != {mask}",
        ">=": superset, "<=": subset,
        ">": f"{superset} AND {column} != {mask}", "<": f"{subset} AND {column} != {mask}",
    }[op], []


def _stat(t: Term, ctx: Context) -> tuple[str, list]:
    column = STAT_COLUMNS[t.key]
    op = _SQL_OP[t.op]
    other = STAT_NAMES.get(t.value.lower())
    if other:
        return f"{column} {op} {STAT_COLUMNS[other]}", []
    if t.key == "mv" and t.value.lower() in ("even", "odd") and t.op in (":", "="):
        return f"{column} % 2 = ?", [0 if t.value.lower() == "even" else 1]
    try:
        number = float(t.value)
    except ValueError:
        raise QueryError(f"'{t.value}' is not a number", t.value_pos) from None
    return f"{column} {op} ?", [number]


def _mana(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    symbols = re.findall(r"\{([^}]+)\}", t.value.upper()) if "{" in t.value else re.findall(
        r"\d+|[A-Z](?:/[A-Z])?", t.value.upper())
    if not symbols:
        raise QueryError(f"no mana symbols in '{t.value}'", t.value_pos)
    # Each symbol must appear at least as often as asked: one instr test per occurrence count.
    tests, params = [], []
    for sym in sorted(set(symbols)):
        n = symbols.count(sym)
        tests.append("(length(coalesce(mana_cost, '')) - length(replace(coalesce(mana_cost, ''), ?, ''))) >= ?")
        params += ["{" + sym + "}", n * (len(sym) + 2)]
    return " AND ".join(tests), params


def _keyword(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    return "instr(keywords_key, ?) > 0", [f"|{text_key(t.value)}|"]


def _legality(statuses: tuple[str, ...]):
    def handler(t: Term, ctx: Context) -> tuple[str, list]:
        _text_op(t)
        fmt = FORMAT_ALIASES.get(t.value.lower(), t.value.lower())
        if ctx.formats and fmt not in ctx.formats:
            raise QueryError(f"unknown format '{t.value}' (known: {', '.join(sorted(ctx.formats))})", t.value_pos)
        marks = ",".join("?" * len(statuses))
        # An uncorrelated IN is evaluated once through the (format, status, card_id) index.
        return (f"cards.id IN (SELECT card_id FROM card_legalities WHERE format = ? AND status IN ({marks}))",
                [fmt, *statuses])
    return handler


def _set(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    code = t.value.upper()
    if ctx.sets and code not in ctx.sets:
        raise QueryError(f"unknown set '{t.value}'", t.value_pos)
    return "cards.id IN (SELECT card_id FROM card_printings WHERE set_code = ?)", [code]


def _is(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    value = t.value.lower()
    if value in ("multicolor", "multicolour", "multi", "gold"):
        sql = "ncolors >= 2"
    elif value in ("colorless", "colourless"):
        sql = "colors = 0"
    elif value in IS_FLAGS:
        sql = f"instr(flags, '|{value}|') > 0"
    else:
        raise QueryError(f"unknown is: value '{t.value}' (supported: {', '.join(sorted(IS_FLAGS))})", t.value_pos)
    return (f"NOT ({sql})" if t.key == "not" else sql), []


def _lang(t: Term, ctx: Context) -> tuple[str, list]:
    _text_op(t)
    value = t.value.lower()
    if value in ("es", "spanish", "español", "espanol"):
        return "es_name IS NOT NULL", []
    if value in ("en", "english", "any"):
        return "1", []
    raise QueryError(f"unsupported language '{t.value}' (es or en)", t.value_pos)


_HANDLERS = {
    "name": _name, "oracle": _oracle, "type": _type,
    "color": lambda t, ctx: _colors(t, ctx, "colors", ">="),
    "identity": lambda t, ctx: _colors(t, ctx, "identity", "<="),
    "mv": _stat, "pow": _stat, "tou": _stat, "loy": _stat, "mana": _mana, "keyword": _keyword,
    "legal": _legality(("Legal", "Restricted")), "banned": _legality(("Banned",)),
    "restricted": _legality(("Restricted",)), "set": _set, "is": _is, "not": _is, "lang": _lang,
}
