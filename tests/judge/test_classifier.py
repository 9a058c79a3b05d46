"""The rule classifier: it learns which words and vectors point to which rule, survives the round trip
through the store's bytes, is fitted at build time from the casebook and feeds the re-ranker."""

from __future__ import annotations

import numpy as np

from gatewatch.judge.casebook import load_cases
from gatewatch.judge.classifier import classifier_from_bytes, fit_classifier
from gatewatch.judge.ranker import FEATURES, _classified

# Small solved questions: the words, not the (random) vectors, say which rule settles each.
TOPICS = {"702.2b": "deathtouch kills blocker damage", "702.19b": "trample excess damage player",
          "704.5a": "life total zero loses game", "608.2b": "target gone fizzles spell resolve"}


def _tiny_casebook(seed: int = 0):
    rng = np.random.default_rng(seed)
    questions, gold = [], []
    for rule, words in TOPICS.items():
        w = words.split()
        for i in range(12):
            picked = rng.choice(w, size=3, replace=False)
            questions.append(f"question {i}: {' '.join(picked)} happens, what now?")
            gold.append([rule])
    vectors = rng.normal(size=(len(questions), 16)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True), questions, gold


def test_the_classifier_learns_which_words_point_to_which_rule():
    vectors, questions, gold = _tiny_casebook()
    model = fit_classifier("test-model", vectors, questions, gold, epochs=150)
    assert sorted(model.rules) == sorted(TOPICS)
    for rule, words in TOPICS.items():
        asked = f"my opponent says {words.split()[0]} {words.split()[1]}, is that right?"
        scores = model.log_probs(np.zeros(16, dtype=np.float32), asked)  # a vector close to no solved one
        assert max(scores, key=scores.get) == rule, (asked, scores)
        assert abs(sum(np.exp(list(scores.values()))) - 1.0) < 1e-4


def test_the_classifier_is_deterministic_and_survives_its_bytes():
    vectors, questions, gold = _tiny_casebook()
    one = fit_classifier("test-model", vectors, questions, gold, epochs=150)
    two = fit_classifier("test-model", vectors, questions, gold, epochs=150)
    assert one.to_bytes() == two.to_bytes()
    back = classifier_from_bytes(one.to_bytes())
    assert back.model == "test-model" and back.rules == one.rules and back.vocab == one.vocab
    probe = vectors[0]
    assert back.log_probs(probe, questions[0]) == one.log_probs(probe, questions[0])


def test_a_question_with_no_known_word_still_gets_probabilities():
    vectors, questions, gold = _tiny_casebook()
    model = fit_classifier("test-model", vectors, questions, gold, epochs=150)
    scores = model.log_probs(np.zeros(16, dtype=np.float32), "")
    assert set(scores) == set(TOPICS) and all(np.isfinite(list(scores.values())))


def test_members_are_averaged_and_weights_count():
    vectors, questions, gold = _tiny_casebook()
    # The same question, once more, pointing to another rule: with a tiny weight it changes nothing.
    probe = "deathtouch kills blocker"
    weak = fit_classifier("test-model", np.vstack([vectors, vectors[:1]]), [*questions, probe], [*gold, ["704.5a"]],
                          weights=[1.0] * len(questions) + [0.01], epochs=150)
    strong = fit_classifier("test-model", np.vstack([vectors, vectors[:1]]), [*questions, probe], [*gold, ["704.5a"]],
                            weights=[1.0] * len(questions) + [50.0], epochs=150)
    zero = np.zeros(16, dtype=np.float32)
    weak_scores, strong_scores = weak.log_probs(zero, probe), strong.log_probs(zero, probe)
    assert max(weak_scores, key=weak_scores.get) == "702.2b"
    assert strong_scores["704.5a"] > weak_scores["704.5a"]
    one = fit_classifier("test-model", vectors, questions, gold, seeds=(0,), epochs=150)
    three = fit_classifier("test-model", vectors, questions, gold, seeds=(0, 1, 2), epochs=150)
    assert one.a.shape[0] == 1 and three.a.shape[0] == 3
    scores = three.log_probs(zero, probe)
    assert abs(sum(np.exp(list(scores.values()))) - 1.0) < 1e-4  # still a distribution


def test_the_build_fits_the_classifier_on_the_casebook_the_rules_and_the_concepts(build_report, store):
    from gatewatch.judge.vectors import CONCEPT_WEIGHT, RULE_TEXT_WEIGHT, classifier_examples, rule_classifier
    model = rule_classifier(store)
    assert model is not None and model.model == build_report.vectors["model"]
    cases = load_cases()
    cited = {r for c in cases for r in c.rules}
    assert cited < set(model.rules) and build_report.vectors["classifier_rules"] == len(model.rules)
    assert len(model.vocab) == build_report.vectors["classifier_stems"] > 1000
    assert model.a.shape[0] == 3
    ex = classifier_examples(store, store.latest_rules_version(), model.model)
    assert len(ex.texts) == len(ex.rules) == len(ex.weights) == len(ex.vectors) > len(cases)
    assert ex.texts[:len(cases)] == [c.question for c in cases] and set(ex.weights[len(cases):]) == {
        RULE_TEXT_WEIGHT, CONCEPT_WEIGHT}
    deathtouch = [i for i, rules in enumerate(ex.rules) if rules == ("702.2b",) and ex.weights[i] == RULE_TEXT_WEIGHT]
    assert len(deathtouch) == 2  # its English text and our Spanish one
    assert {r for rules in ex.rules for r in rules} == set(model.rules)


def test_a_store_without_the_classifier_reads_as_none(tmp_path):
    from gatewatch.judge.vectors import rule_classifier
    from gatewatch.store import MIGRATIONS, Store
    bare = Store(tmp_path / "bare.db", readonly=False)
    bare.migrate(MIGRATIONS)
    assert bare.judge_model("rule-classifier") is None and rule_classifier(bare) is None
    bare.close()


def test_the_classifier_features_rank_unknown_rules_last():
    rows = _classified({"a": -0.1, "b": -2.0, "c": -5.0}, ["b", "zz", "a"])
    assert len(rows[0]) == len([f for f in FEATURES if f.startswith("classifier_")])
    (b_logp, b_rank, b_share), (z_logp, z_rank, z_share), (a_logp, a_rank, a_share) = rows
    assert (a_logp, a_rank, a_share) == (-0.1, 0.0, 1.0)
    assert b_rank == np.log1p(1) and z_rank == np.log1p(3) and z_logp == -6.0
    assert a_share > b_share > z_share > 0
    assert _classified({}, ["a"])[0][2] == 0.0  # no classifier: nothing to say
