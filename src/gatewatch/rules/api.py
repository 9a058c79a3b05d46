"""The rules library API: lookup, search, glossary, versions, diff and history. CLI and web call these."""

from __future__ import annotations

import json
import re

from rapidfuzz import process
from rapidfuzz.fuzz import WRatio

from ..errors import NotFound
from ..store import Store
from ..text import fold, term_key
from .diff import RuleText, inline_diff, match_versions
from .views import (DiffResult, GlossaryView, HistoryEntry, RuleChange, RuleHistory, RuleView, SearchHit,
                    SearchResults, VersionInfo)

_RULE_ID = re.compile(r"^(?:rule\s+|regla\s+)?(\d{3}(?:\.\d+[a-z]{0,2})?|\d)\.?$", re.IGNORECASE)
_WORD = re.compile(r"\w+", re.UNICODE)


def parse_rule_id(text: str) -> str | None:
    """'702.19C.' → '702.19c'; 'Rule 704' → '704'; anything else → None."""
    match = _RULE_ID.match(text.strip())
    return match.group(1).lower() if match else None


def resolve_version(store: Store, version: str | None) -> str:
    """None → newest; '20260417' or '2026-04-17' → that version; unknown → NotFound with the nearest ones."""
    latest = store.latest_rules_version()
    if latest is None:
        raise NotFound("rules (the database has no rules; run `gatewatch build`)")
    if not version or version == "latest":
        return latest
    v = version.strip()
    if re.fullmatch(r"\d{8}", v):
        v = f"{v[:4]}-{v[4:6]}-{v[6:]}"
    if store.has_rules_version(v):
        return v
    known = [r["version"] for r in store.rules_versions()]
    near = sorted(known, key=lambda k: abs(int(k.replace("-", "")) - int(re.sub(r"\D", "", v) or 0)))[:3]
    raise NotFound(f"rules version {version!r}", near)


def get_rule(store: Store, rule_id: str, version: str | None = None) -> RuleView:
    v = resolve_version(store, version)
    rid = parse_rule_id(rule_id) or rule_id.strip().lower()
    row = store.rule_row(v, rid)
    if row is None:
        raise NotFound(f"rule {rule_id!r} in the {v} rules", _suggest_ids(store, v, rid))
    section = store.rule_row(v, row["section"]) if row["kind"] != "chapter" else None
    chapter = store.rule_row(v, row["chapter"])
    siblings = [r["id"] for r in store.children_of(v, row["parent"]) if r["id"] != rid]
    prev_id, next_id = store.neighbours(v, row["position"])
    refs = store.references_from(v, "rule", rid)
    for i in range(1, len(store.examples_of(v, rid)) + 1):
        refs += [t for t in store.references_from(v, "example", f"{rid}#{i}") if t not in refs]
    dups = [store.rule_row(v, rid, d)["text"] for d in range(1, store.rule_dups(v, rid))]
    return RuleView(
        id=rid, version=v, kind=row["kind"], section=row["section"],
        section_title=section["text"] if section else "", chapter=row["chapter"],
        chapter_title=chapter["text"] if chapter else "", parent=row["parent"], text=row["text"],
        examples=store.examples_of(v, rid), subrules=[r["id"] for r in store.children_of(v, rid)],
        siblings=siblings, references=refs, referenced_by=store.referenced_by(v, rid),
        glossary_terms=store.glossary_referencing(v, rid), previous=prev_id, next=next_id, duplicates=dups)


def _suggest_ids(store: Store, version: str, rid: str) -> list[str]:
    base = rid
    while len(base) >= 3 and store.rule_row(version, base) is None:
        base = base[:-1].rstrip(".")
    return [base] if len(base) >= 3 else []


def fts_query(text: str, mode: str = "AND") -> str:
    """Quote each word so user input can never be FTS5 syntax; words joined by AND or OR."""
    words = [w for w in _WORD.findall(fold(text)) if w]
    return f" {mode} ".join(f'"{w}"' for w in words)


def search_rules(store: Store, query: str, version: str | None = None, limit: int = 10) -> SearchResults:
    """Ranked full-text search over rules and examples; a rule number puts that rule first."""
    v = resolve_version(store, version)
    hits: list[SearchHit] = []
    rid = parse_rule_id(query)
    if rid and (row := store.rule_row(v, rid)) is not None:
        hits.append(SearchHit(id=rid, kind="rule", text=row["text"], score=1000.0))
    if fts_query(query):
        rows = store.search_rules_fts(fts_query(query, "AND"), v, limit * 2)
        if len(rows) < limit:
            rows += store.search_rules_fts(fts_query(query, "OR"), v, limit * 2)
        seen = {(h.id, h.kind, h.text) for h in hits}
        for r in rows:
            key = (r["rule_id"], r["kind"], r["text"])
            if key not in seen:
                seen.add(key)
                hits.append(SearchHit(id=r["rule_id"], kind=r["kind"], text=r["text"],
                                      score=round(-r["score"], 4)))
    return SearchResults(query=query, version=v, results=hits[:limit])


