"""Dense vectors of the newest rules, English and Spanish: computed at build time, read once per
process into one matrix for fast cosine search."""

from __future__ import annotations

import hashlib
import importlib.util
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from rich.progress import Progress

from .. import config
from ..errors import GatewatchError
from ..store import Store
from . import embed
from .casebook import case_passages, load_cases
from .classifier import EPOCHS, SEEDS, RuleClassifier, classifier_from_bytes, fit_classifier
from .embed import Embedder, default_embedder, get_embedder

_HAS_SPANISH = importlib.util.find_spec("gatewatch.spanish.api") is not None
CLASSIFIER = "rule-classifier"
# How much the rule classifier learns from the rules' own text and from the concepts' wordings, against 1 for a
# solved question. Measured alone (4 folds of casebook rounds; dev): casebook only 0.711, 0.757; + concepts at
# 0.3, 0.735, 0.803; + rule texts at 0.05 too, 0.743, 0.803 (bench/RESULTS.md, ninth session).
RULE_TEXT_WEIGHT = 0.05
CONCEPT_WEIGHT = 0.3


def rule_passages(store: Store, version: str) -> list[tuple[str, str, str]]:
    """(id, lang, text) for every rule and subrule; the title of its rule or section gives context."""
    rows = [r for r in store.rules_of_version(version) if r["dup"] == 0]
    titles = {r["id"]: r["text"] for r in rows if r["kind"] in ("section", "rule") and len(r["text"]) < 60}
    out = []
    es_api = None
    if _HAS_SPANISH:
        from ..spanish import api as es_api  # type: ignore[no-redef]
    for r in rows:
        if r["kind"] not in ("rule", "subrule"):
            continue
        title = titles.get(r["parent"] or "", "") if r["kind"] == "subrule" else titles.get(r["section"], "")
        out.append((r["id"], "en", f"{title}: {r['text']}" if title else r["text"]))
        if es_api is not None:
            es = es_api.spanish_rule(store, r["id"], version)
            if es is not None and es.text:
                # Only a real title gives context (as in English): a parent rule's whole sentence does not.
                head = r["parent"] if r["kind"] == "subrule" else r["section"]
                es_title = es_api.spanish_title(store, head) if head in titles else None
                out.append((r["id"], "es", f"{es_title}: {es.text}" if es_title else es.text))
    return out


def concept_passages(store: Store, version: str) -> list[tuple[str, str, str]]:
    """(rule id, "concept:<n>", wordings) for the first two rules of every concept: a question worded
    the way players word a concept lands near it even when no wording matches word for word."""
    from .lexicon import lexicon_for
    return [(rid, f"concept:{i}", c.text) for i, c in enumerate(lexicon_for(store, version).concepts)
            for rid in c.rules[:2] if c.text]


class _VectorCache:
    """Vectors by (model, sha1 of text) in the user cache: a rebuild only embeds what changed."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(path)
        self.conn.execute("CREATE TABLE IF NOT EXISTS v (model TEXT, sha TEXT, vec BLOB, PRIMARY KEY (model, sha))")

    def get(self, model: str, shas: list[str]) -> dict[str, bytes]:
        out: dict[str, bytes] = {}
        for i in range(0, len(shas), 500):
            chunk = shas[i:i + 500]
            marks = ",".join("?" * len(chunk))
            out.update(self.conn.execute(f"SELECT sha, vec FROM v WHERE model = ? AND sha IN ({marks})",
                                         (model, *chunk)).fetchall())
        return out

    def put(self, model: str, items: list[tuple[str, bytes]]) -> None:
        self.conn.executemany("INSERT OR REPLACE INTO v VALUES (?,?,?)", [(model, s, b) for s, b in items])
        self.conn.commit()


def build_vectors(store: Store, progress: Progress | None = None, embedder: Embedder | None = None) -> dict:
    """Embed the newest version's rules into the store. No embedder installed → nothing, no error."""
    embedder = embedder or default_embedder()
    version = store.latest_rules_version()
    if embedder is None or version is None:
        return {}
    passages = rule_passages(store, version) + concept_passages(store, version) + case_passages()
    # The casebook's questions are embedded as questions (some models embed those differently).
    asked = [lang == "case" for _, lang, _ in passages]
    shas = [hashlib.sha1((("query: " if q else "") + t).encode()).hexdigest() for q, (_, _, t) in zip(asked, passages)]
    cache = _VectorCache(config.cache_dir() / "vectors.sqlite")
    known = cache.get(embedder.name, shas)
    todo = [i for i, s in enumerate(shas) if s not in known]
    task = progress.add_task(f"Embedding rules ({embedder.name})", total=len(todo)) if progress else None
    for start in range(0, len(todo), 256):
        batch = todo[start:start + 256]
        for query in (False, True):
            part = [i for i in batch if asked[i] == query]
            if part:
                vecs = embedder.embed_batch([passages[i][2] for i in part], query=query)
                fresh = [(shas[i], vecs[k].astype(np.float32).tobytes()) for k, i in enumerate(part)]
                cache.put(embedder.name, fresh)
                known.update(fresh)
        if progress:
            progress.advance(task, len(batch))
    store.add_rule_vectors((version, rid, lang, embedder.name, embedder.dim, known[shas[i]])
                           for i, (rid, lang, _) in enumerate(passages))
    classifier = _build_classifier(store, version, embedder.name, progress)
    return {"model": embedder.name, "vectors": len(passages), "embedded_now": len(todo),
            "concept_vectors": sum(lang.startswith("concept") for _, lang, _ in passages), "case_vectors": sum(asked),
            "classifier_rules": len(classifier.rules), "classifier_stems": len(classifier.vocab)}


