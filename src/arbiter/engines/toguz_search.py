"""The first Toguz Korgool computer player: alpha-beta search with iterative deepening.

Negamax with alpha-beta pruning over the compiled rules core, deepening one move at a time
until the time runs out; the last fully searched depth decides. The evaluation is the kazan
difference with a small bonus for a tuz. A stronger engine is a later piece of work; this one
gives a fair opponent in the terminal and a baseline to measure it against.

>>> from arbiter.games.toguz import Position
>>> found = best_move(Position.initial(), seconds=0.05, max_depth=3)
>>> found.move in Position.initial().legal_moves(), found.depth
(True, 3)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from arbiter.engines import _toguz_search
from arbiter.games.toguz import Position
from arbiter.games.toguz.position import IllegalMove

WIN_SCORE = _toguz_search.WIN_SCORE


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The move found, its score for the side to move (korgools; ±WIN_SCORE for a decided game),
    the depth fully searched, the nodes visited and the seconds spent."""

    move: int
    score: int
    depth: int
    nodes: int
    seconds: float


def best_move(pos: Position, seconds: float = 1.0, max_depth: int = 64) -> SearchResult:
    """Search ``pos`` for at most ``seconds`` (and ``max_depth`` moves deep)."""
    if pos.is_over:
        raise IllegalMove(f"the game is over ({pos.result}): there is no move to search")
    if seconds <= 0:
        raise ValueError("the search needs a positive time")
    started = time.monotonic()
    move, score, depth, nodes = _toguz_search.search(pos._s, seconds, max_depth)
    return SearchResult(move, score, depth, nodes, time.monotonic() - started)


class AlphaBetaPlayer:
    """A computer player that thinks ``seconds`` per move."""

    name = "arbiter alpha-beta"

    def __init__(self, seconds: float = 1.0, max_depth: int = 64) -> None:
        self.seconds = seconds
        self.max_depth = max_depth

    def choose(self, pos: Position) -> int:
        """The pit to play in ``pos``."""
        return best_move(pos, self.seconds, self.max_depth).move
