"""What the server writes into a game's stream after processes stopped
(docs/decisions.md, "Live play"): the events a room's single writer builds when the server as a
whole was down, and when another process died with players connected to it.

**The time the server was down is not charged**: a game whose clocks were running is paused by
the server (acting for the referee, seed 002 7.2.11) at the last heartbeat before the crash (or
its last logged action, if later) and resumed at the restart; what fell due before the crash
(a flag) is applied at that instant; players connected before the crash are disconnected at
the restart, so their reconnection window starts then.
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter.match import SYSTEM, Pause, Resume, Start
from arbiter.server.play.builder import Builder
from arbiter.server.play.seats import SERVER_REFEREE

__all__ = ["after_downtime", "departed"]


def after_downtime(down_since: float, pid: str) -> Callable[[Builder], None]:
    """The build that brings a game through the server's stop at ``down_since`` (Unix time):
    the presence of every process but ``pid`` (the one restarting) ends, a start due before the
    stop happens then (one due while the server was down happens now), what fell due before the
    stop is applied at its instant, and running clocks are paused there and resumed now."""

    def build(b: Builder) -> None:
        s = b.state
        for (seat, process), on in list(s.presence.items()):
            if on and process != pid:
                b.add("presence", {"seat": seat, "process": process, "connected": False})
        m = b.match
        t_down = b.state.t(down_since)
        if m.status == "ready" and s.start_at is not None and s.start_at <= b.wall:
            if s.start_at > down_since:
                b.act(Start(), SYSTEM)
                return
            b.act(Start(), SYSTEM, t=b.state.t(s.start_at))
        m = b.match
        if m.status != "playing":
            return
        ticked = m.tick(t_down)
        if ticked is not m and ticked.last_entry is not None:
            b.add("action", {"entry": ticked.last_entry.to_json()}, None, ticked)
        if b.match.status == "playing":
            b.act(Pause("the server was down"), SERVER_REFEREE, t=t_down)
            b.act(Resume(), SERVER_REFEREE)

    return build


def departed(gone: list[tuple[str, str]]) -> Callable[[Builder], None]:
    """The build that ends the presence of each ``(seat, process)`` in ``gone`` (processes
    found dead) still connected in the stream."""

    def build(b: Builder) -> None:
        for seat, process in gone:
            if b.state.presence.get((seat, process)):
                b.add("presence", {"seat": seat, "process": process, "connected": False})

    return build
