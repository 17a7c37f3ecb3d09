"""What games outside events add to the match, as their stream records it (event ``casual``):
the players' names (a guest's, or an account's), a takeback request, a rematch offer and its
answer, and the abort of a game whose first moves were not made (docs/online.md, "Casual
games").

:class:`Extras` is a value that :func:`apply_extra` advances one event at a time, so that every
process computes the same from the same stream; nothing here reads the time or checks who may
do what (:mod:`arbiter.server.play.casual_steps` does).

>>> x = apply_extra(Extras(), {"op": "name", "seat": "black", "name": "Aida"})
>>> x = apply_extra(x, {"op": "takeback-request", "by": "white", "ply": 3})
>>> x.names, x.takeback_pending(3), x.takeback_pending(4)
({'black': 'Aida'}, {'by': 'white', 'ply': 3}, None)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["ABORT_AFTER", "EXTRA_OPS", "Extras", "apply_extra"]

ABORT_AFTER = 30.0
"""Seconds a casual game waits for each side's first move before it is aborted (lichess's)."""

EXTRA_OPS = (
    "name",
    "takeback-request",
    "takeback-accept",
    "takeback-decline",
    "rematch-offer",
    "rematch-accept",
    "rematch-decline",
    "abort",
)
"""The ``op`` of a ``casual`` event."""


@dataclass(frozen=True, slots=True)
class Extras:
    """``names``: a name per seat (guests', accounts'); ``takeback``: the last request
    (``{"by", "ply"}``, standing while the game is at that ply); ``rematch``: the offer
    (``{"by", "status", "game"}``, status ``offered``, ``accepted`` or ``declined``);
    ``aborted``: the game was aborted before both sides moved."""

    names: dict[str, str] = field(default_factory=dict)
    takeback: dict[str, Any] | None = None
    rematch: dict[str, Any] | None = None
    aborted: bool = False

    def takeback_pending(self, ply: int) -> dict[str, Any] | None:
        """The takeback request that awaits an answer in a game at ``ply`` (a move made
        since the request lapses it)."""
        if self.takeback is not None and self.takeback["ply"] == ply:
            return self.takeback
        return None

    def to_json(self, ply: int) -> dict[str, Any]:
        """What clients see (docs/play-protocol.md, "The state": ``extras``)."""
        return {
            "names": dict(self.names),
            "takeback": self.takeback_pending(ply),
            "rematch": self.rematch,
            "aborted": self.aborted,
        }


def apply_extra(extras: Extras, data: dict[str, Any]) -> Extras:
    """``extras`` after the ``casual`` event ``data``."""
    op = data["op"]
    if op == "name":
        return replace(extras, names={**extras.names, data["seat"]: data["name"]})
    if op == "takeback-request":
        return replace(extras, takeback={"by": data["by"], "ply": data["ply"]})
    if op in ("takeback-accept", "takeback-decline"):
        return replace(extras, takeback=None)
    if op == "rematch-offer":
        return replace(extras, rematch={"by": data["by"], "status": "offered", "game": None})
    if op == "rematch-accept":
        assert extras.rematch is not None
        return replace(
            extras, rematch={**extras.rematch, "status": "accepted", "game": data["game"]}
        )
    if op == "rematch-decline":
        assert extras.rematch is not None
        return replace(extras, rematch={**extras.rematch, "status": "declined"})
    if op == "abort":
        return replace(extras, aborted=True, takeback=None)
    raise ValueError(f"unknown casual op {op!r}")
