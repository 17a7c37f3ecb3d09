"""The kept matching (``Matcher``, warm.h): after each change of weights, as heavy and as large as
networkx's maximum-cardinality matching of the new weights, whatever the changes."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.events.swiss._matching import Matcher

Weights = dict[tuple[int, int], int]


def networkx_best(n: int, weights: Weights) -> tuple[int, int]:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from((i, j, w) for (i, j), w in weights.items() if w and i != j)
    m = nx.max_weight_matching(g, maxcardinality=True)
    return len(m), sum(g[u][v]["weight"] for u, v in m)


def size_and_weight(weights: Weights, mates: list[int]) -> tuple[int, int]:
    pairs = {(v, p) for v, p in enumerate(mates) if p > v}
    assert all(mates[p] == v for v, p in enumerate(mates) if p >= 0)  # a matching
    assert all(weights[e] > 0 for e in pairs)  # of edges
    return len(pairs), sum(weights[e] for e in pairs)


@st.composite
def histories(draw: st.DrawFn) -> tuple[int, Weights, list[Weights]]:
    """A graph of up to 12 vertices and up to 8 changes, each of the edges at one or two vertices
    (what the Dutch engine does between two matchings) or of any few edges."""
    n = draw(st.integers(2, 12))
    bits = draw(st.sampled_from([2, 5, 64, 130, 400]))
    weight = st.one_of(st.just(0), st.integers(1, 2**bits))
    pairs = [(i, j) for j in range(n) for i in range(j)]
    first = {p: draw(weight) for p in pairs}
    changes = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            stars = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2, unique=True))
            touched = [p for p in pairs if set(p) & set(stars)]
        else:
            touched = draw(st.lists(st.sampled_from(pairs), max_size=4, unique=True))
        changes.append({p: draw(weight) for p in touched})
    return n, first, changes


@settings(max_examples=400, deadline=None)
@given(histories())
def test_every_sync_is_a_best_matching(history: tuple[int, Weights, list[Weights]]) -> None:
    n, weights, changes = history
    kept = Matcher(n)
    assert size_and_weight(weights, kept.sync(weights)) == networkx_best(n, weights)
    for change in changes:
        weights.update(change)  # the same dict, changed in place, as the engine does
        assert size_and_weight(weights, kept.sync(weights)) == networkx_best(n, weights)


def test_new_keys_and_other_dicts() -> None:
    """Loops of weight 0 added at the end (the engine's way of clearing a player's edges) are
    no edges; a dict with other keys is read from nothing."""
    kept = Matcher(4)
    weights = {(0, 1): 5, (1, 2): 9, (2, 3): 5, (0, 3): 0}
    assert kept.sync(weights) == [1, 0, 3, 2]
    weights[(1, 1)] = 0
    weights[(0, 3)] = 7
    assert kept.sync(weights) == [3, 2, 1, 0]
    assert kept.sync({(0, 2): 3}) == [2, -1, 0, -1]
    assert kept.sync({}) == [-1, -1, -1, -1]


def test_a_weight_wider_than_the_first_ones() -> None:
    kept = Matcher(3)
    weights = {(0, 1): 1, (1, 2): 2}
    assert kept.sync(weights) == [-1, 2, 1]
    weights[(0, 1)] = 2**500
    assert kept.sync(weights) == [1, 0, -1]


@pytest.mark.parametrize(
    ("n", "weights", "error", "message"),
    [
        (3, {(0, 3): 1}, ValueError, "not between two of the 3 vertices"),
        (3, {(1, 1): 4}, ValueError, "vertex 1 cannot be matched with itself"),
        (3, {(0, 1): -2}, ValueError, "at least 0"),
        (3, {(0, 1): 1.5}, ValueError, "at least 0"),
        (3, {0: 1}, TypeError, "a pair (i, j)"),
        (3, [(0, 1)], TypeError, "a dict"),
    ],
)
def test_bad_weights_are_named(n: int, weights: object, error: type, message: str) -> None:
    kept = Matcher(n)
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        kept.sync(weights)  # type: ignore[arg-type]


def test_a_bad_change_leaves_the_matcher_usable() -> None:
    kept = Matcher(3)
    weights = {(0, 1): 1, (1, 2): 2}
    kept.sync(weights)
    weights[(1, 2)] = -1
    with pytest.raises(ValueError, match="at least 0"):
        kept.sync(weights)
    weights[(1, 2)] = 0
    assert kept.sync(weights) == [1, 0, -1]


def test_a_matcher_has_a_size() -> None:
    with pytest.raises(ValueError, match="from 0 to"):
        Matcher(-1)
