"""What a client asks of its live game once greeted (docs/play-protocol.md, "Client
messages"): a match action, chat, a postponement step, a takeback or rematch
(:mod:`.casual_steps`), a referee's hold, a ping, the turn
question, a resync. Each change goes through the room's single writer and is answered with the
``seq`` of its event (``ack``); a refusal is an ``error`` with the protocol's reason word.
"""

from __future__ import annotations

from typing import Any

from arbiter.clock.lag import LagCompensation, network_time
from arbiter.errors import ArbiterError
from arbiter.match import MatchError, Move, action_from_json
from arbiter.server.play import protocol
from arbiter.server.play.builder import Builder
from arbiter.server.play.casual_steps import casual_request
from arbiter.server.play.chat import chat_message, check_chat
from arbiter.server.play.connection import Connection
from arbiter.server.play.postponement import postponement_step
from arbiter.server.play.refused import UNAVAILABLE, Refused, database_unavailable, reason_of
from arbiter.server.play.room import Room
from arbiter.server.play.seats import seat_of_actor
from arbiter.server.play.viewer import Viewer

__all__ = ["act", "chat", "dispatch", "hold", "postpone", "whose_turn"]


async def dispatch(conn: Connection, room: Room, msg: dict[str, Any]) -> None:
    """Answer ``msg`` (parsed by :func:`arbiter.server.play.protocol.parse`) on ``conn``."""
    kind = msg["type"]
    mid = msg.get("id")
    viewer = conn.viewer
    try:
        if kind == "act":
            seq = await act(room, viewer, msg["action"], msg.get("think"))
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "chat":
            seq = await chat(room, viewer, msg)
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "postpone":
            seq = await postpone(room, viewer, msg)
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "casual":
            seq = await casual_request(room, viewer, str(msg["op"]))
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "hold":
            seq = await hold(room, viewer, msg["seat"], bool(msg.get("release", False)))
            conn.send({"type": "ack", "id": mid, "seq": seq})
        elif kind == "ping":
            server_time = room.hub.wall()
            conn.send({"type": "pong", "id": mid, "t": msg.get("t"), "server_time": server_time})
        elif kind == "whose-turn":
            conn.send({"type": "turn", "id": mid, **whose_turn(room)})
        elif kind == "resync":
            await room.resync(conn, int(msg["last_seq"]))
        else:
            conn.send(protocol.error("hello-once", "hello is the first message only", mid))
    except MatchError as exc:
        conn.send(protocol.error(reason_of(exc), str(exc), mid))
    except Refused as exc:
        conn.send(protocol.error(exc.reason, str(exc), mid))
    except ArbiterError as exc:
        conn.send(protocol.error("malformed", str(exc), mid))
    except Exception as exc:
        # The database is restarting: the request changed nothing and the connection stays.
        if not database_unavailable(exc):
            raise
        conn.send(protocol.error("unavailable", UNAVAILABLE, mid))


async def act(room: Room, viewer: Viewer, doc: dict[str, Any], think: float | None) -> int:
    """A match action from a client; the seq of its event. A move's ``think`` (the client's
    thinking time) credits its network time, up to the lag cap."""
    actor = viewer.actor
    if actor is None:
        raise Refused("not-a-player", "spectators watch: only the players and referees act")
    action = action_from_json(doc)
    user_id = viewer.user_id
    lag = LagCompensation(room.state.options.lag_cap)

    def build(b: Builder) -> int:
        act = action
        m = b.match
        if (
            isinstance(act, Move)
            and think is not None
            and m.clocked
            and m.clock.status == "running"
            and m.turn == actor
        ):
            began = m.clock.turn_started
            assert began is not None
            credit = lag.credit(b.t - began, network_time(b.t - began, think))
            act = Move(act.move, act.draw_offer, round(credit, 6))
        # A move too late even with its network time is refused as overdue; the flag
        # is declared by the timer once the lag cap has passed.
        return b.act(act, actor, user_id).seq

    _events, seq = await room.commit(build)
    return int(seq)


async def chat(room: Room, viewer: Viewer, doc: dict[str, Any]) -> int:
    """A chat message, under the rules of :mod:`arbiter.server.play.chat`."""
    check_chat(room.state, viewer, doc)
    if viewer.kind != "referee":
        room.chat_quota.take(viewer.key, room.state, room.hub.rt.settings.quotas)
    data = chat_message(viewer, doc)
    user_id = viewer.user_id
    events, _ = await room.commit(lambda b: b.add("chat", data, user_id), settle=False)
    return events[-1].seq


async def hold(room: Room, viewer: Viewer, seat: str, release: bool) -> int:
    """A referee holds (or releases) a disconnected player's reconnection window."""
    if viewer.kind != "referee":
        raise Refused("not-permitted", "only a referee holds a reconnection window")
    if seat not in room.state.human_seats():
        raise Refused("malformed", f"this game has no player at {seat}")
    data = {"seat": seat, "release": release, "by": viewer.key}
    events, _ = await room.commit(lambda b: b.add("hold", data))
    return events[-1].seq


async def postpone(room: Room, viewer: Viewer, doc: dict[str, Any]) -> int:
    """A postponement step (:mod:`arbiter.server.play.postponement`)."""

    def build(b: Builder) -> int:
        data = postponement_step(b.state, b.wall, viewer, doc)
        return b.add("postpone", data, viewer.user_id).seq

    _events, seq = await room.commit(build, settle=False)
    return int(seq)


def whose_turn(room: Room) -> dict[str, Any]:
    """Pair go's question (seed 004): whose turn is it?"""
    turn = room.state.match.turn
    return {
        "turn": None if turn is None else turn.to_json(),
        "seat": None if turn is None else seat_of_actor(turn),
    }
