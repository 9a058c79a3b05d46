"""Build step: read every CR file of the mirror (or a downloaded one), parse, and write the store."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from rich.progress import Progress

from ..errors import SourceError
from ..sources.comprules.parse import parse_rules_bytes
from ..sources.comprules.refs import find_references
from ..store import Store
from ..text import term_key
from .diff import RuleText, match_versions
from .models import RulesDocument


@dataclass
class RulesBuildReport:
    versions: list[str] = field(default_factory=list)
    files: int = 0
    rules: int = 0
    examples: int = 0
    glossary: int = 0
    duplicates: dict[str, list[str]] = field(default_factory=dict)
    unresolved: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def mirror_rule_files(mirror: Path) -> list[Path]:
    """Every CR text in the mirror: rules/mtg/en/*.txt and rules/mtg/en/history/*.txt."""
    base = mirror / "rules" / "mtg" / "en"
    files = sorted(base.glob("MagicCompRules*.txt")) + sorted((base / "history").glob("MagicCompRules*.txt"))
    if not files:
        raise SourceError(str(base), "no MagicCompRules*.txt files in the mirror")
    return files


def parse_files(files: list[Path], progress: Progress | None,
                report: RulesBuildReport) -> list[tuple[RulesDocument, str]]:
    """Parse each file; keep one document (and its file's sha256) per effective date, checking copies agree."""
    task = progress.add_task("Parsing Comprehensive Rules", total=len(files)) if progress else None
    by_version: dict[str, tuple[RulesDocument, str]] = {}
    for path in files:
        data = path.read_bytes()
        doc = parse_rules_bytes(data, str(path))
        if doc.version in by_version:
            kept, _ = by_version[doc.version]
            if _content_digest(kept) != _content_digest(doc):
                report.warnings.append(f"{doc.version}: {path.name} differs from {Path(kept.source).name}; "
                                       f"kept {Path(kept.source).name}")
        else:
            by_version[doc.version] = (doc, hashlib.sha256(data).hexdigest())
        report.files += 1
        if progress:
            progress.advance(task)
    return [by_version[v] for v in sorted(by_version)]


def _content_digest(doc: RulesDocument) -> str:
    h = hashlib.sha256()
    for r in doc.rules:
        h.update(f"{r.id}\x00{r.text}\x00{'|'.join(r.examples)}\n".encode())
    for g in doc.glossary:
        h.update(f"{g.term}\x00{g.definition}\n".encode())
    return h.hexdigest()


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def rule_texts(doc: RulesDocument) -> list[RuleText]:
    return [RuleText(r.id, r.text + "".join("\n" + e for e in r.examples)) for r in doc.rules if r.dup == 0]


def load_rules(store: Store, mirror: Path | None, progress: Progress | None = None,
               files: list[Path] | None = None) -> RulesBuildReport:
    """Parse and store every version found; returns counts, duplicates and unresolved references."""
    report = RulesBuildReport()
    files = files if files is not None else mirror_rule_files(mirror)  # type: ignore[arg-type]
    docs = parse_files(files, progress, report)
    task = progress.add_task("Storing rules versions", total=len(docs)) if progress else None
    previous: RulesDocument | None = None
    for doc, sha256 in docs:
        _store_document(store, doc, sha256, report)
        _store_lineage(store, previous, doc)
        previous = doc
        if progress:
            progress.advance(task)
    store.index_rules_text()
    return report


def _store_document(store: Store, doc: RulesDocument, sha256: str, report: RulesBuildReport) -> None:
    v = doc.version
    store.add_rules_version(v, doc.source, sha256,
                            (len(doc.rules), doc.example_count, len(doc.glossary)),
                            doc.intro, doc.credits, doc.duplicates, doc.warnings)
    store.add_rules((v, r.id, r.dup, r.kind, r.parent, r.section, r.chapter, r.text, r.raw, r.position,
                     r.line, text_hash(r.text)) for r in doc.rules)
    store.add_examples((v, r.id, r.dup, i, e, raw) for r in doc.rules
                       for i, (e, raw) in enumerate(zip(r.examples, r.examples_raw)))
    store.add_glossary((v, g.term, term_key(g.term), g.definition, g.raw, g.line) for g in doc.glossary)
    ids = doc.rule_ids()
    refs = []
    for r in doc.rules:
        refs += [(v, "rule", r.id, t, m) for t, m in find_references(r.text)]
        for i, e in enumerate(r.examples):
            refs += [(v, "example", f"{r.id}#{i + 1}", t, m) for t, m in find_references(e)]
    for g in doc.glossary:
        refs += [(v, "glossary", g.term, t, m) for t, m in find_references(g.definition)]
    rows = []
    for version, kind, source_id, target, matched in refs:
        resolved = target in ids
        if not resolved:
            report.unresolved.append(f"{version} {kind} {source_id}: '{matched}' → {target} does not exist")
        rows.append((version, kind, source_id, target, matched, int(resolved)))
    store.add_references(rows)
    if doc.duplicates:
        report.duplicates[v] = doc.duplicates
    report.warnings += [f"{v}: {w}" for w in doc.warnings]
    report.versions.append(v)
    report.rules += len(doc.rules)
    report.examples += doc.example_count
    report.glossary += len(doc.glossary)


def _store_lineage(store: Store, previous: RulesDocument | None, doc: RulesDocument) -> None:
    if previous is None:
        store.add_lineage((doc.version, r.id, None, None, "initial", None) for r in doc.rules if r.dup == 0)
        return
    changes = match_versions(rule_texts(previous), rule_texts(doc))
    store.add_lineage((doc.version, c.new_id, previous.version, c.old_id, c.kind, round(c.similarity, 4))
                      for c in changes if c.new_id is not None)
