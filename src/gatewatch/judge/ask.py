"""`ask(question, board=None, lang=None)`: analysis → retrieval → citations → answer."""

from __future__ import annotations

import importlib.util
from typing import Any

from ..errors import GatewatchError
from ..store import Store, open_store
from ..cards import Card
from ..text import fold, term_key
from .analysis import GENERIC_TERMS, Analysis, analyse
from .answer import extractive_answer, llm_answer, rule_citation
from .backends import LLMBackend, configured_backend
from .models import Answer, CardInfo, Candidate, Citation
from .retrieval import Retrieved, retrieve
from .ygo import detect_game, ygo_answer, ygo_citations

YGO_RULEBOOK = "fan comprehensive rulebook (laaners), 2025-03-29"

MAX_QUESTION = 4000
MAX_RULES = 10
_HAS_TABLE = importlib.util.find_spec("gatewatch.table") is not None


class QuestionError(GatewatchError):
    exit_code = 2


def ask(question: str, board: dict[str, Any] | None = None, lang: str | None = None, *,
        store: Store | None = None, backend: LLMBackend | None | str = "auto", game: str | None = None) -> Answer:
    """Answer a rules question, citing only what the store holds. `backend="auto"` uses the configured
    LLM if any; None forces the extractive answer. `game` ('mtg' or 'ygo') is detected when not given."""
    question = (question or "").strip()
    if not question:
        raise QuestionError("the question is empty: describe the play (cards, what happened, what you ask)")
    if len(question) > MAX_QUESTION:
        raise QuestionError(f"the question is too long ({len(question)} characters; at most {MAX_QUESTION})")
    if lang not in (None, "es", "en"):
        raise QuestionError(f"unknown language {lang!r}: use 'es' or 'en'")
    if game not in (None, "mtg", "ygo"):
        raise QuestionError(f"unknown game {game!r}: use 'mtg' or 'ygo'")
    store = store or open_store()
    if (game or detect_game(store, question)) == "ygo":
        return _ask_ygo(store, question, lang)
    version = store.latest_rules_version()
    an = analyse(store, question, version, lang)
    warnings = []
    if an.lang == "other":
        warnings.append("La pregunta no parece estar en español ni en inglés; respondo en español. / "
                        "The question seems to be neither Spanish nor English.")
        an.lang = "es"
    found = retrieve(store, an)
    citations = _citations(store, an, found)
    table_steps: list[Citation] = []
    if board is not None and _HAS_TABLE:
        table_steps = _table_citations(store, board, an.lang)
        step_rules = [rule_citation(store, c.id.split(" · ")[1], version) for c in table_steps]
        seen = {c.id for c in step_rules if c is not None}
        citations = table_steps + [c for c in step_rules if c is not None] + \
            [c for c in citations if not (c.kind == "rule" and c.id in seen)]
    words = _question_words(an)
    text = extractive_answer(an, [c for c in citations if c.kind != "table"], words)
    if table_steps:
        lead = "En la mesa: " if an.lang == "es" else "On the table: "
        text = lead + " ".join(f"{i}) {c.quote}" for i, c in enumerate(table_steps, 1)) + " " + text
    backend_name = "extractive"
    chosen = configured_backend() if backend == "auto" else backend
    if chosen is not None:
        prose, ordered, llm_warnings = llm_answer(chosen, an, citations)
        warnings += llm_warnings
        if prose:
            text, citations, backend_name = prose, ordered, chosen.name
    return Answer(answer=text, lang=an.lang, rules_version=version, citations=citations,
                  cards=_cards(found), confidence=_confidence(found),
                  candidates=[Candidate(mention=c.text, names=[c.card, *c.candidates]) for c in an.assumed]
                  + [Candidate(mention=c.text, names=c.candidates) for c in an.ambiguous],
                  backend=backend_name, warnings=warnings)


def _ask_ygo(store: Store, question: str, lang: str | None) -> Answer:
    from .language import detect_language
    lang = lang or detect_language(question)
    warnings = []
    if lang == "other":
        warnings.append("La pregunta no parece estar en español ni en inglés; respondo en español.")
        lang = "es"
    citations, cards = ygo_citations(store, question, lang)
    confidence = 0.6 if any(c.kind == "ygo_topic" for c in citations) else 0.2
    return Answer(answer=ygo_answer(citations, lang), lang=lang, game="ygo", rules_version=YGO_RULEBOOK,
                  citations=citations, cards=cards, confidence=confidence, warnings=warnings)


def _question_words(an: Analysis) -> set[str]:
    words = set(fold(an.question).split())
    for _, t in an.terms:
        words |= set(fold(t.english).split())
    return {w for w in words if len(w) > 3}


def _citations(store: Store, an: Analysis, found: Retrieved) -> list[Citation]:
    v = an.version
    out: list[Citation] = []
    for rid, _ in found.rules:
        row = store.rule_row(v, rid)
        if row is None or (row["kind"] in ("chapter", "section") and rid not in an.rule_numbers):
            continue
        cit = rule_citation(store, rid, v)
        if cit is not None:
            out.append(cit)
        if len(out) >= MAX_RULES:
            break
    out += _ruling_citations(an, found.cards)
    for _, term in an.terms:
        if term.glossary and term.english.lower() not in GENERIC_TERMS:
            row = store.glossary_by_key(v, term_key(term.glossary))
            if row is not None and not any(c.kind == "glossary" and c.id == row["term"] for c in out):
                out.append(Citation(kind="glossary", id=row["term"], version=v, quote=row["definition"]))
    out += [Citation(kind="card", id=card.name, quote=card.oracle_text) for card in found.cards]
    return out


def _ruling_citations(an: Analysis, cards: list[Card], per_card: int = 2) -> list[Citation]:
    words = _question_words(an)
    out = []
    for card in cards:
        scored = []
        for i, r in enumerate(card.rulings):
            toks = set(fold(r.text).split())
            score = len(toks & words) / (1 + len(toks) ** 0.5)
            scored.append((score, i, r))
        for score, i, r in sorted(scored, key=lambda s: -s[0])[:per_card]:
            if score > 0.3:
                out.append(Citation(kind="ruling", id=f"{card.name}#{i + 1}", quote=r.text, date=r.date))
    return out


def _table_citations(store: Store, board: dict[str, Any], lang: str) -> list[Citation]:
    """The table's deterministic steps as evidence: each names the rule that justifies it."""
    from .. import table
    result = table.check_json(board, store)
    cits = []
    for i, step in enumerate(result.get("steps", []), 1):
        text = step.get("description_es") if lang == "es" else step.get("description_en")
        cits.append(Citation(kind="table", id=f"step {i} · {step['rule']}", version=store.latest_rules_version(),
                             quote=f"{text} ({'regla' if lang == 'es' else 'rule'} {step['rule']})"))
    return cits


def _cards(found: Retrieved) -> list[CardInfo]:
    return [CardInfo(name=c.name, oracle_text=c.oracle_text, es_name=c.es.name if c.es else None,
                     mana_cost=c.mana_cost, type_line=c.type_line) for c in found.cards]


def _confidence(found: Retrieved) -> float:
    if not found.rules:
        return 0.0
    top_sources = len(set(found.sources.get(found.rules[0][0], [])))
    margin = found.rules[0][1] / (found.rules[1][1] if len(found.rules) > 1 else found.rules[0][1] / 2)
    return round(min(1.0, 0.15 * top_sources + 0.2 * min(margin, 2.5)), 2)
