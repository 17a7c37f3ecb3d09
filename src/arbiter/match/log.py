"""The match log: every action applied, with its sequence number, instant and actor.

The log is append-only: :meth:`Match.apply` adds one entry per accepted action (a refused one
adds nothing), and replaying the log on the match's settings rebuilds an equal match
(:func:`arbiter.match.replay`). Entries are JSON objects, one per action, so a server can
store each before broadcasting it:

>>> from arbiter.match.actions import Move
>>> from arbiter.match.actors import Actor
>>> entry = LogEntry(4, 61.5, Actor.player("white"), Move(7))
>>> import json
>>> print(json.dumps(entry.to_json()))  # doctest: +NORMALIZE_WHITESPACE
{"seq": 4, "t": 61.5, "actor": {"kind": "player", "side": "white"},
 "action": {"type": "move", "move": 7}}
>>> LogEntry.from_json(entry.to_json()) == entry
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from arbiter.match.actions import Action, action_from_json
from arbiter.match.actors import Actor
from arbiter.match.errors import ActionError

__all__ = ["LogEntry"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One accepted action: ``seq`` (0, 1, 2, … in the order applied), ``t`` (the instant, in
    seconds on the match's monotonic scale), ``actor`` and ``action``."""

    seq: int
    t: float
    actor: Actor
    action: Action

    def __post_init__(self) -> None:
        if isinstance(self.seq, bool) or not isinstance(self.seq, int) or self.seq < 0:
            raise ActionError(f"a log entry's seq is a whole number ≥ 0, not {self.seq!r}")
        t = self.t
        if isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t):
            raise ActionError(f"a log entry's t is a number of seconds, not {t!r}")
        object.__setattr__(self, "t", float(t))
        if not isinstance(self.actor, Actor):
            raise ActionError(f"a log entry's actor is an Actor, not {self.actor!r}")
        if not isinstance(self.action, Action):
            raise ActionError(f"a log entry's action is an Action, not {self.action!r}")

    def to_json(self) -> dict[str, Any]:
        """``{"seq": …, "t": …, "actor": {…}, "action": {…}}``."""
        return {
            "seq": self.seq,
            "t": self.t,
            "actor": self.actor.to_json(),
            "action": self.action.to_json(),
        }

    @classmethod
    def from_json(cls, doc: Any) -> LogEntry:
        """Read an entry's JSON form; :class:`~arbiter.match.errors.ActionError` if malformed."""
        if not isinstance(doc, dict):
            raise ActionError(f"a log entry is an object, not {doc!r}")
        missing = [k for k in ("seq", "t", "actor", "action") if k not in doc]
        if missing:
            raise ActionError(f"a log entry needs {', '.join(missing)}")
        unknown = set(doc) - {"seq", "t", "actor", "action"}
        if unknown:
            raise ActionError(f"a log entry has no field {sorted(unknown)[0]!r}")
        return cls(
            doc["seq"], doc["t"], Actor.from_json(doc["actor"]), action_from_json(doc["action"])
        )
