"""Standings: participants ordered by points and the event's tiebreaks, with places.

The order is the event's ``tiebreaks`` setting; when it does not start with the points (``PTS``;
``MP`` in team events; ``MMS`` in McMahon) the points come first. Participants are split by the
first criterion, each tied group by the next, and so on; head-to-head (``DE``) is computed
within the group tied at that point. Places are 1, 2, 3, … in that order; ``shared`` marks a
participant tied on every criterion with a neighbour (tied participants are listed by number).

A criterion that sums korgools (``KLG``, seed 000 10.2) does not split a tied group in which a
lost game has no korgool count: a missing count is not 0, so the group stays tied there (its
members share the place) and :attr:`Standings.korgools_needed` names the games to complete.

Knockout systems order by the bracket (final places; participants eliminated at the same stage
share a place) and report the tiebreaks without using them.

Scheveningen events with ``group_standings`` rank each group apart (seed 002 2.8.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.korgool_counts import count_missing
from arbiter.events.results import SIDES
from arbiter.events.rounds import Game
from arbiter.events.scorecard import deductions, encounters, starting_scores
from arbiter.events.settings import BRACKET_SYSTEMS
from arbiter.events.systems.schedules import bracket_classes, planned_rounds
from arbiter.events.systems.scheveningen import Scheveningen
from arbiter.events.teams import board_count
from arbiter.events.tiebreak_codes import GROUP_RELATIVE, PRIMARY
from arbiter.events.tiebreaks import TIEBREAKS, Context, Value
from arbiter.events.tiebreaks_go import pending_encounters, ranks_and_ratings, with_pending
from arbiter.events.unplayed import Ledger

Json = dict[str, object]


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings."""

    place: int
    no: int
    name: str
    points: Fraction
    tiebreaks: tuple[tuple[str, Value], ...]
    shared: bool
    group: int | None = None
    provisional: bool = False

    def value(self, code: str) -> Value:
        """The value of criterion ``code``."""
        for c, v in self.tiebreaks:
            if c == code:
                return v
        raise KeyError(code)

    def to_json(self) -> Json:
        """The row as the command line prints it with ``--format json``."""
        doc: Json = {
            "place": self.place,
            "no": self.no,
            "name": self.name,
            "points": float(self.points),
            "tiebreaks": {code: _json_value(v) for code, v in self.tiebreaks},
            "shared": self.shared,
        }
        if self.group is not None:
            doc["group"] = self.group
        if self.provisional:
            doc["provisional"] = True
        return doc


def _json_value(value: Value) -> object:
    if isinstance(value, tuple):
        return [float(v) for v in value]
    return float(value)


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings after round ``after_round``: ``order`` is every criterion used, the points
    first; ``rows`` in place order; ``korgools_needed`` the lost games without a korgool count
    that kept a tied group from being split by a criterion that sums korgools."""

    after_round: int
    order: tuple[str, ...]
    rows: tuple[Row, ...]
    korgools_needed: tuple[Game, ...] = ()
    #: The participants of the tied groups a korgool sum could not split (a count missing).
    undecided: frozenset[int] = frozenset()

    def to_json(self) -> list[Json]:
        """The rows as JSON objects."""
        return [row.to_json() for row in self.rows]

    def row(self, no: int) -> Row:
        """The row of participant ``no``."""
        for r in self.rows:
            if r.no == no:
                return r
        raise KeyError(no)


def criteria(event: Competition) -> tuple[str, ...]:
    """The event's ranking criteria, the points first."""
    order = event.config.tiebreaks
    primary = "MP" if event.discipline == "team" else "PTS"
    if event.system in BRACKET_SYSTEMS:
        return order
    if order and (order[0] in PRIMARY or order[0] in ("MMS", "CPS")):
        # the McMahon score, or OpenGotha's cup score, is a main score of its own
        return order
    return (primary, *order)


def context(event: Competition, upto: int) -> Context:
    """The tiebreak context of the event after round ``upto``."""
    cfg = event.config
    records = encounters(event, upto)
    if cfg.unplayed == "egf":
        records = with_pending(records, pending_encounters(event, upto))
    ranks, ratings = ranks_and_ratings(event)
    planned = max(planned_rounds(event), upto, cfg.rounds or 0)
    gp_draw = cfg.scoring.draw * (board_count(event) if event.discipline == "team" else 1)
    draw = cfg.match_points.draw if event.discipline == "team" else cfg.scoring.draw
    win = cfg.match_points.win if event.discipline == "team" else cfg.scoring.win
    team = event.discipline == "team"
    penalty = deductions(event, upto)
    ledger = Ledger(
        records=records,
        deduction={} if team else penalty,
        gp_deduction=penalty if team else {},
        start=starting_scores(event),
        policy=cfg.unplayed,
        system=event.system,
        rounds=planned,
        played_rounds=upto,
        win=win,
        draw=draw,
        gp_draw=gp_draw,
        round_down=cfg.round_down,
        ranks=ranks,
        ratings=ratings,
    )
    return Context(ledger, event.numbers, event.discipline == "team")


