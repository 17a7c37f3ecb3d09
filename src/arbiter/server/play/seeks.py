"""The lobby's open seeks and presets: a signed-in player offers a game (Go or Toguz
Korgool, the board size for Go, the time control, rated or casual, the opponents' rating
range, the colour), everyone in the lobby sees it, and another player accepts it.

A seek lives as long as the connection that made it (:meth:`SeekBook.drop_connection`): a
player who leaves the lobby takes their seeks along. This module holds the values and their
rules; the lobby socket (:mod:`arbiter.server.web.lobby_socket`) drives them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Final

from arbiter.clock import TimeControl, TimeControlError
from arbiter.clock.speed import speed_of

__all__ = [
    "MAX_SEEKS",
    "MAX_SEEKS_PER_PLAYER",
    "PRESETS",
    "Preset",
    "Refusal",
    "Seek",
    "SeekBook",
    "SeekSpec",
    "parse_spec",
]

MAX_SEEKS_PER_PLAYER: Final = 3
"""Open seeks one player may have at once."""
MAX_SEEKS: Final = 500
"""Open seeks the lobby holds at once."""
RATING_BOUNDS: Final = (0, 4000)
"""The ratings a range may name."""
GO_SIZES: Final = (9, 13, 19)


class Refusal(Exception):
    """A lobby request refused: ``code`` for programs (``unknown-seek``, ``own-seek``,
    ``sign-in``, ``invalid``, ``out-of-range``, ``too-many-seeks``), the message for people,
    and the field at fault, if one is."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


@dataclass(frozen=True, slots=True)
class SeekSpec:
    """The game a seek offers (or a preset names)."""

    game: str
    time_control: str
    size: int = 19
    rated: bool = True
    rating_min: int | None = None
    rating_max: int | None = None
    colour: str = "random"

    @property
    def speed(self) -> str:
        """The speed bucket (:func:`arbiter.clock.speed.speed_of`)."""
        return speed_of(TimeControl.parse(self.time_control))

    def fits(self, rating: float) -> bool:
        """Whether an opponent rated ``rating`` is within the range asked for."""
        low = self.rating_min if self.rating_min is not None else float("-inf")
        high = self.rating_max if self.rating_max is not None else float("inf")
        return low <= rating <= high

    def to_json(self) -> dict[str, Any]:
        """What the lobby's clients are told."""
        return {
            "game": self.game,
            "size": self.size if self.game == "go" else None,
            "time_control": self.time_control,
            "speed": self.speed,
            "rated": self.rated,
            "rating_min": self.rating_min,
            "rating_max": self.rating_max,
            "colour": self.colour,
        }


@dataclass(frozen=True, slots=True)
class Preset:
    """A ready-made seek of the lobby and the key of its quick-pairing pool."""

    key: str
    game: str
    time_control: str
    size: int = 19

    def spec(self, rated: bool = True) -> SeekSpec:
        """The seek of this preset."""
        return SeekSpec(self.game, self.time_control, self.size, rated)

    def to_json(self) -> dict[str, Any]:
        """What the lobby's clients are told."""
        return {"key": self.key, **self.spec().to_json()}


def _preset(game: str, control: str, size: int = 19) -> Preset:
    key = f"toguz-{control}" if game == "toguz" else f"go{size}-{control}"
    return Preset(key, game, control, size)


PRESETS: Final = tuple(
    [_preset("toguz", c) for c in ("2m+1s", "3m+2s", "5m+3s", "10m+5s", "15m+10s", "60m")]
    + [
        _preset("go", "5m+3x20s", 9),
        _preset("go", "10m+5x30s", 9),
        _preset("go", "10m+5x30s", 13),
        _preset("go", "10m+5x30s", 19),
        _preset("go", "30m+5x30s", 19),
        _preset("go", "60m+5x30s", 19),
    ]
)
PRESET_KEYS: Final = {p.key: p for p in PRESETS}


