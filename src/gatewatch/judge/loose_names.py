"""Card names written loosely: a legend's name in lower case ("tengo kalitas"), a Spanish name in sentence
case with a slip ("Descansa en paz"), misspelt lower-case words ("temporada duplicdora"), a slip in a longer
name that ends in another card's name ("Oráculo de Tasa"), a legend's epithet written loosely ("Nicol Bolas, el
Dios Dragón"), a Spanish name for a card our data has only in English ("Terror tolariano"). Each pass looks names up with typo tolerance under a budget and marks the words it takes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from .. import cards as cards_api
from ..cards.mtg import name_key
from ..cards.translated import MAX_WORDS, content_words, translator
from ..store import Store
from ..text import fold, term_key
from .ambiguity import is_legend, legends_named, short_name
from .language import detect_language
from .lexicon import Lexicon
from .mention_words import CONNECTORS, PLAIN, PLAIN_STARTS, PLAIN_UNLESS_CAPITALISED, CardMention, real_cards
from .ruledocs import EN_STOP, ES_STOP
from .wording import after_determiner, after_token, looks_like_name, names_an_effect, opens_sentence

_FUZZY_BUDGET = 10  # typo look-ups per question (about 3.5 ms each)
_LOWER_CASE_BUDGET = 60  # distinct words looked up in the store per question: never unbounded


def _unknown_lower_case(word: str, lex: Lexicon) -> bool:
    """A lower-case word that is no rules word, game term or creature type ("el espiritu" is the type, not
    the card whose Spanish name is Espíritu), nor a plain word that is also a card's name."""
    key = fold(word)
    return word.islower() and key not in lex.vocab and key not in PLAIN and key not in PLAIN_UNLESS_CAPITALISED \
        and term_key(word) not in lex.forms and term_key(word) not in lex.subtypes


def lower_case_names(store: Store, lex: Lexicon, tokens: list[re.Match[str]], taken: list[bool],
                      found: list[CardMention]) -> list[CardMention]:
    """"tengo kalitas en mesa", "atraxa proliferates": a lower-case word that is a legend's short name (in
    English), and that no other card's text uses (so not an everyday word like "sword" or "joven")."""
    out: list[CardMention] = []
    known = {c.card for c in found} | {n for c in found for n in c.candidates}
    looked: set[str] = set()
    for i, tok in enumerate(tokens):
        word = tok.group(0)
        key = fold(word)
        if taken[i] or len(key) < 3 or not _unknown_lower_case(word, lex) or key in EN_STOP or key in ES_STOP \
                or key in looked or len(looked) >= _LOWER_CASE_BUDGET:
            continue
        looked.add(key)  # the budget counts look-ups, so a name late in a long question is still read
        names = legends_named(store, word)  # not the cards whose whole name is a word: "matar" is not Slay
        if not names or any(n in known for n in names) or store.word_in_other_texts(key) \
                or key.endswith("s") and store.word_in_other_texts(key[:-1]):
            continue  # "opp fires a removal": the everyday word "fire", not Fires of Mount Doom
        out.append(CardMention(text=word, card=names[0] if len(names) == 1 else None,
                               candidates=names if len(names) > 1 else [], how="exact"))
        known.update(names)
        taken[i] = True
    return out


_SENTENCE_CASE_BUDGET = 6  # look-ups per question
_SENTENCE_CASE_SCORE = 90.0


def spanish_sentence_case(store: Store, question: str, lex: Lexicon, tokens: list[re.Match[str]],
                           taken: list[bool], found: list[CardMention]) -> list[CardMention]:
    """Spanish names are written in sentence case ("Descanse en paz"), so a slip in one ("Descansa en paz",
    "Colonias de ratas", "Cavernas de gema") leaves no capitalised run to look up: a capital mid-sentence
    followed by lower-case words is looked up with typo tolerance, longest first; only a close match of a
    Spanish name with as many words counts, or the start of a longer one ("Trompo adivinador")."""
    if detect_language(question) != "es":
        return []
    out: list[CardMention] = []
    budget = _SENTENCE_CASE_BUDGET
    known = {c.card for c in found}
    for i, tok in enumerate(tokens):
        word = tok.group(0)
        if taken[i] or len(word) < 4 or not looks_like_name(question, tok.start(), word) or budget <= 0 \
                or after_token(question, tok.start()) \
                or fold(question[tok.start():tok.start() + 60]).startswith(PLAIN_STARTS):
            continue  # "fichas de Elemental del Piromante": a kind of token; "En Gigante de dos cabezas": the format
        for j in range(min(len(tokens), i + 4), i + 1, -1):
            rest = [t.group(0) for t in tokens[i + 1:j]]
            gap = question[tok.end():tokens[j - 1].start()]
            if any(taken[i:j]) or not all(w.islower() for w in rest) or fold(rest[-1]) in CONNECTORS \
                    or re.search(r"[^\w\s]", gap) or budget <= 0:
                continue
            phrase = question[tok.start():tokens[j - 1].end()]
            budget -= 1
            res = cards_api.resolve_name(store, phrase)
            best = res.candidates[0].score if res.candidates else 0.0
            if res.status != "found" or res.lang != "es" or res.card in known or best < _SENTENCE_CASE_SCORE \
                    or res.match == "translated" or not real_cards(store, [res.card]):
                continue  # a name read word by word is translated_name's, under its guards
            said, named = len(phrase.split()), len((res.matched or "").split())
            if res.match != "prefix" and said != named:
                continue  # a slip keeps the word count; a start of a name has two words or more (spans above)
            if res.match == "prefix" and not _ends_between_words(phrase, res.matched or ""):
                continue  # "el Ángel me salva" is not Ángel melenafuego
            out.append(CardMention(text=phrase, card=res.card, how=res.match or "fuzzy"))
            known.add(res.card)
            for k in range(i, j):
                taken[k] = True
            break
    return out


