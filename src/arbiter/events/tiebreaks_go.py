"""OpenGotha's own criteria, one function each, and what the ledger needs for them.

``EXT`` and ``EXR`` (OpenGotha's *exploits tentés* and *exploits réussis*, "exploits tried and
achieved"): for each game, the opponent's number of wins (points) weighted by how hard the game
was, over every game (``EXT``) or the games won (``EXR``). The weight compares the handicap the
participant gave (negative when receiving) with the rank difference: less than it 0, equal 1,
one stone more 2, two or more 3, as OpenGotha's ``Tournament.fillBaseScoringInfo`` computes it.

``CPS`` (OpenGotha's cup score): the running score doubled after each round before the round's
game points are added, ``CPS(r) = 2 × CPS(r − 1) + points(r)`` (a win in an early round weighs
more than all later ones, as in a cup), plus the points of byes and absences so far (rounded
down with ``round_down``).

``RATING``: the participant's rating (without one, the EGF rating of the Go rank).

Games without a result and rounds without any game or bye count in ``SOS`` and ``SOSOS`` by
the ``egf`` policy as OpenGotha counts them (:func:`pending_encounters`,
:mod:`arbiter.events.unplayed`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Protocol

from arbiter.events.competition import Competition
from arbiter.events.participants import Player
from arbiter.events.results import SIDES
from arbiter.events.scorecard import Encounter
from arbiter.events.unplayed import Ledger

ZERO = Fraction(0)


class HasLedger(Protocol):
    """What these criteria read of the tiebreak context."""

    @property
    def ledger(self) -> Ledger:
        """The ledger of encounters and scores."""
        ...


def pending_encounters(event: Competition, upto: int) -> dict[int, list[Encounter]]:
    """Zero-point games for the games of rounds 1..``upto`` without a result: OpenGotha counts
    a paired player's opponent in SOS whatever the result (``Game.RESULT_UNKNOWN`` scores
    nothing but the round is ``PAIRED``)."""
    out: dict[int, list[Encounter]] = {}
    if event.discipline != "individual":
        return out
    for rnd in event.rounds[:upto]:
        for g in rnd.games:
            if g.result is not None:
                continue
            for side in SIDES:
                mine = g.participant_of(side)
                signed = g.handicap if side == "black" else -g.handicap
                out.setdefault(mine, []).append(
                    Encounter(
                        rnd.number, g.opponent_of(mine), "game", "loss", ZERO, ZERO, handicap=signed
                    )
                )
    return out


def ranks_and_ratings(event: Competition) -> tuple[dict[int, int], dict[int, int]]:
    """Each player's Go rank value (1d is 0, 1k is −1, as OpenGotha's scale) and rating (the
    rank's EGF rating without one), by number."""
    ranks: dict[int, int] = {}
    ratings: dict[int, int] = {}
    for p in event.participants:
        if not isinstance(p, Player):
            continue
        if p.rank is not None:
            ranks[p.no] = min(p.rank.value, 8)  # OpenGotha's ranks stop at 9d
        if p.rating is not None:
            ratings[p.no] = p.rating
        elif p.rank is not None:
            ratings[p.no] = p.rank.egf_rating()
    return ranks, ratings


def with_pending(
    records: Mapping[int, tuple[Encounter, ...]], pending: Mapping[int, list[Encounter]]
) -> dict[int, tuple[Encounter, ...]]:
    """``records`` with the ``pending`` encounters merged in round order."""
    out = dict(records)
    for no, extra in pending.items():
        out[no] = tuple(sorted((*out.get(no, ()), *extra), key=lambda e: e.round))
    return out


def _weight(ledger: Ledger, no: int, enc: Encounter) -> int:
    assert enc.opponent is not None
    given = -enc.handicap  # the handicap given: positive as White, negative as Black
    natural = ledger.ranks.get(no, -30) - ledger.ranks.get(enc.opponent, -30)
    gap = given - natural
    return 0 if gap < 0 else min(gap + 1, 3)


def _exploits(ctx: HasLedger, no: int, won_only: bool) -> Fraction:
    ledger = ctx.ledger
    total = ZERO
    for enc in ledger.counted(no):
        if enc.opponent is None or (won_only and enc.outcome != "win"):
            continue
        total += ledger.total(enc.opponent, "points") * _weight(ledger, no, enc)
    return total


def exploits_tried(ctx: HasLedger, no: int, group: frozenset[int]) -> Fraction:
    """EXT: the opponents' wins, each weighted by how hard the game was."""
    return _exploits(ctx, no, won_only=False)


def exploits_achieved(ctx: HasLedger, no: int, group: frozenset[int]) -> Fraction:
    """EXR: as EXT, over the games won."""
    return _exploits(ctx, no, won_only=True)


def cup_score(ctx: HasLedger, no: int, group: frozenset[int]) -> Fraction:
    """CPS: the cup score, doubled each round before its points are added."""
    ledger = ctx.ledger
    games, unplayed = ZERO, ZERO
    records = ledger.records.get(no, ())
    for r in range(1, ledger.played_rounds + 1):
        games *= 2
        for e in records:
            if e.round != r or not e.counts:
                continue
            if e.opponent is None:
                unplayed += e.points
            else:
                games += e.points
    if ledger.round_down:
        unplayed = Fraction(math.floor(unplayed))
    return games + unplayed


def rating(ctx: HasLedger, no: int, group: frozenset[int]) -> Fraction:
    """RATING: the participant's rating (the Go rank's EGF rating without one)."""
    return Fraction(ctx.ledger.ratings.get(no, -900))
