"""Ratings on the server: finalising an event rates it once; a finished casual game rates its
two players; the rating lists, a player's history, the CSV export.

- **Finalising** (the organiser's action, :func:`finalise_event`): a finished, published,
  individual event is rated with :func:`arbiter.events.ratings.rate_event` from the players'
  ratings on the list (newcomers start from their entry: rating, else Go rank), and each rated
  player gets a history row. It happens once: a second finalisation is refused (409), as is one
  of an unfinished event (409); an event the rules cannot rate (no time control, games too fast
  for the EGF, a Go player without rank) is refused with the reason (422).
- **Casual games** (:func:`rate_casual_game`, called by live play when a game outside events
  ends): when both seats belong to accounts, a Toguz Korgool game is one Glicko-2 period of one
  game in its speed class, a Go game on 19×19 an EGF class-D "tournament" of one game (if its
  time reaches class D, and both players are on the Go list already: a rank is what starts a
  Go rating, and accounts have none). Games against the computer, pair go, Bestemshe, games
  without clocks and games that were not played (fewer than one move each) are not rated.
- Who is who: :func:`identify` (an event's entry by the account linked to it, else its EGF PIN,
  else its name; a casual game's seat by its account).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbiter import spreadsheet
from arbiter.clock import Side
from arbiter.events.event import Event
from arbiter.events.ratings import (
    SYSTEMS,
    EgfChange,
    EgfGame,
    Glicko2Rating,
    GlickoChange,
    GlickoGame,
    control_class,
    egf_update,
    rate_event,
    rated_games,
    speed_class,
)
from arbiter.events.results import other
from arbiter.i18n import N_, gettext
from arbiter.match import Match
from arbiter.server.auth.roles import Permission
from arbiter.server.play.tables import LiveGame
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, aware
from arbiter.server.services.errors import Conflict, NotFound, domain
from arbiter.server.services.events import progress
from arbiter.server.services.unit import editing, reading
from arbiter.server.storage.models import EventRole, User
from arbiter.server.storage.ratings import PlayerRating, RatedEvent, RatedPlayer, RatingHistory

log = logging.getLogger("arbiter.ratings")

#: The lists, by game, as the rating pages name them.
LIST_NAMES: dict[str, str] = {
    "egf": N_("Go: EGF rating"),
    "toguz-blitz": N_("Toguz Korgool: blitz"),
    "toguz-rapid": N_("Toguz Korgool: rapid"),
    "toguz-classical": N_("Toguz Korgool: classical"),
}
GLICKO_DEFAULT = Glicko2Rating()


def list_name(system: str) -> str:
    """A list's name in the current language."""
    return gettext(LIST_NAMES[system]) if system in LIST_NAMES else system


def name_key(name: str) -> str:
    """How names are compared: case and spacing (and a comma after the surname) ignored.

    >>> name_key("  Ivanov,  Ivan ") == name_key("IVANOV ivan")
    True
    """
    return " ".join(name.replace(",", " ").split()).casefold()


# -- who is who ---------------------------------------------------------------------------------


def identify(
    session: Session,
    name: str,
    *,
    pin: str = "",
    user_id: int | None = None,
    now: datetime,
) -> RatedPlayer:
    """The rated player an entry or a seat is: the one with the account, else the EGF PIN, else
    the same name (not linked to another account or PIN); a new one when none fits. What the
    entry adds (its account, its PIN) is kept."""
    found: RatedPlayer | None = None
    if user_id is not None:
        found = session.scalars(select(RatedPlayer).where(RatedPlayer.user_id == user_id)).first()
    if found is None and pin:
        found = session.scalars(
            select(RatedPlayer).where(RatedPlayer.egf_pin == pin).order_by(RatedPlayer.id)
        ).first()
    if found is None:
        for candidate in session.scalars(
            select(RatedPlayer)
            .where(RatedPlayer.name_key == name_key(name))
            .order_by(RatedPlayer.id)
        ):
            if user_id is not None and candidate.user_id not in (None, user_id):
                continue
            if pin and candidate.egf_pin not in (None, pin):
                continue
            found = candidate
            break
    if found is None:
        found = RatedPlayer(
            name=name, name_key=name_key(name), egf_pin=pin or None, user_id=user_id, created_at=now
        )
        session.add(found)
        session.flush()
        return found
    if user_id is not None and found.user_id is None:
        found.user_id = user_id
    if pin and found.egf_pin is None:
        found.egf_pin = pin
    return found


