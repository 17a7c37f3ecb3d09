"""Roles in an event: list, give, take back; an account linked to an entry is that player.

The organiser gives any role; the chief referee appoints referees and spectators. An event
keeps at least one organiser. A ``player`` role names the player's number in the event; each
player is linked to one account at most.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbiter.server.auth.roles import REFEREE_GRANTABLE, Permission, Role, parse_role
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, find_user
from arbiter.server.services.errors import Conflict, Forbidden, Invalid, NotFound, domain
from arbiter.server.services.unit import Editing, editing, reading
from arbiter.server.storage.models import EventRole, User


@dataclass(frozen=True, slots=True)
class RoleGrant:
    """One role of one account in an event."""

    id: int
    username: str
    display_name: str
    role: str
    player_no: int | None


def _grants(session: Session, event_id: int) -> list[RoleGrant]:
    rows = session.execute(
        select(EventRole, User)
        .join(User, User.id == EventRole.user_id)
        .where(EventRole.event_id == event_id)
        .order_by(EventRole.id)
    ).all()
    return [
        RoleGrant(r.id, u.username, u.display_name or u.username, r.role, r.player_no)
        for r, u in rows
    ]


def list_roles(rt: Runtime, actor: CurrentUser | None, event_id: int) -> list[RoleGrant]:
    """Who holds which role (the event's staff may see this)."""
    with reading(rt, actor, event_id) as r:
        r.access.require(Permission.VIEW_PRIVATE, "listing roles")
        return _grants(r.session, event_id)


def _may_manage(ed: Editing, role: Role) -> None:
    if ed.access.can(Permission.MANAGE_ROLES):
        return
    if role in REFEREE_GRANTABLE and ed.access.can(Permission.MANAGE_REFEREES):
        return
    raise Forbidden(f"giving or taking the role {role} needs the organiser of this event")


def grant_role(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    username: str,
    role: str,
    player_no: int | None = None,
) -> RoleGrant:
    """Give ``username`` a role in the event (``player`` with the player's number)."""
    try:
        chosen = parse_role(role)
    except ValueError as exc:
        raise Invalid(str(exc), "role") from None
    with editing(rt, actor, event_id, Permission.MANAGE_REFEREES, "giving roles") as ed:
        _may_manage(ed, chosen)
        user = find_user(ed.session, username) if len(username) <= 64 else None
        if user is None:
            raise Invalid(f"no account named {username!r}", "username")
        if chosen == "player":
            if player_no is None:
                raise Invalid("a player role names the player's number", "player_no")
            with domain("player_no"):
                ed.event.player(player_no)
        elif player_no is not None:
            raise Invalid("only a player role names a player's number", "player_no")
        _committee_apart(ed.session, event_id, user, chosen)
        row = EventRole(event_id=event_id, user_id=user.id, role=chosen, player_no=player_no)
        try:
            with ed.session.begin_nested():
                ed.session.add(row)
        except IntegrityError:
            taken = (
                f"player {player_no} is linked to an account already, or {user.username} "
                "is a player here already"
                if chosen == "player"
                else f"{user.username} is {chosen} here already"
            )
            raise Conflict(taken, "role") from None
        return RoleGrant(
            row.id, user.username, user.display_name or user.username, chosen, player_no
        )


#: Seed 002 2.3: «В состав Комитета не могут входить игроки, выступающие на соревновании, а также
#: члены судейской коллегии данного соревнования» — no player or referee sits on the committee.
_NOT_WITH_COMMITTEE = frozenset({"player", "referee", "chief-referee"})


def _committee_apart(session: Session, event_id: int, user: User, chosen: Role) -> None:
    """Refuse a committee role to a player or referee of the event, and the other way round."""
    if chosen != "committee" and chosen not in _NOT_WITH_COMMITTEE:
        return
    held = set(
        session.scalars(
            select(EventRole.role).where(
                EventRole.event_id == event_id, EventRole.user_id == user.id
            )
        )
    )
    clash = held & _NOT_WITH_COMMITTEE if chosen == "committee" else held & {"committee"}
    if clash:
        raise Conflict(
            f"{user.username} is {sorted(clash)[0]} here: no player or referee sits on the "
            "appeals committee (seed 002 2.3)",
            "role",
        )


def revoke_role(rt: Runtime, actor: CurrentUser | None, event_id: int, role_id: int) -> None:
    """Take a role back (an event keeps at least one organiser)."""
    with editing(rt, actor, event_id, Permission.MANAGE_REFEREES, "taking roles back") as ed:
        row = ed.session.get(EventRole, role_id)
        if row is None or row.event_id != event_id:
            raise NotFound(f"no role {role_id} in this event")
        _may_manage(ed, row.role)  # type: ignore[arg-type]
        if row.role == "organiser":
            organisers = ed.session.scalars(
                select(EventRole.id).where(
                    EventRole.event_id == event_id, EventRole.role == "organiser"
                )
            ).all()
            if len(organisers) <= 1:
                raise Conflict("an event keeps at least one organiser", "role")
        ed.session.delete(row)
