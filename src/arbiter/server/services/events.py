"""Events: create (or import an event file), list, read, change settings, publish, delete.

Whoever creates an event becomes its organiser. A new event is unpublished: only its role
holders see it until the organiser (or chief referee) publishes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select

from arbiter.events.document import from_document
from arbiter.events.event import FIXED_AFTER_START, Event
from arbiter.events.settings import SPECS, spec
from arbiter.events.systems import system_for
from arbiter.events.tiebreaks import name as tiebreak_name
from arbiter.limits import MAX_NAME
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import access_for
from arbiter.server.services.accounts import CurrentUser, aware, require_user
from arbiter.server.services.errors import Conflict, domain
from arbiter.server.services.state import EventState, build
from arbiter.server.services.text import check_json_text, check_text
from arbiter.server.services.unit import editing, reading
from arbiter.server.storage import events as store
from arbiter.server.storage.models import EventRole, EventRow, ParticipantRow, RoundRow


@dataclass(frozen=True, slots=True)
class EventSummary:
    """An event as listed."""

    id: int
    name: str
    game: str
    system: str
    discipline: str
    published: bool
    version: int
    participants: int
    rounds: int
    roles: tuple[str, ...]
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SettingInfo:
    """One setting of an event: its value as text, whether the organiser set it, its meaning."""

    key: str
    value: str
    set: bool
    meaning: str
    fixed: bool


def _grant_organiser(session: Any, row: EventRow, user: CurrentUser) -> None:
    session.add(EventRole(event_id=row.id, user_id=user.id, role="organiser", player_no=None))


def create_event(
    rt: Runtime,
    actor: CurrentUser | None,
    *,
    game: str,
    system: str,
    discipline: str = "individual",
    name: str | None = None,
    rounds: int | None = None,
    draw_lots: int | None = None,
    settings: Mapping[str, str] | None = None,
) -> EventState:
    """A new event, its creator its organiser; ``settings`` are set in order (all or none)."""
    user = require_user(actor)
    if name is not None:
        check_text(name, "name", limit=MAX_NAME)
    with domain():
        event = Event.create(
            game,  # type: ignore[arg-type]
            system,  # type: ignore[arg-type]
            discipline,  # type: ignore[arg-type]
            rounds=rounds,
            draw_lots=draw_lots,
            name=name.strip() if name else None,
        )
    event = _apply_settings(event, settings or {})
    with rt.db.write() as session:
        loaded = store.insert(session, event, user_id=user.id, now=rt.now())
        _grant_organiser(session, loaded.row, user)
        session.flush()
        return build(loaded, access_for(session, loaded.row, user))


def import_event(rt: Runtime, actor: CurrentUser | None, document: Any) -> EventState:
    """A new event from an event document (the JSON of ``arbiter event``), results included;
    the importer becomes its organiser."""
    user = require_user(actor)
    check_json_text(document, "document")
    with domain("document"):
        event = from_document(document)
    with rt.db.write() as session:
        loaded = store.insert(session, event, user_id=user.id, now=rt.now())
        _grant_organiser(session, loaded.row, user)
        session.flush()
        return build(loaded, access_for(session, loaded.row, user))


def _apply_settings(event: Event, changes: Mapping[str, str]) -> Event:
    for key, value in changes.items():
        field = f"settings.{key}"
        check_text(key, field, limit=64)
        check_text(value, field, limit=2000)
        with domain(field):
            canonical = spec(key).key
        if event.rounds and canonical in FIXED_AFTER_START:
            raise Conflict(f"{canonical} cannot change once round 1 is paired", field)
        with domain(field):
            event = event.set(key, value)
    return event


def list_events(rt: Runtime, actor: CurrentUser | None) -> list[EventSummary]:
    """The events the actor may see: published ones, those they hold a role in (all for an
    administrator), newest change first."""
    with rt.db.read() as session:
        query = select(EventRow)
        if actor is None:
            query = query.where(EventRow.published)
        elif not actor.is_admin:
            mine = select(EventRole.event_id).where(EventRole.user_id == actor.id)
            query = query.where(or_(EventRow.published, EventRow.id.in_(mine)))
        rows = list(session.scalars(query.order_by(EventRow.updated_at.desc(), EventRow.id)))
        ids = [r.id for r in rows]
        entries = dict(
            session.execute(
                select(ParticipantRow.event_id, func.count())
                .where(ParticipantRow.event_id.in_(ids))
                .group_by(ParticipantRow.event_id)
            ).all()
        )
        paired = dict(
            session.execute(
                select(RoundRow.event_id, func.count())
                .where(RoundRow.event_id.in_(ids))
                .group_by(RoundRow.event_id)
            ).all()
        )
        roles: dict[int, list[str]] = {}
        if actor is not None:
            for r in session.scalars(select(EventRole).where(EventRole.user_id == actor.id)):
                roles.setdefault(r.event_id, []).append(r.role)
        return [
            EventSummary(
                r.id,
                r.name,
                r.game,
                r.system,
                r.discipline,
                r.published,
                r.version,
                int(entries.get(r.id, 0)),
                int(paired.get(r.id, 0)),
                tuple(sorted(roles.get(r.id, []))),
                aware(r.updated_at),
            )
            for r in rows
        ]


def get_event(rt: Runtime, actor: CurrentUser | None, event_id: int) -> EventState:
    """The event as the actor may see it (404 when they may not)."""
    with reading(rt, actor, event_id) as r:
        return r.state()


def settings_of(state: EventState) -> list[SettingInfo]:
    """Every setting of the event's game with its value, whether set, and meaning."""
    event = state.event
    cfg = event.config
    out = []
    for s in SPECS:
        if not cfg.applies(s.key):
            continue
        text = cfg.text(s.key)
        meaning = s.help
        if s.key == "tiebreaks":
            names = ", ".join(tiebreak_name(c, cfg.language) for c in cfg.tiebreaks)
            meaning = f"{s.help} ({names})" if names else s.help
        fixed = bool(event.rounds) and s.key in FIXED_AFTER_START
        out.append(SettingInfo(s.key, text, s.key in event.settings, meaning, fixed))
    return out


