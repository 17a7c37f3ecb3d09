"""Protests (seed 002 3.6–3.10, 7.3.3): a player of a game files a protest until the next
round starts; a referee decides it (once); either player may take the decision to the chief
referee (the ``appeal`` fields), who decides (once); after the chief referee, to the appeals
committee (:mod:`arbiter.server.rooms.levels`). Everything is kept with the game, each
decision with who took it and when.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from sqlalchemy import select

from arbiter.server.auth.roles import Permission
from arbiter.server.play.seats import side_entries
from arbiter.server.rooms.reading import account_names, now_or_wall, require_role
from arbiter.server.rooms.tables import Protest, RoomRound
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Conflict, Forbidden, Invalid, NotFound
from arbiter.server.services.reports import games_of_player
from arbiter.server.services.state import EventState, locate_game
from arbiter.server.services.text import check_text
from arbiter.server.services.unit import reading

__all__ = [
    "MAX_PROTEST",
    "ProtestView",
    "appeal_protest",
    "appellant",
    "decide",
    "decide_appeal",
    "decide_protest",
    "file_protest",
    "protests_of",
]

MAX_PROTEST = 2000
"""Characters of a protest, a decision or an appeal."""


@dataclass(frozen=True, slots=True)
class ProtestView:
    """A protest as shown: the game, who filed it and what it says, the referee's decision, the
    appeal and the organising committee's decision (names of the accounts)."""

    id: int
    round: int
    table: int
    board: int | None
    side: str
    text: str
    filed_by: str | None
    filed_at: float
    status: str
    decision: str | None
    decided_by: str | None
    decided_at: float | None
    appeal: str | None
    appealed_by: str | None
    appealed_at: float | None
    appeal_status: str | None
    appeal_decision: str | None
    appeal_decided_by: str | None
    appeal_decided_at: float | None
    during_game: bool
    under_protest: bool
    under_protest_at: float | None
    committee_appeal: str | None
    committee_appealed_by: str | None
    committee_appealed_at: float | None
    committee_status: str | None
    committee_decision: str | None
    committee_decided_by: str | None
    committee_decided_at: float | None

    @property
    def level(self) -> str | None:
        """The level the protest waits at (``referee``, ``chief-referee``, ``committee``), or
        ``None`` when no decision is awaited."""
        if self.status == "pending":
            return "referee"
        if self.appeal_status == "pending":
            return "chief-referee"
        if self.committee_status == "pending":
            return "committee"
        return None

    def to_json(self) -> dict[str, Any]:
        """JSON (with ``level``, the level the protest waits at)."""
        return {**{k: getattr(self, k) for k in self.__slots__}, "level": self.level}


def _view(rt: Runtime, p: Protest) -> ProtestView:
    names = account_names(
        rt,
        {
            p.filed_by,
            p.decided_by,
            p.appealed_by,
            p.appeal_decided_by,
            p.committee_appealed_by,
            p.committee_decided_by,
        },
    )
    return ProtestView(
        p.id,
        p.round,
        p.table_no,
        p.board,
        p.side,
        p.text,
        names.get(p.filed_by or 0),
        p.filed_at,
        p.status,
        p.decision,
        names.get(p.decided_by or 0),
        p.decided_at,
        p.appeal,
        names.get(p.appealed_by or 0),
        p.appealed_at,
        p.appeal_status,
        p.appeal_decision,
        names.get(p.appeal_decided_by or 0),
        p.appeal_decided_at,
        bool(p.during_game),
        bool(p.under_protest),
        p.under_protest_at,
        p.committee_appeal,
        names.get(p.committee_appealed_by or 0),
        p.committee_appealed_at,
        p.committee_status,
        p.committee_decision,
        names.get(p.committee_decided_by or 0),
        p.committee_decided_at,
    )


def _clean(text: str, field: str) -> str:
    value = check_text(text, field, limit=MAX_PROTEST, lines=True).strip()
    if not value:
        raise Invalid(f"{field} is empty: say what it is about", field)
    return value


def _protest(session: Any, event_id: int, protest_id: int) -> Protest:
    row = session.get(Protest, protest_id)
    if row is None or row.event_id != event_id:
        raise NotFound(f"no protest {protest_id} in event {event_id}")
    return row  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class _Filer:
    """The caller as a player of the game a protest is about."""

    side: str
    game_id: int
    board: int | None
    finished: bool
    deadline: float | None
    """The start of the next round, when it is opened: protests and appeals about a round are
    filed before it (seed 002 7.3.3)."""


def _filer(
    state: EventState, session: Any, number: int, table: int, board: int | None, refusal: str
) -> _Filer:
    """The caller's side in the game at ``table`` (and ``board``) of round ``number``;
    :class:`Forbidden` with ``refusal`` when they do not play it."""
    game = locate_game(state.event, number, table, board)
    mine = state.access.player_nos
    side = next((s for s, nos in side_entries(state.event, game).items() if set(nos) & mine), None)
    if side is None:
        raise Forbidden(refusal)
    nxt = session.get(RoomRound, (state.id, number + 1))
    deadline = None if nxt is None else float(nxt.start_at)
    return _Filer(side, state.games[game.key].id, game.board, game.finished, deadline)


