"""What a room sends its connections (docs/play-protocol.md): each event of the stream rendered
once as protocol text — the public form, and for chat the private one its readers get — kept
in the room's ring of recent events; the ``welcome``; the full ``state`` for one viewer.
"""

from __future__ import annotations

import logging
from typing import Any

from arbiter.server.play import protocol
from arbiter.server.play.chat import chat_for, chat_visible
from arbiter.server.play.connection import Connection
from arbiter.server.play.snapshot import describe
from arbiter.server.play.state import Event, GameState
from arbiter.server.play.viewer import Viewer

__all__ = ["Rendered", "deliver", "render", "state_message", "welcome"]

log = logging.getLogger("arbiter.play")

Rendered = tuple[int, str, str | None, dict[str, Any] | None]
"""An event as sent: its ``seq``, the public text, and for chat the private text with the
message's data (who may read it)."""


def render(event: Event, after: GameState, wall: float, game: int) -> Rendered:
    """``event``'s message (``after``: the state it made). An event that cannot be rendered is
    logged and sent as ``kind: "unreadable"``, so that the stream skips no seq and nothing is
    lost silently."""
    try:
        return _render(event, after, wall)
    except Exception:
        log.exception("game %s: event %d cannot be sent to clients", game, event.seq)
        unreadable = {"type": "event", "seq": event.seq, "kind": "unreadable", "at": event.at}
        return (event.seq, protocol.dumps(unreadable), None, None)


def _render(event: Event, after: GameState, wall: float) -> Rendered:
    head: dict[str, Any] = {
        "type": "event",
        "seq": event.seq,
        "kind": event.kind,
        "at": event.at,
    }
    data = event.data
    if event.kind == "chat":
        full = protocol.dumps({**head, "chat": data})
        hidden = protocol.dumps({**head, "chat": {"private": True}})
        return (event.seq, hidden, full, data)
    if event.kind == "action":
        head["entry"] = data["entry"]
    else:
        head[event.kind] = data
    head["state"] = describe(after, wall, full=False)
    return (event.seq, protocol.dumps(head), None, None)


def deliver(conn: Connection, item: Rendered) -> None:
    """Send ``conn`` a rendered event in the form its viewer may read."""
    _seq, public, private, data = item
    if private is not None and chat_visible(data or {}, conn.viewer.key):
        conn.send(private)
    else:
        conn.send(public)


def welcome(game: int, viewer: Viewer, seq: int, wall: float) -> dict[str, Any]:
    """The ``welcome`` a new connection gets first."""
    return {
        "type": "welcome",
        "v": protocol.VERSION,
        "game": game,
        "you": viewer.to_json(),
        "seq": seq,
        "server_time": wall,
    }


def state_message(state: GameState, viewer: Viewer, wall: float) -> dict[str, Any]:
    """The full state for ``viewer`` (with the chat it may read)."""
    return {
        "type": "state",
        "seq": state.seq,
        "game": describe(state, wall),
        "chat": chat_for(state, viewer.key),
    }
