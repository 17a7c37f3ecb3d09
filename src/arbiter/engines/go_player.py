"""A GTP engine as a player of a Go match: its moves, and its proposal of dead stones.

:class:`EngineSeat` reads a :class:`arbiter.match.Match`, keeps the engine's board in step with
it (through :class:`~arbiter.engines.gtp_client.GtpPlayer`) and answers with the action the
engine chooses: a :class:`~arbiter.match.Move` (a point or ``"pass"``) or a
:class:`~arbiter.match.Resign`. After two passes, :meth:`EngineSeat.propose_marking` asks the
engine which stones are dead (``final_status_list dead``) and turns its answer into the
:class:`~arbiter.match.MarkDead` actions that mark them, one per chain.
"""

from __future__ import annotations

from arbiter.engines.gtp_client import GameSetup, GtpPlayer, Move
from arbiter.games.go import Point, Position
from arbiter.match import Action, MarkDead, Match, Resign
from arbiter.match import Move as MatchMove


def game_setup(match: Match) -> GameSetup:
    """What a GTP engine must know of the match's game before its moves."""
    start = match.go.start
    komi = start.rules.komi
    stones = tuple(sorted(start.stones("black"))) if start.handicap else ()
    return GameSetup(start.size, komi, stones)


def moves_of(match: Match) -> list[Move]:
    """The match's moves so far as (colour, point or None for a pass)."""
    out: list[Move] = []
    size = match.go.position.size
    for record in match.moves:
        text = record.text.strip().lower()
        point = None if text == "pass" else Point.from_gtp(text, size)
        out.append((record.side, point))
    return out


class EngineSeat:
    """One side of a Go match played by a GTP engine."""

    def __init__(self, player: GtpPlayer) -> None:
        self.player = player

    def next_action(self, match: Match) -> Action:
        """The engine's action for the side to move (a move, a pass, or resignation)."""
        side = match.to_move
        if side is None:
            raise ValueError("nobody is to move in this match")
        answer = self.player.genmove(game_setup(match), moves_of(match), side)
        if answer == "resign":
            return Resign()
        if answer == "pass":
            return MatchMove("pass")
        assert isinstance(answer, Point)
        return MatchMove(answer.gtp())

    def dead_stones(self, match: Match) -> tuple[Point, ...]:
        """The stones the engine judges dead in the match's position."""
        return self.player.dead_stones(game_setup(match), moves_of(match))

    def propose_marking(self, match: Match) -> list[MarkDead]:
        """``MarkDead`` actions for the engine's dead stones: one per chain, marked chains only."""
        return marking_actions(match.go.position, self.dead_stones(match))


def marking_actions(position: Position, dead: tuple[Point, ...]) -> list[MarkDead]:
    """One :class:`MarkDead` per chain among ``dead`` (marking toggles a whole chain)."""
    actions: list[MarkDead] = []
    covered: set[Point] = set(position.dead_stones)
    for point in sorted(dead):
        if point in covered:
            continue
        stones, _ = position.chain(point)
        covered.update(stones)
        actions.append(MarkDead(point.gtp()))
    return actions
