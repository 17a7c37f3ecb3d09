"""Finalising an event (the organiser's action, :func:`finalise_event`): a finished, published,
individual event is rated with :func:`arbiter.events.ratings.rate_event` from the players'
ratings on the list (newcomers start from their entry: rating, else Go rank), and each rated
player gets a history row. It happens once: a second finalisation is refused (409), as is one of
an unfinished event (409); an event the rules cannot rate (no time control, games too fast for
the EGF, a Go player without rank) is refused with the reason (422).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbiter.events.event import Event
from arbiter.events.ratings import EgfChange, GlickoChange, rate_event, rated_games
from arbiter.i18n import gettext
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, aware
from arbiter.server.services.errors import Conflict, domain
from arbiter.server.services.events import progress
from arbiter.server.services.ratings.players import (
    glicko_of,
    identify,
    locked_ratings,
    store_rating,
)
from arbiter.server.services.unit import editing, reading
from arbiter.server.storage.models import EventRole
from arbiter.server.storage.ratings import RatedEvent, RatedPlayer, RatingHistory


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
            stored = locked_ratings(ed.session, system, sorted(p.id for p in people.values()))
            before: dict[int, Any] = {}
            for no, person in people.items():
                row = stored.get(person.id)
                if row is None:
                    continue
                before[no] = row.rating if event.game == "go" else glicko_of(row)
            rated = rate_event(event, before)
        played_on = _played_on(event, ed.now)
        entries = []
        for change in rated.changes:
            person = people[change.no]
            entry = _entry_of(change, person.id)
            store_rating(
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
