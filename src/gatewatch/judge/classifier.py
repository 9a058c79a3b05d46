"""A rule classifier learnt from the casebook: given a question (its dense vector and its stems), how likely
each rule is to be one that settles it. The nearest solved cases (`casebook.case_votes`) vote with whole
questions, so a question sharing its cards or its setting with a solved one inherits that one's rules; the
classifier instead learns which words and directions of meaning point to which rule ("noche", "día" → 731.2,
whatever the card). Its log-probabilities are features of the re-ranker (`ranker.candidate_features`).

A low-rank softmax regression (input → RANK → rules), fitted with Adam in numpy at build time from the
casebook's stored question vectors, so it always matches the casebook it was built with and nothing binary is
kept in the repository. Besides the solved questions it learns, with a smaller weight, from the rules' own
text (each rule, English and Spanish, points to itself) and from the concepts' player wordings (each points to
its rules): `vectors.classifier_examples`. SEEDS members fitted from different starting points are averaged
(their log-probabilities). Deterministic for a given casebook, embedder and seeds."""

from __future__ import annotations

import io
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .ruledocs import stems

RANK = 128
EPOCHS = 20
BATCH = 128
LEARNING_RATE = 3e-3
WEIGHT_DECAY = 1e-4
MIN_DF = 2  # a stem must occur in this many examples to be an input
SEEDS = (0, 1, 2)  # one member per seed; measured: 3 members gain +0.015 Recall@5 alone over 1 (bench/RESULTS.md)


@dataclass
class RuleClassifier:
    model: str                 # the embedder whose question vectors it reads
    vocab: dict[str, int]      # stem → input column (after the vector's)
    idf: np.ndarray
    a: np.ndarray              # (members, vector dim + stems, RANK)
    b: np.ndarray              # (members, RANK, rules)
    bias: np.ndarray           # (members, rules)
    rules: list[str]

    def inputs(self, vectors: np.ndarray, bags: Sequence[set[str]]) -> np.ndarray:
        return _inputs(vectors, bags, self.vocab, self.idf)

    def log_probs(self, vector: np.ndarray, question: str) -> dict[str, float]:
        """Each known rule's log-probability for the question (`vector`: its embedding by `model`)."""
        x = self.inputs(vector.reshape(1, -1), [stems(question)])[0]
        logits = np.einsum("mr,mrk->mk", np.einsum("i,mir->mr", x, self.a), self.b) + self.bias
        # The members' mean log-probability, normalised again: a geometric mean of their distributions.
        return dict(zip(self.rules, _log_softmax(_log_softmax(logits).mean(axis=0, keepdims=True))[0].tolist()))

    def to_bytes(self) -> bytes:
        buf = io.BytesIO()
        np.savez(buf, a=self.a.astype(np.float32), b=self.b.astype(np.float32), bias=self.bias.astype(np.float32),
                 idf=self.idf.astype(np.float32),
                 meta=np.frombuffer(json.dumps({"model": self.model, "vocab": sorted(self.vocab, key=self.vocab.get),
                                                "rules": self.rules}).encode(), dtype=np.uint8))
        return buf.getvalue()


def classifier_from_bytes(data: bytes) -> RuleClassifier:
    z = np.load(io.BytesIO(data))
    meta = json.loads(z["meta"].tobytes().decode())
    return RuleClassifier(meta["model"], {w: i for i, w in enumerate(meta["vocab"])}, z["idf"], z["a"], z["b"],
                          z["bias"], meta["rules"])


def _inputs(vectors: np.ndarray, bags: Sequence[set[str]], vocab: dict[str, int], idf: np.ndarray) -> np.ndarray:
    """Each question as its vector, then its stems' idf weights scaled to unit length."""
    words = np.zeros((len(bags), len(vocab)), dtype=np.float32)
    for row, bag in enumerate(bags):
        for w in bag:
            if w in vocab:
                words[row, vocab[w]] = idf[vocab[w]]
    words /= np.linalg.norm(words, axis=1, keepdims=True) + 1e-6
    return np.hstack([vectors.astype(np.float32), words])


def _log_softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


def fit_classifier(model: str, vectors: np.ndarray, questions: Sequence[str], gold: Sequence[Sequence[str]],
                   weights: Sequence[float] | None = None, seeds: Sequence[int] = SEEDS, epochs: int = EPOCHS,
                   tick: Callable[[], None] | None = None) -> RuleClassifier:
    """Fit on examples (`vectors[i]` embeds `questions[i]`, settled by the rules `gold[i]`, counting
    `weights[i]`, default 1): each example's target spreads evenly over its rules. One member per seed;
    `tick` is called once per member and epoch (progress)."""
    bags = [stems(q) for q in questions]
    df = Counter(w for bag in bags for w in bag)
    kept = sorted(w for w, n in df.items() if n >= MIN_DF)
    vocab = {w: i for i, w in enumerate(kept)}
    n = len(bags)
    idf = np.asarray([math.log((n + 1) / (df[w] + 1)) + 1 for w in kept], dtype=np.float32)
    rules = sorted({r for rs in gold for r in rs})
    column = {r: i for i, r in enumerate(rules)}
    target = np.zeros((n, len(rules)), dtype=np.float32)
    for row, rs in enumerate(gold):
        unique = list(dict.fromkeys(rs))
        for r in unique:
            target[row, column[r]] = 1.0 / len(unique)
    x = _inputs(vectors, bags, vocab, idf)
    weight = np.ones(n, dtype=np.float32) if weights is None else np.asarray(weights, dtype=np.float32)
    members = [_fit_member(x, target, weight, seed, epochs, tick) for seed in seeds]
    return RuleClassifier(model, vocab, idf, *(np.stack([m[k] for m in members]) for k in ("a", "b", "bias")), rules)


def _fit_member(x: np.ndarray, target: np.ndarray, weight: np.ndarray, seed: int, epochs: int,
                tick: Callable[[], None] | None) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    # Initialised as torch.nn.Linear would be: uniform within 1/sqrt(fan-in).
    params = {"a": rng.uniform(-1, 1, (x.shape[1], RANK)).astype(np.float32) / math.sqrt(x.shape[1]),
              "b": rng.uniform(-1, 1, (RANK, target.shape[1])).astype(np.float32) / math.sqrt(RANK),
              "bias": rng.uniform(-1, 1, target.shape[1]).astype(np.float32) / math.sqrt(RANK)}
    moments = {k: (np.zeros_like(p), np.zeros_like(p)) for k, p in params.items()}
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), BATCH):
            idx = order[start:start + BATCH]
            xb = x[idx]
            hidden = xb @ params["a"]
            p = np.exp(_log_softmax(hidden @ params["b"] + params["bias"]))
            g = (p - target[idx]) * (weight[idx] / weight[idx].sum())[:, None]
            grads = {"b": hidden.T @ g, "bias": g.sum(0), "a": xb.T @ (g @ params["b"].T)}
            step += 1
            for k, grad in grads.items():
                m, v = moments[k]
                m *= 0.9
                m += 0.1 * grad
                v *= 0.999
                v += 0.001 * grad * grad
                params[k] *= 1 - LEARNING_RATE * WEIGHT_DECAY  # decoupled weight decay (AdamW)
                params[k] -= LEARNING_RATE * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        if tick:
            tick()
    return params
