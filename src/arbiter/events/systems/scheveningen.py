"""Scheveningen (seed 002 2.8.3): every player of one group meets every player of the other.

Group 1 is the smaller group (of equal groups, the first). Rounds: the size of the larger group.
In round r, player i of group 1 meets player ((i + r − 2) mod m) + 1 of group 2 (m: the size
of group 2) at table i; players of a larger group 2 who meet nobody rest. **D** the seed does not
give colours: group 1's player moves first when i + r is even, so colours alternate by round
and by table.

Individual events: the groups are the ``groups`` setting, or by number (the first half, the
rest). A team event by this system is one team match between two teams (seed 002 2.1.5): the
teams' players (board order) are the groups; the match is at table 1, each game at the board of
its group-1 player; the match result is the number of games won.

>>> schedule(2, 3)
[[(1, 1, True), (2, 2, False)], [(1, 2, False), (2, 3, True)], [(1, 3, True), (2, 1, False)]]
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter.events.errors import PairingError
from arbiter.events.rounds import Bye
from arbiter.events.systems.plan import Meeting, RoundPlan, active_numbers

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
    from arbiter.events.results import Result
    from arbiter.events.rounds import Game


def schedule(m1: int, m2: int) -> list[list[tuple[int, int, bool]]]:
    """Rounds of (group-1 index, group-2 index, group 1 moves first), 1-based, for groups of
    ``m1`` ≤ ``m2`` players."""
    if not 1 <= m1 <= m2:
        raise ValueError("group 1 is the smaller group and neither is empty")
    return [
        [(i, (i + r - 2) % m2 + 1, (i + r) % 2 == 0) for i in range(1, m1 + 1)]
        for r in range(1, m2 + 1)
    ]


class Scheveningen:
    """Two groups, each player meeting the other group once."""

    name = "scheveningen"

    def groups(self, event: Competition) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The two groups, group 1 first (participant numbers; player numbers in a team match)."""
        if event.discipline == "team":
            if len(event.teams) != 2:
                raise PairingError(
                    f"a Scheveningen team match is between two teams, not {len(event.teams)}"
                )
            a, b = event.teams
            first, second = (a, b) if len(a.players) <= len(b.players) else (b, a)
            return first.players, second.players
        numbers = event.seeding if event.seeding else active_numbers(event)
        chosen = event.config.groups
        if chosen is None:
            half = len(numbers) // 2
            g1, g2 = numbers[:half], numbers[half:]
        else:
            g1, g2 = chosen
            listed = set(g1) | set(g2)
            if listed != set(numbers):
                missing = sorted(set(numbers) - listed)
                extra = sorted(listed - set(numbers))
                detail = f"missing {missing}" if missing else f"not playing {extra}"
                raise PairingError(
                    f"the Scheveningen groups must hold every participant once ({detail})"
                )
        if not g1 or not g2:
            raise PairingError("each Scheveningen group needs at least one participant")
        return (g1, g2) if len(g1) <= len(g2) else (g2, g1)

    def group_of(self, event: Competition, no: int) -> int:
        """1 or 2: the group of participant ``no`` (individual events)."""
        g1, _g2 = self.groups(event)
        return 1 if no in g1 else 2

    def check(self, event: Competition) -> None:
        self.groups(event)

    def start_order(self, event: Competition) -> tuple[int, ...]:
        return (
            tuple(t.no for t in event.teams)
            if event.discipline == "team"
            else active_numbers(event)
        )

    def planned_rounds(self, event: Competition) -> int:
        try:
            _g1, g2 = self.groups(event)
        except PairingError:
            return 0
        return len(g2)

    def pair(self, event: Competition, number: int) -> RoundPlan:
        g1, g2 = self.groups(event)
        if number > len(g2):
            raise PairingError(f"all {len(g2)} rounds of the Scheveningen are paired")
        meetings: list[Meeting] = []
        met: set[int] = set()
        team = event.discipline == "team"
        if team:
            t1 = next(t for t in event.teams if t.players == g1)
            t2 = next(t for t in event.teams if t.players == g2 and t.no != t1.no)
        for i, j, first in schedule(len(g1), len(g2))[number - 1]:
            a, b = g1[i - 1], g2[j - 1]
            met.add(b)
            if team:
                pa, pb = (t1.no, t2.no) if first else (t2.no, t1.no)
                players = (a, b) if first else (b, a)
                meetings.append(
                    Meeting(1, pa, pb, board=i, first_player=players[0], second_player=players[1])
                )
            else:
                meetings.append(Meeting(i, a, b) if first else Meeting(i, b, a))
        byes = () if team else tuple(Bye(no, "rest", Fraction(0)) for no in g2 if no not in met)
        return RoundPlan(tuple(meetings), byes)

    def finished(self, event: Competition) -> bool:
        return bool(event.rounds) and len(event.rounds) >= self.planned_rounds(event)

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        return None

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        return None