def standings(event: Competition, after_round: int | None = None) -> Standings:
    """The standings after round ``after_round`` (default: every paired round)."""
    upto = len(event.rounds) if after_round is None else after_round
    if not 0 <= upto <= len(event.rounds):
        raise ValueError(f"after_round must be between 0 and {len(event.rounds)}")
    ctx = context(event, upto)
    order = criteria(event)
    provisional = {no: any(e.provisional for e in recs) for no, recs in ctx.ledger.records.items()}
    if event.system in BRACKET_SYSTEMS:
        return _bracket_standings(event, ctx, order, upto, provisional)
    groups: list[tuple[int | None, tuple[int, ...]]]
    if (
        event.system == "scheveningen"
        and event.config.group_standings
        and event.discipline != "team"
        and event.seeding
    ):
        g1, g2 = Scheveningen().groups(event)
        groups = [(1, g1), (2, g2)]
    else:
        groups = [(None, event.numbers)]
    rows: list[Row] = []
    stopped: set[int] = set()
    for group_no, members in groups:
        values: dict[int, dict[str, Value]] = {no: {} for no in members}
        buckets = _rank(ctx, order, 0, tuple(sorted(members)), values, stopped)
        place = 1
        for bucket in buckets:
            for no in bucket:
                for code in order:
                    if code not in values[no]:
                        values[no][code] = TIEBREAKS[code](ctx, no, frozenset({no}))
                rows.append(
                    Row(
                        place,
                        no,
                        event.name_of(no),
                        ctx.ledger.total(no, "points"),
                        tuple((c, values[no][c]) for c in order if c not in PRIMARY),
                        len(bucket) > 1,
                        group_no,
                        provisional.get(no, False),
                    )
                )
                place += 1
    return Standings(upto, order, tuple(rows), _missing(event, upto, stopped), frozenset(stopped))


#: The criteria that sum korgool counts.
KORGOOL_SUMS = frozenset({"KLG"})


def _missing(event: Competition, upto: int, members: set[int]) -> tuple[Game, ...]:
    """The games of rounds 1..``upto`` that ``members`` lost without a korgool count."""
    if not members:
        return ()
    return tuple(
        g
        for rnd in event.rounds[:upto]
        for g in rnd.games
        if g.result is not None
        and any(
            g.participant_of(side) in members and count_missing(g.result, side) for side in SIDES
        )
    )


def _rank(
    ctx: Context,
    order: tuple[str, ...],
    index: int,
    members: tuple[int, ...],
    values: dict[int, dict[str, Value]],
    stopped: set[int],
) -> list[tuple[int, ...]]:
    """Split ``members`` by the criteria from ``order[index]`` on, best first; a group that a
    korgool sum would split while a count is missing stays whole, its members in ``stopped``."""
    if len(members) == 1 or index == len(order):
        return [members]
    code = order[index]
    if code in KORGOOL_SUMS and any(
        e.korgools_missing for no in members for e in ctx.ledger.counted(no)
    ):
        stopped.update(members)
        return [members]
    group = frozenset(members)
    for no in members:
        if code in GROUP_RELATIVE or code not in values[no]:
            values[no][code] = TIEBREAKS[code](ctx, no, group)
    distinct = sorted({_key(values[no][code]) for no in members}, reverse=True)
    result: list[tuple[int, ...]] = []
    for key in distinct:
        bucket = tuple(no for no in members if _key(values[no][code]) == key)
        result.extend(_rank(ctx, order, index + 1, bucket, values, stopped))
    return result


def _key(value: Value) -> tuple[Fraction, ...]:
    return value if isinstance(value, tuple) else (value,)


def _bracket_standings(
    event: Competition,
    ctx: Context,
    order: tuple[str, ...],
    upto: int,
    provisional: dict[int, bool],
) -> Standings:
    classes = bracket_classes(event, upto) or {}
    seeds = {no: i for i, no in enumerate(event.seeding)}
    numbers = sorted(
        event.numbers, key=lambda no: (classes.get(no, Fraction(10**9)), seeds.get(no, 10**6), no)
    )
    rows: list[Row] = []
    for place, no in enumerate(numbers, start=1):
        mine = classes.get(no, Fraction(10**9))
        tied = sum(1 for other in numbers if classes.get(other, Fraction(10**9)) == mine) > 1
        rows.append(
            Row(
                place,
                no,
                event.name_of(no),
                ctx.ledger.total(no, "points"),
                tuple(
                    (c, TIEBREAKS[c](ctx, no, frozenset({no}))) for c in order if c not in PRIMARY
                ),
                tied,
                None,
                provisional.get(no, False),
            )
        )
    return Standings(upto, order, tuple(rows))


__all__ = ["Row", "Standings", "criteria", "standings", "starting_scores"]
