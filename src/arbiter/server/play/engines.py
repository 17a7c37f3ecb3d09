"""Computer opponents in live games: the Toguz Korgool engine and, for Go, GNU Go through GTP.

The engine thinks on the computer's threads (:mod:`arbiter.server.thinking`; the event loop
never waits for it) and its action goes through the room's single writer like a player's.
:func:`wanted_action` says what the computer's seat must do in a state (move, answer a draw
offer, mark dead stones and accept); :func:`choose` computes it; :class:`Computer` keeps each
game's engine and plays its turns.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from arbiter.engines.go_player import EngineSeat
from arbiter.engines.gtp_client import GtpEngine, GtpPlayer, gnugo_available, gnugo_command
from arbiter.engines.toguz_engine import ToguzEngine, think_time
from arbiter.match import AcceptMarking, Action, DeclineDraw, Move
from arbiter.server.play.builder import Builder
from arbiter.server.play.room import Host, Room
from arbiter.server.play.seats import actor_of_seat
from arbiter.server.play.state import GameState

__all__ = [
    "ENGINES",
    "MOST_THINKING",
    "Computer",
    "choose",
    "engine_available",
    "wanted_action",
]

log = logging.getLogger("arbiter.play")

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


def choose(computer: Computer, room: Room, kind: str) -> list[Action]:
    """The computer's actions for ``kind`` (runs in a worker thread); the game's engine is
    made on first use and kept in ``computer.engines``."""
    state = room.state
    m = state.match
    options: dict[str, Any] = state.options.computer or {}
    level = int(options.get("level", 5))
    if kind == "decline":
        return [DeclineDraw()]
    if m.kind == "toguz":
        engine = computer.engines.get(room.id)
        if engine is None:
            engine = computer.engines[room.id] = ToguzEngine(level, table_bits=16)
        assert isinstance(engine, ToguzEngine)
        side = m.to_move
        assert side is not None
        seconds = 1.0
        clock = m.clock_state(side, state.t(computer.wall()))
        if clock is not None:
            seconds = think_time(m.settings.time_control, clock, m.ply)
        seconds = max(0.05, min(seconds, MOST_THINKING))
        pit = engine.choose(m.toguz.position, seconds, m.toguz.positions[:-1])
        return [Move(pit)]
    seat = computer.engines.get(room.id)
    if seat is None:
        gtp = GtpEngine(gnugo_command(min(10, max(0, level))), timeout=60.0)
        seat = computer.engines[room.id] = _GoSeat(gtp)
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


class Computer:
    """The computer opponents of one process: each game's engine, kept between its moves, and
    the computer's turns."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.engines: dict[int, Any] = {}

    def wall(self) -> float:
        """Unix time (the host's)."""
        return self.host.wall()

    def consider(self, room: Room) -> None:
        """Let the computer act when it is to (and someone is connected to see it)."""
        if not room.state.options.computer or not room.subscribers or room.engine_busy:
            return
        if wanted_action(room.state) is not None:
            room.engine_busy = True
            self.host.spawn(self._turn(room))

    async def _turn(self, room: Room) -> None:
        try:
            seq = room.state.seq
            kind = wanted_action(room.state)
            if kind is None:
                return
            # ``choose`` is looked up here, at the turn: tests replace it.
            actions: list[Action] = await self.host.rt.thinking.run(choose, self, room, kind)
            seat = (room.state.options.computer or {})["seat"]
            actor = actor_of_seat(seat)

            def build(b: Builder) -> None:
                if b.state.seq != seq and wanted_action(b.state) != kind:
                    return
                for action in actions:
                    b.act(action, actor)

            await room.commit(build)
        except Exception:
            log.exception("game %s: the computer could not act", room.id)
        finally:
            room.engine_busy = False
        self.host.after_change(room)

    def game_over(self, room: Room) -> None:
        """The game of ``room`` ended: its engine is closed (in a thread), its place in the
        computer's quotas freed."""
        engine = self.engines.pop(room.id, None)
        if engine is not None and hasattr(engine, "close"):
            self.host.spawn(asyncio.to_thread(engine.close))
        if room.state.options.computer:
            self.host.rt.thinking.game_over(room.id)

    def forget(self, live_id: int) -> None:
        """The room of ``live_id`` left memory: its engine is closed."""
        engine = self.engines.pop(live_id, None)
        if engine is not None and hasattr(engine, "close"):
            engine.close()

    def close(self) -> None:
        """Close every engine (the process stops)."""
        for engine in self.engines.values():
            close = getattr(engine, "close", None)
            if close is not None:
                with contextlib.suppress(Exception):
                    close()
