"""How the words around a span read: whether it is written like a name, follows an article, names a kind
of effect or of token. Small tests shared by the card finders (`mentions`, `nicknames`)."""

from __future__ import annotations

import re

from ..text import fold
from .language import detect_language

AS_VERB = re.compile(r"['’](d|ed)$")  # a card's name made a verb: "Bribery'd", "got Swords'd"
_NEXT_WORD = re.compile(r"\s+(\w+)")
TOKEN_WORDS = {"token", "tokens", "ficha", "fichas"}
_WINDOW = 60  # characters read either side of a span: enough for the words next to it, never the whole question
DETERMINERS = {"un", "una", "el", "la", "los", "las", "mi", "mis", "tu", "tus", "su", "sus", "otro", "otra",
               "a", "an", "the", "my", "your", "his", "her", "their", "another"}


def names_an_effect(question: str, start: int, end: int) -> bool:
    """"a clone effect", "un efecto de clon": a kind of effect, not the card (see `names_a_kind`)."""
    after = fold(question[end:end + _WINDOW]).split()[:1]
    before = fold(question[max(0, start - _WINDOW):start]).split()[-2:]
    return after in (["effect"], ["effects"]) or before in (["efecto", "de"], ["efectos", "de"]) or \
        names_a_kind(question, start, end)


def names_a_kind(question: str, start: int, end: int) -> bool:
    """"a Control Magic type aura", "an O-Ring style enchantment", "(tipo Pacifism)": a card named only as
    the model of another, even capitalised."""
    after = fold(question[end:end + _WINDOW]).split()[:1]
    before = fold(question[max(0, start - _WINDOW):start]).split()[-1:]
    return after in (["type"], ["style"]) or before == ["tipo"] or question.startswith(("-style", "-type"), end)


def before_token(question: str, end: int) -> bool:
    """"a Blood token": the next word, with only spaces between ("Earthshaker Khenra - token ..." is the card)."""
    after = _NEXT_WORD.match(question, end)
    return after is not None and fold(after.group(1)) in TOKEN_WORDS


def after_token(question: str, start: int) -> bool:
    """"fichas de Espíritu", "tokens of Goblin": Spanish word order for a kind of token."""
    before = fold(question[max(0, start - _WINDOW):start]).split()[-3:]
    return len(before) >= 2 and before[-1] in ("de", "of") and before[-2] in TOKEN_WORDS


def article_before(question: str, start: int) -> str:
    """The word before `start`, folded ("" when none), read as a possible article: Spanish "a" is a
    preposition ("vuelven a persistir", "tiene a Thalia"), so it reads as none."""
    before = fold(question[max(0, start - _WINDOW):start]).split()[-1:]
    if before == ["a"] and detect_language(question) == "es":
        return ""
    return before[0] if before else ""


def after_determiner(question: str, start: int) -> bool:
    """A lower-case single word is a name only after an article ("tiro un relámpago"), not as a verb
    ("un efecto de reanimar", "I flicker")."""
    return article_before(question, start) in DETERMINERS


def opens_sentence(question: str, start: int) -> bool:
    """Whether the word at `start` opens the question or a sentence in it (a quote opens one too)."""
    before = question[max(0, start - _WINDOW):start].rstrip().rstrip("'\"“‘«").rstrip()
    if not before and start > _WINDOW:  # only spaces and quotes for a whole window: read further back
        before = question[:start].rstrip().rstrip("'\"“‘«").rstrip()
    return not before or before[-1] in ".?!¿¡:"


def looks_like_name(question: str, start: int, phrase: str) -> bool:
    """Capitalised mid-sentence (a capital opening a sentence says nothing)."""
    return phrase[:1].isupper() and not opens_sentence(question, start)
