"""Corrections of the entries: delete an entry, merge a player entered twice, correct a pair's
or a team's details. Each is one transaction under the event's exclusive lock, as every entry
edit is (:mod:`arbiter.server.services.entries`); a ``version``, when given, must be the
event's current one (409 otherwise, with the version), so that a page shown before another
change does not delete or merge what its reader did not see.

The rules are the core's (:mod:`arbiter.events.corrections`): an entry goes only while it has
taken no part in the event. The accounts linked to an entry follow it here: a deleted player's
link (the ``player`` role), unused claim links and join requests are let go, so that a later
entry given the same number is nobody's; a merge moves them to the entry kept.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from arbiter.events.corrections import delete_entry as delete_from
from arbiter.events.corrections import find_entry, rename_pair, update_team
from arbiter.events.corrections import merge_players as merge_in
from arbiter.events.participants import Participant, Player
from arbiter.limits import MAX_COUNTRY, MAX_FIELD, MAX_NAME
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Conflict, domain
from arbiter.server.services.state import EventState
from arbiter.server.services.text import check_text
from arbiter.server.services.unit import Editing, editing
from arbiter.server.storage.links import AccountLink, JoinRequest
from arbiter.server.storage.models import EventRole

__all__ = ["EntryKind", "delete_entry", "merge_players", "update_pair", "update_team_details"]

EntryKind = Literal["player", "pair", "team"]


def check_version(ed: Editing, version: int | None) -> None:
    """409 when ``version`` is given and is not the event's current version."""
    if version is not None and version != ed.row.version:
        raise Conflict(
            f"the event changed meanwhile (version {ed.row.version}, not {version}): "
            "reload it and look again",
            "version",
            current={"version": ed.row.version},
        )


def _forget(session: Session, event_id: int, no: int) -> None:
    """Let go of what links accounts to player ``no``, which is no more."""
    session.execute(
        delete(EventRole).where(
            EventRole.event_id == event_id, EventRole.role == "player", EventRole.player_no == no
        )
    )
    session.execute(
        delete(AccountLink).where(
            AccountLink.event_id == event_id,
            AccountLink.kind == "claim",
            AccountLink.player_no == no,
            AccountLink.used_at.is_(None),
        )
    )
    session.execute(
        update(JoinRequest)
        .where(JoinRequest.event_id == event_id, JoinRequest.player_no == no)
        .values(player_no=None)
    )


def _move_links(session: Session, event_id: int, gone: int, kept: int) -> None:
    """Player ``gone``'s links made ``kept``'s (an account linked to ``kept`` already stays,
    the other's link goes: one account per entry)."""
    linked = session.scalar(
        select(EventRole.id).where(
            EventRole.event_id == event_id, EventRole.role == "player", EventRole.player_no == kept
        )
    )
    if linked is None:
        session.execute(
            update(EventRole)
            .where(
                EventRole.event_id == event_id,
                EventRole.role == "player",
                EventRole.player_no == gone,
            )
            .values(player_no=kept)
        )
    for table in (AccountLink, JoinRequest):
        session.execute(
            update(table)
            .where(table.event_id == event_id, table.player_no == gone)
            .values(player_no=kept)
        )
    _forget(session, event_id, gone)


def delete_entry(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    kind: EntryKind,
    no: int,
    *,
    version: int | None = None,
) -> tuple[EventState, Participant]:
    """Delete entry ``no`` (a ``player``, ``pair`` or ``team``) that has taken no part in the
    event (422 once it has: withdraw it then); the event after, and the entry deleted."""
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "deleting entries") as ed:
        check_version(ed, version)
        with domain(in_path=True):
            _entry_of(ed, kind, no)
        with domain():
            event, gone = delete_from(ed.event, kind, no)
        if kind == "player":
            _forget(ed.session, event_id, no)
        ed.store(event)
        return ed.state(), gone


def _entry_of(ed: Editing, kind: EntryKind, no: int) -> Participant:
    return find_entry(ed.event, kind, no)


def merge_players(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    no: int,
    other: int,
    take: Collection[str] = (),
    *,
    version: int | None = None,
) -> tuple[EventState, Player, int]:
    """Make players ``no`` and ``other``, one person entered twice, one entry: the one that
    has played stays (``no`` when neither has), its empty fields filled from the other and
    the fields named in ``take`` taken from it. The event after, the player kept, and the
    number that went."""
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "merging entries") as ed:
        check_version(ed, version)
        with domain(in_path=True):
            ed.event.player(no)
        with domain("other"):
            ed.event.player(other)
        with domain("other"):
            event, kept = merge_in(ed.event, no, other, take)
        gone = other if kept.no == no else no
        _move_links(ed.session, event_id, gone, kept.no)
        ed.store(event)
        return ed.state(), kept, gone


def update_pair(
    rt: Runtime, actor: CurrentUser | None, event_id: int, no: int, name: str
) -> EventState:
    """Rename pair ``no``."""
    check_text(name, "name", limit=MAX_NAME)
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "correcting entries") as ed:
        with domain(in_path=True):
            _entry_of(ed, "pair", no)
        with domain("name"):
            event, _ = rename_pair(ed.event, no, name)
        ed.store(event)
        return ed.state()


def update_team_details(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    no: int,
    name: str,
    club: str = "",
    country: str = "",
) -> EventState:
    """Correct team ``no``'s name, club and country (its players stay)."""
    check_text(name, "name", limit=MAX_NAME)
    check_text(club, "club", limit=MAX_FIELD)
    check_text(country, "country", limit=MAX_COUNTRY)
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "correcting entries") as ed:
        with domain(in_path=True):
            _entry_of(ed, "team", no)
        with domain("name"):
            event, _ = update_team(ed.event, no, name, club, country)
        ed.store(event)
        return ed.state()