def _ratings(session: Session, system: str, ids: list[int]) -> dict[int, PlayerRating]:
    """The players' ratings on ``system``, locked for the update (in id order, so that two
    updates never wait for each other in a circle)."""
    if not ids:
        return {}
    rows = session.scalars(
        select(PlayerRating)
        .where(PlayerRating.system == system, PlayerRating.player_id.in_(ids))
        .order_by(PlayerRating.player_id)
        .with_for_update()
    )
    return {r.player_id: r for r in rows}


def _store(
    session: Session,
    player_id: int,
    system: str,
    row: PlayerRating | None,
    after: float,
    rd: float | None,
    volatility: float | None,
    games: int,
    now: datetime,
) -> PlayerRating:
    if row is None:
        row = PlayerRating(
            player_id=player_id,
            system=system,
            rating=after,
            rd=rd,
            volatility=volatility,
            games=games,
            updated_at=now,
        )
        session.add(row)
        return row
    row.rating, row.rd, row.volatility = after, rd, volatility
    row.games += games
    row.updated_at = now
    return row


# -- finalising an event ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatedEntry:
    """A participant's rating change in a finalised event."""

    no: int
    name: str
    player_id: int
    before: float
    after: float
    rd_before: float | None
    rd_after: float | None
    games: int


@dataclass(frozen=True, slots=True)
class EventRatings:
    """An event's ratings: the list, the class, when and the changes (empty: not rated yet)."""

    event_id: int
    system: str | None
    cls: str | None
    rated_at: datetime | None
    entries: tuple[RatedEntry, ...]

    @property
    def rated(self) -> bool:
        """Whether the event was finalised."""
        return self.rated_at is not None


def _played_on(event: Event, now: datetime) -> date:
    for key in ("end", "start"):
        value = event.config.value(key)
        if isinstance(value, date):
            return value
    return now.date()


def finalise_event(rt: Runtime, actor: CurrentUser | None, event_id: int) -> EventRatings:
    """Rate the finished event and record every rated player's history (see the module)."""
    with editing(rt, actor, event_id, Permission.FINALISE, "finalising the event") as ed:
        done = ed.session.get(RatedEvent, event_id)
        if done is not None:
            raise Conflict(
                gettext("The event was finalised on %(date)s: it is rated once.")
                % {"date": aware(done.rated_at).date().isoformat()},
                None,
                current={"rated_at": aware(done.rated_at).isoformat(), "system": done.system},
            )
        event = ed.event
        if not ed.row.published:
            raise Conflict(gettext("Publish the event first: its ratings are public."))
        planned, finished = progress(ed.state())
        if not finished:
            raise Conflict(
                gettext(
                    "The event is not finished (%(paired)s of %(planned)s rounds paired, "
                    "every result final): it is rated when it is."
                )
                % {"paired": len(event.rounds), "planned": planned}
            )
        with domain():
            rated_games_ = rated_games(event)
            participants = sorted({no for g in rated_games_ for no in g.participants})
            linked = _linked_accounts(ed.session, event_id)
            people = {
                no: identify(
                    ed.session,
                    event.player(no).name,
                    pin=event.player(no).id_in("egf") if event.game == "go" else "",
                    user_id=linked.get(no),
                    now=ed.now,
                )
                for no in participants
            }
            system = _system_of(event)
            stored = _ratings(ed.session, system, sorted(p.id for p in people.values()))
            before: dict[int, Any] = {}
            for no, person in people.items():
                row = stored.get(person.id)
                if row is None:
                    continue
                if event.game == "go":
                    before[no] = row.rating
                else:
                    before[no] = Glicko2Rating(
                        row.rating, row.rd or GLICKO_DEFAULT.rd, row.volatility or 0.06
                    )
            rated = rate_event(event, before)
        played_on = _played_on(event, ed.now)
        entries = []
        for change in rated.changes:
            person = people[change.no]
            entry = _entry_of(change, person.id)
            _store(
                ed.session,
                person.id,
                rated.system,
                stored.get(person.id),
                entry.after,
                entry.rd_after,
                change.after.volatility if isinstance(change, GlickoChange) else None,
                entry.games,
                ed.now,
            )
            ed.session.add(
                RatingHistory(
                    player_id=person.id,
                    system=rated.system,
                    source="event",
                    event_id=event_id,
                    live_id=None,
                    entry_no=change.no,
                    label=event.config.name or f"#{event_id}",
                    played_on=played_on,
                    before=entry.before,
                    after=entry.after,
                    rd_before=entry.rd_before,
                    rd_after=entry.rd_after,
                    games=entry.games,
                    created_at=ed.now,
                )
            )
            entries.append(entry)
        ed.session.add(
            RatedEvent(
                event_id=event_id,
                system=rated.system,
                cls=rated.cls,
                players=len(entries),
                rated_at=ed.now,
                rated_by=ed.user.id,
            )
        )
        try:
            ed.session.flush()
        except IntegrityError:
            raise Conflict(gettext("The event is being finalised by someone else.")) from None
        return EventRatings(event_id, rated.system, rated.cls, ed.now, tuple(entries))


