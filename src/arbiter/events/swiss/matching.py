"""Maximum-weight matching with weights of any size, compiled (``_matching.c``, ``blossom.h``).

The FIDE Dutch engine (:mod:`arbiter.events.systems.dutch_engine`) packs every criterion of a
pair into one integer of hundreds of bits, beyond rustworkx's 128-bit weights, and asks for a
matching about once per player of every round: networkx's pure-Python matcher made that the
whole cost of a pairing. This one is Edmonds' blossom algorithm in C on fixed-width integers
chosen per call from the largest weight.

>>> g = Graph()
>>> for u, v, w in [(0, 1, 2**300), (1, 2, 2**300 + 1), (2, 3, 1)]:
...     g.add_edge(u, v, weight=w)
>>> sorted(max_weight_matching(g, maxcardinality=True))
[(0, 1), (2, 3)]
>>> sorted(max_weight_matching(g))
[(1, 2)]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Protocol

try:
    from arbiter.events.swiss._matching import Graph, match
except ImportError as exc:  # pragma: no cover - a checkout without `make install`
    raise ImportError(
        "arbiter's compiled matcher (arbiter.events.swiss._matching) is not built: "
        "run `make install` (or `pip install -e .`) in the checkout"
    ) from exc

__all__ = ["Graph", "mates", "max_weight_matching"]


class WeightedGraph(Protocol):
    """What is read of a networkx graph: its nodes and its edges with their ``weight``."""

    def nodes(self) -> Iterable[Hashable]: ...

    def edges(self, *, data: str) -> Iterable[tuple[Hashable, Hashable, Any]]: ...


def mates(graph: Graph, *, maxcardinality: bool = False) -> list[int]:
    """The partner of every vertex of ``graph`` (-1 for none) in a maximum-weight matching; with
    ``maxcardinality``, the heaviest among the matchings with the most edges.

    Weights are ints of at least 0 of any size; weight 0 is no edge."""
    return match(graph, maxcardinality)


def max_weight_matching(
    graph: Graph | WeightedGraph, maxcardinality: bool = False, weight: str = "weight"
) -> set[tuple[Any, Any]]:
    """``networkx.max_weight_matching``'s answer, a set of matched pairs, computed by the
    compiled matcher. ``graph`` is a :class:`Graph` or a networkx graph with int weights of at
    least 0 (0 is no edge); among equally heavy matchings the one chosen is the one networkx's
    search order finds when the graph's nodes and neighbours are in ascending order."""
    if isinstance(graph, Graph):
        partner = match(graph, maxcardinality)
        return {(v, p) for v, p in enumerate(partner) if p > v}
    nodes = list(graph.nodes())
    index = {node: i for i, node in enumerate(nodes)}
    compiled = Graph()
    if nodes:
        compiled.add_node(len(nodes) - 1)
    for u, v, w in graph.edges(data=weight):
        compiled.add_edge(index[u], index[v], weight=w)
    partner = match(compiled, maxcardinality)
    return {(nodes[v], nodes[p]) for v, p in enumerate(partner) if p > v}
