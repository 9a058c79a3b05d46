"""A boosted tree ensemble scored with numpy alone. The judge's second re-ranking stage is a LambdaMART
model fitted offline with LightGBM (bench/fit_ranker.py); the product does not depend on LightGBM: the
fitted trees are flattened into arrays (here, from LightGBM's own JSON dump) and walked level by level
for all candidates and all trees at once."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import GatewatchError


class TreesError(GatewatchError):
    exit_code = 2


@dataclass
class Trees:
    """Every node of every tree in flat arrays. A leaf points to itself, so walking a fixed number of levels
    (the deepest tree's depth) leaves each row on a leaf of each tree."""
    feature: np.ndarray     # int: the feature a node tests (0 for leaves)
    threshold: np.ndarray   # float: go left when x[feature] <= threshold
    left: np.ndarray        # int: node index
    right: np.ndarray       # int: node index
    value: np.ndarray       # float: a leaf's output (0 for inner nodes)
    roots: np.ndarray       # int: each tree's root node
    depth: int

    def score(self, x: np.ndarray) -> np.ndarray:
        """The ensemble's output for each row of x (rows, features)."""
        x = np.asarray(x, dtype=np.float64)
        if not len(x):
            return np.zeros(0)
        rows = np.arange(len(x))[:, None]
        node = np.broadcast_to(self.roots, (len(x), len(self.roots))).copy()
        for _ in range(self.depth):
            go_left = x[rows, self.feature[node]] <= self.threshold[node]
            node = np.where(go_left, self.left[node], self.right[node])
        return self.value[node].sum(axis=1)

    def to_json(self) -> dict:
        return {"feature": self.feature.tolist(), "threshold": self.threshold.tolist(), "left": self.left.tolist(),
                "right": self.right.tolist(), "value": self.value.tolist(), "roots": self.roots.tolist(),
                "depth": self.depth}


def average_trees(ensembles: list[Trees]) -> Trees:
    """One ensemble scoring the mean of `ensembles`' scores: their trees side by side, leaves divided by
    their number (the same model fitted from several seeds, averaged: less of one fit's luck)."""
    if not ensembles:
        raise TreesError("no ensembles to average")
    offsets = np.cumsum([0] + [len(e.feature) for e in ensembles[:-1]])
    cat = lambda name, shift: np.concatenate([getattr(e, name) + (o if shift else 0)  # noqa: E731
                                              for e, o in zip(ensembles, offsets)])
    return Trees(cat("feature", False), cat("threshold", False), cat("left", True), cat("right", True),
                 cat("value", False) / len(ensembles), cat("roots", True), max(e.depth for e in ensembles))


def trees_from_json(data: dict) -> Trees:
    return Trees(np.asarray(data["feature"], dtype=np.int64), np.asarray(data["threshold"], dtype=np.float64),
                 np.asarray(data["left"], dtype=np.int64), np.asarray(data["right"], dtype=np.int64),
                 np.asarray(data["value"], dtype=np.float64), np.asarray(data["roots"], dtype=np.int64),
                 int(data["depth"]))


def trees_from_lightgbm(dump: dict) -> Trees:
    """Flatten LightGBM's `Booster.dump_model()`. Only numerical `<=` splits are understood (the judge's
    features are all numbers, never missing); anything else is an error naming the tree."""
    feature: list[int] = []
    threshold: list[float] = []
    left: list[int] = []
    right: list[int] = []
    value: list[float] = []
    roots: list[int] = []
    depth = 0

    def add(node: dict, tree: int, level: int) -> int:
        nonlocal depth
        i = len(feature)
        feature.append(0), threshold.append(0.0), left.append(i), right.append(i), value.append(0.0)
        if "leaf_value" in node or "leaf_index" in node:
            value[i] = float(node.get("leaf_value", 0.0))
            depth = max(depth, level)
            return i
        if node.get("decision_type") != "<=":
            raise TreesError(f"tree {tree}: split type {node.get('decision_type')!r} is not supported (only '<=')")
        feature[i], threshold[i] = int(node["split_feature"]), float(node["threshold"])
        left[i] = add(node["left_child"], tree, level + 1)
        right[i] = add(node["right_child"], tree, level + 1)
        return i

    for n, tree in enumerate(dump.get("tree_info", [])):
        roots.append(add(tree["tree_structure"], n, 0))
    if not roots:
        raise TreesError("the model has no trees")
    return trees_from_json({"feature": feature, "threshold": threshold, "left": left, "right": right,
                            "value": value, "roots": roots, "depth": depth})
