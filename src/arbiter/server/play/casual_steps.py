"""A casual game's takeback requests and rematch offers (``casual`` messages,
docs/play-protocol.md): who may ask, when, and what an accepted request does.

- **Takeback**: a player asks to take back their last move; the opponent accepts (the position
  before that move is restored — the opponent's reply too, if made — and the asker is to move)
  or declines. Never in rated games (both seats held by accounts), event games, pair go or
  against the computer; a move made before the answer lapses the request.
- **Rematch**: once the game is over, a player offers another game with the same settings and
  the colours swapped; when the opponent accepts, the new game is created with each player in
  the other seat (the same seat tokens and accounts), and both pages go to it.

Each refusal is a :class:`~arbiter.server.play.refused.Refused` with a reason word; a refused
request stores nothing.
"""

from __future__ import annotations

from typing import Any

from arbiter.i18n import gettext
from arbiter.match import RestorePosition
from arbiter.match.actors import AGREEMENT
from arbiter.server.play.builder import Builder
from arbiter.server.play.refused import Refused
from arbiter.server.play.room import Room
from arbiter.server.play.seats import side_of_seat
from arbiter.server.play.state import Event, GameState
from arbiter.server.play.store import GameRow
from arbiter.server.play.viewer import Viewer
from arbiter.server.services.errors import Invalid

__all__ = ["MAX_NAME", "casual_request", "guest_name", "is_rated", "record_name", "rematch_seats"]

MAX_NAME = 40
"""Characters of a player's name in a casual game."""


def guest_name(text: str) -> str:
    """A guest's name as given on the invitation page, blanks collapsed; refused when it is
    too long or holds control characters (empty: "Guest").

    >>> guest_name("  Aida   K. "), guest_name("")
    ('Aida K.', 'Guest')
    """
    name = " ".join(text.split())
    if len(name) > MAX_NAME:
        raise Invalid(gettext("A name has at most %(n)s characters.") % {"n": MAX_NAME}, "name")
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        raise Invalid(gettext("A name has no control characters."), "name")
    return name or gettext("Guest")


async def record_name(room: Room, seat: str, name: str) -> None:
    """Show ``name`` at ``seat`` to everyone watching (a ``casual`` event)."""
    data = {"op": "name", "seat": seat, "name": name}
    await room.commit(lambda b: b.add("casual", data), settle=False)


def is_rated(row: GameRow) -> bool:
    """Whether a casual game may be rated: both seats are held by (different) accounts
    (guests are never rated) and the game was not made unrated (a casual seek of the lobby:
    ``options.rated`` false), as :mod:`arbiter.server.services.ratings.casual` rates them."""
    if (row.options or {}).get("rated") is False:
        return False
    users = [(row.seats.get(s) or {}).get("user_id") for s in ("black", "white")]
    return None not in users and users[0] != users[1]


def rematch_seats(seats: dict[str, Any]) -> dict[str, Any]:
    """The seats of the rematch: each player's seat token, account and name at the other
    colour."""
    return {"black": dict(seats["white"]), "white": dict(seats["black"])}


def _casual_only(state: GameState, row: GameRow, viewer: Viewer) -> str:
    """The asker's seat, when the game is one where players ask such things."""
    if viewer.kind != "player" or viewer.seat is None:
        raise Refused("not-a-player", "only the players ask for takebacks and rematches")
    if row.event_id is not None or not state.options.casual:
        raise Refused("not-permitted", "an event game has no takebacks and no rematches")
    if state.options.computer:
        raise Refused("not-permitted", "a game against the computer has no takebacks or rematches")
    if state.match.settings.pair:
        raise Refused("not-permitted", "pair go has no takebacks and no rematches")
    return viewer.seat


