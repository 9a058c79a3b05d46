"""The English → Spanish terminology: mined from printed cards, completed and arbitrated by hand.

Two reviewable files live beside this module:
- terms_mined.tsv: what `gatewatch spanish terms --mine` found in the mirror's cards (see mine.py), with
  its evidence count. Committed so that reviews see a diff when the mining changes, and so that the
  build and the checker work in checkouts without the card mirror; regenerate it when the mirror does.
- terms_chosen.tsv: our decisions, written by hand: terms cards never print (state-based action,
  priority, command zone, ...) and the accepted Spanish forms of printed ones. A chosen term wins over
  a mined one for the same English term; the mined evidence stays visible in the mined file.
The checker enforces every chosen term marked check=1 and every mined keyword with evidence ≥ 5."""

from __future__ import annotations

import csv
import os
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..text import fold
from .mine import MinedTerm
from .stem import STOPWORDS, stem_word

HERE = Path(__file__).resolve().parent
CHOSEN_TSV = HERE / "terms_chosen.tsv"
MINED_TSV = HERE / "terms_mined.tsv"
MIN_KEYWORD_EVIDENCE = 5
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Term:
    en: str
    es: str
    forms: tuple[str, ...]  # accepted Spanish forms (the first is `es`)
    source: str  # 'chosen' | 'mined'
    kind: str  # 'keyword' | 'term' | 'phrase'
    evidence: int | None = None  # mined: aligned card lines supporting it
    check: bool = True
    note: str = ""

    def row(self) -> tuple:
        return (self.en, self.es, "|".join(self.forms), self.source, self.evidence, self.kind, self.note)

    @cached_property
    def en_pattern(self) -> re.Pattern[str]:
        return english_pattern(self.en)

    @cached_property
    def es_patterns(self) -> tuple[re.Pattern[str], ...]:
        return tuple(spanish_pattern(f) for f in self.forms)

    @cached_property
    def _probe(self) -> str:
        return re.split(r"[\s-]+", self.en.lower())[0][:3]

    def found_in_english(self, text: str) -> bool:
        return self._probe in text.lower() and self.en_pattern.search(text) is not None

    def found_in_spanish(self, folded_text: str) -> bool:
        """`folded_text`: the Spanish already passed through gatewatch.text.fold."""
        return any(p.search(folded_text) for p in self.es_patterns)


def english_pattern(term: str) -> re.Pattern[str]:
    """'state-based action' matches 'state-based actions'; 'sacrifice' matches 'sacrificed', 'sacrificing'."""
    parts = []
    for w in re.split(r"[\s-]+", term.lower().strip()):
        w = re.escape(w)
        if w.endswith("y") and len(w) > 3:
            parts.append(w[:-1] + r"(?:y|ies|ied)")
        elif w.endswith("e") and len(w) > 3:
            parts.append(w[:-1] + r"(?:e|es|ed|ing)")
        else:
            parts.append(w + r"(?:s|es|ed|ing)?")
    return re.compile(r"(?<![\w-])" + r"[\s-]+".join(parts) + r"(?![\w-])", re.IGNORECASE)


def spanish_pattern(form: str) -> re.Pattern[str]:
    """Inflection-tolerant: each content word matches by its Snowball stem as a prefix, in order, with up to
    five words between ('acción basada en estado' matches 'acciones basadas en el estado')."""
    words = [w for w in _WORD.findall(fold(form)) if w not in STOPWORDS] or _WORD.findall(fold(form))
    # The stem is not always a prefix ('resistencia' → 'resistent'): keep what they share.
    stems = [w if len(w) <= 3 else os.path.commonprefix([w, stem_word(w)]) for w in words]
    gap = r"(?:\W+\w+){0,5}?\W+"
    return re.compile(r"\b" + gap.join(_diphthongs(s) + r"\w*" for s in stems))


def _diphthongs(stem: str) -> str:
    """Stem-changing verbs: 'vuel' (vuela) also matches 'vol' (volar), 'pierd' matches 'perd', 'jueg' 'jug'."""
    out = re.escape(stem)
    return out.replace("ue", "(?:ue|o|u)").replace("ie", "(?:ie|e|i)")


def _read_tsv(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as fh:
        lines = [ln for ln in fh if ln.strip() and not ln.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))


def chosen_terms(path: Path = CHOSEN_TSV) -> list[Term]:
    terms = []
    for r in _read_tsv(path):
        forms = tuple(dict.fromkeys([r["es"]] + [f for f in (r.get("forms") or "").split("|") if f]))
        terms.append(Term(en=r["en"], es=r["es"], forms=forms, source="chosen", kind=r.get("kind") or "term",
                          check=(r.get("check") or "1") != "0", note=r.get("note") or ""))
    return terms


def mined_terms(path: Path = MINED_TSV) -> list[Term]:
    terms = []
    for r in _read_tsv(path):
        forms = tuple(dict.fromkeys([r["es"]] + [f for f in (r.get("forms") or "").split("|") if f]))
        evidence = int(r["evidence"])
        terms.append(Term(en=r["en"], es=r["es"], forms=forms, source="mined", kind=r["kind"], evidence=evidence,
                          check=r["kind"] == "keyword" and evidence >= MIN_KEYWORD_EVIDENCE,
                          note=f"score {r.get('score', '')}"))
    return terms


def load_terms(chosen: Path = CHOSEN_TSV, mined: Path = MINED_TSV) -> list[Term]:
    """Chosen terms, then mined ones whose English term we did not choose for; each records its source."""
    picked = chosen_terms(chosen)
    mined_list = mined_terms(mined)
    by_en = {t.en.lower(): t for t in mined_list}
    out = []
    for t in picked:
        m = by_en.get(t.en.lower())
        if m and not t.found_in_spanish(fold(m.es)):
            t = Term(t.en, t.es, t.forms, t.source, t.kind, None, t.check,
                     (t.note + "; " if t.note else "") + f"printed cards: {m.es} ({m.evidence})")
        out.append(t)
    chosen_en = {t.en.lower() for t in picked}
    return out + [t for t in mined_list if t.en.lower() not in chosen_en]


def checked_terms(terms: list[Term] | None = None) -> list[Term]:
    """The terms the checker enforces, longest English first (so 'first strike' is tried before 'strike')."""
    terms = load_terms() if terms is None else terms
    return sorted((t for t in terms if t.check), key=lambda t: -len(t.en))


def write_mined(terms: list[MinedTerm], path: Path = MINED_TSV) -> None:
    lines = ["# Mined by `gatewatch spanish terms --mine` from the printed Spanish cards of the mirror. Do not edit:"
             " override in terms_chosen.tsv.",
             "en\tes\tforms\tkind\tevidence\tscore"]
    for t in sorted(terms, key=lambda t: (t.kind, t.en)):
        lines.append("\t".join([t.en, t.es, "|".join(t.forms), t.kind, str(t.evidence), f"{t.score:.3f}"]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


__all__ = ["Term", "load_terms", "chosen_terms", "mined_terms", "checked_terms", "write_mined", "english_pattern",
           "spanish_pattern", "CHOSEN_TSV", "MINED_TSV"]
