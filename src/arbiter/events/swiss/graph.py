"""The matching: candidate pairs, rustworkx's maximum-weight matching, and the fallbacks.

The participants are the nodes (in pairing order), plus one node for the bye when their number
is odd; an edge is a pair that may meet, weighted ``W - cost`` (integers, so the matching is
exact). rustworkx's ``max_weight_matching`` with ``max_cardinality=True`` returns a perfect
matching of the largest weight, which is the pairing of the smallest total cost.

**Stages.** Pairs that break a hard rule are left out first: a rematch, a colour balance of ±3,
a second bye. When no perfect matching exists without them, they are let in stage by stage —
colour balances first, then second byes, then rematches — each with its cost in the top tiers,
so the fewest are used. A round that has no pairing even then (only possible with forbidden
pairs) is refused.

**Graphs.** Events up to :data:`SMALL` players are paired on the full graph (exact, under a
second); larger ones on the candidate pairs of :mod:`~arbiter.events.swiss.candidates`, widened
(twice, then four times the window and band) and at last replaced by the full graph when they
hold no perfect matching.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from operator import mul

import rustworkx as rx

from arbiter.events.errors import PairingError
from arbiter.events.swiss.candidates import BAND, WINDOW, Edge, bye_candidates, restricted
from arbiter.events.swiss.weights import (
    COMPONENTS,
    LIMIT,
    NAMES,
    Context,
    Values,
    bye_values,
    multipliers,
    pair_values,
    tier_sums,
    tiers_of,
)

#: Events up to this size are always paired on the full graph (0.3-0.8 s at 300 players; 3 s
#: at 500, 12 s at 800, where the candidate graph takes 0.2-1.3 s).
SMALL = 300

#: Stages: (name, colour balance allowed, second bye allowed, rematch allowed).
STAGES: tuple[tuple[str, bool, bool, bool], ...] = (
    ("strict", False, False, False),
    ("colour balance", True, False, False),
    ("second bye", True, True, False),
    ("rematch", True, True, True),
)


@dataclass(frozen=True, slots=True)
class Solution:
    """A pairing in pairing-order indices: ``pairs`` as ``(i, j)`` with ``i < j``, the index
    that has the bye (or ``None``), the component values of each, how it was found."""

    pairs: tuple[Edge, ...]
    bye: int | None
    values: dict[Edge, Values]
    bye_value: Values | None
    orders: dict[Edge, tuple[int, int]]
    stage: str
    graph: str
    edges: int
    seconds: float

    def totals(self, game: str) -> tuple[int, ...]:
        """The pairing's cost summed by tier, most important first."""
        rows = [tier_sums(v, game) for v in self.values.values()]
        if self.bye_value is not None:
            rows.append(tier_sums(self.bye_value, game))
        if not rows:
            return ()
        return tuple(sum(col) for col in zip(*rows, strict=True))