@dataclass
class Examples:
    """What the rule classifier learns from, row by row."""
    vectors: np.ndarray
    texts: list[str]
    rules: list[tuple[str, ...]]
    weights: list[float]

    def without_cases(self, dropped: set[str]) -> Examples:
        """The same examples less the solved questions whose ids are `dropped` (the casebook comes first, in
        casebook order)."""
        keep = [i for i, c in enumerate(load_cases()) if c.id not in dropped]
        keep += range(len(load_cases()), len(self.texts))
        return Examples(self.vectors[keep], [self.texts[i] for i in keep], [self.rules[i] for i in keep],
                        [self.weights[i] for i in keep])


def classifier_examples(store: Store, version: str, model: str) -> Examples:
    """The casebook's solved questions, in order, counting 1; each rule's passage, English and Spanish, pointing
    to itself, counting RULE_TEXT_WEIGHT; each concept's wordings pointing to its rules, counting
    CONCEPT_WEIGHT. Their vectors are read from the store (`build_vectors` put them there)."""
    cases = load_cases()
    texts = {(rid, lang): text for rid, lang, text in rule_passages(store, version)}
    concepts: dict[str, tuple[str, list[str]]] = {}
    for rid, lang, text in concept_passages(store, version):
        concepts.setdefault(lang, (text, []))[1].append(rid)
    case_vector: dict[str, np.ndarray] = {}
    extra: list[tuple[np.ndarray, str, tuple[str, ...], float]] = []
    for row in store.rule_vectors(version, model):
        vec = np.frombuffer(row["vector"], dtype=np.float32)
        kind = _kind(row["lang"])
        if kind == "case":
            case_vector[row["id"]] = vec
        elif kind == "rule" and (row["id"], row["lang"]) in texts:
            extra.append((vec, texts[row["id"], row["lang"]], (row["id"],), RULE_TEXT_WEIGHT))
        elif kind == "concept" and row["lang"] in concepts:
            text, rules = concepts.pop(row["lang"])  # one example per concept (a row per rule holds the same vector)
            extra.append((vec, text, tuple(rules), CONCEPT_WEIGHT))
    missing = [c.id for c in cases if c.id not in case_vector]
    if missing:
        raise GatewatchError(f"the store has no {model} vector for the solved questions {', '.join(missing[:5])}"
                             " (rebuild the database)")
    return Examples(np.stack([case_vector[c.id] for c in cases] + [e[0] for e in extra]),
                    [c.question for c in cases] + [e[1] for e in extra],
                    [tuple(c.rules) for c in cases] + [e[2] for e in extra],
                    [1.0] * len(cases) + [e[3] for e in extra])


def _build_classifier(store: Store, version: str, model: str, progress: Progress | None) -> RuleClassifier:
    """Fit the rule classifier on the whole casebook, the rules' text and the concepts' wordings."""
    examples = classifier_examples(store, version, model)
    task = progress.add_task("Fitting the rule classifier", total=EPOCHS * len(SEEDS)) if progress else None
    tick = (lambda: progress.advance(task)) if progress else None
    found = fit_classifier(model, examples.vectors, examples.texts, examples.rules, examples.weights, tick=tick)
    store.put_judge_model(CLASSIFIER, found.to_bytes())
    return found