def _system_of(event: Event) -> str:
    from arbiter.events.ratings import rating_system

    return rating_system(event)[0]


def _entry_of(change: EgfChange | GlickoChange, player_id: int) -> RatedEntry:
    if isinstance(change, EgfChange):
        return RatedEntry(
            change.no, change.name, player_id, change.before, change.after, None, None, change.games
        )
    return RatedEntry(
        change.no,
        change.name,
        player_id,
        change.before.rating,
        change.after.rating,
        change.before.rd,
        change.after.rd,
        change.games,
    )


def _linked_accounts(session: Session, event_id: int) -> dict[int, int]:
    """Player number → the account linked to the entry (the event's ``player`` roles)."""
    rows = session.scalars(
        select(EventRole).where(EventRole.event_id == event_id, EventRole.role == "player")
    )
    return {r.player_no: r.user_id for r in rows if r.player_no is not None}


def event_ratings(rt: Runtime, actor: CurrentUser | None, event_id: int) -> EventRatings:
    """The ratings an event gave (nothing when it is not finalised)."""
    with reading(rt, actor, event_id) as r:
        done = r.session.get(RatedEvent, event_id)
        if done is None:
            return EventRatings(event_id, None, None, None, ())
        rows = r.session.execute(
            select(RatingHistory, RatedPlayer)
            .join(RatedPlayer, RatedPlayer.id == RatingHistory.player_id)
            .where(RatingHistory.event_id == event_id, RatingHistory.source == "event")
            .order_by(RatingHistory.after.desc())
        ).all()
        entries = tuple(
            RatedEntry(
                h.entry_no or 0,
                p.name,
                p.id,
                h.before,
                h.after,
                h.rd_before,
                h.rd_after,
                h.games,
            )
            for h, p in rows
        )
        return EventRatings(event_id, done.system, done.cls, aware(done.rated_at), entries)


# -- casual games ---------------------------------------------------------------------------------


def casual_system(match: Match) -> tuple[str, str] | None:
    """The list a finished casual game counts in and its class, or ``None`` when it is not
    rated (see the module)."""
    settings = match.settings
    game = settings.game
    result = match.result
    if result is None or not result.played or result.is_void or not match.clocked:
        return None
    if match.ply < 2:
        return None
    if match.kind == "toguz":
        if getattr(game, "variant", "toguz") != "toguz" or getattr(game, "start", None):
            return None
        speed = speed_class(settings.time_control)
        return f"toguz-{speed}", speed
    if getattr(game, "pair", False) or getattr(game, "size", 19) != 19:
        return None
    if control_class(settings.time_control, online=True) != "D":
        return None
    return "egf", "D"


@dataclass(frozen=True, slots=True)
class CasualRating:
    """A casual game rated: the list and each side's player and rating before and after."""

    live_id: int
    system: str
    sides: tuple[tuple[str, int, float, float], ...]


