"""Entries and accounts: the organiser links an entry to an account, or hands the player a
claim link; signed-in players ask to join an event open for self-registration, and the
organiser confirms (the entry is made and linked) or refuses.

An entry is linked to an account by the ``player`` role with the entry's number
(:mod:`arbiter.server.services.roles`); online rounds seat players by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbiter.events.participants import Player
from arbiter.events.registration import Registration
from arbiter.i18n import gettext
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services import entries, roles
from arbiter.server.services.accounts import CurrentUser, aware, require_user
from arbiter.server.services.entries import PlayerFields
from arbiter.server.services.errors import Conflict, Forbidden, Invalid, NotFound, domain
from arbiter.server.services.links import NewLink, make_link, take_link
from arbiter.server.services.unit import editing, reading
from arbiter.server.storage.links import EventRegistration, JoinRequest
from arbiter.server.storage.models import EventRole, User

#: The entry form's fields a player may fill in when asking to join.
REQUEST_FIELDS = ("name", "rank", "rating", "club", "city", "country", "gender", "born")


@dataclass(frozen=True, slots=True)
class Window:
    """An event's self-registration: open or not, and until when."""

    open: bool
    deadline: datetime | None

    def accepts(self, now: datetime) -> bool:
        """Whether a request may be made at ``now``."""
        return self.open and (self.deadline is None or now < self.deadline)


@dataclass(frozen=True, slots=True)
class Request:
    """A player's request to join, as the organiser sees it."""

    id: int
    username: str
    display_name: str
    entry: dict[str, str]
    state: str
    created_at: datetime
    player_no: int | None


# -- links between entries and accounts -----------------------------------------------------------


def link_entry(
    rt: Runtime, actor: CurrentUser | None, event_id: int, player_no: int, username: str
) -> roles.RoleGrant:
    """Link entry ``player_no`` to the account ``username`` (the organiser)."""
    return roles.grant_role(rt, actor, event_id, username, "player", player_no)


def claim_link(
    rt: Runtime, actor: CurrentUser | None, event_id: int, player_no: int, days: int | None = None
) -> NewLink:
    """A link with which the player of entry ``player_no`` links it to their own account."""
    with editing(rt, actor, event_id, Permission.MANAGE_ROLES, "sending claim links") as ed:
        with domain("player_no", in_path=True):
            ed.event.player(player_no)
        if _linked(ed.session, event_id, player_no) is not None:
            raise Conflict(gettext("this entry is linked to an account already"), "player_no")
        return make_link(
            ed.session,
            ed.now,
            "claim",
            created_by=ed.user.id,
            days=days,
            event_id=event_id,
            player_no=player_no,
        )


def _linked(session: Session, event_id: int, player_no: int) -> int | None:
    return session.scalars(
        select(EventRole.user_id).where(
            EventRole.event_id == event_id,
            EventRole.role == "player",
            EventRole.player_no == player_no,
        )
    ).first()


def claim(rt: Runtime, actor: CurrentUser | None, secret: str) -> tuple[int, int]:
    """Link the signed-in account to the entry of a claim link (used up): the event's id and
    the entry's number. 409 when the account is a player of the event already."""
    user = require_user(actor)
    with rt.db.write() as session:
        link = take_link(session, rt.now(), "claim", secret, user.id)
        assert link.event_id is not None and link.player_no is not None
        event_id, player_no = link.event_id, link.player_no
        if _linked(session, event_id, player_no) is not None:
            raise Conflict(gettext("this entry is linked to an account already"), "token")
        try:
            with session.begin_nested():
                session.add(
                    EventRole(
                        event_id=event_id, user_id=user.id, role="player", player_no=player_no
                    )
                )
        except IntegrityError:
            raise Conflict(
                gettext("your account is linked to another entry of this event"), "token"
            ) from None
    return event_id, player_no


def unlinked(state_players: tuple[Player, ...], linked: set[int]) -> list[Player]:
    """The players of ``state_players`` whose entry no account is linked to (they cannot take
    their seat in an online round)."""
    return [p for p in state_players if p.no not in linked and p.withdrawn is None]


def linked_numbers(rt: Runtime, event_id: int) -> set[int]:
    """The entries linked to an account."""
    with rt.db.read() as session:
        return {
            n
            for n in session.scalars(
                select(EventRole.player_no).where(
                    EventRole.event_id == event_id, EventRole.role == "player"
                )
            )
            if n is not None
        }


# -- self-registration ----------------------------------------------------------------------------


