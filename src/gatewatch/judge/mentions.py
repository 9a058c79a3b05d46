"""Find the cards a question names: exact names (English or Spanish, longest span first), capitalised
runs, names opening a sentence, the table's nicknames (`nicknames`) and names written loosely (`loose_names`:
lower case, misspelt, Spanish sentence case), resolved with typo tolerance; an unclear name yields
candidates (see `ambiguity` for how one of several is settled)."""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import cards as cards_api
from ..cards.mtg import name_key
from ..cards.names import Resolution
from ..store import Store
from ..text import fold, term_key
from .ambiguity import is_legend, legends_named, settle, short_name
from .lexicon import Lexicon
from .loose_names import (SLIP_BUDGET, TRANSLATION_BUDGET, Budget, epithet_after, longer_name_ending,
                          lower_case_names, misspelt, spanish_sentence_case, translated_name, words_in_order)
from .mention_words import (COLOURS, CONNECTORS, PLAIN, PLAIN_PHRASES, PLAIN_UNLESS_CAPITALISED, CardMention,
                            real_cards)
from .nicknames import nickname_hits
from .ruledocs import EN_STOP, ES_STOP
from .wording import AS_VERB, after_determiner, after_token, before_token, looks_like_name, names_a_kind, \
    names_an_effect, opens_sentence

_QUOTED = re.compile(r"[\"“«']([^\"”»']{3,60})[\"”»']")
# A run of capitalised words, allowing the small words card names contain ("Elspeth, Sun's Champion",
# "Fire // Ice", "Elegido de la Antepasada").
_CAPS = re.compile(r"(?:[A-ZÁÉÍÓÚÑ][\w'’\-]+(?:,?\s+(?:of|the|de|del|la|las|los|el|y|and|to|in|en|a|//|"
                   r"[A-ZÁÉÍÓÚÑ][\w'’\-]+))*)")
_MAX_NGRAM = 8
_NAME_ENDING = re.compile(r"['’](s|d|ed)$")  # "Elspeth's -3", "I Bribery'd", "Yuriko's in ...": the name before it
_LIST_SEPARATOR = re.compile(r",\s*|\s+(?:and|y|e|or|o)\s+")
_WEIGHED = 12   # a shared name's cards weighed against each other (seven Lae'zels: the paper one is printed most)
_LISTED = 5     # and at most this many listed when none is picked
_MAX_SPANS = 200    # capitalised runs (and what is left of them) looked at per question: never unbounded



def _ngrams(words: list[str]) -> list[tuple[int, int]]:
    spans = [(i, j) for i in range(len(words)) for j in range(min(len(words), i + _MAX_NGRAM), i, -1)]
    return sorted(spans, key=lambda s: (-(s[1] - s[0]), s[0]))


