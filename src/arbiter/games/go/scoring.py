"""Counting a finished game: territory, prisoners, stones, komi, penalties (seed 1.11–1.15).

Territory is what seed 002 1.11 defines: every empty region (including the points freed by
removing dead stones) whose neighbours are stones of one colour only, so eyes inside a seki count
for their owner, and regions touching both colours (dame, shared liberties) count for nobody.

>>> from arbiter.games.go.position import Position
>>> from arbiter.games.go.rules import Rules
>>> pos = Position.setup(5, black=["C1", "C2", "C3", "C4", "C5"], rules=Rules.chinese(komi=0))
>>> score = count(pos)
>>> score.territory, score.stones, str(score.result)
(Tally(black=20, white=0), Tally(black=5, white=0), 'B+25')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, cast

from arbiter.errors import ArbiterError
from arbiter.games.go.board import BLACK, EMPTY, WHITE, region_at
from arbiter.games.go.color import Color
from arbiter.games.go.coords import Point
from arbiter.games.go.position import Position
from arbiter.games.go.result import Result
from arbiter.games.go.rules import Rules


class ScoringError(ArbiterError):
    """A count that cannot be made as asked."""


class Tally(NamedTuple):
    """A number for each side."""

    black: float
    white: float


@dataclass(frozen=True, slots=True)
class Score:
    """The count of a position (seed 1.11–1.15); ``result`` follows from ``total``.

    ``prisoners`` are the opponent's stones each side captured during play plus the opponent's
    dead stones removed at the end; ``stones`` are each side's stones left on the board.
    ``points`` is territory + prisoners (Japanese) or territory + stones (Chinese), plus White's
    handicap compensation when the rules ask for it; ``total`` subtracts komi from Black and
    each side's penalties.
    """

    rules: Rules
    territory: Tally
    prisoners: Tally
    stones: Tally
    dead: Tally
    compensation: float
    penalties: Tally
    points: Tally
    total: Tally
    result: Result

    def summary(self) -> str:
        """One line per side, e.g. ``Black: 45 territory + 3 prisoners - 6.5 komi = 41.5``."""
        from arbiter.games.go.result import format_points as f

        lines = []
        for side, i in (("Black", 0), ("White", 1)):
            parts = [f"{f(self.territory[i])} territory"]
            if self.rules.scoring == "japanese":
                parts.append(f"{f(self.prisoners[i])} prisoners")
            else:
                parts.append(f"{f(self.stones[i])} stones")
            text = " + ".join(parts)
            if i == 1 and self.compensation:
                text += f" + {f(self.compensation)} compensation"
            if i == 0 and self.rules.komi:
                text += f" {'-' if self.rules.komi > 0 else '+'} {f(abs(self.rules.komi))} komi"
            if self.penalties[i]:
                text += f" - {f(self.penalties[i])} penalty"
            lines.append(f"{side}: {text} = {f(self.total[i])}")
        lines.append(f"Result: {self.result}")
        return "\n".join(lines)


def _without_dead(position: Position, dead: frozenset[int] | None) -> tuple[bytearray, list[int]]:
    """The board with the dead stones taken off, and how many of each colour were taken."""
    board = bytearray(position._b)
    dead_count = [0, 0, 0]
    for i in position._dead if dead is None else dead:
        v = board[i]
        if v in (BLACK, WHITE):
            dead_count[v] += 1
            board[i] = EMPTY
    return board, dead_count


def _owned(position: Position, board: bytearray) -> list[tuple[int, int]]:
    """Every empty point of ``board`` that is one colour's territory, with that colour."""
    g = position._g
    owned: list[tuple[int, int]] = []
    seen: set[int] = set()
    for i in g.points:
        if board[i] == EMPTY and i not in seen:
            region, borders = region_at(board, i, g.neighbours)
            seen.update(region)
            if borders in (BLACK, WHITE):
                owned.extend((j, borders) for j in region)
    return owned


def territory(position: Position) -> tuple[tuple[Point, Color], ...]:
    """The points each colour counts as territory, with the marked dead stones taken off (the
    points under dead stones included), in board order: what a board marks after the count.

    >>> from arbiter.games.go.rules import Rules
    >>> pos = Position.setup(5, black=["C1", "C2", "C3", "C4", "C5"], rules=Rules.chinese())
    >>> marks = territory(pos)
    >>> len(marks), marks[0][0].gtp(), marks[0][1]
    (20, 'A1', 'black')
    """
    board, _ = _without_dead(position, None)
    at = position._g.point_at
    names: dict[int, Color] = {BLACK: "black", WHITE: "white"}
    marks = [(cast(Point, at[i]), names[o]) for i, o in _owned(position, board)]
    return tuple(sorted(marks, key=_order))


def _order(mark: tuple[Point, Color]) -> tuple[int, int]:
    point = mark[0]
    return (point.row, point.col)


def count(
    position: Position,
    *,
    rules: Rules | None = None,
    dead: frozenset[int] | None = None,
    penalties: tuple[float, float] = (0, 0),
) -> Score:
    """Count ``position`` with its marked dead stones removed (or ``dead``, board indices).

    ``rules`` replaces the position's rules (e.g. another komi); ``penalties`` are the points
    referees took from Black and from White (seed 1.14).
    """
    rules = rules or position.rules
    board, dead_count = _without_dead(position, dead)
    territory = [0, 0, 0]
    stones = [0, 0, 0]
    for v in board:
        if v in (BLACK, WHITE):
            stones[v] += 1
    for _i, owner in _owned(position, board):
        territory[owner] += 1
    if len(penalties) != 2 or any(p < 0 for p in penalties):
        raise ScoringError(f"penalties are two numbers of points, not {penalties!r}")
    prisoners = Tally(
        position.captures("black") + dead_count[WHITE],
        position.captures("white") + dead_count[BLACK],
    )
    compensation = 0.0
    if rules.scoring == "japanese":
        points = Tally(territory[BLACK] + prisoners.black, territory[WHITE] + prisoners.white)
    else:
        if rules.handicap_compensation and position.handicap > 1:
            compensation = float(position.handicap - 1)
        points = Tally(
            territory[BLACK] + stones[BLACK], territory[WHITE] + stones[WHITE] + compensation
        )
    total = Tally(
        points.black - rules.komi - penalties[0],
        points.white - penalties[1],
    )
    return Score(
        rules=rules,
        territory=Tally(territory[BLACK], territory[WHITE]),
        prisoners=prisoners,
        stones=Tally(stones[BLACK], stones[WHITE]),
        dead=Tally(dead_count[BLACK], dead_count[WHITE]),
        compensation=compensation,
        penalties=Tally(float(penalties[0]), float(penalties[1])),
        points=points,
        total=total,
        result=Result.by_points(total.black - total.white, white_wins_ties=rules.white_wins_ties),
    )
