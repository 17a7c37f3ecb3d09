"""The game room of an online competition (seed 002 section 7): opening a round, checking in,
what the room shows to players, referees and spectators, and protests with their decisions and
appeals.

- A referee **opens** a paired and published round with its start time: its live games are
  created at once (:func:`arbiter.server.play.services.create_round_games`) and the server
  starts each one's clock at the start — the first mover's, present or not (seed 002 2.6,
  7.2.1). Opening it again creates only the games that have none yet (after a pairing edit).
- A player **checks in** before the start (seed 002 7.2.5: at least 15 minutes before; a later
  check-in is recorded and shown as late). At the start the player goes to their game; the
  match records their arrival when they connect, and the late-arrival rule of the event
  applies from the start.
- The room's **alerts** tell the referee what needs them: a player waiting more than 5 minutes
  for the opponent (7.2.6), a player away whose reconnection window runs (7.2.10), repeated
  disconnections, a game awaiting a decision, a postponement waiting for the referee.
- A player of a game files a **protest** until the next round starts (7.3.3); a referee decides
  it; either player may appeal the decision to the organising committee (the event's organiser)
  until the next round starts, and the organiser decides. Everything is kept with the game.

Every function takes the runtime (or the live-play hub), the acting user and ``now`` (Unix
seconds, the wall clock by default), runs in its own transactions, and raises the services'
:class:`~arbiter.server.services.errors.ServiceError`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from arbiter.errors import ArbiterError
from arbiter.events.event import Event
from arbiter.events.rounds import Game
from arbiter.server.auth.roles import Permission
from arbiter.server.play.hub import Hub
from arbiter.server.play.services import create_round_games
from arbiter.server.play.state import GameState as LiveState
from arbiter.server.play.state import seats_of
from arbiter.server.rooms.tables import CheckIn, Protest, RoomRound
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Conflict, Forbidden, Invalid, NotFound
from arbiter.server.services.reports import games_of_player
from arbiter.server.services.state import EventState, locate_game
from arbiter.server.services.text import check_text
from arbiter.server.services.unit import reading
from arbiter.server.storage.models import User

__all__ = [
    "CHECK_IN_BEFORE",
    "WAIT_ALERT",
    "ProtestView",
    "RoomGame",
    "RoomView",
    "alerts",
    "appeal_protest",
    "check_in",
    "decide_appeal",
    "decide_protest",
    "file_protest",
    "live_summary",
    "open_round",
    "protests_of",
    "room_view",
]

CHECK_IN_BEFORE = 15 * 60.0
"""Seconds before the start by which players report present (seed 002 7.2.5)."""
WAIT_ALERT = 5 * 60.0
"""Seconds a player waits for the opponent before the referee is alerted (seed 002 7.2.6)."""
REPEATED_DISCONNECTS = 3
"""Disconnections from which the referee sees a warning sign (seed 002 7.2.10)."""
MAX_PROTEST = 2000
"""Characters of a protest, a decision or an appeal."""
PAST_START = 5.0
"""Seconds in the past a round start may lie (a referee starting "now")."""
LAST_START = 4_102_444_800.0
"""The latest round start accepted (2100-01-01), so that nonsense never reaches the clocks."""


def _now(now: float | None) -> float:
    return time.time() if now is None else now


def _round_of(state: EventState, number: int) -> Any:
    try:
        return state.event.round(number)
    except ArbiterError:
        raise NotFound(f"no round {number} in event {state.id}") from None


def _names(rt: Runtime, ids: set[int | None]) -> dict[int, str]:
    wanted = sorted(i for i in ids if i is not None)
    if not wanted:
        return {}
    with rt.db.read() as session:
        users = session.scalars(select(User).where(User.id.in_(wanted)))
        return {u.id: u.display_name or u.username for u in users}


def _sides(event: Event, game: Game) -> dict[str, tuple[int, ...]]:
    """The player entries of each side of ``game`` (a pair's two, a board's one)."""
    out: dict[str, tuple[int, ...]] = {}
    for side, no, player in (
        ("black", game.black, game.black_player),
        ("white", game.white, game.white_player),
    ):
        if event.discipline == "pair":
            pair = next(p for p in event.pairs if p.no == no)
            out[side] = (pair.man, pair.woman)
        else:
            out[side] = (player if player is not None else no,)
    return out


def _side_of(event: Event, game: Game, player_nos: frozenset[int]) -> str | None:
    for side, nos in _sides(event, game).items():
        if set(nos) & player_nos:
            return side
    return None


# ----- opening a round


@dataclass(frozen=True, slots=True)
class Opened:
    """A round opened: its start and its live games (``created`` false: made before)."""

    round: int
    start_at: float
    games: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        """The API's answer."""
        return {"round": self.round, "start_at": self.start_at, "games": self.games}