def find_cards(store: Store, question: str, lex: Lexicon) -> list[CardMention]:
    """Exact names first (longest span wins), then quoted or capitalised spans, then misspelt lower-case
    words, resolved with typo tolerance; an unclear span yields candidates, never a guess."""
    tokens = list(re.finditer(r"[\w'’/+\-]*\w[\w'’/+\-]*", question))  # a word has a letter or digit
    words = [t.group(0) for t in tokens]
    taken = [False] * len(words)
    found: list[CardMention] = []
    slips, translations = Budget(SLIP_BUDGET), Budget(TRANSLATION_BUDGET)
    for i, j in _ngrams(words):
        if any(taken[i:j]):
            continue
        phrase = AS_VERB.sub("", question[tokens[i].start():tokens[j - 1].end()])  # "I Bribery'd him"
        mention = _exact_mention(store, question, lex, phrase, tokens[i].start(), single=j - i == 1)
        if mention is None and j - i > 1:
            mention = translated_name(store, question, lex, tokens, taken, i, j, translations)
        if mention is None and j - i > 1 and phrase.endswith("ed") and all(w[:1].isupper() for w in words[i:j]):
            mention = _exact_mention(store, question, lex, phrase[:-2], tokens[i].start(), single=False)  # "Sneak Attacked"
        if mention is None and j - i > 1 and names_a_kind(question, tokens[i].start(), tokens[j - 1].end()) \
                and store.card_names_exact(name_key(phrase)):
            for k in range(i, j):
                taken[k] = True  # "tipo Ghostly Flicker": a kind of card, and not the card Flicker either
            continue
        if mention is not None:
            i, mention = longer_name_ending(store, question, tokens, taken, i, j, mention, slips)
            j, mention = epithet_after(store, question, tokens, taken, i, j, mention, slips)
            found.append(mention)
            for k in range(i, j):
                taken[k] = True
    # A repeat ("Oblivion Ring ... the O-Ring") too.
    found += [CardMention(text=h.said, card=h.card, how="nickname")
              for h in nickname_hits(question, tokens, taken, known=lambda card: store.card_row(card) is not None)]
    spans = _candidate_spans(question)
    strict: set[str] = set()  # what is left of a run around a found name: only a whole or short name counts
    seen: set[str] = set()
    while spans and len(seen) < _MAX_SPANS:
        span = spans.pop(0)
        if span in seen:
            continue
        seen.add(span)
        said = fold(span)  # once: a span may be the whole of a long question
        inside = [m for m in found if fold(m.text) in said]
        if inside and not any(said in fold(m.text) for m in found):
            rest = _leftovers(span, list(dict.fromkeys(m.text for m in inside)))  # "Torbran y Horno de Rath"
            strict.update(rest)
            spans[:0] = [r for r in rest if r not in seen]
            continue
        if any(said in fold(m.text) for m in found):
            continue
        rest = _untaken(question, span, tokens, taken)
        if rest is not None:  # "Meto Mago" where "Mago lanzachasquidos" was found: only "Meto" is left
            strict.update(rest)
            spans[:0] = [r for r in rest if r not in seen]
            continue
        key = term_key(span)
        if key in lex.forms or key in lex.subtypes or fold(span) in PLAIN or len(fold(span)) < 3 \
                or len(fold(span)) == 3 and not legends_named(store, span) \
                or any(f" {p} " in f" {fold(span)} " for p in PLAIN_PHRASES):
            continue  # a game term, a type ("Time Lord"), a format ("En Gigante de Dos Cabezas")
        if span in strict:
            if " " not in span and (fold(span) in lex.vocab or fold(span) in EN_STOP or fold(span) in ES_STOP):
                continue  # "When" left of "Portable Hole": a word, not Who // What // When ...
            mention = _whole_or_short_name(store, span, found,
                                           english_only=_verb_opening(question, question.find(span), span))
            if mention is not None:
                found.append(mention)
            continue
        single = " " not in span.strip()
        if _only_tokens(store, span):
            continue  # "Marit Lage": a token's name, not the card that begins with it
        res = cards_api.resolve_name(store, span)
        if res.match == "translated":
            continue  # read word by word in the first pass, under its guards (loose_names.translated_name)
        if single and (key in lex.subtypes or fold(span) in lex.vocab) and res.match != "exact":
            continue  # "una Pista", "the Auras": a type or a rules word, not a misspelt name
        pieces = [p.strip() for p in _LIST_SEPARATOR.split(span)]
        if res.status == "not_found" and len(pieces) > 1 and all(p[:1].isupper() for p in pieces):
            spans[:0] = [p for p in pieces if len(p) >= 3]
            continue  # "Thrasios and Tymna": two names in one run
        if res.status == "found" and res.match == "prefix" and \
                re.match(re.escape(span) + r"['’]s\b", res.matched or res.card, re.IGNORECASE) \
                and short_name(res.card) != fold(span):  # Erayo is Erayo, Soratami Ascendant // Erayo's Essence
            continue  # "Marit Lage" (the token) is not Marit Lage's Slumber
        if res.status == "found" and res.match in ("prefix", "fuzzy"):
            if single and res.match == "prefix" and " " in (res.matched or res.card) and not is_legend(store, res.card):
                continue  # "Reversal" is not Reversal of Fortune: only legends go by the start of their name
            if single and res.match == "fuzzy" and fold(span)[:1] != fold(res.matched or res.card)[:1]:
                continue  # a slip keeps the first letter: "Alice" (a player) is not Malice
            names = list(dict.fromkeys([res.card, *legends_named(store, span)])) if single else [res.card]
            found.append(CardMention(text=span, card=names[0] if len(names) == 1 else None,
                                     candidates=names if len(names) > 1 else [], how=res.match))
        elif res.status == "ambiguous" and res.candidates and res.candidates[0].score >= 80:
            cands = real_cards(store, list(dict.fromkeys(c.name for c in res.candidates)))
            named = legends_named(store, span) or [c for c in cands if short_name(c) == fold(span)]
            cands = named or cands  # "Atraxa", "Teferi": the legends of that name, not "Atraxa's Fall", "Teferi's Moat"
            whole = list(dict.fromkeys(c.name for c in res.candidates if words_in_order(span, c.matched)))
            if not named and len(whole) == 1 and len(span.split()) > 1:
                cands = whole  # "Ciudadela de Bolas": Ciudadela de Nicol Bolas, a word left out
            if len(cands) == 1:
                found.append(CardMention(text=span, card=cands[0], how=res.match or "prefix"))
            elif cands:
                found.append(CardMention(text=span, card=None, candidates=cands[:_WEIGHED], how="ambiguous"))
    found += _sentence_initial(store, question, lex, tokens, taken, found)
    found += lower_case_names(store, lex, tokens, taken, found)
    found += spanish_sentence_case(store, question, lex, tokens, taken, found)
    found += misspelt(store, question, lex, tokens, taken, found)
    return [_settled(store, question, m, lex.is_game_term) for m in _merge_short_names(found)]


