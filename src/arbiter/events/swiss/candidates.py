"""The candidate pairs of the restricted matching graph.

Pairing every participant with every other makes ``n²/2`` edges: 2 million for
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
window and band), then the full graph is used. This is a search heuristic, for events too big
for the full graph (graph.SMALL): a float or a colour can be worth a partner further from the
ideal one than the window reaches. The window was 6 places until the tests
(tests/events/pairing/test_graph.py) found a 172-player round whose best pairing takes two
partners 8 places away to save floats, and a 2,000-player round paired 12 places wide was better
in colours and floats than 6 places wide; they compare it with the full graph on random events.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence

from arbiter.events.swiss.seeding import labels, targets
from arbiter.events.swiss.state import Contestant
from arbiter.events.swiss.weights import Context

#: Places around the ideal partner that are candidates (see above for why 12).
WINDOW = 12
#: Participants on each side of a score-group boundary that may float across it.
BAND = 12
#: Two score groups whose sizes multiply to at most this are fully connected.
CROSS = 2500

Edge = tuple[int, int]


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


def restricted(ctx: Context, window: int, band: int) -> set[Edge]:
    """The candidate pairs (in pairing-order indices, ``i < j``) with ``window`` places around
    each ideal partner and ``band`` participants around each score-group boundary."""
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