def open_round(
    hub: Hub,
    user: CurrentUser | None,
    event_id: int,
    number: int,
    start_at: float,
    *,
    now: float | None = None,
) -> Opened:
    """Open round ``number`` for online play starting at ``start_at`` (Unix seconds): its live
    games are created and the server starts them then. A referee's act; the round must be
    paired and published (seed 002 7.2.3: players see the pairing before the round). Opening it
    again keeps the first start and creates only the games without one."""
    rt = hub.rt
    moment = _now(now)
    with reading(rt, user, event_id) as r:
        state = r.state()
        acting = state.access.require(Permission.RECORD_RESULT, "opening a round")
        _round_of(state, number)
        if not state.rounds[number].published:
            raise Conflict(
                f"publish round {number} first: players see their pairing before the round "
                "(seed 002 7.2.3)",
                "round",
            )
        found = r.session.get(RoomRound, (event_id, number))
        known = None if found is None else found.start_at
    if known is None:
        if not moment - PAST_START <= start_at <= LAST_START:
            raise Invalid("the round starts now or later, not in the past", "start_at")
        with rt.db.write() as session:
            if session.get(RoomRound, (event_id, number)) is None:
                session.add(
                    RoomRound(
                        event_id=event_id,
                        round=number,
                        start_at=start_at,
                        opened_by=acting.id,
                        opened_at=datetime.now(UTC),
                    )
                )
            else:  # another referee opened it meanwhile: theirs stands
                known = session.get(RoomRound, (event_id, number)).start_at  # type: ignore[union-attr]
    start = start_at if known is None else known
    if known is not None and abs(start_at - known) > 1.0:
        raise Conflict(
            f"round {number} is open already, starting at {_clock(known)}: a game is moved by "
            "a postponement",
            "start_at",
            {"round": number, "start_at": known},
        )
    made = create_round_games(hub, user, event_id, number, start)
    return Opened(number, start, made)


