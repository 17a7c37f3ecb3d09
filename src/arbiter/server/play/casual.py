"""Live games outside events: a casual game with an invitation link (the creator takes a seat,
whoever opens the link first the other), and a game against the computer. A seat is held by
its seat token (only its hash is stored) and, when signed in, by the account.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, cast

from arbiter.clock import TimeControl, TimeControlError
from arbiter.errors import ArbiterError
from arbiter.games.go import Rules
from arbiter.games.go.rules import Scoring
from arbiter.match import GoConduct, MatchSettings, ToguzConduct
from arbiter.match.settings.games import Placement
from arbiter.server.play.engines import ENGINES, engine_available
from arbiter.server.play.hub import Hub
from arbiter.server.play.seats import hash_token, seats_of
from arbiter.server.play.state import DEFAULT_RECONNECT_WINDOW, Options
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotAvailable,
    NotFound,
    ServiceError,
)

__all__ = ["Created", "GameSpec", "create_casual", "create_computer", "join_casual"]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a player asks for when creating a game outside events."""

    game: str = "toguz"
    time_control: str = "10m"
    size: int = 19
    handicap: int = 0
    komi: float | None = None
    scoring: str = "japanese"
    variant: str = "toguz"
    pair: bool = False
    side: str = "white"
    #: ``fixed`` (the star points) or ``free`` (Black places them; Chinese counting only).
    handicap_placement: str = "fixed"

    def settings(self, names: dict[str, str] | None = None) -> MatchSettings:
        """The match settings (no late-arrival forfeit: nobody schedules a casual game)."""
        names = names or {}
        try:
            control = TimeControl.parse(self.time_control)
        except TimeControlError as exc:
            raise Invalid(str(exc), "time_control") from None
        try:
            if self.game == "toguz":
                return MatchSettings.toguz(
                    control,
                    conduct=ToguzConduct(late_forfeit=False),
                    variant=self.variant,
                    white=names.get("white"),
                    black=names.get("black"),
                )
            if self.game != "go":
                raise Invalid(f"a game is toguz or go, not {self.game!r}", "game")
            komi = self.komi if self.komi is not None else (0.5 if self.handicap >= 2 else 6.5)
            players: dict[str, Any] = {}
            if not self.pair:
                players = {"black": names.get("black"), "white": names.get("white")}
            return MatchSettings.go(
                control,
                size=self.size,
                handicap=self.handicap,
                pair=self.pair,
                handicap_placement=cast(Placement, self.handicap_placement),
                rules=Rules(
                    scoring=cast(Scoring, self.scoring),
                    komi=komi,
                    white_wins_ties=self.pair,
                ),
                conduct=GoConduct(late_forfeit=False),
                **players,
            )
        except ServiceError:
            raise
        except ArbiterError as exc:
            raise Invalid(str(exc), None) from None


@dataclass(frozen=True, slots=True)
class Created:
    """A game created: its id, the creator's seat and seat token, the invitation code."""

    id: int
    seat: str
    token: str
    invite: str | None

    def to_json(self) -> dict[str, Any]:
        """The API's answer."""
        return {
            "id": self.id,
            "seat": self.seat,
            "token": self.token,
            "invite": self.invite,
            "ws": f"/play/ws/{self.id}",
        }


def _seat_choice(spec: GameSpec, seats: tuple[str, ...]) -> str:
    side = spec.side
    if side == "random":
        side = secrets.choice(["black", "white"])
    if side in seats:
        return side
    found = [s for s in seats if s.startswith(side + ".")]
    if side in ("black", "white") and found:
        return found[0]
    if side in seats:
        return side
    raise Invalid(f"choose a seat among {', '.join(seats)} or random", "side")


def _new_seat(user: CurrentUser | None) -> tuple[str, dict[str, Any]]:
    """A new seat token, and the seat as stored (the token's hash, the account if any)."""
    token = secrets.token_urlsafe(24)
    info: dict[str, Any] = {"token": hash_token(token)}
    if user is not None:
        info["user_id"] = user.id
    return token, info


