"""A protest's higher levels (seed 002 3.6–3.10): the game played on under protest, the appeal
to the appeals committee and its decision, and the protests as the round protocol prints them.

The referee's and the chief referee's levels are in :mod:`arbiter.server.rooms.protests`. The
committee's members are the accounts holding the event's ``committee`` role (People tab); 2.3:
«Комитет формируется в количестве не менее 3-х лиц» (at least three) and no player or referee of
the event sits on it (checked when the role is given). 3.8: with fewer than three members the
organising committee decides together with the members left, so the event's organiser records
that decision.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from arbiter.events.protests import (
    COMMITTEE_SIZE,
    LevelDecision,
    ProtestLine,
    committee_takes,
)
from arbiter.server.auth.roles import Permission
from arbiter.server.rooms.protests import (
    ProtestView,
    _clean,
    _filer,
    _protest,
    _view,
    appellant,
    protests_of,
)
from arbiter.server.rooms.reading import now_or_wall, require_role
from arbiter.server.rooms.tables import Protest
from arbiter.server.runtime import Runtime
from arbiter.server.services.access import Access
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Conflict
from arbiter.server.services.unit import reading
from arbiter.server.storage.models import EventRole

__all__ = [
    "appeal_to_committee",
    "committee_size",
    "decide_committee",
    "deciders",
    "mark_under_protest",
    "protocol_lines",
    "under_protest_games",
]

_DECIDED = ("upheld", "rejected")


def committee_size(session: Session, event_id: int) -> int:
    """How many accounts hold the event's ``committee`` role."""
    query = select(func.count(EventRole.id)).where(
        EventRole.event_id == event_id, EventRole.role == "committee"
    )
    return int(session.scalar(query) or 0)


def mark_under_protest(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    *,
    now: float | None = None,
) -> ProtestView:
    """The protesting player goes on playing «под протестом» (seed 002 3.10): after the chief
    referee's decision that the game goes on, the game and its protocol are marked (once)."""
    actor = require_user(user)
    moment = now_or_wall(now)
    with reading(rt, actor, event_id) as r:
        state = r.state()
        state.access.require_visible()
        row = _protest(r.session, event_id, protest_id)
        refusal = "only the protesting player continues a game under protest"
        filer = _filer(state, r.session, row.round, row.table_no, row.board, refusal)
    if filer.side != row.side:
        raise Conflict("only the protesting player continues a game under protest", "side")
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if not row.during_game:
            raise Conflict("the game was over when the protest was filed: nothing goes on")
        if row.appeal_status not in _DECIDED:
            raise Conflict(
                "a game goes on under protest after the chief referee's decision (seed 002 3.10)"
            )
        if row.under_protest:
            raise Conflict(f"protest {protest_id}: the game is marked under protest already")
        row.under_protest, row.under_protest_at = True, moment
        session.flush()
        return _view(rt, row)


def appeal_to_committee(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """A player of the game takes the chief referee's decision to the appeals committee (seed
    002 3.8; once, before the next round starts, 7.3.3). A protest raised during play reaches
    the committee only if the game went on under protest (3.10)."""
    actor, moment, body = appellant(rt, user, event_id, protest_id, text, now)
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if row.appeal_status not in _DECIDED:
            raise Conflict(
                "the appeals committee takes a protest after the chief referee's decision "
                "(seed 002 3.8)"
            )
        if row.committee_appeal is not None:
            raise Conflict(f"protest {protest_id} is before the appeals committee already")
        if not committee_takes(during_game=bool(row.during_game), under_protest=row.under_protest):
            raise Conflict(
                "the game was not continued under protest: the appeals committee does not take "
                "this protest (seed 002 3.10)"
            )
        row.committee_appeal = body
        row.committee_appealed_by = actor.id
        row.committee_appealed_at = moment
        row.committee_status = "pending"
        session.flush()
        return _view(rt, row)


def decide_committee(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    upheld: bool,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """The appeals committee's decision (once), recorded by one of its members; with fewer than
    three members, by the organiser for the organising committee and the members left (3.8)."""
    body = _clean(text, "text")
    with reading(rt, user, event_id) as r:
        access = r.state().access
        members = committee_size(r.session, event_id)
        if members >= COMMITTEE_SIZE:
            acting = require_role(access, "committee", "deciding at the appeals committee's level")
        else:
            acting = access.require(
                Permission.MANAGE_ROLES,
                f"deciding for an appeals committee of {members} (fewer than {COMMITTEE_SIZE})",
            )
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if row.committee_status != "pending":
            raise Conflict(f"protest {protest_id} has no appeal before the appeals committee")
        row.committee_status = "upheld" if upheld else "rejected"
        row.committee_decision = body
        row.committee_decided_by, row.committee_decided_at = acting.id, now_or_wall(now)
        session.flush()
        return _view(rt, row)


def _decisions(p: ProtestView) -> tuple[LevelDecision, ...]:
    found: list[LevelDecision] = []
    if p.status in _DECIDED:
        found.append(
            LevelDecision(
                "referee", p.status == "upheld", p.decision or "", p.decided_by, p.decided_at
            )
        )
    if p.appeal_status in _DECIDED:
        found.append(
            LevelDecision(
                "chief-referee",
                p.appeal_status == "upheld",
                p.appeal_decision or "",
                p.appeal_decided_by,
                p.appeal_decided_at,
            )
        )
    if p.committee_status in _DECIDED:
        found.append(
            LevelDecision(
                "committee",
                p.committee_status == "upheld",
                p.committee_decision or "",
                p.committee_decided_by,
                p.committee_decided_at,
            )
        )
    return tuple(found)


def protocol_lines(
    rt: Runtime, user: CurrentUser | None, event_id: int, number: int
) -> list[ProtestLine]:
    """The round's protests as the round protocol prints them (the caller's view of them)."""
    _state, found = protests_of(rt, user, event_id, number)
    return [
        ProtestLine(p.table, p.board, p.side, p.text, p.under_protest, _decisions(p)) for p in found
    ]


def deciders(access: Access) -> dict[str, bool]:
    """Which higher levels the caller may decide at, for the pages' forms: ``chief`` (the chief
    referee's role) and ``committee`` (a member, or the organiser when the committee is short,
    3.8; the service checks which)."""
    admin = access.is_admin
    return {
        "chief": admin or "chief-referee" in access.roles,
        "committee": admin or "committee" in access.roles or access.can(Permission.MANAGE_ROLES),
    }


def under_protest_games(rt: Runtime, event_id: int, number: int) -> set[tuple[int, int | None]]:
    """The games of round ``number`` played on under protest, by table and board: the mark is
    on the game's result form (3.10), so everyone who sees the game sees it; what the protest
    says stays with its readers (:func:`protests_of`)."""
    with rt.db.read() as session:
        rows = session.execute(
            select(Protest.table_no, Protest.board).where(
                Protest.event_id == event_id,
                Protest.round == number,
                Protest.under_protest.is_(True),
            )
        ).all()
    return {(table, board) for table, board in rows}
