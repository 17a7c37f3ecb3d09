"""Round robin, single and double, by the seed's table (seed 002 2.8.1).

Numbers 1..N of the table (N = n, or n + 1 with a dummy last number when n is odd: whoever
meets the dummy rests). Round r pairs every i, j < N with i + j ≡ r + 1 (mod N − 1): the
diagonals of the crosstable moving one cell down each round; N meets the player whose diagonal
leads onto itself (2i ≡ r + 1). Colours (who moves first: Go's Black, Toguz Korgool's White,
FIDE's White): N moves first against the second half of the table (i > N/2) and second
otherwise; in every other pair the lower number moves first when the sum is odd.

This is the Berger table: the same pairs in the same rounds, with the same first mover, as
FIDE's Berger tables. Tables are numbered in FIDE's board order: board 1 is N's game; board k
holds the player ``((k − 1) + (r − 1)·N/2) mod (N − 1) + 1``, which is where FIDE's rotation by
N/2 takes number k of round 1. A resting player's table is left out and the others close up.

Double round robin: the second cycle repeats the first with colours reversed.

>>> [[(a, b) for a, b, _ in rnd] for rnd in berger_table(4)]
[[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
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

#: One round of the table: (first mover, second mover, board) by table number.
TableRound = list[tuple[int, int, int]]


def table_size(n: int) -> int:
    """N: the number of table places for ``n`` participants (a dummy makes it even)."""
    return n + n % 2


def berger_round(n: int, r: int) -> TableRound:
    """Round ``r`` (1..N−1) of the table for ``n`` participants: (first, second, board) in
    board order, the dummy's game included (the dummy is number N when ``n`` is odd).

    >>> berger_round(6, 2)
    [(6, 4, 1), (5, 3, 2), (1, 2, 3)]
    """
    big = table_size(n)
    m = big - 1
    if not 1 <= r <= m:
        raise ValueError(f"a table for {n} has rounds 1 to {m}")
    target = (r + 1) % m
    games: list[tuple[int, int]] = []
    for i in range(1, big):
        if (2 * i) % m == target:
            games.append((big, i) if i > big // 2 else (i, big))
        for j in range(i + 1, big):
            if (i + j) % m == target:
                games.append((i, j) if (i + j) % 2 == 1 else (j, i))
    board_of: dict[int, int] = {}
    for k in range(2, big // 2 + 1):
        board_of[((k - 1) + (r - 1) * (big // 2)) % m + 1] = k
    ordered: list[tuple[int, int, int]] = []
    for a, b in games:
        if big in (a, b):
            ordered.append((a, b, 1))
        else:
            ordered.append((a, b, board_of.get(a) or board_of[b]))
    ordered.sort(key=lambda g: g[2])
    return ordered


def berger_table(n: int) -> list[TableRound]:
    """Every round of the table for ``n`` participants."""
    return [berger_round(n, r) for r in range(1, table_size(n))]


class RoundRobin:
    """Round robin (``double``: two cycles, colours reversed in the second)."""

    def __init__(self, *, double: bool) -> None:
        self.double = double
        self.name = "double-round-robin" if double else "round-robin"

    def check(self, event: Competition) -> None:
        active_numbers(event)

    def start_order(self, event: Competition) -> tuple[int, ...]:
        return active_numbers(event)

    def _places(self, event: Competition) -> tuple[int, ...]:
        return event.seeding if event.seeding else active_numbers(event)

    def planned_rounds(self, event: Competition) -> int:
        n = len(self._places(event)) if event.seeding or len(event.active(1)) >= 2 else 0
        if n < 2:
            return 0
        cycle = table_size(n) - 1
        return 2 * cycle if self.double else cycle

    def pair(self, event: Competition, number: int) -> RoundPlan:
        places = self._places(event)
        n = len(places)
        cycle = table_size(n) - 1
        if number > self.planned_rounds(event):
            raise PairingError(
                f"all {self.planned_rounds(event)} rounds of the round robin are paired"
            )
        reverse = number > cycle
        base = number - cycle if reverse else number
        meetings: list[Meeting] = []
        byes: list[Bye] = []
        for first, second, _board in berger_round(n, base):
            if first > n or second > n:
                resting = places[(second if first > n else first) - 1]
                byes.append(Bye(resting, "rest", Fraction(0)))
                continue
            a, b = places[first - 1], places[second - 1]
            if reverse:
                a, b = b, a
            meetings.append(Meeting(len(meetings) + 1, a, b))
        return RoundPlan(tuple(meetings), tuple(byes))

    def finished(self, event: Competition) -> bool:
        return bool(event.rounds) and len(event.rounds) >= self.planned_rounds(event)

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        return None

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        return None