_CLASSIFIERS: dict[int, RuleClassifier | None] = {}


def rule_classifier(store: Store) -> RuleClassifier | None:
    """The rule classifier fitted at build time, if the store holds one whose embedder is installed."""
    if id(store) not in _CLASSIFIERS:
        data = store.judge_model(CLASSIFIER)
        found = classifier_from_bytes(data) if data else None
        _CLASSIFIERS[id(store)] = found if found is not None and get_embedder(found.model) is not None else None
    return _CLASSIFIERS[id(store)]


@dataclass
class VectorIndex:
    model: str
    ids: list[str]
    langs: list[str]
    matrix: np.ndarray

    def __post_init__(self) -> None:
        self._rows: dict[str, list[int]] = {}
        for i, rid in enumerate(self.ids):
            self._rows.setdefault(rid, []).append(i)

    def scores(self, query_vec: np.ndarray) -> np.ndarray:
        """Cosine of the query with every passage (one matrix product; reuse it for a question)."""
        return self.matrix @ query_vec.reshape(-1)

    def search(self, query_vec: np.ndarray, k: int = 30, scores: np.ndarray | None = None) -> list[tuple[str, float]]:
        scores = self.scores(query_vec) if scores is None else scores
        top = np.argpartition(-scores, min(k * 2, len(scores) - 1))[:k * 2]
        best: dict[str, float] = {}
        for i in top[np.argsort(-scores[top])]:
            rid = self.ids[i]
            if rid not in best:
                best[rid] = float(scores[i])
        return list(best.items())[:k]

    def similarity(self, query_vec: np.ndarray, rule_ids: set[str],
                   scores: np.ndarray | None = None) -> dict[str, float]:
        """The best cosine (English or Spanish passage) of each of `rule_ids` that has a vector."""
        scores = self.scores(query_vec) if scores is None else scores
        return {rid: float(max(scores[i] for i in self._rows[rid])) for rid in rule_ids if rid in self._rows}


def _kind(lang: str) -> str:
    """What a stored vector embeds: a rule passage ("en", "es"), a concept's wordings, or a solved case."""
    return "concept" if lang.startswith("concept") else "case" if lang == "case" else "rule"


_INDEXES: dict[tuple[str, int, str, str], VectorIndex | None] = {}


def _load(store: Store, version: str, model: str) -> None:
    key = (id(store), version, model)
    if ("rule", *key) in _INDEXES:
        return
    rows = store.rule_vectors(version, model)
    for kind in ("rule", "concept", "case"):
        mine = [r for r in rows if _kind(r["lang"]) == kind]
        _INDEXES[(kind, *key)] = None
        if mine:
            matrix = np.frombuffer(b"".join(r["vector"] for r in mine), dtype=np.float32)
            _INDEXES[(kind, *key)] = VectorIndex(model, [r["id"] for r in mine], [r["lang"] for r in mine],
                                                 matrix.reshape(len(mine), mine[0]["dim"]))


def _index(kind: str, store: Store, version: str, model: str) -> VectorIndex | None:
    _load(store, version, model)
    return _INDEXES[(kind, id(store), version, model)]


def concept_index(store: Store, version: str, model: str) -> VectorIndex | None:
    """The vectors of the concepts' wordings (see `concept_passages`) for `model`, if built."""
    return _index("concept", store, version, model)


def case_index(store: Store, version: str, model: str) -> VectorIndex | None:
    """The vectors of the casebook's questions (see `casebook`) for `model`, if built."""
    return _index("case", store, version, model)


def vector_indexes(store: Store, version: str, models: tuple[str, ...] | None = None) -> list[VectorIndex]:
    """The store's vector indexes for `version` of `models` whose embedder is installed, in that order
    (default: the first model of embed.PREFERENCE, or else any, that the store holds)."""
    present = store.vector_models()
    order = [m for m in (models or dict.fromkeys([*embed.PREFERENCE, *present]))
             if m in present and get_embedder(m) is not None]
    out = []
    for model in order if models is not None else order[:1]:
        index = _index("rule", store, version, model)
        if index is not None:
            out.append(index)
    return out


def vector_index(store: Store, version: str) -> VectorIndex | None:
    """The first of the active indexes (see `vector_indexes`), or None when there is none."""
    found = vector_indexes(store, version, embed.ACTIVE)
    return found[0] if found else None