def _settled(store: Store, question: str, m: CardMention, is_term: Callable[[str], bool]) -> CardMention:
    if m.card is not None or not m.candidates:
        return m
    said = fold(m.text)
    if m.how != "exact" and not all(short_name(n) == said or short_name(n).startswith(said + " ")
                                    and is_legend(store, n) for n in m.candidates):
        # a misspelt name's look-alikes: listed, never picked by context ("Agrus" of "Agrus Kos" may be)
        return CardMention(text=m.text, card=None, candidates=m.candidates[:_LISTED], how=m.how)
    card, others, how = settle(store, question, m.text, m.candidates, is_term)
    return CardMention(text=m.text, card=card, candidates=others[:_LISTED], how=how)


def _leftovers(span: str, names: list[str]) -> list[str]:
    """What a capitalised run holds besides the names already found in it, cut at those names."""
    pieces = [span]
    for name in names:
        cut = []
        for piece in pieces:
            at = fold(piece).find(fold(name))
            # fold() keeps one character per character here, so the folded index cuts the piece itself
            if at >= 0 and len(fold(piece)) == len(piece):
                cut += [piece[:at], piece[at + len(fold(name)):]]
            else:
                cut += re.split(re.escape(name), piece, flags=re.IGNORECASE)
        pieces = cut
    out = []
    for piece in pieces:
        words = piece.split()
        while words and (fold(words[0]) in CONNECTORS or not words[0][:1].isupper()):
            words.pop(0)
        while words and fold(words[-1]) in CONNECTORS:
            words.pop()
        if words and len(" ".join(words)) >= 4:
            out.append(" ".join(words).strip(" ,"))
    return out


def _untaken(question: str, span: str, tokens: list[re.Match[str]], taken: list[bool]) -> list[str] | None:
    """When part of `span` is already a found name, the runs of its other words; None when none is."""
    at = question.find(span)
    inside = [i for i, t in enumerate(tokens) if at <= t.start() < at + len(span)] if at >= 0 else []
    if not any(taken[i] for i in inside):
        return None
    pieces, run = [], []
    for i in inside + [-1]:
        if i >= 0 and not taken[i]:
            run.append(tokens[i].group(0))
        elif run:
            while run and fold(run[-1]) in CONNECTORS:
                run.pop()  # "Mordicolmillos y el" (Fabricante de la academia): the name is "Mordicolmillos"
            pieces.append(" ".join(run))
            run = []
    return [p for p in pieces if len(p) >= 4]


def _only_tokens(store: Store, span: str) -> bool:
    rows = store.card_names_exact(name_key(span))
    return bool(rows) and not real_cards(store, list(dict.fromkeys(r["card_name"] for r in rows)))


def _sentence_initial(store: Store, question: str, lex: Lexicon, tokens: list[re.Match[str]], taken: list[bool],
                      found: list[CardMention]) -> list[CardMention]:
    """A capitalised word opening a sentence ("Thrasta ataca ...", "Humility is out") is a card when it is
    no word the rules or a question use and it is a card's whole name or the name before its comma;
    several such cards ("Thalia") are listed as candidates."""
    out: list[CardMention] = []
    known = {c.card for c in found} | {n for c in found for n in c.candidates}
    for i, tok in enumerate(tokens):
        word = _NAME_ENDING.sub("", tok.group(0))
        if taken[i] or not word[:1].isupper() or not opens_sentence(question, tok.start()):
            continue
        key = fold(word)
        if len(key) < 4 or key in lex.vocab or key in EN_STOP or key in ES_STOP or key in PLAIN \
                or term_key(word) in lex.forms or term_key(word) in lex.subtypes:  # "Ninja timing: ...": the type
            continue
        verb = _verb_opening(question, tok.start(), word)
        mention = _whole_or_short_name(store, word, found + out, english_only=verb)
        if mention is not None and mention.card not in known:
            out.append(mention)
            taken[i] = True
    return out


