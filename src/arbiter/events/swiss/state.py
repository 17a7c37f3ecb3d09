"""What the pairing of a Swiss or McMahon round knows about each participant.

A :class:`Contestant` is one participant just before round ``number``: its score (points in a
Swiss event, the McMahon score in a McMahon event; provisional results count, seed 002 2.8.8),
the opponents it met over the board, its colours, its floats and its byes. The :class:`Field` is
everyone to pair in the round, in **pairing order**: score (highest first), then strength
(rating, else Go rank), then number. Members of the same score form a **score group**.

Floats are read from the actual results: a participant whose opponent had a higher score before
their round was drawn up (+1), a lower one drawn down (-1); a pairing bye is a draw-down. When a
provisional result is later corrected the scores before the next rounds change, and so the float
is recorded as the seed asks (seed 002 2.8.8).

>>> from arbiter.events.event import Event
>>> e = Event.create("toguz", "swiss", rounds=3)
>>> for n in ("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar"):
...     e, _ = e.add_player(n)
>>> f = field(e, 1)
>>> [c.no for c in f.contestants], f.groups
([1, 2, 3], ((0, 1, 2),))
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.participants import Participant, Player, Team
from arbiter.events.scorecard import Encounter, deductions, encounters
from arbiter.events.standings import starting_scores

#: Encounter kinds that mean the two participants met over the board (no rematch).
MET = frozenset({"game", "void"})


@dataclass(frozen=True, slots=True)
class Contestant:
    """One participant before the round.

    ``colours`` holds ``(round, +1)`` for each game played moving first and ``(round, -1)``
    moving second (handicap games and unplayed games are left out); ``floats`` holds
    ``(round, +1 | -1)`` for each draw-up or draw-down; ``byes`` counts pairing byes and
    ``unearned`` the rounds won without playing (pairing byes, forfeit wins).
    """

    no: int
    score: Fraction
    strength: float
    club: str = ""
    country: str = ""
    rank: int | None = None
    opponents: frozenset[int] = frozenset()
    colours: tuple[tuple[int, int], ...] = ()
    floats: tuple[tuple[int, int], ...] = ()
    byes: int = 0
    unearned: int = 0

    @property
    def balance(self) -> int:
        """Games moving first minus games moving second."""
        return sum(c for _, c in self.colours)


@dataclass(frozen=True, slots=True)
class Field:
    """Everyone to pair in round ``number``, in pairing order, with the score groups.

    ``groups`` holds the indices (into ``contestants``) of each score group, best first;
    ``unit`` is the smallest score step (scores are compared as whole multiples of it); ``win``
    the points of a win.
    """

    number: int
    contestants: tuple[Contestant, ...]
    groups: tuple[tuple[int, ...], ...]
    unit: Fraction
    win: Fraction = Fraction(1)

    def index(self) -> dict[int, int]:
        """Participant number -> index in pairing order."""
        return {c.no: i for i, c in enumerate(self.contestants)}

    def steps(self, score: Fraction) -> int:
        """A score as a whole number of :attr:`unit` steps."""
        return int(score / self.unit)

    def without(self, numbers: Collection[int]) -> Field:
        """The same field without the participants ``numbers`` (groups recomputed)."""
        if not numbers:
            return self
        return _grouped(
            self.number, [c for c in self.contestants if c.no not in numbers], self.unit, self.win
        )


def strength_of(participant: Participant) -> float:
    """A participant's strength for ordering: rating, else the EGF rating of the Go rank, else
    nothing (``-inf``)."""
    if isinstance(participant, Player):
        if participant.rating is not None:
            return float(participant.rating)
        if participant.rank is not None:
            return float(participant.rank.egf_rating())
    return -math.inf


def _origin(participant: Participant) -> tuple[str, str, int | None]:
    """Club, country (compared without case) and Go rank value."""
    if isinstance(participant, Player):
        rank = participant.rank.value if participant.rank is not None else None
        return participant.club.strip().casefold(), participant.country.strip().casefold(), rank
    if isinstance(participant, Team):
        return participant.club.strip().casefold(), participant.country.strip().casefold(), None
    return "", "", None


def histories(event: Competition, upto: int) -> dict[int, tuple[Encounter, ...]]:
    """Each participant's encounters in rounds 1..``upto``."""
    return encounters(event, upto)