def takeback_step(state: GameState, row: GameRow, viewer: Viewer, op: str) -> dict[str, Any]:
    """The data of the ``casual`` event of a takeback step (see the module)."""
    seat = _casual_only(state, row, viewer)
    m = state.match
    pending = state.extras.takeback_pending(m.ply)
    if op == "takeback-request":
        if is_rated(row):
            raise Refused("not-permitted", "a rated game has no takebacks")
        if m.status != "playing":
            raise Refused("wrong-phase", "a takeback is asked for while the game is played")
        if not any(r.side == side_of_seat(seat) for r in m.moves):
            raise Refused("nothing-to-take-back", "you have made no move to take back")
        if pending is not None:
            raise Refused("wrong-phase", "a takeback request already awaits an answer")
        return {"op": op, "by": seat, "ply": m.ply}
    if pending is None:
        raise Refused("no-request", "nobody asked for a takeback")
    if pending["by"] == seat:
        raise Refused("not-permitted", "the opponent answers a takeback request")
    if m.status != "playing":
        raise Refused("wrong-phase", "a takeback is taken while the game is played")
    return {"op": op, "by": seat}


def rematch_step(state: GameState, row: GameRow, viewer: Viewer, op: str) -> dict[str, Any]:
    """The data of the ``casual`` event of a rematch step (see the module); an accepted
    rematch's ``game`` is filled in by :func:`casual_request`."""
    seat = _casual_only(state, row, viewer)
    offer = state.extras.rematch
    if not state.match.is_over:
        raise Refused("wrong-phase", "a rematch is offered once the game is over")
    if op == "rematch-offer":
        if offer is not None and offer["status"] in ("offered", "accepted"):
            raise Refused("wrong-phase", "a rematch is already offered")
        return {"op": op, "by": seat}
    if offer is None or offer["status"] != "offered":
        raise Refused("no-request", "no rematch is offered")
    if offer["by"] == seat:
        raise Refused("not-permitted", "the opponent answers a rematch offer")
    return {"op": op, "by": seat}


def _restore_ply(state: GameState, asker: str) -> int:
    """The position to restore: before the asker's last move."""
    side = side_of_seat(asker)
    return max(i for i, r in enumerate(state.match.moves) if r.side == side)


async def casual_request(room: Room, viewer: Viewer, op: str) -> int:
    """A takeback or rematch step (``op``, one of ``protocol.CASUAL_OPS``); the seq of its
    last event."""
    hub = room.hub
    row = await hub.store.run(hub.store.game, room.id)  # the seats as joined since the load
    assert row is not None
    step = takeback_step if op.startswith("takeback") else rematch_step
    step(room.state, row, viewer, op)  # refused before anything is created
    game: int | None = None
    if op == "rematch-accept":
        s = room.state
        game = await hub.store.run(
            hub.store.create,
            kind=s.match.kind,
            settings=s.match.settings.to_json(),
            options={**row.options, "rematch_of": room.id},
            seats=rematch_seats(row.seats),
            epoch=hub.wall(),
            due_at=None,
            created_by=row.created_by,
        )
        # The players' names go with them, at their new colours.
        swapped = [
            (new, s.extras.names.get(old)) for new, old in (("black", "white"), ("white", "black"))
        ]
        wall = round(hub.wall(), 6)
        named = [(seat, name) for seat, name in swapped if name]
        events = [
            Event(i, "casual", wall, {"op": "name", "seat": seat, "name": name})
            for i, (seat, name) in enumerate(named)
        ]
        await hub.store.run(
            hub.store.append, game, events, status="ready", result=None, due_at=None
        )

    def build(b: Builder) -> int:
        data = step(b.state, row, viewer, op)
        if game is not None:
            data["game"] = game
        if op == "takeback-accept":
            pending = b.state.extras.takeback_pending(b.match.ply)
            assert pending is not None
            ply = _restore_ply(b.state, pending["by"])
            b.add("casual", data, viewer.user_id)
            return b.act(RestorePosition(ply), AGREEMENT, viewer.user_id).seq
        return b.add("casual", data, viewer.user_id).seq

    _events, seq = await room.commit(build)
    return int(seq)
