"""Who acts in a match: a player (by side, and in pair go by role), a referee, or the system.

Players are identified by their side (``"black"``/``"white"``) and, in pair go, by their role
in the pair (``"man"``/``"woman"``); which person sits there is the match settings' business.
Referees are a distinct kind: only they take referee actions. The system is the server itself
(declaring a flag fall or a late-arrival forfeit that nobody sent).

>>> Actor.player("white")
Actor(kind='player', side='white', role=None, name='')
>>> Actor.from_json({"kind": "player", "side": "black", "role": "woman"}).to_json()
{'kind': 'player', 'side': 'black', 'role': 'woman'}
>>> str(Actor.referee("Ivanov")), str(Actor.player("black", "man")), str(SYSTEM)
('referee Ivanov', 'Black man', 'system')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from arbiter.clock import Side
from arbiter.match.errors import ActionError

__all__ = ["AGREEMENT", "SYSTEM", "Actor", "ActorKind", "Role", "other_side"]

ActorKind: TypeAlias = Literal["player", "referee", "system"]
Role: TypeAlias = Literal["man", "woman"]

_SIDES = ("black", "white")
_ROLES = ("man", "woman")


def other_side(side: Side) -> Side:
    """The opponent's side."""
    return "white" if side == "black" else "black"


@dataclass(frozen=True, slots=True)
class Actor:
    """One who acts: ``kind`` is ``"player"``, ``"referee"`` or ``"system"``.

    A player has a ``side`` and, in pair go, a ``role``; a referee may carry a ``name`` (kept in
    the log for the protocol). Build actors with :meth:`player`, :meth:`referee` or use
    :data:`SYSTEM`.
    """

    kind: ActorKind
    side: Side | None = None
    role: Role | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("player", "referee", "system"):
            raise ActionError(f"an actor is a player, a referee or the system, not {self.kind!r}")
        if not isinstance(self.name, str):
            raise ActionError(f"an actor's name is text, not {self.name!r}")
        if self.kind == "player":
            if self.side not in _SIDES:
                raise ActionError(f"a player plays black or white, not {self.side!r}")
            if self.role is not None and self.role not in _ROLES:
                raise ActionError(f"a pair-go player is the man or the woman, not {self.role!r}")
        elif self.side is not None or self.role is not None:
            raise ActionError(f"a {self.kind} has no side or role")

    @classmethod
    def player(cls, side: Side, role: Role | None = None) -> Actor:
        """The player of ``side`` (in pair go, the one with ``role``)."""
        return cls("player", side, role)

    @classmethod
    def referee(cls, name: str = "") -> Actor:
        """A referee of the event."""
        return cls("referee", name=name)

    @property
    def is_player(self) -> bool:
        """Whether this is a player of the game."""
        return self.kind == "player"

    @property
    def is_referee(self) -> bool:
        """Whether this is a referee."""
        return self.kind == "referee"

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"kind": …}`` with ``side``, ``role`` and ``name`` when set."""
        doc: dict[str, Any] = {"kind": self.kind}
        if self.side is not None:
            doc["side"] = self.side
        if self.role is not None:
            doc["role"] = self.role
        if self.name:
            doc["name"] = self.name
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> Actor:
        """Read the JSON form; :class:`~arbiter.match.errors.ActionError` if malformed."""
        if not isinstance(doc, dict) or not isinstance(doc.get("kind"), str):
            raise ActionError(f'an actor is an object with a "kind", not {doc!r}')
        unknown = set(doc) - {"kind", "side", "role", "name"}
        if unknown:
            raise ActionError(f"an actor has no field {sorted(unknown)[0]!r}")
        return cls(doc["kind"], doc.get("side"), doc.get("role"), doc.get("name", ""))

    def __str__(self) -> str:
        if self.kind == "player":
            assert self.side is not None
            return f"{self.side.capitalize()}" + (f" {self.role}" if self.role else "")
        if self.kind == "referee":
            return f"referee {self.name}" if self.name else "referee"
        return "system"


SYSTEM = Actor("system")
"""The server itself: it declares flag falls and late-arrival forfeits (:meth:`Match.tick`)."""

AGREEMENT = Actor.referee("agreement")
"""What a casual game's players agreed on, applied for them (a takeback: the position restored)
or decided by the server's rules for such games (the abort without first moves): no referee's
decision, so not among the referees' notes (:mod:`arbiter.match.notes`)."""