def _clock(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


# ----- checking in


@dataclass(frozen=True, slots=True)
class Present:
    """A player reported present: entry number, instant, and whether it was late (less than
    15 minutes before the start)."""

    player_no: int
    at: float
    late: bool

    def to_json(self) -> dict[str, Any]:
        """JSON."""
        return {"player_no": self.player_no, "at": self.at, "late": self.late}


def check_in(
    rt: Runtime, user: CurrentUser | None, event_id: int, number: int, *, now: float | None = None
) -> list[Present]:
    """The caller reports present for round ``number`` (every entry of theirs with a game in
    it). Refused before the round is opened, once it has started, and for a player without a
    game in the round. Checking in twice keeps the first instant."""
    actor = require_user(user)
    moment = _now(now)
    with reading(rt, actor, event_id) as r:
        state = r.state()
        if not state.access.visible:
            raise NotFound(f"no event {event_id}")
        rnd = _round_of(state, number)
        nos = state.access.player_nos
        if not nos:
            raise Forbidden("you play in this event under no entry (ask the organiser to link you)")
        opened = r.session.get(RoomRound, (event_id, number))
        if opened is None:
            raise Conflict(f"round {number} is not open yet: the referee opens it with its start")
        start = opened.start_at
        mine = sorted(
            no
            for g in rnd.games
            for side in _sides(state.event, g).values()
            for no in side
            if no in nos
        )
    if not mine:
        raise Conflict(f"you have no game in round {number}")
    if moment >= start:
        raise Conflict(f"round {number} has started: go to your game")
    out: list[Present] = []
    with rt.db.write() as session:
        for no in mine:
            row = session.get(CheckIn, (event_id, number, no))
            if row is None:
                row = CheckIn(event_id=event_id, round=number, player_no=no, user_id=actor.id)
                row.at = moment
                session.add(row)
            out.append(Present(no, row.at, row.at > start - CHECK_IN_BEFORE))
    return out


# ----- the room


@dataclass(frozen=True, slots=True)
class RoomGame:
    """A game of the round as the room lists it: the first mover's side first (Black in Go,
    White in Toguz Korgool), each side's player entries, the result, the live game."""

    table: int
    board: int | None
    game_id: int
    first: str
    second: str
    sides: dict[str, tuple[int, ...]]
    result: str
    provisional: bool
    live_id: int | None

    def to_json(self) -> dict[str, Any]:
        """JSON."""
        return {
            "table": self.table,
            "board": self.board,
            "first": self.first,
            "second": self.second,
            "sides": {k: list(v) for k, v in self.sides.items()},
            "result": self.result or None,
            "provisional": self.provisional,
            "live": self.live_id,
        }


@dataclass(frozen=True, slots=True)
class RoomView:
    """The game room of one round as the caller may see it (see :func:`room_view`)."""

    state: EventState
    round: int
    start_at: float | None
    opened_by: str | None
    now: float
    games: list[RoomGame]
    names: dict[int, str]
    checkins: dict[int, Present]
    mine: tuple[int, ...]
    staff: bool
    may_open: bool
    published: bool
    live: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        """Whether the round's start has passed."""
        return self.start_at is not None and self.now >= self.start_at

    @property
    def may_check_in(self) -> bool:
        """Whether the caller may check in now."""
        return bool(self.mine) and self.start_at is not None and not self.started

    @property
    def checked_in(self) -> bool:
        """Whether every entry of the caller in this round has checked in."""
        return bool(self.mine) and all(no in self.checkins for no in self.mine)

    def to_json(self) -> dict[str, Any]:
        """JSON (the room page's script reads it)."""
        return {
            "event": self.state.id,
            "round": self.round,
            "game": self.state.event.game,
            "start_at": self.start_at,
            "opened_by": self.opened_by,
            "now": self.now,
            "check_in_by": None if self.start_at is None else self.start_at - CHECK_IN_BEFORE,
            "mine": list(self.mine),
            "checked_in": self.checked_in,
            "staff": self.staff,
            "present": {str(k): v.to_json() for k, v in sorted(self.checkins.items())},
            "names": {str(k): v for k, v in sorted(self.names.items())},
            "games": [
                {**g.to_json(), "state": self.live.get(g.live_id) if g.live_id else None}
                for g in self.games
            ],
        }


def room_view(
    hub: Hub,
    user: CurrentUser | None,
    event_id: int,
    number: int,
    *,
    now: float | None = None,
) -> RoomView:
    """The round's room: its start, its games with their live games, and who checked in
    (everybody's check-ins for the event's staff; a player sees their own). The live states
    are added by the caller (:func:`live_summary` of each game's room)."""
    rt = hub.rt
    moment = _now(now)
    with reading(rt, user, event_id) as r:
        state = r.state()
        if not state.access.visible:
            raise NotFound(f"no event {event_id}")
        rnd = _round_of(state, number)
        opened = r.session.get(RoomRound, (event_id, number))
        rows = list(
            r.session.scalars(
                select(CheckIn).where(CheckIn.event_id == event_id, CheckIn.round == number)
            )
        )
    event = state.event
    staff = state.access.is_staff
    live = {row.game_id: row.id for row in hub.store.games_of_event(event_id)}
    first, second = ("black", "white") if event.game == "go" else ("white", "black")
    games: list[RoomGame] = []
    names: dict[int, str] = {}
    mine: list[int] = []
    for g in rnd.games:
        sides = _sides(event, g)
        for nos in sides.values():
            for no in nos:
                names[no] = event.name_of(no)
                if no in state.access.player_nos:
                    mine.append(no)
        gid = state.games[g.key].id
        shown = {first: event.name_of(getattr(g, first)), second: event.name_of(getattr(g, second))}
        for colour in (first, second):
            player = getattr(g, f"{colour}_player")
            if player is not None:
                shown[colour] += f": {event.name_of(player)}"
        games.append(
            RoomGame(
                g.table,
                g.board,
                gid,
                shown[first],
                shown[second],
                sides,
                str(g.result) if g.result is not None else "",
                bool(g.result and g.result.provisional),
                live.get(gid),
            )
        )
    start = None if opened is None else opened.start_at
    late_from = None if start is None else start - CHECK_IN_BEFORE
    checkins = {
        c.player_no: Present(c.player_no, c.at, late_from is not None and c.at > late_from)
        for c in rows
        if staff or c.player_no in state.access.player_nos
    }
    opener = None
    if opened is not None:
        opener = _names(rt, {opened.opened_by}).get(opened.opened_by or 0)
    return RoomView(
        state,
        number,
        start,
        opener,
        moment,
        games,
        names if staff else {no: names[no] for no in mine},
        checkins,
        tuple(sorted(set(mine))),
        staff,
        state.access.can(Permission.RECORD_RESULT),
        state.rounds[number].published,
    )


def alerts(state: LiveState, wall: float) -> list[dict[str, Any]]:
    """What in a live game needs the referee now, most urgent first: ``decision`` (the game
    waits for a referee's decision), ``waiting`` (a player has waited more than 5 minutes for
    the opponent, seed 002 7.2.6; ``absent``: nobody came), ``away`` (a player's reconnection
    window runs, 7.2.10), ``disconnects`` (repeated), ``postponement`` (a request waits for the
    referee), each with the side or seat concerned."""
    m = state.match
    found: list[dict[str, Any]] = []
    if m.is_over:
        return found
    if m.status == "awaiting-decision":
        found.append({"kind": "decision", "what": m.awaiting})
    started = m.started_at is not None and m.status != "ready"
    if started and state.start_at is not None and wall - state.start_at >= WAIT_ALERT:
        here = [side for side in ("black", "white") if m.is_present(side)]
        if len(here) == 1:
            missing = "white" if here[0] == "black" else "black"
            found.append({"kind": "waiting", "side": missing, "since": state.start_at})
        elif not here:
            found.append({"kind": "absent", "since": state.start_at})
    for seat, end in sorted(state.window_ends().items()):
        found.append({"kind": "away", "seat": seat, "until": end})
    for seat in seats_of(m.settings):
        count = state.disconnects.get(seat, 0)
        if count >= REPEATED_DISCONNECTS:
            found.append({"kind": "disconnects", "seat": seat, "count": count})
    p = state.postponement
    if p is not None and p.get("status") == "requested":
        found.append({"kind": "postponement", "seat": p.get("by"), "consent": p.get("consent")})
    return found


def live_summary(state: LiveState, wall: float) -> dict[str, Any]:
    """A live game in a room's list: status, clocks as of ``wall`` and the side whose clock
    runs, who is connected (and how often they dropped), the result and the alerts."""
    from arbiter.server.play.state import describe

    full = describe(state, wall, full=False)
    return {
        "status": full["status"],
        "awaiting": full["awaiting"],
        "ply": full["ply"],
        "to_move": full["to_move"],
        "running": full["running"],
        "clocks": full["clocks"],
        "server_time": full["server_time"],
        "result": full["result"],
        "start_at": full["start_at"],
        "seats": full["seats"],
        "present": {side: state.match.is_present(side) for side in ("black", "white")},
        "postponement": full["postponement"],
        "alerts": alerts(state, wall),
    }


# ----- protests


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

    def to_json(self) -> dict[str, Any]:
        """JSON."""
        return {k: getattr(self, k) for k in self.__slots__}


def _view(rt: Runtime, p: Protest) -> ProtestView:
    names = _names(rt, {p.filed_by, p.decided_by, p.appealed_by, p.appeal_decided_by})
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
    )


