"""The seats of a live game: who sits where, the match actor at each seat, the player entries of
an event game's sides, and how seat tokens are kept.

A seat is ``black`` or ``white``; in pair go ``black.man``, ``black.woman``, ``white.man``,
``white.woman``. Nothing here reads the time, the database or a game's state.
"""

from __future__ import annotations

import hashlib

from arbiter.clock import Side
from arbiter.events.event import Event
from arbiter.events.rounds import Game
from arbiter.match import Actor, MatchSettings, other_side

__all__ = [
    "SERVER_REFEREE",
    "actor_of_seat",
    "hash_token",
    "seat_of_actor",
    "seats_of",
    "side_entries",
    "side_of_seat",
    "winner_by_no_show",
]

SERVER_REFEREE = Actor.referee("arbiter")
"""The actor of what the server decides for the referee under the event's rules: a no-show
after the reconnection window, a pause while the server was down."""


def hash_token(token: str) -> str:
    """How seat tokens and invitation codes are stored (SHA-256, hex).

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seats_of(settings: MatchSettings) -> tuple[str, ...]:
    """The seats of a game: ``black``, ``white``; in pair go ``black.man``, ``black.woman``,
    ``white.man``, ``white.woman``.

    >>> seats_of(MatchSettings.go("10m", size=9, pair=True))
    ('black.man', 'black.woman', 'white.man', 'white.woman')
    """
    if settings.pair:
        return ("black.man", "black.woman", "white.man", "white.woman")
    return ("black", "white")


def actor_of_seat(seat: str) -> Actor:
    """The match actor who sits at ``seat``.

    >>> actor_of_seat("white.woman").to_json()
    {'kind': 'player', 'side': 'white', 'role': 'woman'}
    """
    side, _, role = seat.partition(".")
    assert side in ("black", "white")
    return Actor.player(side, role or None)  # type: ignore[arg-type]


def seat_of_actor(actor: Actor) -> str | None:
    """The seat of a player actor (``None`` for referees and the system)."""
    if not actor.is_player or actor.side is None:
        return None
    return actor.side + (f".{actor.role}" if actor.role else "")


def side_of_seat(seat: str) -> Side:
    """The side a seat plays.

    >>> side_of_seat("black.man"), side_of_seat("white")
    ('black', 'white')
    """
    return "black" if seat.startswith("black") else "white"


def side_entries(event: Event, game: Game) -> dict[str, tuple[int, ...]]:
    """The player entries of each side of an event's ``game``: a pair's man and woman (in
    this order), a team board's player, or the player."""
    out: dict[str, tuple[int, ...]] = {}
    for side, no, player in (
        ("black", game.black, game.black_player),
        ("white", game.white, game.white_player),
    ):
        if event.discipline == "pair":
            pair = next(p for p in event.pairs if p.no == no)
            out[side] = (pair.man, pair.woman)
        else:
            out[side] = (player if player is not None else no,)
    return out


def winner_by_no_show(kind: str, losers: tuple[Side, ...]) -> str:
    """The result text of a no-show: the other side wins by forfeit, both absent ``--``.

    >>> winner_by_no_show("toguz", ("black",)), winner_by_no_show("go", ("black",))
    ('+-', '-+')
    """
    if len(set(losers)) == 2:
        return "--"
    winner = other_side(losers[0])
    first = "white" if kind == "toguz" else "black"
    return "+-" if winner == first else "-+"
