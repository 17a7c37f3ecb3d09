"""Likely duplicates refused until confirmed: every way of registering players (a form, a
file, a rating list) asks :func:`check_player` or :func:`check_players` before storing, and
the caller repeats the request with ``force`` once the organiser has seen the candidates.

The refusal is a 409 (:class:`Duplicate`) whose ``current`` lists each new entry with the
player it likely duplicates (:mod:`arbiter.events.duplicates` says when that is), so that the
API's client and the pages can show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.events.duplicates import duplicates_among, likely_duplicates
from arbiter.events.participants import Player
from arbiter.server.services.errors import Conflict

__all__ = ["Duplicate", "Found", "check_player", "check_players", "player_summary"]

#: The candidates a refusal lists at most (a file of duplicates would make a huge answer).
MAX_LISTED = 50


def player_summary(player: Player) -> dict[str, Any]:
    """What tells a candidate apart, as JSON: number, name, rank, rating, club, city, country,
    date of birth (the caller manages the entries, so sees it)."""
    return {
        "no": player.no,
        "name": player.name,
        "rank": str(player.rank) if player.rank is not None else None,
        "rating": player.rating,
        "club": player.club,
        "city": player.city,
        "country": player.country,
        "born": player.born.isoformat() if player.born else None,
        "ids": dict(player.ids),
    }


@dataclass(frozen=True, slots=True)
class Found:
    """A new entry, the player it likely duplicates, and whether that one is new too (earlier
    in the same file)."""

    new: Player
    candidate: Player
    in_file: bool


class Duplicate(Conflict):
    """409: the entries would likely duplicate players; ``found`` lists them, ``current``
    too as JSON (``{"duplicates": [{"new", "candidate", "in_file"}]}``)."""

    def __init__(self, message: str, found: Sequence[Found]) -> None:
        listed = [
            {
                "new": player_summary(f.new),
                "candidate": player_summary(f.candidate),
                "in_file": f.in_file,
            }
            for f in found[:MAX_LISTED]
        ]
        super().__init__(message, "name", current={"duplicates": listed, "count": len(found)})
        self.found = tuple(found)


def _described(f: Found) -> str:
    where = "earlier in the file" if f.in_file else f"number {f.candidate.no}"
    return f"{f.new.name} = {f.candidate.name} ({where})"


def check_player(existing: Sequence[Player], new: Player, *, force: bool = False) -> None:
    """409 when ``new`` likely duplicates one of ``existing``, unless ``force``."""
    if force:
        return
    found = [Found(new, c, False) for c in likely_duplicates(existing, new)]
    if found:
        raise Duplicate(
            f"{new.name} is likely entered already as number {found[0].candidate.no} "
            f"({found[0].candidate.name}): send it again with force to enter anyway",
            found,
        )


def check_players(
    existing: Sequence[Player], new: Sequence[Player], *, force: bool = False
) -> None:
    """409 when any of ``new`` (a file's players, numbered) likely duplicates a player of
    ``existing`` or one earlier in ``new``, unless ``force``."""
    if force:
        return
    numbers = {p.no for p in existing}
    found = [
        Found(d.new, d.candidate, d.candidate.no not in numbers)
        for d in duplicates_among(existing, new)
    ]
    if found:
        shown = "; ".join(_described(f) for f in found[:5]) + ("; ..." if len(found) > 5 else "")
        raise Duplicate(
            f"{len(found)} likely duplicate(s): {shown}; send the file again with force to "
            "enter them anyway",
            found,
        )