def _deadline(session: Any, event_id: int, number: int) -> float | None:
    """The start of the round after ``number``, when it is opened: protests and appeals about
    round ``number`` are filed before it (seed 002 7.3.3)."""
    nxt = session.get(RoomRound, (event_id, number + 1))
    return None if nxt is None else float(nxt.start_at)


def _clean(text: str, field: str) -> str:
    value = check_text(text, field, limit=MAX_PROTEST, lines=True).strip()
    if not value:
        raise Invalid(f"{field} is empty: say what it is about", field)
    return value


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
    moment = _now(now)
    body = _clean(text, "text")
    with reading(rt, actor, event_id) as r:
        state = r.state()
        if not state.access.visible:
            raise NotFound(f"no event {event_id}")
        game = locate_game(state.event, number, table, board)
        side = _side_of(state.event, game, state.access.player_nos)
        if side is None:
            raise Forbidden("only the players of a game file a protest about it")
        deadline = _deadline(r.session, event_id, number)
        game_id = state.games[game.key].id
    if deadline is not None and moment >= deadline:
        raise Conflict("protests are filed before the next round starts (seed 002 7.3.3)", "round")
    with rt.db.write() as session:
        row = Protest(
            event_id=event_id,
            game_id=game_id,
            round=number,
            table_no=table,
            board=game.board,
            side=side,
            text=body,
            filed_by=actor.id,
            filed_at=moment,
            status="pending",
        )
        session.add(row)
        session.flush()
        return _view(rt, row)


