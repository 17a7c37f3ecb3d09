"""Games and results: read a game, enter or correct its result, clear it, extra games, game
records; a player's own games."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from arbiter.server.api.params import MAX_INT, Board, EventId, RoundNo, TableNo
from arbiter.server.api.schemas import (
    ExtraIn,
    GameOut,
    RecordIn,
    RecordOut,
    ResultIn,
    error_responses,
)
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import records, reports, results
from arbiter.server.services.records import StoredRecord
from arbiter.server.services.results import GameView

router = APIRouter(prefix="/events/{event_id}", tags=["results"])

GAME = "/rounds/{number}/games/{table}"
WRITE_ERRORS = error_responses(401, 403, 404, 409, 422)


def _game(view: GameView) -> GameOut:
    return GameOut.of(view.event, view.game, view.state)


def _record(stored: StoredRecord) -> RecordOut:
    return RecordOut(
        game_id=stored.game_id,
        format=stored.format,
        content=stored.content,
        version=stored.version,
    )


@router.get(GAME, response_model=GameOut, responses=error_responses(404))
def get_game(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    user: UserDep,
    rt: RuntimeDep,
    board: Board = None,
) -> GameOut:
    """One game with its result and version."""
    state, game, game_state = reports.game_view(rt, user, event_id, number, table, board)
    return GameOut.of(state.event, game, game_state)


@router.put(GAME + "/result", response_model=GameOut, responses=WRITE_ERRORS)
def record_result(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    body: ResultIn,
    user: UserDep,
    rt: RuntimeDep,
    board: Board = None,
) -> GameOut:
    """Enter a result (no ``version``: the game must have none yet) or correct one (``version``:
    the game's version as seen). 409 with the game as it is now when it changed meanwhile."""
    view = results.record_result(
        rt,
        user,
        event_id,
        number,
        table,
        board,
        body.result,
        provisional=body.provisional,
        version=body.version,
    )
    return _game(view)


@router.delete(GAME + "/result", response_model=GameOut, responses=WRITE_ERRORS)
def clear_result(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    version: Annotated[int, Query(ge=1, le=MAX_INT, description="the game's version")],
    user: UserDep,
    rt: RuntimeDep,
    board: Board = None,
) -> GameOut:
    """Take a result back (while no later round is paired)."""
    return _game(results.clear_result(rt, user, event_id, number, table, board, version))


@router.post(GAME + "/extra", response_model=GameOut, responses=WRITE_ERRORS)
def record_extra(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    body: ExtraIn,
    user: UserDep,
    rt: RuntimeDep,
) -> GameOut:
    """The result of an extra game breaking a drawn knockout meeting."""
    return _game(results.record_extra(rt, user, event_id, number, table, body.result))


@router.get(GAME + "/record", response_model=RecordOut, responses=error_responses(404))
def get_record(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    user: UserDep,
    rt: RuntimeDep,
    board: Board = None,
) -> RecordOut:
    """The game's stored record (the staff and its players; everybody once it is finished and
    its round published)."""
    return _record(records.get_record(rt, user, event_id, number, table, board))


@router.put(GAME + "/record", response_model=RecordOut, responses=WRITE_ERRORS)
def put_record(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    body: RecordIn,
    user: UserDep,
    rt: RuntimeDep,
    board: Board = None,
) -> RecordOut:
    """Store the game's record (checked: an SGF Go game, a Toguz JSON game record or one game in
    the federation's notation); ``version`` to replace a stored one."""
    stored = records.put_record(
        rt, user, event_id, number, table, board, body.format, body.content, version=body.version
    )
    return _record(stored)


@router.get("/my-games", response_model=list[GameOut], responses=error_responses(401, 404))
def my_games(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[GameOut]:
    """The caller's own games in the event (as the player linked to their account)."""
    state, games = reports.my_games(rt, user, event_id)
    return [GameOut.of(state.event, g, gs) for g, gs in games]