def _rating(value: object, name: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise Refusal("invalid", f"{name} is a whole number of rating points", name)
    try:
        number = int(value)
    except (ValueError, OverflowError):  # JSON Infinity, 1e999: no whole number
        raise Refusal("invalid", f"{name} is a whole number of rating points", name) from None
    low, high = RATING_BOUNDS
    if not low <= number <= high:
        raise Refusal("invalid", f"{name} is from {low} to {high}", name)
    return number


def parse_spec(doc: dict[str, Any]) -> SeekSpec:
    """The seek a client message asks for (a ``preset`` key, or ``game``, ``size``,
    ``time_control``), with ``rated``, ``rating_min``, ``rating_max``, ``colour``;
    :class:`Refusal` ``invalid`` names the field at fault."""
    rated = doc.get("rated", True)
    if not isinstance(rated, bool):
        raise Refusal("invalid", "rated is true or false", "rated")
    colour = doc.get("colour", "random")
    if colour not in ("white", "black", "random"):
        raise Refusal("invalid", "colour is white, black or random", "colour")
    low = _rating(doc.get("rating_min"), "rating_min")
    high = _rating(doc.get("rating_max"), "rating_max")
    if low is not None and high is not None and low > high:
        raise Refusal("invalid", "rating_min is above rating_max", "rating_min")
    preset = doc.get("preset")
    game: object
    control: object
    size: object
    if preset is not None:
        found = PRESET_KEYS.get(preset) if isinstance(preset, str) else None
        if found is None:
            raise Refusal("invalid", "no such preset", "preset")
        game, control, size = found.game, found.time_control, found.size
    else:
        game, control, size = doc.get("game"), doc.get("time_control"), doc.get("size", 19)
        if game not in ("toguz", "go"):
            raise Refusal("invalid", "game is toguz or go", "game")
        if not isinstance(control, str) or not 0 < len(control) <= 40:
            raise Refusal("invalid", "time_control is a time control such as 5m+3s", "time_control")
        try:
            control = str(TimeControl.parse(control))
        except TimeControlError as exc:
            raise Refusal("invalid", str(exc), "time_control") from None
        if game == "go" and (type(size) is not int or size not in GO_SIZES):
            raise Refusal("invalid", "size is 9, 13 or 19", "size")
        if game == "toguz":
            size = 19
    assert isinstance(game, str) and isinstance(control, str) and isinstance(size, int)
    return SeekSpec(game, control, size, rated, low, high, colour)


@dataclass(frozen=True, slots=True)
class Seek:
    """An open seek: its id, the player (account, user name, name shown, rating for this
    game, whether that rating is provisional), the connection it lives with, the game, and
    the server process of that connection (with several processes behind Redis)."""

    id: str
    user_id: int
    username: str
    name: str
    rating: float
    provisional: bool
    conn: int
    spec: SeekSpec
    proc: str = ""

    def to_json(self) -> dict[str, Any]:
        """What the lobby's clients are told (not the account id nor the connection)."""
        return {
            "id": self.id,
            "username": self.username,
            "name": self.name,
            "rating": round(self.rating),
            "provisional": self.provisional,
            **self.spec.to_json(),
        }


@dataclass
class SeekBook:
    """The open seeks of this process (see the module)."""

    seeks: dict[str, Seek] = field(default_factory=dict)

    def add(
        self,
        spec: SeekSpec,
        *,
        user_id: int,
        username: str,
        name: str,
        rating: float,
        provisional: bool,
        conn: int,
    ) -> Seek:
        """Open a seek; :class:`Refusal` ``too-many-seeks`` past the limits."""
        mine = [s for s in self.seeks.values() if s.user_id == user_id]
        if len(mine) >= MAX_SEEKS_PER_PLAYER:
            raise Refusal(
                "too-many-seeks", f"at most {MAX_SEEKS_PER_PLAYER} open seeks: cancel one first"
            )
        if len(self.seeks) >= MAX_SEEKS:
            raise Refusal("too-many-seeks", "the lobby is full: accept a seek instead")
        seek = Seek(secrets.token_hex(6), user_id, username, name, rating, provisional, conn, spec)
        self.seeks[seek.id] = seek
        return seek

    def cancel(self, seek_id: object, user_id: int) -> Seek:
        """Withdraw one's own seek; :class:`Refusal` ``unknown-seek`` for a seek that is not
        open or not the player's."""
        seek = self.seeks.get(seek_id) if isinstance(seek_id, str) else None
        if seek is None or seek.user_id != user_id:
            raise Refusal("unknown-seek", "no such open seek of yours", "seek")
        del self.seeks[seek.id]
        return seek

    def take(self, seek_id: object, user_id: int, rating: float) -> Seek:
        """Accept a seek: it leaves the book and is returned. :class:`Refusal`
        ``unknown-seek`` (not open: taken, withdrawn, its player gone), ``own-seek``,
        ``out-of-range`` (the rating is outside the range the seek asks for)."""
        seek = self.seeks.get(seek_id) if isinstance(seek_id, str) else None
        if seek is None:
            raise Refusal("unknown-seek", "this seek is not open any more", "seek")
        if seek.user_id == user_id:
            raise Refusal("own-seek", "this is your own seek: wait for an opponent", "seek")
        if not seek.spec.fits(rating):
            raise Refusal("out-of-range", "your rating is outside the range this seek asks for")
        del self.seeks[seek.id]
        return seek

    def drop_connection(self, conn: int) -> list[Seek]:
        """The seeks of a connection that closed, removed."""
        gone = [s for s in self.seeks.values() if s.conn == conn]
        for seek in gone:
            del self.seeks[seek.id]
        return gone

    def drop_player(self, user_id: int) -> list[Seek]:
        """Every seek of a player (who has just been paired), removed."""
        gone = [s for s in self.seeks.values() if s.user_id == user_id]
        for seek in gone:
            del self.seeks[seek.id]
        return gone