def _ends_between_words(phrase: str, name: str) -> bool:
    """The start of a name that `phrase` is ends where one of its words ends, or a letter or two short of
    it ("Cavernas de gema" for Cavernas de gemas), not inside a longer word ("Ángel me" of Ángel melenafuego)."""
    typed, words = fold(phrase).split(), fold(name).split()
    if len(words) < len(typed) or typed[:-1] != words[:len(typed) - 1]:
        return False
    return words[len(typed) - 1].startswith(typed[-1]) and len(words[len(typed) - 1]) - len(typed[-1]) <= 2


def misspelt(store: Store, question: str, lex: Lexicon, tokens: list[re.Match[str]], taken: list[bool],
              found: list[CardMention]) -> list[CardMention]:
    """Lower-case words the rules never use are looked up with typo tolerance, with a neighbour or two
    ("temporada duplicdora", "contrahechiso"); only a clear fuzzy hit counts."""
    out: list[CardMention] = []
    budget = _FUZZY_BUDGET
    known = {c.card for c in found}
    words = [fold(t.group(0)) for t in tokens]
    english = detect_language(question) == "en"
    for i, w in enumerate(words):
        if taken[i] or len(w) < 5 or w.isdigit() or not _unknown_lower_case(tokens[i].group(0), lex):
            continue
        spans = [(i - 1, i + 1), (i, i + 2), (i - 2, i + 1), (i, i + 1)]
        for a, b in spans:
            if a < 0 or b > len(words) or any(taken[a:b]) or budget <= 0:
                continue
            if b - a > 1 and (words[a] in CONNECTORS or words[b - 1] in CONNECTORS):
                continue
            if b - a == 1 and (len(w) < 7 or not after_determiner(question, tokens[i].start())):
                continue
            if words[b - 1].isdigit():
                continue  # "aniquilar 2", "rampage 3": a keyword and its number, not a misspelt name
            phrase = question[tokens[a].start():tokens[b - 1].end()]
            if fold(phrase) in PLAIN or names_an_effect(question, tokens[a].start(), tokens[b - 1].end()):
                continue
            budget -= 1
            res = cards_api.resolve_name(store, phrase)
            if res.status == "found" and res.match in ("exact", "fuzzy") and res.card not in known:
                if res.lang == "es" and english:
                    continue  # "a reanimation spell" is English, not a slip of Reanimación (Revivify)
                if not real_cards(store, [res.card]) or not _typo_in_unknown_words(phrase, res.matched, lex) \
                        or fold(res.card) in lex.common:
                    continue  # "el presagio": Omen, a word of the rules in Spanish, not the card
                out.append(CardMention(text=phrase, card=res.card, how=res.match))
                known.add(res.card)
                for k in range(a, b):
                    taken[k] = True
                break
    return out


def _typo_in_unknown_words(phrase: str, matched: str | None, lex: Lexicon) -> bool:
    """A misspelt name differs from the card's name only in words the rules never use: "temporada
    duplicdora" is "Temporada duplicadora", but "cambiar de opinión" is not "Cambio de opinión"."""
    typed, name = fold(phrase).split(), fold(matched or "").split()
    if len(typed) != len(name):
        return True
    # ... and each differing word is a slip of the same word: "volver a bajar" is not "Volver a atar"
    return all(t == n or t not in lex.vocab and SequenceMatcher(None, t, n).ratio() >= 0.75
               for t, n in zip(typed, name))


_NEAR_MATCH = 95.0  # a slip in a longer name ("Oráculo de Tasa" for Oráculo de Tassa) scores at least this


@dataclass
class Budget:
    """Look-ups with typo tolerance (a few ms each) left for a question: never unbounded."""
    left: int

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


SLIP_BUDGET = 12  # look-ups per question for longer_name_ending and epithet_after together