def change_settings(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    changes: Mapping[str, str],
    *,
    version: int | None = None,
) -> EventState:
    """Set several settings at once (all or none); ``version``, when given, must be the event's
    current version (409 otherwise, with the event's current settings)."""
    with editing(rt, actor, event_id, Permission.EDIT_SETTINGS, "changing settings") as ed:
        if version is not None and version != ed.row.version:
            raise Conflict(
                f"the event changed meanwhile (version {ed.row.version}, not {version})",
                "version",
                current={"version": ed.row.version, "settings": ed.event.settings.to_json()},
            )
        ed.store(_apply_settings(ed.event, changes))
        return ed.state()


def publish_event(
    rt: Runtime, actor: CurrentUser | None, event_id: int, published: bool
) -> EventState:
    """Publish the event (everybody sees it, with its published rounds) or withdraw it."""
    with editing(rt, actor, event_id, Permission.PUBLISH_EVENT, "publishing the event") as ed:
        ed.row.published = published
        ed.row.updated_at = ed.now
        ed.session.flush()
        ed.access = replace(ed.access, published=published)
        return ed.state()


def delete_event(rt: Runtime, actor: CurrentUser | None, event_id: int) -> None:
    """Delete the event with everything in it (its organiser only)."""
    with editing(rt, actor, event_id, Permission.DELETE_EVENT, "deleting the event") as ed:
        ed.session.delete(ed.row)


def progress(state: EventState) -> tuple[int, bool]:
    """The rounds the system plans (as far as known now) and whether the event is finished:
    no round is left to pair and every game has its final (not provisional) result."""
    event = state.event
    system = system_for(event)
    try:
        planned = system.planned_rounds(event)
        decided = all(g.result is not None and not g.result.provisional for g in event.games())
        finished = bool(event.rounds) and system.finished(event) and decided
    except ValueError:  # a system that cannot plan yet (too few entries, not available)
        planned, finished = max(event.config.rounds or 0, len(event.rounds)), False
    return planned, finished