class _Costs:
    """Component values of pairs and byes, computed once each."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.people = ctx.field.contestants
        self.pair: dict[Edge, tuple[Values, tuple[int, int]]] = {}
        self.bye: dict[int, Values] = {}

    def of(self, i: int, j: int) -> tuple[Values, tuple[int, int]]:
        found = self.pair.get((i, j))
        if found is None:
            found = pair_values(self.ctx, i, j)
            self.pair[(i, j)] = found
        return found

    def of_bye(self, i: int) -> Values:
        found = self.bye.get(i)
        if found is None:
            found = bye_values(self.ctx, i)
            self.bye[i] = found
        return found


def _allowed(v: Values, balance: bool, rematch: bool) -> bool:
    # v[0] rematch, v[2] colour_balance (see weights.COMPONENTS)
    return (rematch or v[0] == 0) and (balance or v[2] == 0)


def solve(
    ctx: Context,
    *,
    forbidden: Collection[frozenset[int]] = (),
    graph: str = "auto",
    progress: Callable[[str], None] | None = None,
) -> Solution:
    """The best pairing of ``ctx.field`` (see the module's description).

    ``forbidden`` holds pairs of participant numbers that must not meet; ``graph`` is ``auto``
    (restricted, full for small events), ``restricted`` or ``full``.
    """
    started = time.perf_counter()
    costs = _Costs(ctx)
    people = ctx.field.contestants
    n = len(people)
    if n == 0:
        return Solution((), None, {}, None, {}, "strict", "full", 0, 0.0)
    odd = n % 2 == 1
    banned = {tuple(sorted(p)) for p in forbidden if len(p) == 2}
    index = {c.no: i for i, c in enumerate(people)}
    banned_idx = {
        (min(index[a], index[b]), max(index[a], index[b]))
        for a, b in banned
        if a in index and b in index
    }
    narrow = graph != "full" and not (graph == "auto" and n <= SMALL)
    for name, balance, second_bye, rematch in STAGES:
        tries: list[tuple[str, int]] = [("restricted", k) for k in (1, 2, 4)] if narrow else []
        tries.append(("full", 0))
        for kind, widen in tries:
            candidates: Iterable[Edge] = (
                restricted(ctx, WINDOW * widen, BAND * widen)
                if widen
                else ((i, j) for i in range(n) for j in range(i + 1, n))
            )
            if progress is not None:
                progress(f"{name}: {kind} graph")
            found = _match(
                ctx,
                costs,
                candidates,
                banned_idx,
                odd=odd,
                balance=balance,
                second_bye=second_bye,
                rematch=rematch,
                restricted=kind != "full",
                band=BAND * max(widen, 1),
            )
            if found is not None:
                pairs, bye, edges = found
                values = {p: costs.of(*p)[0] for p in pairs}
                orders = {p: costs.of(*p)[1] for p in pairs}
                return Solution(
                    tuple(sorted(pairs)),
                    bye,
                    values,
                    costs.of_bye(bye) if bye is not None else None,
                    orders,
                    name,
                    kind,
                    edges,
                    time.perf_counter() - started,
                )
    raise PairingError(
        "no pairing exists for this round with the forbidden pairs given: remove a restriction"
    )


def _match(
    ctx: Context,
    costs: _Costs,
    candidates: Iterable[Edge],
    banned: set[Edge],
    *,
    odd: bool,
    balance: bool,
    second_bye: bool,
    rematch: bool,
    restricted: bool,
    band: int = BAND,
) -> tuple[list[Edge], int | None, int] | None:
    people = ctx.field.contestants
    n = len(people)
    chosen: list[tuple[int, int, Values]] = []
    degree = [0] * n
    for i, j in candidates:
        if (i, j) in banned:
            continue
        v = costs.of(i, j)[0]
        if _allowed(v, balance, rematch):
            chosen.append((i, j, v))
            degree[i] += 1
            degree[j] += 1
    if restricted:
        # a participant with too few candidates gets all of them
        have = {(i, j) for i, j, _ in chosen}
        need = min(3, n - 1)
        for i in range(n):
            if degree[i] >= need:
                continue
            for j in range(n):
                if j == i:
                    continue
                e = (i, j) if i < j else (j, i)
                if e in have or e in banned:
                    continue
                v = costs.of(*e)[0]
                if _allowed(v, balance, rematch):
                    chosen.append((e[0], e[1], v))
                    have.add(e)
    byes: list[tuple[int, Values]] = []
    if odd:
        pool = set(bye_candidates(ctx, band)) if restricted else set(range(n))
        eligible = 0
        for i in range(n - 1, -1, -1):
            # the candidates, and further up until ``band`` of them may have the bye
            if i not in pool and eligible >= band:
                continue
            v = costs.of_bye(i)
            if second_bye or v[1] == 0:
                byes.append((i, v))
                eligible += 1
        if not byes:
            return None
    game = ctx.game
    values = [v for _, _, v in chosen] + [v for _, v in byes]
    if not values:
        return None
    pairs_count = (n + 1) // 2
    weigh = _weigher(values, game, pairs_count)
    g: rx.PyGraph[int, int] = rx.PyGraph(multigraph=False)
    g.add_nodes_from(range(n + (1 if odd else 0)))
    weighted = [(i, j, weigh(v)) for i, j, v in chosen] + [(i, n, weigh(v)) for i, v in byes]
    weighted.sort()
    g.add_edges_from(weighted)
    matching = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    if len(matching) != pairs_count:
        return None
    pairs: list[Edge] = []
    bye: int | None = None
    for a, b in matching:
        i, j = min(a, b), max(a, b)
        if j == n:
            bye = i
        else:
            pairs.append((i, j))
    return pairs, bye, len(weighted)


def _weigher(values: list[Values], game: str, pairs: int) -> Callable[[Values], int]:
    """The weight ``W - cost`` of a pair or bye, with each tier's multiplier large enough to
    outweigh every tier below it over ``pairs`` pairs (from the largest value of each component
    among ``values``). Should the weights not fit rustworkx's integers exactly (events of many
    thousands), the lot is dropped, then the seeding halved until they do."""
    order = tiers_of(game)
    where = [order.index(c.tier) for c in COMPONENTS]
    scales = [c.scale for c in COMPONENTS]
    largest = [max(col) for col in zip(*values, strict=True)]
    shifts = [0] * len(COMPONENTS)
    tie_at = NAMES.index("tie")
    seeding = [k for k, c in enumerate(COMPONENTS) if c.tier == "seeding"]
    while True:
        bound = [0] * len(order)
        for k, m in enumerate(largest):
            bound[where[k]] += scales[k] * (m >> shifts[k])
        mult, top = multipliers(bound, pairs)
        if top < LIMIT:
            break
        if shifts[tie_at] == 0:
            shifts[tie_at] = 64  # the lot no longer counts
        else:
            for k in seeding:
                shifts[k] += 1
    factors = [mult[where[k]] * scales[k] for k in range(len(COMPONENTS))]
    if not any(shifts):

        def plain(v: Values) -> int:
            return top - int(sum(map(mul, v, factors)))

        return plain

    def shifted(v: Values) -> int:
        return top - sum(f * (x >> s) for f, x, s in zip(factors, v, shifts, strict=True))

    return shifted
