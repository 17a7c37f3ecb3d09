"""The compiled blossom matcher against networkx's on small random graphs with big weights."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.events.swiss.matching import Graph, mates, max_weight_matching


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]]]:
    """Up to 14 vertices, weights from 1 to 2**bits: tiny ranges (many ties), 64-bit and
    rustworkx-breaking ones."""
    n = draw(st.integers(1, 14))
    bits = draw(st.sampled_from([1, 3, 63, 64, 127, 128, 300, 650]))
    weight = st.integers(1, 2**bits)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    return n, sorted((u, v, draw(weight)) for u, v in chosen)


def both(n: int, edges: list[tuple[int, int, int]], maxcardinality: bool) -> tuple[set, set]:
    g, h = nx.Graph(), Graph()
    g.add_nodes_from(range(n))
    h.add_node(n - 1)
    for u, v, w in edges:
        g.add_edge(u, v, weight=w)
        h.add_edge(u, v, weight=w)
    theirs = {tuple(sorted(e)) for e in nx.max_weight_matching(g, maxcardinality=maxcardinality)}
    ours = {tuple(sorted(e)) for e in max_weight_matching(h, maxcardinality=maxcardinality)}
    return theirs, ours


@settings(max_examples=300)
@given(graphs(), st.booleans())
def test_same_cardinality_and_weight_as_networkx(
    graph: tuple[int, list[tuple[int, int, int]]], maxcardinality: bool
) -> None:
    n, edges = graph
    theirs, ours = both(n, edges, maxcardinality)
    weight = {(u, v): w for u, v, w in edges}
    assert len({v for e in ours for v in e}) == 2 * len(ours)  # a matching
    assert all(e in weight for e in ours)  # of edges of the graph
    assert len(ours) == len(theirs)
    assert sum(weight[e] for e in ours) == sum(weight[e] for e in theirs)
    # the same search order: among equally good matchings, the same one (the Dutch engine was
    # checked against bbpPairings with networkx's)
    assert ours == theirs


def test_a_networkx_graph_with_any_nodes() -> None:
    g = nx.Graph()
    g.add_edge("a", "b", weight=2**400)
    g.add_edge("b", "c", weight=2**400 + 5)
    g.add_edge("c", "d", weight=1)
    assert {frozenset(e) for e in max_weight_matching(g, maxcardinality=True)} == {
        frozenset("ab"),
        frozenset("cd"),
    }
    assert {frozenset(e) for e in max_weight_matching(g)} == {frozenset("bc")}


def test_zero_is_no_edge_and_the_last_weight_counts() -> None:
    g = Graph()
    g.add_edge(0, 1, weight=5)
    g.add_edge(1, 0, weight=0)  # reweighed to nothing
    g.add_edge(2, 3, weight=1)
    assert mates(g, maxcardinality=True) == [-1, -1, 3, 2]


def test_empty_and_edgeless_graphs() -> None:
    assert mates(Graph()) == []
    g = Graph()
    g.add_node(2)
    assert mates(g, maxcardinality=True) == [-1, -1, -1]


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda g: g.add_edge(0, 1, weight=-1), ValueError),
        (lambda g: g.add_edge(0, 1, weight=1.5), ValueError),
        (lambda g: g.add_edge(-1, 1, weight=1), ValueError),
        (lambda g: g.add_edge("a", 1, weight=1), TypeError),
        (lambda g: g.add_edge(0, 1, colour=1), TypeError),
        (lambda g: g.add_node(10**9), ValueError),
    ],
)
def test_bad_input_is_refused(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call(Graph())  # type: ignore[operator]