def rate_casual_game(rt: Runtime, live_id: int, match: Match) -> CasualRating | None:
    """Rate a finished casual game between two accounts (once: a second call finds it rated and
    changes nothing). Returns what it did, ``None`` when the game is not rated. Never raises:
    live play calls it in the background, and a failure is logged."""
    try:
        return _rate_casual(rt, live_id, match)
    except Exception:
        log.exception("live game %s: the ratings were not updated", live_id)
        return None


SIDES: tuple[Side, Side] = ("black", "white")


@dataclass(frozen=True, slots=True)
class _Update:
    before: float
    after: float
    rd_before: float | None = None
    rd_after: float | None = None
    volatility: float | None = None


def _casual_updates(
    system: str, match: Match, stored: dict[Side, PlayerRating | None]
) -> dict[Side, _Update] | None:
    """Both sides' new ratings after a casual game (``None``: not rated)."""
    result = match.result
    assert result is not None
    updates: dict[Side, _Update] = {}
    if system == "egf":
        ratings = {side: row.rating for side, row in stored.items() if row is not None}
        if len(ratings) != 2:
            return None  # a Go rating starts from a rank, at an event
        handicap = int(getattr(match.settings.game, "handicap", 0))
        for side in SIDES:
            score = result.score(side)
            assert score is not None
            game = EgfGame(ratings[other(side)], score, stones=handicap, received=side == "black")
            updates[side] = _Update(ratings[side], egf_update(ratings[side], [game], "D"))
        return updates
    start = {side: _glicko(row) for side, row in stored.items()}
    for side in SIDES:
        opp, score = start[other(side)], result.score(side)
        assert score is not None
        after = start[side].update([GlickoGame(opp.rating, opp.rd, score)])
        updates[side] = _Update(
            start[side].rating, after.rating, start[side].rd, after.rd, after.volatility
        )
    return updates


def _rate_casual(rt: Runtime, live_id: int, match: Match) -> CasualRating | None:
    found = casual_system(match)
    if found is None:
        return None
    system = found[0]
    now = rt.now()
    try:
        with rt.db.write() as session:
            live = session.get(LiveGame, live_id)
            seats: Mapping[str, Any] = live.seats if live is not None else {}
            users = {side: (seats.get(side) or {}).get("user_id") for side in SIDES}
            if None in users.values() or users["black"] == users["white"]:
                return None
            people: dict[Side, RatedPlayer] = {}
            for side, user_id in users.items():
                account = session.get(User, user_id)
                if account is None:
                    return None
                people[side] = identify(
                    session, account.display_name or account.username, user_id=account.id, now=now
                )
            stored = _ratings(session, system, sorted(p.id for p in people.values()))
            mine = {side: stored.get(person.id) for side, person in people.items()}
            updates = _casual_updates(system, match, mine)
            if updates is None:
                return None
            for side, u in updates.items():
                pid = people[side].id
                _store(session, pid, system, mine[side], u.after, u.rd_after, u.volatility, 1, now)
                _history(session, pid, system, live_id, match, u, now)
            session.flush()
            return CasualRating(
                live_id,
                system,
                tuple((s, people[s].id, updates[s].before, updates[s].after) for s in SIDES),
            )
    except IntegrityError:
        return None  # rated already (by another server process)


def _glicko(row: PlayerRating | None) -> Glicko2Rating:
    if row is None:
        return GLICKO_DEFAULT
    return Glicko2Rating(row.rating, row.rd or GLICKO_DEFAULT.rd, row.volatility or 0.06)


def _history(
    session: Session,
    player_id: int,
    system: str,
    live_id: int,
    match: Match,
    update: _Update,
    now: datetime,
) -> None:
    names = {
        side: " & ".join(p.name for p in match.players(side) if p.name) or "?" for side in SIDES
    }
    session.add(
        RatingHistory(
            player_id=player_id,
            system=system,
            source="casual",
            event_id=None,
            live_id=live_id,
            entry_no=None,
            label=f"{names['white']} – {names['black']}",
            played_on=now.date(),
            before=update.before,
            after=update.after,
            rd_before=update.rd_before,
            rd_after=update.rd_after,
            games=1,
            created_at=now,
        )
    )


