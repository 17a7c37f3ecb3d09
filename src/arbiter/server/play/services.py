"""Creating live games and connecting them to events: casual games with an invitation link,
games against the computer, the live games of an event's round (settings from the event,
seats from the players' accounts, the clock started at the round start); the results of finished
event games reach their events in :mod:`arbiter.server.play.results`.

Like the server's other services, these take the runtime (here through the :class:`Hub`) and
the acting user, and raise :class:`~arbiter.server.services.errors.ServiceError`.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import select

from arbiter.clock import TimeControl, TimeControlError
from arbiter.errors import ArbiterError
from arbiter.events.event import Event
from arbiter.events.rounds import Game
from arbiter.games.go import Rules
from arbiter.games.go.rules import Scoring
from arbiter.match import GoConduct, MatchSettings, Player, ToguzConduct
from arbiter.server.auth.roles import Permission
from arbiter.server.play.engines import engine_available
from arbiter.server.play.hub import Hub, hash_token
from arbiter.server.play.state import DEFAULT_RECONNECT_WINDOW, Options, seats_of
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import access_for
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import (
    Conflict,
    Forbidden,
    Invalid,
    NotAvailable,
    NotFound,
    ServiceError,
)
from arbiter.server.services.unit import reading
from arbiter.server.storage import events as event_store
from arbiter.server.storage.models import EventRole

__all__ = [
    "Created",
    "GameSpec",
    "create_casual",
    "create_computer",
    "create_round_games",
    "event_access",
    "event_game_settings",
    "join_casual",
]

log = logging.getLogger("arbiter.play")

DEFAULT_CONTROLS = {"toguz": "60m", "go": "60m+3x30s"}


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
    token, invite = secrets.token_urlsafe(24), secrets.token_urlsafe(12)
    seat_info: dict[str, Any] = {mine: {"token": hash_token(token)}}
    if user is not None:
        seat_info[mine]["user_id"] = user.id
    options = Options(reconnect_window=reconnect_window, casual=True)
    live_id = hub.store.create(
        kind=settings.kind,
        settings=settings.to_json(),
        options=options.to_json(),
        seats=seat_info,
        epoch=hub.wall(),
        due_at=None,
        invite_hash=hash_token(invite),
        created_by=None if user is None else user.id,
    )
    return Created(live_id, mine, token, invite)


def join_casual(
    hub: Hub, user: CurrentUser | None, live_id: int, invite: str, seat: str | None = None
) -> Created:
    """Take a free seat of a casual game with its invitation code."""
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
    token = secrets.token_urlsafe(24)
    info: dict[str, Any] = {"token": hash_token(token)}
    if user is not None:
        info["user_id"] = user.id
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
    engine = "arbiter" if spec.game == "toguz" else "gnugo"
    named = MatchSettings.from_json(
        {
            **settings.to_json(),
            theirs: [{"name": f"computer ({engine}, level {level})"}],
        }
    )
    token = secrets.token_urlsafe(24)
    seat_info: dict[str, Any] = {mine: {"token": hash_token(token)}, theirs: {"computer": True}}
    if user is not None:
        seat_info[mine]["user_id"] = user.id
    options = Options(casual=True, computer={"seat": theirs, "engine": engine, "level": level})
    live_id = hub.store.create(
        kind=named.kind,
        settings=named.to_json(),
        options=options.to_json(),
        seats=seat_info,
        epoch=hub.wall(),
        due_at=None,
        created_by=None if user is None else user.id,
    )
    hub.rt.thinking.game_started(live_id, owner)
    return Created(live_id, mine, token, None)


# ----- events


def event_game_settings(event: Event, game: Game) -> tuple[MatchSettings, Options]:
    """The match settings of an event's game from the event's settings: time control, Toguz
    Korgool ruleset, Go rules (scoring, komi of the game, handicap), pair go, the conduct
    settings (``late_forfeit``, ``late_limit`` in minutes, Toguz Korgool ``max_draw_offers`` and
    ``move_cap``); and the live options (``reconnect_window``, team event)."""
    config = event.config
    control = config.text("time_control") or DEFAULT_CONTROLS[event.game]
    event_name, round_name = config.name, str(game.round)

    def names(no: int, player: int | None) -> Any:
        if event.discipline == "pair":
            pair = next(p for p in event.pairs if p.no == no)
            return [
                Player(event.name_of(pair.man), role="man"),
                Player(event.name_of(pair.woman), role="woman"),
            ]
        return event.name_of(player if player is not None else no)

    black = names(game.black, game.black_player)
    white = names(game.white, game.white_player)
    ruleset = str(config.value("ruleset"))
    late = _setting(config, "late_limit")
    late_limit = None if late is None else float(cast(int, late)) * 60.0
    late_forfeit = _setting(config, "late_forfeit") is not False
    try:
        if event.game == "toguz":
            offers = _setting(config, "max_draw_offers")
            cap = _setting(config, "move_cap")
            settings = MatchSettings.toguz(
                control,
                white=white,
                black=black,
                conduct=ToguzConduct(
                    max_draw_offers=3 if offers is None else cast(int, offers),
                    move_cap=None if cap is None else cast(int, cap),
                    late_forfeit=late_forfeit,
                    late_limit=late_limit,
                ),
                variant="bestemshe" if ruleset == "bestemshe" else "toguz",
                event=event_name,
                round=round_name,
            )
        else:
            komi = (
                float(game.komi)
                if game.komi is not None
                else float(
                    cast(Any, config.value("handicap_komi" if game.handicap >= 2 else "komi"))
                )
            )
            settings = MatchSettings.go(
                control,
                handicap=game.handicap,
                pair=event.discipline == "pair",
                rules=Rules(
                    scoring="chinese" if ruleset == "chinese" else "japanese",
                    komi=komi,
                    white_wins_ties=event.discipline == "pair",
                ),
                black=black,
                white=white,
                conduct=GoConduct(late_forfeit=late_forfeit, late_limit=late_limit),
                event=event_name,
                round=round_name,
            )
    except ArbiterError as exc:
        raise Invalid(f"table {game.table}: {exc}", None) from None
    window = DEFAULT_RECONNECT_WINDOW
    found = _setting(config, "reconnect_window")
    if isinstance(found, int | float) and not isinstance(found, bool):
        window = float(found)
    return settings, Options(reconnect_window=window, casual=False, team=event.discipline == "team")


def _setting(config: Any, key: str) -> object:
    """The event's setting ``key``, or ``None`` when the events layer does not define it."""
    try:
        return cast(object, config.value(key))
    except (KeyError, ArbiterError):
        return None