def define(store: Store, term: str, version: str | None = None) -> GlossaryView:
    """Glossary lookup that forgives case, plurals, accents and small typos."""
    v = resolve_version(store, version)
    key = term_key(term)
    row = store.glossary_by_key(v, key)
    if row is None and key:
        terms = store.glossary_terms(v)
        by_key = {t["term_key"]: t["term"] for t in terms}
        match = process.extractOne(key, list(by_key), scorer=WRatio, score_cutoff=90)
        if match and abs(len(match[0]) - len(key)) <= max(3, len(key) // 4):
            row = store.glossary_by_key(v, match[0])
    if row is None:
        raise NotFound(f"glossary term {term!r}", _suggest_terms(store, v, term))
    return GlossaryView(term=row["term"], version=v, definition=row["definition"],
                        references=store.references_from(v, "glossary", row["term"]))


def _suggest_terms(store: Store, version: str, term: str) -> list[str]:
    if not fts_query(term):
        return []
    rows = store.search_glossary_fts(fts_query(term, "OR"), version, 5)
    if rows:
        return [r["term"] for r in rows]
    terms = [t["term"] for t in store.glossary_terms(version)]
    return [m[0] for m in process.extract(term, terms, scorer=WRatio, limit=5)]


def glossary_index(store: Store, version: str | None = None) -> list[str]:
    return [t["term"] for t in store.glossary_terms(resolve_version(store, version))]


def versions(store: Store) -> list[VersionInfo]:
    return [VersionInfo(version=r["version"], rules=r["rule_count"], examples=r["example_count"],
                        glossary=r["glossary_count"], source=r["source"], duplicates=json.loads(r["duplicates"]))
            for r in store.rules_versions()]


def _texts(store: Store, version: str) -> tuple[list[RuleText], dict[str, str]]:
    examples: dict[str, list[str]] = {}
    for e in store.examples_of_version(version):
        if e["dup"] == 0:
            examples.setdefault(e["rule_id"], []).append(e["text"])
    rows = [r for r in store.rules_of_version(version) if r["dup"] == 0]
    texts = [RuleText(r["id"], r["text"] + "".join("\n" + e for e in examples.get(r["id"], []))) for r in rows]
    return texts, {t.id: t.text for t in texts}


def diff(store: Store, old: str, new: str) -> DiffResult:
    """Added, removed, changed and renumbered rules between two versions (any two, not only neighbours)."""
    a, b = resolve_version(store, old), resolve_version(store, new)
    old_texts, old_by_id = _texts(store, a)
    new_texts, new_by_id = _texts(store, b)
    result = DiffResult(old=a, new=b, added=[], removed=[], changed=[], renumbered=[])
    for c in match_versions(old_texts, new_texts):
        if c.kind == "same":
            continue
        ot, nt = old_by_id.get(c.old_id or ""), new_by_id.get(c.new_id or "")
        change = RuleChange(kind=c.kind, old_id=c.old_id, new_id=c.new_id, similarity=round(c.similarity, 4),
                            old_text=ot, new_text=nt,
                            inline=inline_diff(ot, nt) if ot is not None and nt is not None and ot != nt else [])
        {"added": result.added, "removed": result.removed, "changed": result.changed,
         "renumbered": result.renumbered}[c.kind].append(change)
    return result


def history(store: Store, rule_id: str, version: str | None = None) -> RuleHistory:
    """Each version where the rule's text changed, newest first, following renumberings backwards."""
    v = resolve_version(store, version)
    rid = parse_rule_id(rule_id) or rule_id.strip().lower()
    if store.rule_row(v, rid) is None:
        raise NotFound(f"rule {rule_id!r} in the {v} rules", _suggest_ids(store, v, rid))
    entries: list[HistoryEntry] = []
    cur_v, cur_id = v, rid
    while cur_v and cur_id:
        lin = store.lineage_of(cur_v, cur_id)
        if lin is None:
            break
        text = store.rule_row(cur_v, cur_id)["text"]
        prev_v, prev_id, change = lin["prev_version"], lin["prev_id"], lin["change"]
        if change != "same" and not (change == "renumbered" and lin["similarity"] == 1.0 and prev_id):
            prev_text = store.rule_row(prev_v, prev_id)["text"] if prev_v and prev_id else None
            entries.append(HistoryEntry(version=cur_v, id=cur_id, change=change, previous_version=prev_v,
                                        previous_id=prev_id, text=text,
                                        inline=inline_diff(prev_text, text) if prev_text else []))
        elif change == "renumbered":
            entries.append(HistoryEntry(version=cur_v, id=cur_id, change=change, previous_version=prev_v,
                                        previous_id=prev_id, text=text))
        cur_v, cur_id = prev_v, prev_id
    return RuleHistory(id=rid, version=v, entries=entries)