def _protest(session: Any, event_id: int, protest_id: int) -> Protest:
    row = session.get(Protest, protest_id)
    if row is None or row.event_id != event_id:
        raise NotFound(f"no protest {protest_id} in event {event_id}")
    return row  # type: ignore[no-any-return]


def decide_protest(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    upheld: bool,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """A referee decides a protest (once): upheld or rejected, with the reasons."""
    body = _clean(text, "text")
    with reading(rt, user, event_id) as r:
        acting = r.state().access.require(Permission.RECORD_RESULT, "deciding protests")
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if row.status != "pending":
            raise Conflict(f"protest {protest_id} is decided already ({row.status})")
        row.status = "upheld" if upheld else "rejected"
        row.decision = body
        row.decided_by = acting.id
        row.decided_at = _now(now)
        session.flush()
        return _view(rt, row)


def appeal_protest(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """A player of the game appeals the referee's decision to the organising committee (once,
    until the next round starts)."""
    actor = require_user(user)
    moment = _now(now)
    body = _clean(text, "text")
    with reading(rt, actor, event_id) as r:
        state = r.state()
        if not state.access.visible:
            raise NotFound(f"no event {event_id}")
        row = _protest(r.session, event_id, protest_id)
        game = locate_game(state.event, row.round, row.table_no, row.board)
        if _side_of(state.event, game, state.access.player_nos) is None:
            raise Forbidden("only the players of the game appeal a decision about it")
        deadline = _deadline(r.session, event_id, row.round)
    if deadline is not None and moment >= deadline:
        raise Conflict("appeals are filed before the next round starts (seed 002 7.3.3)")
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


def decide_appeal(
    rt: Runtime,
    user: CurrentUser | None,
    event_id: int,
    protest_id: int,
    upheld: bool,
    text: str,
    *,
    now: float | None = None,
) -> ProtestView:
    """The organising committee (the event's organiser) decides an appeal (once)."""
    body = _clean(text, "text")
    with reading(rt, user, event_id) as r:
        acting = r.state().access.require(
            Permission.MANAGE_ROLES, "deciding appeals (the organising committee)"
        )
    with rt.db.write() as session:
        row = _protest(session, event_id, protest_id)
        if row.appeal_status != "pending":
            raise Conflict(f"protest {protest_id} has no appeal waiting for a decision")
        row.appeal_status = "upheld" if upheld else "rejected"
        row.appeal_decision = body
        row.appeal_decided_by = acting.id
        row.appeal_decided_at = _now(now)
        session.flush()
        return _view(rt, row)


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
        if not state.access.visible:
            raise NotFound(f"no event {event_id}")
        query = select(Protest).where(Protest.event_id == event_id)
        if number is not None:
            query = query.where(Protest.round == number)
        if table is not None:
            query = query.where(Protest.table_no == table)
        if board is not None:
            query = query.where(Protest.board == board)
        rows = list(r.session.scalars(query.order_by(Protest.id)))
    if not state.access.is_staff:
        nos = state.access.player_nos
        mine = {state.games[g.key].id for no in nos for g in games_of_player(state.event, no)} & {
            gs.id for gs in state.games.values()
        }
        rows = [p for p in rows if p.game_id in mine]
    return state, [_view(rt, p) for p in rows]