def window(rt: Runtime, event_id: int) -> Window:
    """The event's self-registration window (closed unless the organiser opened it)."""
    with rt.db.read() as session:
        row = session.get(EventRegistration, event_id)
        if row is None:
            return Window(False, None)
        return Window(row.open, aware(row.deadline) if row.deadline is not None else None)


def set_window(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    open_: bool,
    deadline: datetime | None,
) -> Window:
    """Open or close self-registration (the organiser; ``deadline``: requests end then)."""
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "opening registration") as ed:
        if open_ and deadline is not None and deadline <= ed.now:
            raise Invalid(gettext("the deadline has passed already"), "deadline")
        row = ed.session.get(EventRegistration, event_id)
        if row is None:
            row = EventRegistration(event_id=event_id)
            ed.session.add(row)
        row.open, row.deadline = open_, deadline
        return Window(open_, deadline)


def ask_to_join(
    rt: Runtime, actor: CurrentUser | None, event_id: int, fields: PlayerFields
) -> Request:
    """A signed-in player asks to be entered; the organiser decides."""
    user = require_user(actor)
    fields.check()
    if not fields.name.strip():
        raise Invalid(gettext("the name is empty"), "name")
    with reading(rt, user, event_id) as r:
        if r.access.is_staff:
            raise Conflict(gettext("you run this event: enter yourself on the participants page"))
        # the entry is checked as the organiser's confirmation will check it (a rank that
        # cannot be read is refused now, not when the organiser confirms)
        with domain():
            Registration(r.loaded.event).add(fields)
    if not window(rt, event_id).accepts(rt.now()):
        raise Forbidden(gettext("this event does not take requests to join now"))
    entry = {
        k: str(getattr(fields, k)) for k in REQUEST_FIELDS if getattr(fields, k) not in (None, "")
    }
    with rt.db.write() as session:
        row = JoinRequest(
            event_id=event_id, user_id=user.id, entry=entry, state="pending", created_at=rt.now()
        )
        try:
            with session.begin_nested():
                session.add(row)
        except IntegrityError:
            raise Conflict(gettext("you have asked to join this event already")) from None
        return Request(row.id, user.username, user.display_name, entry, row.state, rt.now(), None)


def requests(rt: Runtime, actor: CurrentUser | None, event_id: int) -> list[Request]:
    """The requests to join, oldest first (the event's staff)."""
    with reading(rt, actor, event_id) as r:
        r.access.require(Permission.MANAGE_ENTRIES, "listing requests to join")
        rows = r.session.execute(
            select(JoinRequest, User)
            .join(User, User.id == JoinRequest.user_id)
            .where(JoinRequest.event_id == event_id)
            .order_by(JoinRequest.id)
        ).all()
        return [
            Request(
                q.id,
                u.username,
                u.display_name or u.username,
                dict(q.entry),
                q.state,
                aware(q.created_at),
                q.player_no,
            )
            for q, u in rows
        ]


def my_request(rt: Runtime, actor: CurrentUser | None, event_id: int) -> str | None:
    """The state of the signed-in account's request to join the event, if any."""
    if actor is None:
        return None
    with rt.db.read() as session:
        return session.scalars(
            select(JoinRequest.state).where(
                JoinRequest.event_id == event_id, JoinRequest.user_id == actor.id
            )
        ).first()


def decide(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    request_id: int,
    confirm: bool,
    *,
    force: bool = False,
) -> Request:
    """Confirm a request (the player is entered as asked and linked to the account) or
    refuse it. A confirmed or refused request is not decided again (409)."""
    found = [q for q in requests(rt, actor, event_id) if q.id == request_id]
    if not found:
        raise NotFound(gettext("no request %(n)s in this event") % {"n": request_id})
    asked = found[0]
    if asked.state != "pending":
        raise Conflict(gettext("this request has been decided already"))
    number = None
    if confirm:
        added = entries.add_player(
            rt,
            actor,
            event_id,
            PlayerFields(**asked.entry),  # type: ignore[arg-type]
            force=force,
        )
        number = added.added[0].no
        link_entry(rt, actor, event_id, number, asked.username)
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "deciding requests") as ed:
        row = ed.session.get(JoinRequest, request_id)
        if row is None or row.state != "pending":
            raise Conflict(gettext("this request has been decided already"))
        row.state = "confirmed" if confirm else "refused"
        row.decided_by, row.decided_at, row.player_no = ed.user.id, ed.now, number
        return Request(
            row.id,
            asked.username,
            asked.display_name,
            asked.entry,
            row.state,
            asked.created_at,
            number,
        )
