"""The Swiss and McMahon pairing systems (seed 002 2.8.4–2.8.9).

Both pair each round by a maximum-weight matching over the participants who play in it, with
the weights of :mod:`arbiter.events.swiss.weights` (or OpenGotha's cost function with
``pairing_weights=opengotha``). McMahon is Swiss with starting scores from the ranks (spec
**D**: ``clamp(rank, floor, bar) + 30`` plus the player's correction), so both share one engine;
they differ in their defaults (seeding, same-club avoidance, tiebreaks).

>>> from arbiter.events.event import Event
>>> e = Event.create("toguz", "swiss", rounds=3)
>>> for i, n in enumerate(("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar", "Duisheeva Elnura")):
...     e, _ = e.add_player(n, rating=2000 - 100 * i)
>>> e = e.pair_next_round()
>>> sorted(sorted((g.white, g.black)) for g in e.rounds[0].games)   # split-and-slip: 1-3, 2-4
[[1, 3], [2, 4]]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter.events.errors import PairingError
from arbiter.events.rounds import Bye, ByeKind
from arbiter.events.swiss import colours
from arbiter.events.swiss.graph import solve
from arbiter.events.swiss.proposal import Proposal, ProposedPair, bye_points, requested_and_absent
from arbiter.events.swiss.state import Contestant, Field, field
from arbiter.events.swiss.weights import Context, HandicapRule, Values
from arbiter.events.systems.plan import RoundPlan
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
    from arbiter.events.results import Result
    from arbiter.events.rounds import Game

__all__ = [
    "Progress",
    "Proposal",
    "ProposedPair",
    "SwissSystem",
    "context",
    "handicap_rule",
    "listening",
    "propose",
    "report",
]

Progress = Callable[[str], None]

_progress_hooks: list[Progress] = []


def report(stage: str) -> None:
    """Tell whoever listens (a progress bar) what the pairing is doing."""
    for hook in _progress_hooks:
        hook(stage)


class listening:
    """A context in which :func:`report` calls ``hook`` (the command line's progress bar)."""

    def __init__(self, hook: Progress) -> None:
        self.hook = hook

    def __enter__(self) -> None:
        _progress_hooks.append(self.hook)

    def __exit__(self, *exc: object) -> None:
        _progress_hooks.remove(self.hook)


def handicap_rule(event: Competition) -> HandicapRule | None:
    """The event's handicap rule for the weights (``None``: even games): McMahon scores count
    for ``handicap=mms`` (as :func:`arbiter.events.handicap.mms_handicap`), ranks for ``rank``
    (as :func:`arbiter.events.handicap.rank_handicap`)."""
    cfg = event.config
    if event.game != "go" or event.discipline != "individual":
        return None
    policy = cfg.handicap
    if policy not in ("mms", "rank"):
        return None
    threshold = cfg.handicap_threshold.value

    def by_mms(c: Contestant) -> int | None:
        return min(math.floor(c.score) - 30, threshold)

    def by_rank(c: Contestant) -> int | None:
        return None if c.rank is None else min(c.rank, threshold)

    return HandicapRule(
        by_mms if policy == "mms" else by_rank, cfg.handicap_correction, cfg.handicap_max
    )


def context(event: Competition, f: Field) -> Context:
    """The weights' context of a round."""
    cfg = event.config
    return Context(
        field=f,
        game=event.game,
        seed=cfg.seed,
        method=cfg.pairing_seeding(f.number),
        avoid_club=cfg.avoid_club,
        avoid_country=cfg.avoid_country,
        handicap=handicap_rule(event),
    )


def propose(
    event: Competition,
    number: int,
    *,
    absent: Mapping[int, ByeKind] | None = None,
    fixed: Sequence[tuple[int, int]] = (),
    forbidden: Sequence[tuple[int, int]] = (),
    graph: str = "auto",
) -> Proposal:
    """The proposed pairing of round ``number`` of a Swiss or McMahon event.

    ``absent`` maps participants who skip the round to their bye (``half``, ``zero``,
    ``absent``); ``fixed`` pairs are kept as they are (manual edits); ``forbidden`` pairs never
    meet; ``graph`` chooses the matching graph (``auto``, ``restricted``, ``full``).
    """
    if event.config.opengotha_version is not None:
        from arbiter.events.swiss.opengotha_costs.pairing import propose_opengotha

        return propose_opengotha(event, number, absent=absent, graph=graph)
    skip = dict(absent or {})
    active = set(event.active(number))
    for no in skip:
        if no not in active:
            raise PairingError(f"{event.name_of(no)} does not play in round {number} anyway")
    fixed_numbers = [no for pair in fixed for no in pair]
    if len(set(fixed_numbers)) != len(fixed_numbers):
        raise PairingError("a participant is in two fixed pairs")
    for no in fixed_numbers:
        if no not in active or no in skip:
            raise PairingError(f"{event.name_of(no)} does not play in round {number}")
    report("reading the event")
    whole = field(event, number, skip)
    order = whole.index()
    rest = whole.without(set(fixed_numbers))
    ctx = context(event, rest)
    report(f"pairing {len(rest.contestants)} participants")
    solution = solve(ctx, forbidden=[frozenset(p) for p in forbidden], graph=graph, progress=report)
    people = rest.contestants
    found: list[tuple[int, int, int, Values | None, bool]] = []
    for pair in solution.pairs:
        first, second = solution.orders[pair]
        key = min(order[first], order[second])
        found.append((key, first, second, solution.values[pair], False))
    by_no = {c.no: c for c in whole.contestants}
    for a, b in fixed:
        ca, cb = by_no[a], by_no[b]
        if order[a] > order[b]:
            ca, cb = cb, ca
        first, second = colours.allocate(
            ca.colours, cb.colours, event.config.seed, number, (ca.no, cb.no)
        )
        found.append((min(order[a], order[b]), first, second, None, True))
    found.sort()
    pairs = tuple(
        ProposedPair(t, first, second, v, is_fixed)
        for t, (_, first, second, v, is_fixed) in enumerate(found, start=1)
    )
    byes: list[Bye] = []
    if solution.bye is not None:
        byes.append(Bye(people[solution.bye].no, "bye", bye_points(event, "bye")))
    byes.extend(requested_and_absent(event, number, skip))
    return Proposal(number, pairs, tuple(byes), solution.bye_value, solution, whole)


class SwissSystem:
    """Swiss (``swiss``) or McMahon (``mcmahon``) pairing by maximum-weight matching."""

    def __init__(self, name: str) -> None:
        self.name = name

    def check(self, event: Competition) -> None:
        """Swiss and McMahon need the number of rounds."""
        if event.config.rounds is None:
            raise PairingError(
                N_(
                    "set the number of rounds of the {system} event first "
                    "(arbiter event set --file F rounds=N)"
                ),
                system=self.name,
            )
        if len(event.active(1)) < 2:
            raise PairingError(N_("at least two participants are needed to pair a round"))

    def start_order(self, event: Competition) -> tuple[int, ...]:
        """The initial ranking: strength (rating, else rank), then number."""
        return tuple(c.no for c in field(event, 1).contestants)

    def planned_rounds(self, event: Competition) -> int:
        """The ``rounds`` setting."""
        return event.config.rounds or 0

    def pair(self, event: Competition, number: int) -> RoundPlan:
        """The next round's plan."""
        return propose(event, number).plan()

    def finished(self, event: Competition) -> bool:
        """All rounds are paired."""
        return len(event.rounds) >= self.planned_rounds(event)

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        """Standings go by points."""
        return None

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        """Corrections are always allowed: later rounds keep their pairing, and the next
        pairing uses the corrected scores (seed 002 2.8.8)."""
        return None
