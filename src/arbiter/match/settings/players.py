"""The players of a match: a name, and if known a Go rank or a rating; in pair go a role.

>>> players_of("Asanov Bakyt", "White", pair=False)
(Player(name='Asanov Bakyt', rank='', rating=None, role=None),)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.match.actors import Role
from arbiter.match.settings.checks import need, opt_count


@dataclass(frozen=True, slots=True)
class Player:
    """A player of the match: name, and if known a Go rank (``"3d"``) or a rating; in pair go
    the ``role`` in the pair."""

    name: str = ""
    rank: str = ""
    rating: int | None = None
    role: Role | None = None

    def __post_init__(self) -> None:
        need(isinstance(self.name, str), f"a player's name is text, not {self.name!r}")
        need(isinstance(self.rank, str), f"a player's rank is text, not {self.rank!r}")
        opt_count(self.rating, "rating", 0)
        need(
            self.role in (None, "man", "woman"),
            f"a player's role is 'man' or 'woman', not {self.role!r}",
        )

    def to_json(self) -> dict[str, Any]:
        """The fields that are set."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) not in (None, "")
        }

    @classmethod
    def from_json(cls, doc: Any) -> Player:
        """Read a player object (or a bare name)."""
        if isinstance(doc, str):
            return cls(doc)
        need(isinstance(doc, dict), f"a player is an object or a name, not {doc!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(doc) - names
        need(not unknown, f"a player has no field {sorted(unknown)[0]!r}" if unknown else "")
        return cls(**doc)


def players_of(value: object, side: str, pair: bool) -> tuple[Player, ...]:
    """The players of ``side`` from a name, a :class:`Player` or a list of them (in pair go
    the man, then the woman)."""
    if value is None:
        value = ()
    if isinstance(value, str | Player):
        value = (value,)
    need(isinstance(value, Sequence), f"{side}'s players must be a list, not {value!r}")
    assert isinstance(value, Sequence)
    players = tuple(p if isinstance(p, Player) else Player(str(p)) for p in value)
    if pair:
        roles = sorted(str(p.role) for p in players)
        need(
            not players or roles == ["man", "woman"],
            f"in pair go {side} is a man and a woman (give each player's role)",
        )
        players = tuple(sorted(players, key=lambda p: p.role != "man"))
    else:
        need(len(players) <= 1, f"{side} has one player (pair go has two)")
        need(all(p.role is None for p in players), "roles are for pair go")
    return players