def _seats(event: Event, game: Game, roles: list[EventRole]) -> dict[str, Any]:
    by_player = {r.player_no: r.user_id for r in roles}
    seats: dict[str, Any] = {}
    for side, no, player in (
        ("black", game.black, game.black_player),
        ("white", game.white, game.white_player),
    ):
        if event.discipline == "pair":
            pair = next(p for p in event.pairs if p.no == no)
            for role, member in (("man", pair.man), ("woman", pair.woman)):
                if member in by_player:
                    seats[f"{side}.{role}"] = {"user_id": by_player[member]}
        else:
            who = player if player is not None else no
            if who in by_player:
                seats[side] = {"user_id": by_player[who]}
    return seats


def create_round_games(
    hub: Hub,
    user: CurrentUser | None,
    event_id: int,
    number: int,
    start_at: float | None,
    tables: list[int] | None = None,
) -> list[dict[str, Any]]:
    """Create the live games of round ``number`` (every game without a result and without a
    live game yet, or only ``tables``): match settings from the event, seats from the players'
    accounts, the clocks started by the server at ``start_at`` (Unix time; ``None``: a referee
    starts each game). A referee's act (``Permission.RECORD_RESULT``)."""
    rt = hub.rt
    with reading(rt, user, event_id) as r:
        state = r.state()
        state.access.require(Permission.RECORD_RESULT, "starting live games")
        event = state.event
        try:
            rnd = event.round(number)
        except ArbiterError as exc:
            raise NotFound(str(exc)) from None
        roles = list(
            r.session.scalars(
                select(EventRole).where(EventRole.event_id == event_id, EventRole.role == "player")
            )
        )
    made: list[dict[str, Any]] = []
    for game in rnd.games:
        if tables is not None and game.table not in tables:
            continue
        if game.result is not None:
            continue
        game_id = state.games[game.key].id
        found = hub.store.game_of(game_id)
        if found is not None:
            made.append(
                {"id": found.id, "table": game.table, "board": game.board, "created": False}
            )
            continue
        settings, options = event_game_settings(event, game)
        options = Options(
            reconnect_window=options.reconnect_window,
            casual=False,
            team=options.team,
            start_at=start_at,
        )
        doc = options.to_json()
        doc["event_game"] = {"round": game.round, "table": game.table, "board": game.board}
        epoch = hub.wall() if start_at is None else min(hub.wall(), start_at)
        live_id = hub.store.create(
            kind=settings.kind,
            settings=settings.to_json(),
            options=doc,
            seats=_seats(event, game, roles),
            epoch=epoch,
            due_at=start_at,
            event_id=event_id,
            game_id=game_id,
            created_by=None if user is None else user.id,
        )
        made.append({"id": live_id, "table": game.table, "board": game.board, "created": True})
    return made


def event_access(rt: Runtime, event_id: int, user: CurrentUser | None) -> str | None:
    """``"referee"`` (may conduct the event's games), ``"spectator"`` (may watch), or
    ``None`` (may not see the event)."""
    with rt.db.read() as session:
        row = event_store.fetch(session, event_id)
        if row is None:
            return None
        access = access_for(session, row, user)
        if access.can(Permission.RECORD_RESULT):
            return "referee"
        return "spectator" if access.visible else None