def longer_name_ending(store: Store, question: str, tokens: list[re.Match[str]], taken: list[bool], i: int, j: int,
                       mention: CardMention, budget: Budget) -> tuple[int, CardMention]:
    """An exact name may end a longer one written with a slip: "Oráculo de Tasa" is Thassa's Oracle, not
    Tariff («Tasa»); "Sindicos de los diezmos", "Kobolds de Kher Keep". The longer one wins when it starts
    with a capital and, read with typo tolerance, is a close match of a name with as many words."""
    k = i
    while k > 0 and i - k < 3 and not taken[k - 1] and fold(tokens[k - 1].group(0)) in CONNECTORS:
        k -= 1
    if k == i or k == 0 or taken[k - 1] or not tokens[k - 1].group(0)[:1].isupper() or not budget.spend():
        return i, mention
    k -= 1
    span = question[tokens[k].start():tokens[j - 1].end()]
    res = cards_api.resolve_name(store, span)
    best = res.candidates[0] if res.status == "found" and res.candidates else None
    if best is None or best.name == mention.card or best.score < _NEAR_MATCH or res.match != "fuzzy" \
            or len(fold(best.matched).split()) != len(fold(span).split()):
        return i, mention
    return k, CardMention(text=span, card=best.name, how="fuzzy")


_EPITHET_WORDS = 4


def epithet_after(store: Store, question: str, tokens: list[re.Match[str]], taken: list[bool], i: int, j: int,
                  mention: CardMention, budget: Budget) -> tuple[int, CardMention]:
    """A name followed by a comma may be a legend's short name with its epithet written loosely: "Nicol
    Bolas, el Dios Dragón" is Nicol Bolas, Dragon-God («Nicol Bolas, Dios Dragón»), not the card Nicol Bolas."""
    if j >= len(tokens) or not question[tokens[j - 1].end():tokens[j].start()].strip().startswith(","):
        return j, mention
    said = fold(mention.text)
    if not legends_named(store, mention.text):
        return j, mention  # no legend goes by this name: "Shock, Opt, ..." is a list
    for end in range(min(len(tokens), j + _EPITHET_WORDS), j, -1):
        epithet = question[tokens[j - 1].end():tokens[end - 1].end()].strip().removeprefix(",")
        if any(taken[j:end]) or re.search(r"[.,?!¿¡:;()]", epithet):
            continue
        if not budget.spend():
            break
        span = question[tokens[i].start():tokens[end - 1].end()]
        res = cards_api.resolve_name(store, span)
        best = res.candidates[0] if res.status == "found" and res.candidates else None
        if best is not None and res.match in ("exact", "fuzzy") and best.name != mention.card \
                and best.score >= _NEAR_MATCH - 5 \
                and short_name(best.name) == said and is_legend(store, best.name):
            return end, CardMention(text=span, card=best.name, how=res.match)
    return j, mention


def words_in_order(span: str, name: str | None) -> bool:
    """`name` starts with the first word of `span` and holds the others in the same order ("Ciudadela de
    Bolas" in «Ciudadela de Nicol Bolas»)."""
    said, named = fold(span).split(), fold(name or "").split()
    rest = iter(named[1:])
    return bool(said and named) and said[0] == named[0] and all(word in rest for word in said[1:])


TRANSLATION_BUDGET = 20  # names read word by word and checked in the store, per question
_SENTENCE_BREAK = re.compile(r"[.?!;:()\[\]\"«»]")


def translated_name(store: Store, question: str, lex: Lexicon, tokens: list[re.Match[str]], taken: list[bool],
                    i: int, j: int, budget: Budget) -> CardMention | None:
    """"al Terror tolariano del rival", "la Reina Marchesa": a Spanish name for a card our data has only in
    English (`cards.translated`). Read when the span is capitalised mid-sentence (a sentence's first words are
    as likely a phrase: "Cambio de planes: ..."), ends on a content word, stays in one sentence and every word
    translates; it is read before the shorter exact names inside it ("Terror"). Not a game term, a run of
    creature types ("Guerrero trasgo"), a name we hold ourselves, or the start of a Spanish name we hold
    (players shorten those)."""
    first, last = tokens[i].group(0), tokens[j - 1].group(0)
    if j - i < 2 or not first[:1].isupper() or fold(last) in ES_STOP or fold(first) in ES_STOP or any(taken[i:j]) \
            or opens_sentence(question, tokens[i].start()):
        return None
    phrase = question[tokens[i].start():tokens[j - 1].end()]
    key = name_key(phrase)
    said = content_words(key)
    if not 2 <= len(said) <= MAX_WORDS or _SENTENCE_BREAK.search(phrase) or term_key(phrase) in lex.forms \
            or all(term_key(w) in lex.subtypes for w in said):
        return None
    names = real_cards(store, translator(store).cards_of_key(key))  # in memory: no budget needed
    if not names or not budget.spend():
        return None  # the budget counts the store look-ups below, so a long question keeps its late names
    if store.card_names_exact(key) or any(r["lang"] == "es" for r in store.card_names_prefix(key + " ", 5)):
        return None  # "Manifest dread" (the keyword action); "Maestro de caza", short for «… de las colinas»
    return CardMention(text=phrase, card=names[0] if len(names) == 1 else None,
                       candidates=names if len(names) > 1 else [], how="translated")
