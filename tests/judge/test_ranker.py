"""The re-ranker: its fitted weights and trees match the features it is given, the trees score as LightGBM
dumped them, it orders the fused candidates by the model and never brings in a rule the store does not
hold."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gatewatch.judge.analysis import analyse
from gatewatch.judge.casebook import cocitations
from gatewatch.judge.ranker import (COCITED, EXTRA, FAMILY, FEATURES, POOL, RANKER, SECOND, Ranker, candidate_features,
                                    cocited_features, family_features, load_model, model_from_json, rerank)
from gatewatch.judge.trees import TreesError, average_trees, trees_from_lightgbm
from gatewatch.judge.retrieval import fuse, gather, retrieve


@pytest.fixture(scope="module")
def version(store) -> str:
    return store.latest_rules_version()


def test_the_shipped_weights_fit_the_features():
    model = load_model()
    assert model is not None and model.first.features == FEATURES
    assert model.first.out.shape == (len(FEATURES),) and np.isfinite(model.first.out).all()
    assert model.second is not None and len(model.second.roots) > 100
    assert model.second.feature.max() < len(SECOND) and np.isfinite(model.second.value).all()


def test_weights_fitted_on_other_features_are_ignored(tmp_path):
    data = json.loads(RANKER.read_text(encoding="utf-8"))
    path = tmp_path / "ranker.json"
    data["second"]["features"] = data["second"]["features"][:-1] + ["a feature this code does not compute"]
    path.write_text(json.dumps(data), encoding="utf-8")
    model = load_model(path)
    assert model is not None and model.second is None  # the linear stage alone still stands
    data["first"]["features"] = data["first"]["features"][:-1] + ["a feature this code does not compute"]
    path.write_text(json.dumps(data), encoding="utf-8")
    load_model.cache_clear()
    assert load_model(path) is None


# A LightGBM dump of two trees: x0 <= 0.5 ? (x1 <= 2 ? 1 : 2) : 3, and a single leaf of -0.5.
DUMP = {"tree_info": [
    {"tree_structure": {"split_feature": 0, "threshold": 0.5, "decision_type": "<=",
                        "left_child": {"split_feature": 1, "threshold": 2.0, "decision_type": "<=",
                                       "left_child": {"leaf_value": 1.0}, "right_child": {"leaf_value": 2.0}},
                        "right_child": {"leaf_value": 3.0}}},
    {"tree_structure": {"leaf_value": -0.5}}]}


def test_trees_score_as_the_dump_says():
    trees = trees_from_lightgbm(DUMP)
    assert trees.depth == 2 and len(trees.roots) == 2
    x = np.array([[0.5, 2.0], [0.0, 2.5], [0.6, 0.0]])
    assert trees.score(x).tolist() == [0.5, 1.5, 2.5]
    assert trees.score(np.zeros((0, 2))).shape == (0,)


def test_averaged_trees_score_the_mean():
    one = trees_from_lightgbm(DUMP)
    shallow = trees_from_lightgbm({"tree_info": [{"tree_structure": {"leaf_value": 4.0}}]})
    both = average_trees([one, shallow])
    x = np.array([[0.5, 2.0], [0.0, 2.5], [0.6, 0.0]])
    assert np.allclose(both.score(x), (one.score(x) + shallow.score(x)) / 2)
    assert len(both.roots) == 3 and both.depth == 2


def test_trees_refuse_splits_they_do_not_understand():
    dump = json.loads(json.dumps(DUMP))
    dump["tree_info"][0]["tree_structure"]["decision_type"] = "=="
    with pytest.raises(TreesError, match="tree 0"):
        trees_from_lightgbm(dump)
    with pytest.raises(TreesError, match="no trees"):
        trees_from_lightgbm({"tree_info": []})


def test_cocitation_features_follow_the_casebook():
    book = cocitations()
    leader, partner = max(book.together, key=book.together.get)  # the pair the casebook cites together most
    ids = [leader, partner, "100.1"]
    x = cocited_features(ids, np.array([3.0, 1.0, 0.0]))
    assert x.shape == (3, len(COCITED))
    best, first = x[1, COCITED.index("cocited_best")], x[1, COCITED.index("cocited_first")]
    assert best == first == book.together[(leader, partner)] / book.cited[leader] > 0
    # A casebook question fitted on must not count its own case.
    alone = cocited_features(ids, np.array([3.0, 1.0, 0.0]), leave_out=(leader, partner))
    assert alone[1, COCITED.index("cocited_log")] < x[1, COCITED.index("cocited_log")]


def test_family_features_compare_a_candidate_with_its_siblings():
    ids = ["702.19", "702.19b", "704.5a", "702.19c"]
    rows = family_features(ids, np.asarray([1.0, 3.0, 2.0, 0.5]))
    assert rows.shape == (4, len(FAMILY))
    size, rank, gap, children = rows.T
    assert size.tolist() == [3, 3, 1, 3]
    assert rank.tolist() == [1, 0, 0, 2] and gap.tolist() == [2.0, 0.0, 0.0, 2.5]
    assert children.tolist() == [2, 0, 0, 0]  # 702.19 has two subrules among the candidates


def test_a_model_orders_candidates_by_its_score(store, version):
    an = analyse(store, "Does deathtouch plus trample let me assign 1 damage to the blocker?", version)
    ev = gather(store, an)
    found = fuse(store, an, ev, POOL)
    x = candidate_features(store, an, ev, found.rules, found.sources)
    assert x.shape == (len(found.rules), len(FEATURES)) and np.isfinite(x).all()
    # A model that only trusts the dense cosine puts the closest rule first.
    weights = np.zeros(len(FEATURES))
    weights[FEATURES.index("cosine")] = 1.0
    model = Ranker(model_from_json({"features": list(FEATURES), "mean": [0.0] * len(FEATURES),
                                    "scale": [1.0] * len(FEATURES), "out": weights.tolist(), "out_bias": 0.0}), None)
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


def test_the_classifier_adds_its_likeliest_rules_the_fusion_left_out(store, version):
    an = analyse(store, "Mi rival lanza un Contrahechizo sobre mi Relámpago, ¿qué pasa con el relámpago?", version)
    ev = gather(store, an)
    assert ev.classified and ev.lists["classifier"]
    assert ev.lists["classifier"][0] == max(ev.classified, key=ev.classified.get)
    plain = fuse(store, an, ev, 10)
    found = fuse(store, an, ev, 10, extra=EXTRA)
    assert found.rules[:10] == plain.rules                  # the fused pool is untouched
    added = [rid for rid, _ in found.rules[10:]]
    assert 0 < len(added) <= EXTRA and len(set(rid for rid, _ in found.rules)) == len(found.rules)
    assert all(rid in ev.lists["classifier"] and "classifier" in found.sources[rid] for rid in added)
    assert all(store.rule_row(version, rid) is not None for rid in added)


def test_candidates_from_a_named_cards_sections_are_marked(store, version):
    an = analyse(store, "¿Puedo lanzar un Ángel de Serra durante el combate de mi rival?", version)
    ev = gather(store, an)
    ids = ["302.1", "307.1", "702.9b", "702.20b", "117.1a"]
    x = candidate_features(store, an, ev, [(rid, 0.01) for rid in ids], {})
    column = {name: x[:, FEATURES.index(name)].tolist() for name in
              ("card_type_match", "card_type_other", "card_keyword_match")}
    assert column["card_type_match"] == [1.0, 0.0, 0.0, 0.0, 0.0]       # Serra Angel is a creature: 302
    assert column["card_type_other"] == [0.0, 1.0, 0.0, 0.0, 0.0]       # 307: sorceries
    assert column["card_keyword_match"] == [0.0, 0.0, 1.0, 1.0, 0.0]    # flying 702.9, vigilance 702.20
