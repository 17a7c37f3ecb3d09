"""The Toguz Korgool engine: levels from beginner to full strength, time management, analysis.

The search itself (``toguz_pvs.h``) is compiled: principal variation search with alpha-beta,
iterative deepening, a transposition table, move ordering, quiescence on captures and repetition
detection; its evaluation weights were fitted on real games (``toguz_weights.py``).

Scores are in centi-korgools from the side to move's view (``+250`` = two and a half korgools
ahead); a decided game scores about ``±WIN`` (:func:`describe_score` prints ``win in 5``).

>>> from arbiter.games.toguz import Position
>>> engine = ToguzEngine(level=10)
>>> found = engine.analyse(Position.initial(), seconds=0.2, depth=6)
>>> found.move in Position.initial().legal_moves(), found.depth
(True, 6)
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from arbiter.clock import ByoYomi, Canadian, ClockState, Fischer, TimeControl
from arbiter.engines import _toguz_search
from arbiter.engines.toguz_weights import WEIGHTS
from arbiter.errors import ArbiterError
from arbiter.games.toguz import IllegalMove, Position

WIN = _toguz_search.PVS_WIN
_toguz_search.set_weights(WEIGHTS)


class EngineError(ArbiterError):
    """A request the engine cannot serve (an unknown level, a finished game)."""


@dataclass(frozen=True, slots=True)
class Level:
    """A playing strength: how deep it may search and how much noise blurs its choice.

    ``noise`` is the width (centi-korgools) of the random amount added to every root move's
    score before choosing; 0 plays the best move found.
    """

    number: int
    name: str
    max_depth: int
    noise: int


LEVELS: dict[int, Level] = {
    lv.number: lv
    for lv in (
        Level(1, "beginner", 1, 900),
        Level(2, "novice", 2, 600),
        Level(3, "casual", 3, 400),
        Level(4, "club", 4, 250),
        Level(5, "strong club", 5, 150),
        Level(6, "expert", 6, 80),
        Level(7, "master", 7, 30),
        Level(8, "strong master", 8, 0),
        Level(9, "grandmaster", 10, 0),
        Level(10, "full strength", 64, 0),
    )
}
FULL_STRENGTH = 10


@dataclass(frozen=True, slots=True)
class Analysis:
    """What a search found: the best ``move``, its ``score`` (centi-korgools, side to move's
    view), the ``depth`` fully searched, the deepest line looked at (``seldepth``), the nodes
    visited, the seconds spent, the principal variation and every root move's score when known.
    """

    move: int
    score: int
    depth: int
    seldepth: int
    nodes: int
    seconds: float
    pv: tuple[int, ...]
    root_scores: dict[int, int]

    @property
    def nps(self) -> float:
        """Nodes per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


def describe_score(score: int) -> str:
    """A score for people: ``+2.5``, ``-0.3``, ``win in 4``, ``loss in 3``.

    >>> describe_score(250), describe_score(-30), describe_score(WIN - 7), describe_score(8 - WIN)
    ('+2.5', '-0.3', 'win in 4', 'loss in 4')
    """
    if score >= WIN - 1000:
        return f"win in {(WIN - score + 1) // 2}"
    if score <= -WIN + 1000:
        return f"loss in {(WIN + score + 1) // 2}"
    return f"{score / 100:+.1f}"


def level_of(number: int) -> Level:
    """The level called ``number`` (1 beginner … 10 full strength)."""
    try:
        return LEVELS[number]
    except KeyError:
        raise EngineError(
            f"levels run from 1 (beginner) to {FULL_STRENGTH} (full strength), not {number}"
        ) from None