def field(event: Competition, number: int, absent: Mapping[int, object] | None = None) -> Field:
    """The field of round ``number``: the participants who play in it (entered, not withdrawn,
    not ``absent``) with their history from the rounds before it."""
    upto = number - 1
    records = encounters(event, upto)
    start = starting_scores(event)
    penalty = deductions(event, upto)
    # running scores before each round, to read the floats
    running: dict[int, list[Fraction]] = {}
    round_down = event.config.round_down
    for no in event.numbers:
        total = start.get(no, Fraction(0))
        games: dict[int, Fraction] = {}
        unplayed: dict[int, Fraction] = {}
        for e in records.get(no, ()):
            into = unplayed if e.opponent is None else games
            into[e.round] = into.get(e.round, Fraction(0)) + e.points
        line = []
        away = Fraction(0)
        for r in range(1, upto + 1):
            line.append(total + _down(away, round_down))
            total += games.get(r, Fraction(0))
            away += unplayed.get(r, Fraction(0))
        line.append(total + _down(away, round_down))
        running[no] = line
    skip = absent or {}
    playing = [no for no in event.active(number) if no not in skip]
    people: list[Contestant] = []
    by_no = {p.no: p for p in event.participants}
    for no in playing:
        recs = records.get(no, ())
        opponents = frozenset(e.opponent for e in recs if e.kind in MET and e.opponent)
        colours = tuple(
            (e.round, 1 if e.first else -1)
            for e in recs
            if e.kind == "game" and e.handicap == 0 and e.first is not None
        )
        floats: list[tuple[int, int]] = []
        for e in recs:
            mine = running[no][e.round - 1]
            if e.kind == "bye":
                floats.append((e.round, -1))
            elif e.opponent is not None and e.opponent in running:
                theirs = running[e.opponent][e.round - 1]
                if theirs != mine:
                    floats.append((e.round, 1 if theirs > mine else -1))
        score = running[no][upto] - penalty.get(no, Fraction(0))
        club, country, rank = _origin(by_no[no])
        people.append(
            Contestant(
                no=no,
                score=score,
                strength=strength_of(by_no[no]),
                club=club,
                country=country,
                rank=rank,
                opponents=opponents,
                colours=colours,
                floats=tuple(floats),
                byes=sum(1 for e in recs if e.kind == "bye"),
                unearned=sum(1 for e in recs if e.kind in ("bye", "forfeit-win")),
            )
        )
    people.sort(key=lambda c: (-c.score, -c.strength, c.no))
    denominators = {c.score.denominator for c in people} | {
        s.denominator for s in _scoring_values(event)
    }
    unit = Fraction(1, math.lcm(*denominators)) if denominators else Fraction(1)
    return _grouped(number, people, unit, _scoring_values(event)[0])


def _grouped(number: int, people: list[Contestant], unit: Fraction, win: Fraction) -> Field:
    groups: list[list[int]] = []
    for i, c in enumerate(people):
        if groups and people[groups[-1][0]].score == c.score:
            groups[-1].append(i)
        else:
            groups.append([i])
    return Field(number, tuple(people), tuple(tuple(g) for g in groups), unit, win)


def _scoring_values(event: Competition) -> tuple[Fraction, ...]:
    cfg = event.config
    scale = cfg.match_points if event.discipline == "team" else cfg.scoring
    return (scale.win, scale.draw, scale.loss, cfg.bye)


def _down(points: Fraction, round_down: bool) -> Fraction:
    """The points of byes and absences so far, rounded down with ``round_down`` (Go): as
    OpenGotha's ``genRoundDownNBWMMS``, which floors these and not the games' points, so that
    a late entrant with a half-point absence is paired at the starting score, not half above."""
    return Fraction(math.floor(points)) if round_down else points
