"""Computer opponents in live games: the Toguz Korgool engine and, for Go, GNU Go through GTP.

The engine thinks in a worker thread (the event loop never waits for it) and its action goes
through the room's single writer like a player's. :func:`wanted_action` says what the
computer's seat must do in a state (move, answer a draw offer, mark dead stones and accept);
:func:`choose` computes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbiter.engines.go_player import EngineSeat
from arbiter.engines.gtp_client import GtpEngine, GtpPlayer, gnugo_available, gnugo_command
from arbiter.engines.toguz_engine import ToguzEngine, think_time
from arbiter.match import AcceptMarking, Action, DeclineDraw, Move
from arbiter.server.play.state import GameState, actor_of_seat

if TYPE_CHECKING:
    from arbiter.server.play.hub import Hub
    from arbiter.server.play.room import Room

__all__ = ["ENGINES", "MOST_THINKING", "choose", "engine_available", "wanted_action"]

ENGINES = {"toguz": "arbiter", "go": "gnugo"}
"""The engine of each game: arbiter's Toguz Korgool engine, GNU Go."""

MOST_THINKING = 5.0
"""Seconds the Toguz Korgool engine thinks at most on a move in a live game."""


def engine_available(game: str) -> bool:
    """Whether the computer can play ``game`` on this server (GNU Go must be installed)."""
    return game == "toguz" or (game == "go" and gnugo_available())


def wanted_action(state: GameState) -> str | None:
    """What the computer's seat must do now: ``"move"``, ``"decline"`` (a draw offer to it),
    ``"mark"`` (Go's dead stones), or ``None``."""
    computer = state.options.computer
    m = state.match
    if not computer or m.is_over:
        return None
    actor = actor_of_seat(computer["seat"])
    if m.status == "playing":
        if m.draw_offer is not None and m.draw_offer != actor.side:
            return "decline"
        if m.turn == actor:
            return "move"
    if m.status == "marking" and actor.side not in m.go.position.accepted:
        return "mark"
    return None


def choose(hub: Hub, room: Room, kind: str) -> list[Action]:
    """The computer's actions for ``kind`` (runs in a worker thread)."""
    state = room.state
    m = state.match
    computer: dict[str, Any] = state.options.computer or {}
    level = int(computer.get("level", 5))
    if kind == "decline":
        return [DeclineDraw()]
    if m.kind == "toguz":
        engine = hub.engines.get(room.id)
        if engine is None:
            engine = hub.engines[room.id] = ToguzEngine(level, table_bits=16)
        assert isinstance(engine, ToguzEngine)
        side = m.to_move
        assert side is not None
        seconds = 1.0
        clock = m.clock_state(side, state.t(hub.wall()))
        if clock is not None:
            seconds = think_time(m.settings.time_control, clock, m.ply)
        seconds = max(0.05, min(seconds, MOST_THINKING))
        pit = engine.choose(m.toguz.position, seconds, m.toguz.positions[:-1])
        return [Move(pit)]
    seat = hub.engines.get(room.id)
    if seat is None:
        gtp = GtpEngine(gnugo_command(min(10, max(0, level))), timeout=60.0)
        seat = hub.engines[room.id] = _GoSeat(gtp)
    assert isinstance(seat, _GoSeat)
    if kind == "mark":
        marks: list[Action] = []
        if not m.go.position.dead_stones:
            marks.extend(seat.seat.propose_marking(m))
        return [*marks, AcceptMarking()]
    return [seat.seat.next_action(m)]


class _GoSeat:
    """GNU Go and the match seat it plays."""

    def __init__(self, engine: GtpEngine) -> None:
        self.engine = engine
        self.seat = EngineSeat(GtpPlayer(engine))

    def close(self) -> None:
        self.engine.close()
