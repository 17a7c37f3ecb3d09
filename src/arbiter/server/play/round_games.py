"""The live games of an event's round: match settings from the event's settings, seats from
the players' accounts, the clocks started by the server at the round start. The results of
finished event games reach their events in :mod:`arbiter.server.play.results`.
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import select

from arbiter.clock import TimeControl, TimeControlError, is_correspondence
from arbiter.errors import ArbiterError
from arbiter.events.event import Event
from arbiter.events.rounds import Game
from arbiter.games.go import Rules
from arbiter.match import GoConduct, MatchSettings, Player, ToguzConduct
from arbiter.server.auth.roles import Permission
from arbiter.server.play.hub import Hub
from arbiter.server.play.seats import side_entries
from arbiter.server.play.state import DEFAULT_RECONNECT_WINDOW, Options
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Invalid, NotFound
from arbiter.server.services.unit import reading
from arbiter.server.storage.models import EventRole

__all__ = ["DEFAULT_CONTROLS", "create_round_games", "event_game_settings"]

DEFAULT_CONTROLS = {"toguz": "60m", "go": "60m+3x30s"}
"""The time control of an event game when the event sets none."""


def event_game_settings(event: Event, game: Game) -> tuple[MatchSettings, Options]:
    """The match settings of an event's game from the event's settings: time control, Toguz
    Korgool ruleset, Go rules (scoring, komi of the game, handicap), pair go, the conduct
    settings (``late_forfeit``, ``late_limit`` in minutes, Toguz Korgool ``max_draw_offers`` and
    ``move_cap``); and the live options (``reconnect_window``, team event)."""
    config = event.config
    control = config.text("time_control") or DEFAULT_CONTROLS[event.game]
    event_name, round_name = config.name, str(game.round)

    def names(entries: tuple[int, ...]) -> Any:
        if event.discipline == "pair":
            man, woman = entries
            return [
                Player(event.name_of(man), role="man"),
                Player(event.name_of(woman), role="woman"),
            ]
        return event.name_of(entries[0])

    sides = side_entries(event, game)
    black, white = names(sides["black"]), names(sides["white"])
    ruleset = str(config.value("ruleset"))
    late = _setting(config, "late_limit")
    late_limit = None if late is None else float(cast(int, late)) * 60.0
    # Correspondence: the clock's deadline is the first move's too; nobody "arrives" in time.
    late_forfeit = _setting(config, "late_forfeit") is not False and not _by_post(control)
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
                float(game.komi) if game.komi is not None else float(config.komi_for(game.handicap))
            )
            settings = MatchSettings.go(
                control,
                handicap=game.handicap,
                pair=event.discipline == "pair",
                handicap_placement="free"
                if _setting(config, "handicap_placement") == "free"
                else "fixed",
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
    within = _setting(config, "postpone_within")
    return settings, Options(
        reconnect_window=window,
        casual=False,
        team=event.discipline == "team",
        postpone_within=None if within is None else float(cast(int, within)) * 3600.0,
    )


def _by_post(control: str) -> bool:
    """Whether ``control`` is correspondence time (an unreadable one is refused later)."""
    try:
        return is_correspondence(TimeControl.parse(control))
    except TimeControlError:
        return False


def _setting(config: Any, key: str) -> object:
    """The event's setting ``key``, or ``None`` when the events layer does not define it."""
    try:
        return cast(object, config.value(key))
    except (KeyError, ArbiterError):
        return None


def _seats(event: Event, game: Game, roles: list[EventRole]) -> dict[str, Any]:
    """The seats of the players with an account: a pair's man and woman, else the side."""
    by_player = {r.player_no: r.user_id for r in roles}
    seats: dict[str, Any] = {}
    for side, entries in side_entries(event, game).items():
        names = (f"{side}.man", f"{side}.woman") if event.discipline == "pair" else (side,)
        for seat, member in zip(names, entries, strict=True):
            if member in by_player:
                seats[seat] = {"user_id": by_player[member]}
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
            postpone_within=options.postpone_within,
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
