"""Postponing a game not yet started (seed 002 7.2.2, 7.2.7): a player requests it before the
deadline, the opponent consents or refuses, the asker may withdraw, the referee grants (with
the new start) or denies. :func:`postponement_step` checks a step; the state records it
(:meth:`arbiter.server.play.state.GameState.apply`, event ``postpone``)."""

from __future__ import annotations

import time
from typing import Any

from arbiter.server.play.refused import Refused
from arbiter.server.play.seats import actor_of_seat
from arbiter.server.play.state import GameState
from arbiter.server.play.viewer import Viewer

__all__ = ["postponed_start_limit", "postponement_step", "utc"]


def postponed_start_limit(state: GameState) -> float | None:
    """The Unix time by which the postponed game must start (seed 002 7.2.2: the regulations
    give "a deadline for the start of the postponed game"): the event's ``postpone_within``
    after the game's scheduled start; ``None`` without one."""
    within, scheduled = state.options.postpone_within, state.options.start_at
    if within is None or scheduled is None:
        return None
    return scheduled + within


def utc(wall: float) -> str:
    """A Unix time as the refusals write it: ``2026-03-01 18:00 UTC``."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(wall))


def postponement_step(
    state: GameState, wall: float, viewer: Viewer, doc: dict[str, Any]
) -> dict[str, Any]:
    """The data of the ``postpone`` event for ``viewer``'s step ``doc`` at Unix time ``wall``;
    :class:`~arbiter.server.play.refused.Refused` when the step is not theirs to take now."""
    op = doc["op"]
    s = state
    pending = s.postponement if s.postponement and s.postponement["status"] == "requested" else None
    if s.options.casual:
        raise Refused("not-permitted", "games outside events are not postponed")
    if s.match.status != "ready":
        raise Refused("wrong-phase", "only a game not yet started can be postponed")
    data: dict[str, Any] = {"op": op, "by": viewer.key}
    if op == "request":
        if viewer.kind != "player":
            raise Refused("not-permitted", "a player requests a postponement")
        if pending is not None:
            raise Refused("wrong-phase", "a postponement is already requested")
        if s.start_at is None:
            raise Refused("wrong-phase", "the game has no scheduled start to move")
        hours = 3 if s.options.team else 1
        if wall > s.start_at - hours * 3600:
            raise Refused(
                "too-late",
                f"a postponement is requested at least {hours} h before the start (seed 002 7.2.2)",
            )
        data["reason"] = doc.get("reason", "")
    elif op in ("consent", "refuse"):
        if viewer.kind != "player" or pending is None:
            raise Refused("wrong-phase", "no postponement request awaits the opponent")
        asker = actor_of_seat(pending["by"]).side
        if actor_of_seat(viewer.key).side == asker or pending["consent"] is not None:
            raise Refused("not-permitted", "the opponent answers the request, once")
    elif op == "withdraw":
        if pending is None or pending["by"] != viewer.key:
            raise Refused("not-permitted", "only the player who asked withdraws")
    else:
        if viewer.kind != "referee":
            raise Refused("not-permitted", "the referee grants or denies postponements")
        if pending is None:
            raise Refused("wrong-phase", "no postponement request is pending")
        if op == "grant":
            if pending["consent"] is not True:
                raise Refused("wrong-phase", "the opponent has not consented")
            start = doc.get("start_at")
            if start is None or start <= wall:
                raise Refused("malformed", "a granted postponement sets a future start_at")
            limit = postponed_start_limit(s)
            if limit is not None and start > limit:
                within = (s.options.postpone_within or 0) / 3600
                raise Refused(
                    "too-late",
                    f"a postponed game starts by {utc(limit)}, "
                    f"{within:g} h after its scheduled start "
                    "(the event's deadline, seed 002 7.2.2)",
                )
            data["start_at"] = float(start)
    return data
