"""The re-ranker: its fitted weights match the features it is given, it orders the fused candidates by
the model and never brings in a rule the store does not hold."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gatewatch.judge.analysis import analyse
from gatewatch.judge.ranker import FEATURES, POOL, RANKER, candidate_features, load_model, model_from_json, rerank
from gatewatch.judge.retrieval import fuse, gather, retrieve


@pytest.fixture(scope="module")
def version(store) -> str:
    return store.latest_rules_version()


def test_the_shipped_weights_fit_the_features():
    model = load_model()
    assert model is not None and model.features == FEATURES
    assert model.out.shape == (len(FEATURES),) and np.isfinite(model.out).all()


def test_weights_fitted_on_other_features_are_ignored(tmp_path):
    data = json.loads(RANKER.read_text(encoding="utf-8"))
    data["features"] = data["features"][:-1] + ["a feature this code does not compute"]
    path = tmp_path / "ranker.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_model(path) is None


def test_a_model_orders_candidates_by_its_score(store, version):
    an = analyse(store, "Does deathtouch plus trample let me assign 1 damage to the blocker?", version)
    ev = gather(store, an)
    found = fuse(store, an, ev, POOL)
    x = candidate_features(store, an, ev, found.rules, found.sources)
    assert x.shape == (len(found.rules), len(FEATURES)) and np.isfinite(x).all()
    # A model that only trusts the dense cosine puts the closest rule first.
    weights = np.zeros(len(FEATURES))
    weights[FEATURES.index("cosine")] = 1.0
    model = model_from_json({"features": list(FEATURES), "mean": [0.0] * len(FEATURES), "scale": [1.0] * len(FEATURES),
                             "out": weights.tolist(), "out_bias": 0.0})
    ranked = rerank(store, an, ev, found.rules, found.sources, model)
    cos = dict(zip([r for r, _ in found.rules], x[:, FEATURES.index("cosine")]))
    assert ranked[0][0] == max(cos, key=lambda r: (cos[r], -list(cos).index(r)))
    shares = [s for _, s in ranked]
    assert abs(sum(shares) - 1) < 1e-9 and shares == sorted(shares, reverse=True)
    assert {r for r, _ in ranked} == {r for r, _ in found.rules}


def test_reranked_retrieval_cites_only_stored_rules(store, version):
    an = analyse(store, "Si mi criatura con toque mortal y arrollar es bloqueada, ¿cuánto daño asigno?", version)
    found = retrieve(store, an, k=10)
    assert 0 < len(found.rules) <= 10
    assert all(store.rule_row(version, rid) is not None for rid, _ in found.rules)
    assert "702.19c" in [rid for rid, _ in found.rules[:5]] or "702.2c" in [rid for rid, _ in found.rules[:5]]
