"""The weights of a Swiss or McMahon pairing: named components, each one function.

Every possible pair (and every possible bye) gets a **cost** made of named components. The
components are grouped in **tiers**; a tier always outweighs everything below it put together
(the multipliers are computed for the round, see :func:`multipliers`), so the pairing chosen is
the best in the first tier, then in the second among those, and so on. Inside a tier the
components add up, each with its scale, so they are traded against each other (that is how a
same-club pair is traded against a score difference).

Tiers, most important first:

1. ``hard``: ``rematch`` (the two already met over the board), ``repeated_bye`` (a second
   pairing bye, or a bye after a forfeit win). Only used when the round cannot be paired
   otherwise.
2. ``balance``: ``colour_balance`` — participants whose colour balance would reach ±3.
3. ``score``: ``score_difference`` (the square of the score difference, in score steps: half
   points in Swiss, McMahon points in McMahon), ``same_club`` and ``same_country`` (the cost of
   two score differences of ``avoid_club``/``avoid_country`` points, plus one: avoiding such a
   pair takes two players floating, so two pairs with a gap; the setting's "a score difference
   preferred to a same-club pair" is then kept for each of them), ``bye_score`` (the
   bye counts as a game against a virtual participant one win below the lowest score, as in
   FIDE's pairing-score differences: ``(w + d)² − w²`` for a receiver ``d`` steps above the
   lowest, ``w`` being the steps of a win, so the bye goes to the lowest score group whenever
   that costs no more than a few floats).
4. ``colour``: ``colour_repeat`` (×4: a third game in a row with the same colour),
   ``colour_preference`` (2 for a strong, 1 for a mild preference not granted). In Go this tier
   comes after ``floats``, before ``seeding`` (see :data:`TIERS`).
5. ``floats``: ``float_history`` and ``float_order`` (see :mod:`~arbiter.events.swiss.floats`).
6. ``seeding``: ``seeding`` (distance from the ideal partner, see
   :mod:`~arbiter.events.swiss.seeding`), ``bye_strength`` (the bye receiver's distance from the
   last place, squared: the bye goes to the weakest).
7. ``tie``: ``tie`` — 0..15 from SHA-256 of the event's seed, the round and the two numbers, so
   that pairings of equal weight are chosen by a documented lot, reproducibly.

The matching maximises the sum of ``W - cost`` over the pairs (``W`` larger than any cost),
which, all pairings having the same number of pairs, minimises the total cost.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from dataclasses import field as _field

from arbiter.events.swiss import colours
from arbiter.events.swiss.floats import HISTORY_SCALE, ORDER_CAP, history_cost
from arbiter.events.swiss.seeding import CAP, seeding_cost
from arbiter.events.swiss.state import Contestant, Field


@dataclass(frozen=True, slots=True)
class Component:
    """A named part of the cost: its tier and its scale inside the tier."""

    name: str
    tier: str
    scale: int
    doc: str


COMPONENTS: tuple[Component, ...] = (
    Component("rematch", "hard", 1, "the two already met over the board"),
    Component("repeated_bye", "hard", 1, "a second pairing bye (or a bye after a forfeit win)"),
    Component("colour_balance", "balance", 1, "participants whose colour balance reaches ±3"),
    Component("score_difference", "score", 1, "square of the score difference, in score steps"),
    Component("same_club", "score", 1, "same club: costs like two score gaps of avoid_club"),
    Component("same_country", "score", 1, "same country: like two gaps of avoid_country"),
    Component("bye_score", "score", 1, "the bye receiver's score above the lowest (FIDE-like)"),
    Component("colour_repeat", "colour", 4, "a third game in a row with the same colour"),
    Component("colour_preference", "colour", 1, "colour preferences not granted (strong 2)"),
    Component("float_history", "floats", HISTORY_SCALE, "floats repeated or not compensated"),
    Component("float_order", "floats", 1, "floaters' distance from their group's edge"),
    Component("seeding", "seeding", 1, "distance from the ideal partner in the score group"),
    Component("bye_strength", "seeding", 1, "bye receiver's distance from the last place"),
    Component("tie", "tie", 1, "a lot that orders pairings of equal weight"),
)
NAMES: tuple[str, ...] = tuple(c.name for c in COMPONENTS)
BY_NAME: dict[str, Component] = {c.name: c for c in COMPONENTS}

#: Tier order, most important first, by game. Go puts colours after floats (komi makes them
#: matter less than in Toguz Korgool, where FIDE's Dutch order puts them first) but before
#: seeding: OpenGotha's colour cost (``paiBaBalanceWB``, 10⁶) is a fifth of its whole seeding
#: weight (5·10⁶), so a pair that balances colours wins over a slightly better-seeded one there
#: too; with colours below seeding, 159 of malavasi's 724 players had played twice with the same
#: colour after round 2 against OpenGotha's 59 (55 now; bench/pairing.py).
TIERS: dict[str, tuple[str, ...]] = {
    "toguz": ("hard", "balance", "score", "colour", "floats", "seeding", "tie"),
    "go": ("hard", "balance", "score", "floats", "colour", "seeding", "tie"),
}

Values = tuple[int, ...]
"""Component values in the order of :data:`COMPONENTS`."""

_INDEX = {name: i for i, name in enumerate(NAMES)}


def values(**named: int) -> Values:
    """Component values from names (the others 0).

    >>> dict(zip(NAMES, values(seeding=4)))["seeding"]
    4
    """
    out = [0] * len(COMPONENTS)
    for name, value in named.items():
        out[_INDEX[name]] = value
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HandicapRule:
    """Go handicaps: each participant's level (a rank, or a McMahon score counted as a rank,
    capped at the no-handicap threshold; ``None``: no handicap for them); the stones are the
    difference of levels less ``correction``, from 0 to ``most``."""

    level: Callable[[Contestant], int | None]
    correction: int
    most: int

    def stones(self, a: int | None, b: int | None) -> int:
        """The stones between two levels."""
        if a is None or b is None:
            return 0
        return max(0, min(self.most, abs(a - b) - self.correction))


@dataclass(slots=True)
class Context:
    """What the weights of one round need besides the two participants, with each
    participant's facts computed once (indexed by place in pairing order)."""

    field: Field
    game: str
    seed: int
    method: str
    avoid_club: int = 0
    avoid_country: int = 0
    handicap: HandicapRule | None = None
    position: list[tuple[int, int, int]] = _field(default_factory=list)
    lots: dict[int, tuple[int, ...]] = _field(default_factory=dict)
    steps: list[int] = _field(default_factory=list)
    prefs: list[tuple[int, int]] = _field(default_factory=list)
    as_first: list[colours.Costs] = _field(default_factory=list)
    as_second: list[colours.Costs] = _field(default_factory=list)
    up: list[int] = _field(default_factory=list)
    down: list[int] = _field(default_factory=list)
    club_gap: int = 0
    country_gap: int = 0
    levels: list[int | None] = _field(default_factory=list)
    win_steps: int = 2

    def __post_init__(self) -> None:
        f = self.field
        people = f.contestants
        self.position = [(0, 0, 0)] * len(people)
        for g, members in enumerate(f.groups):
            for k, i in enumerate(members):
                self.position[i] = (g, k, len(members))
            if self.method == "split-and-random":
                self.lots[g] = _lot(self.seed, f.number, members, f)
        self.steps = [f.steps(c.score) for c in people]
        self.prefs = [colours.preference(c.colours) for c in people]
        self.as_first = [colours.cost_of(c.colours, 1) for c in people]
        self.as_second = [colours.cost_of(c.colours, -1) for c in people]
        self.up = [history_cost(c.floats, 1, f.number) for c in people]
        self.down = [history_cost(c.floats, -1, f.number) for c in people]
        if self.handicap is not None:
            self.levels = [self.handicap.level(c) for c in people]
        per_point = int(1 / f.unit)
        self.win_steps = max(1, int(f.win / f.unit))
        self.club_gap = self.avoid_club * per_point
        self.country_gap = self.avoid_country * per_point