def file_protest(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """A player of the game files a protest with the referee (until the next round starts)."""
    actor = require_user(user)
    moment = now_or_wall(now)
    body = _clean(text, "text")
    with reading(rt, actor, event_id) as r:
        state = r.state()
        state.access.require_visible()
        refusal = "only the players of a game file a protest about it"
        filer = _filer(state, r.session, number, table, board, refusal)
    if filer.deadline is not None and moment >= filer.deadline:
        raise Conflict("protests are filed before the next round starts (seed 002 7.3.3)", "round")
    with rt.db.write() as session:
        row = Protest(
            event_id=event_id,
            game_id=filer.game_id,
            round=number,
            table_no=table,
            board=filer.board,
            side=filer.side,
            text=body,
            filed_by=actor.id,
            filed_at=moment,
            status="pending",
            during_game=not filer.finished,
        )
        session.add(row)
        session.flush()
        return _view(rt, row)


def appellant(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    text: str,
    now: float | None,
) -> tuple[CurrentUser, float, str]:
    """Who appeals a decision on protest ``protest_id``, when, and the appeal's text: a player
    of the game, before the next round starts (seed 002 7.3.3), at every level."""
    actor = require_user(user)
    moment = now_or_wall(now)
    body = _clean(text, "text")
    with reading(rt, actor, event_id) as r:
        state = r.state()
        state.access.require_visible()
        row = _protest(r.session, event_id, protest_id)
        refusal = "only the players of the game appeal a decision about it"
        filer = _filer(state, r.session, row.round, row.table_no, row.board, refusal)
    if filer.deadline is not None and moment >= filer.deadline:
        raise Conflict("appeals are filed before the next round starts (seed 002 7.3.3)")
    return actor, moment, body


def appeal_protest(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """A player of the game takes the referee's decision to the chief referee (seed 002 3.7,
    3.10: «При несогласии одной из сторон с решением судьи приглашается главный судья»; once,
    until the next round starts)."""
    actor, moment, body = appellant(rt, user, event_id, protest_id, text, now)
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if row.status == "pending":
            raise Conflict("the referee has not decided this protest yet")
        if row.appeal is not None:
            raise Conflict(f"protest {protest_id} is appealed already")
        row.appeal = body
        row.appealed_by = actor.id
        row.appealed_at = moment
        row.appeal_status = "pending"
        session.flush()
        return _view(rt, row)


def decide(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    upheld: bool,
    text: str,
    *,
    appeal: bool = False,
    now: float | None = None,
) -> ProtestView:
    """A decision, upheld or rejected with the reasons, taken once: a referee's on a protest,
    or with ``appeal`` the chief referee's on its appeal (seed 002 3.6.4; only a holder of the
    chief referee's role: a referee or the organiser is refused)."""
    body = _clean(text, "text")
    with reading(rt, user, event_id) as r:
        access = r.state().access
        if appeal:
            acting = require_role(access, "chief-referee", "deciding at the chief referee's level")
        else:
            acting = access.require(Permission.RECORD_RESULT, "deciding protests")
    verdict = "upheld" if upheld else "rejected"
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if appeal:
            if row.appeal_status != "pending":
                raise Conflict(f"protest {protest_id} has no appeal waiting for a decision")
            row.appeal_status, row.appeal_decision = verdict, body
            row.appeal_decided_by, row.appeal_decided_at = acting.id, now_or_wall(now)
        else:
            if row.status != "pending":
                raise Conflict(f"protest {protest_id} is decided already ({row.status})")
            row.status, row.decision = verdict, body
            row.decided_by, row.decided_at = acting.id, now_or_wall(now)
        session.flush()
        return _view(rt, row)


decide_protest = partial(decide, appeal=False)
"""A referee decides a protest (once): :func:`decide`."""
decide_appeal = partial(decide, appeal=True)
"""The chief referee decides an appeal of the referee's decision (once): :func:`decide`."""


def protests_of(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    number: int | None = None,
    table: int | None = None,
    board: int | None = None,
) -> tuple[EventState, list[ProtestView]]:
    """The protests the caller may read (all for the event's staff, those of their own games
    for players, none for others), of one round or one game, oldest first."""
    with reading(rt, user, event_id) as r:
        state = r.state()
        state.access.require_visible()
        query = select(Protest).where(Protest.event_id == event_id)
        if number is not None:
            query = query.where(Protest.round == number)
        if table is not None:
            query = query.where(Protest.table_no == table)
        if board is not None:
            query = query.where(Protest.board == board)
        rows = list(r.session.scalars(query.order_by(Protest.id)))
    if not state.access.is_staff and "committee" not in state.access.roles:
        nos = state.access.player_nos
        mine = {state.games[g.key].id for no in nos for g in games_of_player(state.event, no)} & {
            gs.id for gs in state.games.values()
        }
        rows = [p for p in rows if p.game_id in mine]
    return state, [_view(rt, p) for p in rows]