def _store_game(
    hub: Hub,
    user: CurrentUser | None,
    settings: MatchSettings,
    options: Options,
    seats: dict[str, Any],
    invite: str | None = None,
) -> int:
    """A new game outside events in the store (its clock starts when it is played); its id."""
    return hub.store.create(
        kind=settings.kind,
        settings=settings.to_json(),
        options=options.to_json(),
        seats=seats,
        epoch=hub.wall(),
        due_at=None,
        invite_hash=None if invite is None else hash_token(invite),
        created_by=None if user is None else user.id,
    )


def create_casual(
    hub: Hub,
    user: CurrentUser | None,
    spec: GameSpec,
    *,
    reconnect_window: float = DEFAULT_RECONNECT_WINDOW,
) -> Created:
    """A game outside events: the creator takes a seat (and a seat token); the invitation
    code gives the other seats to whoever opens the link first. The game starts when every
    seat is connected."""
    settings = spec.settings()
    seats = seats_of(settings)
    mine = _seat_choice(spec, seats)
    token, seat = _new_seat(user)
    invite = secrets.token_urlsafe(12)
    options = Options(reconnect_window=reconnect_window, casual=True)
    live_id = _store_game(hub, user, settings, options, {mine: seat}, invite)
    return Created(live_id, mine, token, invite)


def join_casual(
    hub: Hub,
    user: CurrentUser | None,
    live_id: int,
    invite: str,
    seat: str | None = None,
    name: str | None = None,
) -> Created:
    """Take a free seat of a casual game with its invitation code; ``name``: the player's
    name as the opponent sees it (a guest's, without an account: such games are unrated)."""
    row = hub.store.game(live_id)
    if row is None:
        raise NotFound(f"no live game {live_id}")
    if row.invite_hash is None or row.invite_hash != hash_token(invite):
        raise Forbidden("this invitation is not valid (or every seat is taken)")
    settings = MatchSettings.from_json(row.settings)
    free = [s for s in seats_of(settings) if s not in row.seats]
    if seat is not None:
        if seat not in free:
            raise Conflict(f"the seat {seat} is not free", "seat")
        free = [seat]
    if not free:
        raise Conflict("every seat is taken", "seat")
    token, info = _new_seat(user)
    if name:
        info["name"] = name
    seats = {**row.seats, free[0]: info}
    left = [s for s in seats_of(settings) if s not in seats]
    hub.store.set_seats(live_id, seats, row.invite_hash if left else None)
    return Created(live_id, free[0], token, None)


def create_computer(
    hub: Hub, user: CurrentUser | None, spec: GameSpec, level: int = 5, address: str = ""
) -> Created:
    """A game against the computer (the Toguz Korgool engine; GNU Go for Go), within the
    computer's quotas (:mod:`arbiter.server.thinking`) for the account, or the ``address`` of
    a visitor not signed in. It starts when the player connects."""
    if spec.pair:
        raise Invalid("the computer plays single games, not pair go", "pair")
    if not engine_available(spec.game):
        raise NotAvailable("GNU Go is not installed on this server: no Go against the computer")
    if not 0 <= level <= 10:
        raise Invalid(f"the computer's level is 0 to 10, not {level}", "level")
    owner = f"user:{user.id}" if user is not None else f"address:{address}"
    hub.rt.thinking.admit_game(owner)
    settings = spec.settings({"white": "", "black": ""})
    mine = _seat_choice(spec, seats_of(settings))
    theirs = "black" if mine == "white" else "white"
    engine = ENGINES[spec.game]
    named = MatchSettings.from_json(
        {
            **settings.to_json(),
            theirs: [{"name": f"computer ({engine}, level {level})"}],
        }
    )
    token, seat = _new_seat(user)
    options = Options(casual=True, computer={"seat": theirs, "engine": engine, "level": level})
    live_id = _store_game(hub, user, named, options, {mine: seat, theirs: {"computer": True}})
    hub.rt.thinking.game_started(live_id, owner)
    return Created(live_id, mine, token, None)