_OBJECT_WORDS = {"el", "la", "los", "las", "un", "una", "unos", "unas", "mi", "mis", "tu", "tus", "su", "sus",
                 "a", "al", "lo", "le", "les", "me", "te", "se", "con"}


def _verb_opening(question: str, at: int, span: str) -> bool:
    """A Spanish one-word name opening a sentence (at `at`) is a verb when it is an infinitive ("Matar a
    ...": not Slay) or an object follows it ("Desentierro el Elemental ...": not Dig Up); "Triniesfera en
    mesa" and "Relámpago y Tarmogoyf" are the cards."""
    if " " in span or at < 0 or not opens_sentence(question, at):
        return False
    after = fold(question[at + len(span):at + len(span) + 30]).split()
    return fold(span).endswith(("ar", "er", "ir")) or bool(after) and after[0] in _OBJECT_WORDS


def _whole_or_short_name(store: Store, span: str, found: list[CardMention],
                         english_only: bool = False) -> CardMention | None:
    """The card whose whole name, or name before its comma, is `span` ("Thrasta"); several → candidates.
    `english_only`: only English names count."""
    key = fold(span)
    res = cards_api.resolve_name(store, span)
    ok_lang = (lambda lang: lang == "en") if english_only else (lambda lang: True)
    if res.status == "found" and res.card and _named_by(store, res, key, ok_lang):
        names = [res.card]
    elif res.status == "ambiguous":
        names = [c.name for c in res.candidates if short_name(c.matched) == key and ok_lang(c.lang)
                 and is_legend(store, c.name)]
    else:
        names = []
    if names and all(is_legend(store, n) for n in names):
        names += legends_named(store, span)  # "Ozolith": The Ozolith, or Ozolith, the Shattered Spire
    known = {c.card for c in found}
    names = real_cards(store, list(dict.fromkeys(names)))
    if not names or any(n in known for n in names):
        return None  # "the Ozolith ... Ozolith": the card already named
    return CardMention(text=span, card=names[0] if len(names) == 1 else None,
                       candidates=names if len(names) > 1 else [], how="exact")


def _named_by(store: Store, res: Resolution, key: str, ok_lang: Callable[[str], bool]) -> bool:
    """Whether `key` names the card `res` found: the name it matched (in an allowed language), whole or
    before its comma, or the card's English short name ("Sedris" opening a sentence, though the Spanish
    «Sedris, el Rey Traidor» matched best). A short name counts only for a legend."""
    said = ok_lang(res.lang) and (res.match == "exact" or short_name(res.matched or res.card) == key)
    if not (said or short_name(res.card) == key):
        return False
    return res.match == "exact" or is_legend(store, res.card)


def _exact_mention(store: Store, question: str, lex: Lexicon, phrase: str, start: int,
                   single: bool) -> CardMention | None:
    key = fold(phrase)
    if not key or len(key) < 3 or key in PLAIN:
        return None
    capitalised = looks_like_name(question, start, phrase)
    if key in PLAIN_UNLESS_CAPITALISED and not capitalised:
        return None  # "mirror match lol", "Mirror match, both of us ...": the phrase, not the card Mirror Match
    if single and key in lex.common:
        return None  # "Omen", "Brawl", "Library": words of the rules themselves, even capitalised
    if single or term_key(phrase) in lex.forms:
        # One word (or a game term) is a card only when written like a name (capitalised mid-sentence),
        # or when it is a lower-case word the rules never use ("un relámpago").
        if term_key(phrase) in lex.forms or term_key(phrase) in lex.subtypes and not capitalised:
            return None
        if not capitalised and (key in lex.vocab or len(key) < 4 or not single or not phrase.islower()
                                or not after_determiner(question, start)):
            return None
    elif phrase.islower() and _rules_talk(fold(re.sub(r"['’]s\b", "", phrase)), lex):
        return None  # "deals damage", "the protector": rules words, not the cards Deal Damage, The Protector
    elif phrase.islower() and any(w in COLOURS for w in key.split()) and \
            all(w in COLOURS or term_key(w) in lex.subtypes for w in key.split()):
        return None  # "a red dragon", "un zombi negro": a description, not the cards Red Dragon ...
    if names_a_kind(question, start, start + len(phrase)) or \
            not capitalised and names_an_effect(question, start, start + len(phrase)):
        return None  # "a clone effect", "un efecto de clon", "a Control Magic type aura": a kind, not the card
    if before_token(question, start + len(phrase)) or single and after_token(question, start):
        return None  # "a Blood token", "fichas de Goblin": a kind of token, not the card Blood or Goblin
    rows = store.card_names_exact(name_key(phrase))
    if not rows and phrase.endswith("s") and len(phrase) > 5 and not (single and term_key(phrase[:-1]) in lex.subtypes):
        rows = store.card_names_exact(name_key(phrase[:-1]))  # "two Doubling Seasons"; "Pesadillas" is a type"
    if not rows:
        return None
    names = real_cards(store, list(dict.fromkeys(r["card_name"] for r in rows)))
    if not names:
        return None  # only tokens: "a Zombie", "un Tesoro"
    if single and all(fold(n) in lex.common for n in names):
        return None  # "el presagio": Omen in Spanish, a word of the rules like "Omen" itself (above)
    if single and capitalised:  # "Uro": Aurochs, or the Titan; "Urborg": Urborg, or Urborg, Tomb of Yawgmoth
        names += [n for n in legends_named(store, phrase) if n not in names]
    if single and (term_key(phrase) in lex.subtypes or not capitalised) and all(" // " in n for n in names):
        return None  # "an Illusion", "my mind": a creature type or a word, not the half of Illusion // Reality
    return CardMention(text=phrase, card=names[0] if len(names) == 1 else None,
                       candidates=names if len(names) > 1 else [], how="exact")