class ToguzEngine:
    """A computer player at a given level, with its own memory (transposition table).

    One engine serves one game at a time; :meth:`new_game` forgets what it learnt.
    """

    def __init__(
        self, level: int = FULL_STRENGTH, *, seed: int | None = None, table_bits: int = 20
    ) -> None:
        self.level = level_of(level)
        self._searcher = _toguz_search.Searcher(table_bits)
        self._rng = random.Random(seed)

    @property
    def name(self) -> str:
        return f"arbiter toguz engine, level {self.level.number} ({self.level.name})"

    def new_game(self) -> None:
        """Forget the previous game."""
        self._searcher.clear()

    def analyse(
        self,
        pos: Position,
        seconds: float = 1.0,
        depth: int | None = None,
        history: Sequence[Position] = (),
        *,
        all_moves: bool = False,
    ) -> Analysis:
        """Search ``pos`` for ``seconds`` (and at most ``depth``), at full strength.

        ``history`` holds the game's earlier positions (oldest first): a line that returns to
        one of them is scored as a draw. ``all_moves`` scores every move exactly (slower).
        """
        if pos.is_over:
            raise IllegalMove(f"the game is over ({pos.result}): there is no move to search")
        if not seconds > 0:
            raise EngineError("the engine needs a positive time to think")
        max_depth = min(depth or 64, 64)
        started = time.monotonic()
        move, score, reached, seldepth, nodes, scores, pv = self._searcher.search(
            pos._s,
            seconds,
            seconds,
            max_depth,
            full_root=all_moves,
            history=[p._s for p in history],
        )
        spent = time.monotonic() - started
        legal = pos.legal_moves()
        root = {m: scores[m - 1] for m in legal} if all_moves else {}
        return Analysis(move, score, reached, seldepth, nodes, spent, tuple(pv), root)

    def choose(self, pos: Position, seconds: float = 1.0, history: Sequence[Position] = ()) -> int:
        """The move this level plays in ``pos`` within ``seconds``."""
        lv = self.level
        if lv.noise == 0:
            return self.analyse(pos, seconds, lv.max_depth, history).move
        found = self.analyse(pos, seconds, lv.max_depth, history, all_moves=True)
        noisy = {
            m: s + self._rng.uniform(-lv.noise, lv.noise) for m, s in found.root_scores.items()
        }
        return max(noisy, key=lambda m: (noisy[m], -m))


def think_time(control: TimeControl, state: ClockState, moves_played: int) -> float:
    """Seconds to spend on the next move under ``control`` with the clock reading ``state``.

    A game lasts about 60 moves a side; the engine spends a share of the main time sized to the
    moves likely left, keeps a reserve, and in byo-yomi uses most of a period (Japanese) or of
    the period's time per remaining move (Canadian).

    >>> from arbiter.clock import TimeControl, ClockState
    >>> round(think_time(TimeControl.parse("60m"), ClockState(3600, 0, 0, 0, False), 0), 1)
    60.0
    >>> round(think_time(TimeControl.parse("5m+3x30s"), ClockState(0, 3, 0, 30, False), 80), 1)
    24.0
    """
    own_moves = moves_played // 2
    expected_left = max(15, 60 - own_moves)
    main = max(0.0, state.main)
    reserve = 0.5
    if isinstance(control, Fischer):
        budget = main / expected_left + 0.8 * control.increment
        return _bounded(budget, main - reserve)
    if isinstance(control, ByoYomi):
        if main > 0:
            return _bounded(
                main / expected_left + 0.5 * control.period, main + 0.8 * control.period
            )
        return _bounded(0.8 * state.period_left, state.period_left - reserve)
    if isinstance(control, Canadian):
        if main > 0:
            per_move = control.period / control.moves
            return _bounded(main / expected_left + 0.5 * per_move, main + 0.8 * per_move)
        moves = max(1, state.moves_left)
        return _bounded(0.85 * state.period_left / moves, state.period_left - reserve)
    return _bounded(main / expected_left, main - reserve)


def _bounded(want: float, most: float) -> float:
    return max(0.01, min(want, most))


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of a game as the engine sees it: the move played and the engine's best, the
    score before the move and after it (both from the mover's view), and a mark: ``??`` for a
    blunder (5 korgools or more lost, or a won game thrown away), ``?`` for a mistake (2 or more).
    """

    ply: int
    played: int
    best: int
    best_score: int
    played_score: int
    mark: str

    @property
    def loss(self) -> int:
        """Centi-korgools the move gave away against the best one."""
        return max(0, self.best_score - self.played_score)


def review_game(
    start: Position, pits: Sequence[int], seconds: float = 0.2, depth: int | None = None
) -> Iterator[MoveReview]:
    """The best move and evaluation for every move of a game, with mistakes marked, one move
    at a time (each takes ``seconds``)."""
    engine = ToguzEngine(FULL_STRENGTH)
    pos = start
    history: list[Position] = []
    for ply, pit in enumerate(pits):
        found = engine.analyse(pos, seconds, depth, history, all_moves=True)
        after = pos.play(pit)
        played_score = found.root_scores.get(pit, -WIN)
        if found.move == pit:
            played_score = max(played_score, found.score)
        best_score = max(found.score, played_score)
        loss = best_score - played_score
        decided = best_score >= WIN - 1000 and played_score < WIN - 1000
        mark = "??" if loss >= 500 or decided else "?" if loss >= 200 else ""
        yield MoveReview(ply, pit, found.move, best_score, played_score, mark)
        history.append(pos)
        pos = after