def _lot(seed: int, round_no: int, members: Sequence[int], f: Field) -> tuple[int, ...]:
    """The drawn order of the bottom half of a score group (split-and-random)."""
    size = len(members)
    half = size // 2
    key = f"{seed}:random:{round_no}:{f.contestants[members[0]].score}"
    bottom = list(range(half, size))
    bottom.sort(
        key=lambda k: hashlib.sha256(f"{key}:{f.contestants[members[k]].no}".encode()).digest()
    )
    return tuple(bottom)


_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit integer from ``x`` (same on every machine)."""
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & _MASK
    return x ^ (x >> 31)


def tie(seed: int, round_no: int, a: int, b: int) -> int:
    """The lot of a pair (0..15) that orders pairings of equal weight: SplitMix64 of the seed,
    the round and the two numbers (the smaller first), modulo 16.

    >>> tie(0, 1, 3, 7) == tie(0, 1, 7, 3), 0 <= tie(5, 2, 1, 2) < 16
    (True, True)
    """
    low, high = (a, b) if a < b else (b, a)
    return _mix(_mix(_mix(seed & _MASK) ^ round_no) ^ (low << 20 | high)) & 15


def pair_values(ctx: Context, i: int, j: int) -> tuple[Values, tuple[int, int]]:
    """The components of pairing the participants at places ``i < j`` in pairing order, and
    who moves first (``(first, second)`` numbers)."""
    people = ctx.field.contestants
    a, b = people[i], people[j]
    ga, ka, sa = ctx.position[i]
    gb, kb, _ = ctx.position[j]
    si, sj = ctx.steps[i], ctx.steps[j]
    steps = si - sj if si > sj else sj - si
    # Avoiding a same-club (same-country) pair takes two players floating, so two pairs with a
    # score gap: the pair costs a little more than two gaps of avoid_club (avoid_country) points.
    club = 0
    if ctx.club_gap and a.club and a.club == b.club:
        club = 2 * ctx.club_gap * ctx.club_gap + 1
    country = 0
    if ctx.country_gap and a.country and a.country == b.country:
        country = 2 * ctx.country_gap * ctx.country_gap + 1
    stones = ctx.handicap.stones(ctx.levels[i], ctx.levels[j]) if ctx.handicap else 0
    if stones:
        order = (a.no, b.no)  # the handicap decides the colours; no colour cost
        balance = repeat = preference = 0
    else:
        order = colours.allocate(
            a.colours,
            b.colours,
            ctx.seed,
            ctx.field.number,
            (a.no, b.no),
            (ctx.prefs[i], ctx.prefs[j]),
        )
        if order[0] == a.no:
            ca, cb = ctx.as_first[i], ctx.as_second[j]
        else:
            ca, cb = ctx.as_second[i], ctx.as_first[j]
        balance = ca.balance + cb.balance
        repeat = ca.repeat + cb.repeat
        preference = ca.preference + cb.preference
    history = distance = seeding = 0
    if ga == gb:
        seeding = seeding_cost(ctx.method, ka, kb, sa, ctx.lots.get(ga, ()))
    else:
        # i is above j in pairing order, so i floats down and j up
        _, kh, sh = ctx.position[i]
        history = ctx.down[i] + ctx.up[j]
        distance = min(sh - 1 - kh, ORDER_CAP) + min(kb, ORDER_CAP)
    return (
        (
            1 if b.no in a.opponents else 0,
            0,
            balance,
            steps * steps,
            club,
            country,
            0,
            repeat,
            preference,
            history,
            distance,
            seeding,
            0,
            tie(ctx.seed, ctx.field.number, a.no, b.no),
        ),
        order,
    )


def bye_values(ctx: Context, index: int) -> Values:
    """The components of giving the participant at ``index`` in pairing order the bye."""
    c = ctx.field.contestants[index]
    steps = ctx.steps[index] - ctx.steps[-1] if ctx.steps else 0
    from_last = min(len(ctx.steps) - 1 - index, CAP)
    return values(
        repeated_bye=int(c.unearned > 0),
        bye_score=steps * (2 * ctx.win_steps + steps),
        float_history=ctx.down[index],
        bye_strength=from_last * from_last,
        tie=tie(ctx.seed, ctx.field.number, c.no, 0),
    )


def tiers_of(game: str) -> tuple[str, ...]:
    """The tier order of ``game``."""
    return TIERS["go" if game == "go" else "toguz"]


def _summer(game: str) -> Callable[[Values], tuple[int, ...]]:
    """A function summing component values by tier for ``game`` (made once: it is called for
    every edge of the graph)."""
    order = tiers_of(game)
    parts: list[list[tuple[int, int]]] = [[] for _ in order]
    for k, comp in enumerate(COMPONENTS):
        parts[order.index(comp.tier)].append((k, comp.scale))

    def sums(v: Values) -> tuple[int, ...]:
        return tuple(sum(scale * v[k] for k, scale in tier) for tier in parts)

    return sums


_SUMMERS = {game: _summer(game) for game in ("go", "toguz")}


def tier_sums(v: Values, game: str) -> tuple[int, ...]:
    """Component values summed by tier (each with its scale), most important tier first.

    >>> tier_sums(values(rematch=1, seeding=3, float_history=1, float_order=2), "go")
    (1, 0, 0, 258, 0, 3, 0)
    """
    return _SUMMERS["go" if game == "go" else "toguz"](v)


#: Weights stay below this so that rustworkx's integer matching is exact.
LIMIT = 2**118


def multipliers(maxima: Sequence[int], pairs: int) -> tuple[tuple[int, ...], int]:
    """Multipliers of each tier (most important first) so that a tier outweighs every lower one
    over a whole pairing of ``pairs`` pairs, and the total bound ``W``.

    >>> multipliers([1, 3], 2)   # the top tier's 1 outweighs 2 pairs x 3 below it
    ((7, 1), 21)
    """
    mult = [0] * len(maxima)
    bound = 0
    for k in range(len(maxima) - 1, -1, -1):
        mult[k] = bound + 1
        bound += mult[k] * pairs * maxima[k]
    return tuple(mult), bound + 1


def describe(v: Values) -> dict[str, int]:
    """The non-zero components by name."""
    return {name: value for name, value in zip(NAMES, v, strict=True) if value}


__all__ = [
    "BY_NAME",
    "COMPONENTS",
    "NAMES",
    "TIERS",
    "Component",
    "Context",
    "bye_values",
    "describe",
    "multipliers",
    "pair_values",
    "tier_sums",
    "tiers_of",
    "values",
]