def _rules_talk(key: str, lex: Lexicon) -> bool:
    """Every word is a rules word and most are everyday ones ("the protector"), unlike a lower-case
    name made of rarer words ("cáliz del vacío", "camino al exilio")."""
    words = [w for w in key.split() if w not in CONNECTORS]
    return bool(words) and all(w in lex.vocab for w in words) and \
        sum(w in lex.common for w in words) * 2 >= len(words)


def _merge_short_names(found: list[CardMention]) -> list[CardMention]:
    """"Urborg" after "Urborg, Tomb of Yawgmoth", "Thalia" beside "Thalia, Guardian of Thraben": players
    shorten a name they already said; the short mention is that card, not another one."""
    # Folded once: a long question may name hundreds of cards.
    cards = dict.fromkeys(m.card for m in found if m.card)
    faces = {card: [fold(face) for face in card.split(" // ")] for card in cards}
    texts = [(o, fold(o.text), o.card) for o in found if o.card]
    out = []
    for m in found:
        names = [m.card] if m.card else m.candidates
        said = {text: card for o, text, card in texts if o is not m}
        starts = {fold(n) + " " for n in names} | {fold(m.text) + " "}
        longer = [f for f, folded in faces.items() if f not in names and any(
            face.startswith(start) for face in folded for start in starts)]  # any face: "Tibalt" by Valki // Tibalt
        short = re.sub(r"^(the|el|la|los|las) ", "", fold(m.text))  # "the Hunter" after "Fiend Hunter"
        longer += [card for text, card in said.items() if card not in names and " " not in short
                   and short in text.split()]  # "la Arena" after "Arena pirexiana", "the Rootwalla"
        longer += [card for text, card in said.items() if card not in names and text.startswith(short + " ")]
        # "la Forma fantasmal" after "la Forma fantasmal de Kaya": the card said in full, not Ghostform
        if longer:
            continue
        if m.card is None or m.candidates:
            others = {o.card for o in found if o.card and o is not m and not o.candidates}
            settled = [n for n in names if n in others]
            if settled:  # "Sheoldred, the Apocalypse ... my own Sheoldred": the card already named
                m = CardMention(text=m.text, card=settled[0], how=m.how)
        out.append(m)
    return out


def _candidate_spans(question: str) -> list[str]:
    spans = [m.group(1) for m in _QUOTED.finditer(question)]
    for m in _CAPS.finditer(question):
        span = _NAME_ENDING.sub("", m.group(0).strip(" ,"))
        parts = span.split()
        while parts and fold(parts[-1]) in CONNECTORS:
            parts.pop()  # "Tesoro del" (diezmo asfixiante): the name, if any, is not capitalised
        span = " ".join(parts)
        before = question[:m.start()].rstrip()
        if not before or before[-1] in ".?!¿¡":
            if len(parts) > 1:
                rest = parts[1:]
                while rest and fold(rest[0]) in CONNECTORS:
                    rest = rest[1:]
                if rest:
                    spans.append(" ".join(rest))  # "Con Lurrus" → "Lurrus"
            if len(parts) <= 1:
                continue  # a capitalised first word of a sentence is not a name by itself
        spans.append(span)
    return [s for s in dict.fromkeys(spans) if len(s) >= 3]
