"""The Spanish edition API: Spanish rules, glossary and titles, coverage, search. CLI and web call these."""

from __future__ import annotations

from rapidfuzz import process
from rapidfuzz.fuzz import WRatio

from ..errors import NotFound
from ..rules.api import parse_rule_id, resolve_version
from ..rules.views import SearchHit, SearchResults
from ..store import Store
from ..text import term_key
from .memory import EDITION_VERSION, MemoryEntry, glossary_text, sha1, unit_states
from .stem import query_stems, stem_text
from .views import Coverage, KindCoverage, SpanishGlossaryEntry, SpanishRule, SpanishTerm

_KINDS = ("chapter", "section", "rule", "subrule", "example", "glossary")


def resolve(store: Store, version: str | None) -> str:
    return resolve_version(store, version)


def spanish_rule(store: Store, rule_id: str, version: str | None = None) -> SpanishRule | None:
    """Our Spanish text of a rule and its examples, marked stale against the English of `version` (default
    newest); None when the rule has no translation. NotFound when the version has no such rule."""
    v = resolve(store, version)
    rid = parse_rule_id(rule_id) or rule_id.strip().lower()
    row = store.rule_row(v, rid)
    if row is None:
        raise NotFound(f"rule {rule_id!r} in the {v} rules")
    found = store.spanish_unit("rule", rid)
    if found is None:
        return None
    entry = MemoryEntry.from_row(found)
    stale_parts = [rid] if entry.en_hash != row["text_hash"] else []
    examples = []
    for i, english in enumerate(store.examples_of(v, rid), start=1):
        ex = store.spanish_unit("example", f"{rid}#{i}")
        if ex is None or ex["en_hash"] != sha1(english):
            stale_parts.append(f"{rid}#{i}")
        if ex is not None:
            examples.append(ex["es_text"])
    return SpanishRule(id=rid, version=v, kind=row["kind"], text=entry.es_text, examples=examples,
                       stale=bool(stale_parts), stale_parts=stale_parts, source_version=entry.source_version)


def spanish_title(store: Store, rule_id: str) -> str | None:
    """The Spanish title of a chapter or section ('702' → 'Habilidades de palabra clave'), or of any rule."""
    rid = parse_rule_id(rule_id) or rule_id.strip().lower()
    row = store.spanish_unit("rule", rid)
    return row["es_text"] if row else None


def spanish_glossary(store: Store, term: str, version: str | None = None) -> SpanishGlossaryEntry | None:
    """A glossary entry by its Spanish or English term (case, plurals, accents and small typos forgiven)."""
    v = resolve(store, version)
    key = term_key(term)
    row = store.spanish_glossary_by_es_key(key) or store.spanish_unit("glossary", key)
    if row is None and key:
        rows = [r for r in store.spanish_memory_all() if r["kind"] == "glossary"]
        keys = {r["es_key"]: r for r in rows if r["es_key"]} | {r["key"]: r for r in rows}
        match = process.extractOne(key, list(keys), scorer=WRatio, score_cutoff=90)
        if match and abs(len(match[0]) - len(key)) <= max(3, len(key) // 4):
            row = keys[match[0]]
    if row is None:
        return None
    english = store.glossary_by_key(v, row["key"])
    en_term = row["en_text"].split("\n", 1)[0]
    stale = english is None or sha1(glossary_text(english["term"], english["definition"])) != row["en_hash"]
    return SpanishGlossaryEntry(term=row["es_term"] or "", english_term=english["term"] if english else en_term,
                                definition=row["es_text"], version=v, stale=stale,
                                source_version=row["source_version"])


def status(store: Store, version: str | None = None) -> Coverage:
    """Coverage of a version by the memory: per kind, overall, and the stale and missing ids."""
    v = resolve(store, version)
    states = unit_states(store, v)
    kinds = []
    for kind in _KINDS:
        of_kind = [s for s in states if s.unit.label == kind]
        if not of_kind:
            continue
        n = {st: sum(1 for s in of_kind if s.state == st) for st in ("current", "stale", "missing")}
        kinds.append(KindCoverage(kind=kind, total=len(of_kind), current=n["current"], stale=n["stale"],
                                  missing=n["missing"], percent=_pct(n["current"], len(of_kind))))
    current = sum(1 for s in states if s.state == "current")
    return Coverage(version=v, edition_version=EDITION_VERSION, total=len(states), current=current,
                    percent=_pct(current, len(states)), kinds=kinds,
                    stale=[s.unit.uid for s in states if s.state == "stale"],
                    missing=[s.unit.uid for s in states if s.state == "missing"])


def _pct(part: int, whole: int) -> float:
    return round(100 * part / whole, 2) if whole else 0.0


def search_spanish(store: Store, query: str, version: str | None = None, limit: int = 10) -> SearchResults:
    """Spanish full-text search (Snowball stems, accents folded): exact phrase first, then all words, then any."""
    v = resolve(store, version)
    hits: list[SearchHit] = []
    rid = parse_rule_id(query)
    if rid and store.rule_row(v, rid) is not None and (row := store.spanish_unit("rule", rid)) is not None:
        hits.append(SearchHit(id=rid, kind="rule", text=row["es_text"], score=1000.0))
    stems = query_stems(query)
    phrase = stem_text(query)  # with its function words: 'robar una carta' is a phrase of three stems
    seen = {(h.id, h.kind, h.text) for h in hits}
    exists: dict[str, bool] = {}
    if stems:
        quoted = [f'"{s}"' for s in stems]
        for match in (f'"{phrase}"', " AND ".join(quoted), " OR ".join(quoted)):
            for r in store.search_spanish_fts(match, limit * 3):
                hit = _hit(store, v, r, exists)
                if hit and (hit.id, hit.kind, hit.text) not in seen:
                    seen.add((hit.id, hit.kind, hit.text))
                    hits.append(hit)
            if len(hits) >= limit:
                break
    return SearchResults(query=query, version=v, results=hits[:limit])


def _hit(store: Store, version: str, r, exists: dict[str, bool]) -> SearchHit | None:  # noqa: ANN001
    if r["kind"] == "glossary":
        return SearchHit(id=r["es_term"] or r["key"], kind="glossary", text=r["es_text"], score=round(-r["score"], 4))
    rule_id = r["key"].split("#")[0]
    if rule_id not in exists:
        exists[rule_id] = store.rule_row(version, rule_id) is not None
    if not exists[rule_id]:
        return None
    return SearchHit(id=rule_id, kind=r["kind"], text=r["es_text"], score=round(-r["score"], 4))


def terminology(store: Store) -> list[SpanishTerm]:
    """The stored terminology: chosen terms first, then mined ones, each with its source."""
    return [SpanishTerm(en=r["en"], es=r["es"], forms=r["forms"].split("|"), source=r["source"],
                        evidence=r["evidence"], kind=r["kind"], note=r["note"]) for r in store.spanish_terms()]


__all__ = ["spanish_rule", "spanish_title", "spanish_glossary", "status", "search_spanish", "terminology", "resolve"]