# -- the lists ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ListRow:
    """A player on a rating list."""

    place: int
    player_id: int
    name: str
    rating: float
    rd: float | None
    games: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One update of a player's rating."""

    system: str
    source: str
    event_id: int | None
    live_id: int | None
    label: str
    played_on: date
    before: float
    after: float
    rd_before: float | None
    rd_after: float | None
    games: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A rated player with their ratings (per list) and history, newest first."""

    id: int
    name: str
    ratings: tuple[tuple[str, float, float | None, int], ...]
    history: tuple[HistoryRow, ...]


def check_system(system: str) -> str:
    """``system`` if it is a list, else 404."""
    if system not in SYSTEMS:
        raise NotFound(
            gettext("No rating list %(name)s: the lists are %(lists)s.")
            % {"name": repr(system), "lists": ", ".join(SYSTEMS)}
        )
    return system


def rating_list(rt: Runtime, system: str) -> list[ListRow]:
    """A list, best first (ties share a place; then by name)."""
    check_system(system)
    with rt.db.read() as session:
        rows = session.execute(
            select(PlayerRating, RatedPlayer)
            .join(RatedPlayer, RatedPlayer.id == PlayerRating.player_id)
            .where(PlayerRating.system == system)
            .order_by(PlayerRating.rating.desc(), RatedPlayer.name_key, RatedPlayer.id)
        ).all()
    out: list[ListRow] = []
    for i, (r, p) in enumerate(rows, start=1):
        shown = round(r.rating, 1)
        place = out[-1].place if out and round(out[-1].rating, 1) == shown else i
        out.append(ListRow(place, p.id, p.name, r.rating, r.rd, r.games, aware(r.updated_at)))
    return out


def list_csv(system: str, rows: list[ListRow]) -> str:
    """A list as CSV (place, player, rating, RD for Glicko-2, games, last update)."""
    out = io.StringIO()
    writer = spreadsheet.writer(out)
    glicko = system != "egf"
    writer.writerow(
        ["place", "player_id", "name", "rating", *(["rd"] if glicko else []), "games", "updated"]
    )
    for row in rows:
        writer.writerow(
            [
                row.place,
                row.player_id,
                row.name,
                f"{row.rating:.3f}",
                *([f"{row.rd:.1f}" if row.rd is not None else ""] if glicko else []),
                row.games,
                row.updated_at.date().isoformat(),
            ]
        )
    return out.getvalue()


def player_view(rt: Runtime, player_id: int) -> PlayerView:
    """A rated player's ratings and history (404 when there is no such player)."""
    with rt.db.read() as session:
        person = session.get(RatedPlayer, player_id)
        if person is None:
            raise NotFound(gettext("No rated player %(n)s.") % {"n": player_id})
        ratings = tuple(
            (r.system, r.rating, r.rd, r.games)
            for r in session.scalars(
                select(PlayerRating)
                .where(PlayerRating.player_id == player_id)
                .order_by(PlayerRating.system)
            )
        )
        history = tuple(
            HistoryRow(
                h.system,
                h.source,
                h.event_id,
                h.live_id,
                h.label,
                h.played_on,
                h.before,
                h.after,
                h.rd_before,
                h.rd_after,
                h.games,
            )
            for h in session.scalars(
                select(RatingHistory)
                .where(RatingHistory.player_id == player_id)
                .order_by(RatingHistory.played_on.desc(), RatingHistory.id.desc())
            )
        )
        return PlayerView(person.id, person.name, ratings, history)


def list_sizes(rt: Runtime) -> dict[str, int]:
    """How many players each list has."""
    with rt.db.read() as session:
        counts = dict(
            session.execute(
                select(PlayerRating.system, func.count()).group_by(PlayerRating.system)
            ).all()
        )
    return {s: int(counts.get(s, 0)) for s in SYSTEMS}


__all__ = [
    "LIST_NAMES",
    "CasualRating",
    "EventRatings",
    "HistoryRow",
    "ListRow",
    "PlayerView",
    "RatedEntry",
    "casual_system",
    "check_system",
    "event_ratings",
    "finalise_event",
    "identify",
    "list_csv",
    "list_name",
    "list_sizes",
    "name_key",
    "player_view",
    "rate_casual_game",
    "rating_list",
]
