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

**Candidates.** Pairing every participant with every other makes ``n²/2`` edges: 2 million for
2,000 players. Almost all of them cannot be in an optimal pairing (a pair three score groups
apart, or two top players of one group), so the graph is restricted to candidates:

- in each score group, each member's partners nearest its ideal partners under the seeding
  method: ``2 × window`` of them, plus ``window`` of each colour preference that suits it and 2
  of the others, skipping opponents already met and (when avoided) clubmates (whole groups when
  they are small);
- between neighbouring score groups, every pair when both are small (their sizes multiply to
  at most :data:`CROSS`); otherwise, and between groups up to three apart, the possible
  floaters (the nearest the edge of each kind of float history and colour preference);
- around each boundary between score groups, every pair among the ``band`` participants on
  either side;
- every pair of a participant that would otherwise have fewer than three candidates;
- for the bye, the four lowest score groups and the ``band`` lowest participants who may
  receive it.

When the restricted graph has no perfect matching, it is widened (twice, then four times the
window and band), then the full graph is used. The tests check, on events of up to 200
players, that restricted and full graphs give pairings of the same cost in every tier.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from operator import mul

import rustworkx as rx

from arbiter.events.errors import PairingError
from arbiter.events.swiss.seeding import labels, targets
from arbiter.events.swiss.state import Contestant
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

#: Places around the ideal partner that are candidates.
WINDOW = 6
#: Participants on each side of a score-group boundary that may float across it.
BAND = 12
#: Events up to this size are always paired on the full graph.
SMALL = 48
#: Two score groups whose sizes multiply to at most this are fully connected.
CROSS = 2500

Edge = tuple[int, int]

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


def _by_class(members: Sequence[int], key: Callable[[int], object], per_class: int) -> list[int]:
    """The first ``per_class`` members of each class, in the order given."""
    seen: dict[object, int] = {}
    out: list[int] = []
    for i in members:
        k = key(i)
        if seen.get(k, 0) < per_class:
            seen[k] = seen.get(k, 0) + 1
            out.append(i)
    return out


def floaters(ctx: Context, per_class: int) -> tuple[list[list[int]], list[list[int]]]:
    """For each score group, the members that may float down and those that may float up:
    the ``per_class`` nearest its bottom (top) of each kind of float history and colour
    preference (who floats is chosen by those, then by the distance from the edge)."""
    f = ctx.field
    down = [
        _by_class(list(reversed(g)), lambda i: (ctx.down[i], ctx.prefs[i]), per_class)
        for g in f.groups
    ]
    up = [_by_class(list(g), lambda i: (ctx.up[i], ctx.prefs[i]), per_class) for g in f.groups]
    return down, up


def bye_candidates(ctx: Context, band: int) -> list[int]:
    """Who may get the bye in the restricted graph: the ``band`` lowest, and everyone in the four
    lowest score groups (a bye a little higher up can save a float)."""
    f = ctx.field
    n = len(f.contestants)
    found = set(range(max(0, n - band), n))
    for g in f.groups[-4:]:
        found.update(g)
    return sorted(found, reverse=True)


def _group_candidates(
    ctx: Context, g: int, members: Sequence[int], window: int, edges: set[Edge]
) -> None:
    """Inside score group ``g``: each member's candidates are, in each class of colour
    preference, the members nearest its ideal partners — ``window`` of them in the classes whose
    colour suits it, 2 in the others — skipping opponents already met and (when clubs are to be
    avoided) members of its club, of which one is kept."""
    people = ctx.field.contestants
    size = len(members)
    lot = ctx.lots.get(g, ())
    label = labels(ctx.method, size, lot)
    classes: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for k, i in enumerate(members):
        classes.setdefault(ctx.prefs[i], []).append((label[k], i))
    for entries in classes.values():
        entries.sort()
    keys = {c: [lab for lab, _ in entries] for c, entries in classes.items()}
    avoid_club = bool(ctx.club_gap)
    everyone = sorted((label[k], i) for k, i in enumerate(members))
    every_key = [lab for lab, _ in everyone]
    for k, i in enumerate(members):
        me = people[i]
        want = ctx.prefs[i][0]
        pools = [(2 * window, everyone, every_key)] + [
            (window if (want == 0 or c[0] == 0 or c[0] != want) else 2, entries, keys[c])
            for c, entries in classes.items()
        ]
        for quota, entries, keyed in pools:
            found: list[tuple[float, int]] = []
            for target in targets(ctx.method, label[k], size):
                found.extend(_nearest(entries, keyed, target, quota, i, me, people, avoid_club))
            found.sort()
            for _, j in found[:quota]:
                edges.add((i, j) if i < j else (j, i))


def _nearest(
    entries: Sequence[tuple[int, int]],
    keyed: Sequence[int],
    target: float,
    quota: int,
    i: int,
    me: Contestant,
    people: Sequence[Contestant],
    avoid_club: bool,
) -> list[tuple[float, int]]:
    """Up to ``quota`` entries nearest ``target`` that ``me`` (at ``i``) may meet: no opponent
    already met, and at most one of its club when clubs are avoided."""
    at = bisect_left(keyed, target)
    lo, hi = at - 1, at
    out: list[tuple[float, int]] = []
    same_club = 0
    while len(out) < quota and (lo >= 0 or hi < len(entries)):
        if hi >= len(entries) or (lo >= 0 and target - entries[lo][0] <= entries[hi][0] - target):
            label, j = entries[lo]
            lo -= 1
        else:
            label, j = entries[hi]
            hi += 1
        if j == i or people[j].no in me.opponents:
            continue
        if avoid_club and me.club and people[j].club == me.club:
            if same_club:
                continue
            same_club += 1
        out.append((abs(label - target), j))
    return out


def _restricted(ctx: Context, window: int, band: int) -> set[Edge]:
    f = ctx.field
    n = len(f.contestants)
    edges: set[Edge] = set()
    down, up = floaters(ctx, max(2, window // 2))
    for g, upper in enumerate(f.groups):
        for h in range(g + 1, min(g + 4, len(f.groups))):
            lower = f.groups[h]
            if h == g + 1 and len(upper) * len(lower) <= CROSS:
                pairs = ((i, j) for i in upper for j in lower)
            else:
                pairs = ((i, j) for i in down[g] for j in up[h])
            edges.update(pairs)
    for g, members in enumerate(f.groups):
        size = len(members)
        if size <= 2 * window + 2:
            for x in range(size):
                for y in range(x + 1, size):
                    edges.add((members[x], members[y]))
            continue
        _group_candidates(ctx, g, members, window, edges)
    for members in f.groups[1:]:
        b = members[0]
        lo, hi = max(0, b - band), min(n, b + band)
        for i in range(lo, hi):
            for j in range(i + 1, hi):
                edges.add((i, j))
    return edges


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
                _restricted(ctx, WINDOW * widen, BAND * widen)
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
