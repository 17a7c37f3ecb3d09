"""Games and results: read a game, enter or correct its result, clear it, extra games, game
records; a player's own games."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from arbiter.server.api import schemas
from arbiter.server.api.params import MAX_INT, EventId, GameAtDep, RoundNo, TableNo
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import records, reports, results
from arbiter.server.services.results import GameView

router = APIRouter(prefix="/events/{event_id}", tags=["results"])

GAME = "/rounds/{number}/games/{table}"


def _game(view: GameView) -> schemas.GameOut:
    return schemas.GameOut.of(view.event, view.game, view.state)


@router.get(GAME, response_model=schemas.GameOut, responses=schemas.error_responses(404))
def get_game(at: GameAtDep, user: UserDep, rt: RuntimeDep) -> schemas.GameOut:
    """One game with its result and version."""
    state, game, game_state = reports.game_view(rt, user, *at)
    return schemas.GameOut.of(state.event, game, game_state)


@router.put(GAME + "/result", response_model=schemas.GameOut, responses=schemas.WRITE_ERRORS)
def record_result(
    at: GameAtDep, body: schemas.ResultIn, user: UserDep, rt: RuntimeDep
) -> schemas.GameOut:
    """Enter a result (no ``version``: the game must have none yet) or correct one (``version``:
    the game's version as seen). 409 with the game as it is now when it changed meanwhile."""
    view = results.record_result(
        rt, user, *at, body.result, provisional=body.provisional, version=body.version
    )
    return _game(view)


@router.delete(GAME + "/result", response_model=schemas.GameOut, responses=schemas.WRITE_ERRORS)
def clear_result(
    at: GameAtDep,
    version: Annotated[int, Query(ge=1, le=MAX_INT, description="the game's version")],
    user: UserDep,
    rt: RuntimeDep,
) -> schemas.GameOut:
    """Take a result back (while no later round is paired)."""
    return _game(results.clear_result(rt, user, *at, version))


@router.post(GAME + "/extra", response_model=schemas.GameOut, responses=schemas.WRITE_ERRORS)
def record_extra(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    body: schemas.ExtraIn,
    user: UserDep,
    rt: RuntimeDep,
) -> schemas.GameOut:
    """The result of an extra game breaking a drawn knockout meeting."""
    return _game(results.record_extra(rt, user, event_id, number, table, body.result))


@router.get(
    GAME + "/record", response_model=schemas.RecordOut, responses=schemas.error_responses(404)
)
def get_record(at: GameAtDep, user: UserDep, rt: RuntimeDep) -> schemas.RecordOut:
    """The game's stored record (the staff and its players; everybody once it is finished and
    its round published)."""
    return schemas.RecordOut.of(records.get_record(rt, user, *at))


@router.put(GAME + "/record", response_model=schemas.RecordOut, responses=schemas.WRITE_ERRORS)
def put_record(
    at: GameAtDep, body: schemas.RecordIn, user: UserDep, rt: RuntimeDep
) -> schemas.RecordOut:
    """Store the game's record (checked: an SGF Go game, a Toguz JSON game record or one game in
    the federation's notation); ``version`` to replace a stored one."""
    stored = records.put_record(rt, user, *at, body.format, body.content, version=body.version)
    return schemas.RecordOut.of(stored)


@router.get(
    "/my-games", response_model=list[schemas.GameOut], responses=schemas.error_responses(401, 404)
)
def my_games(event_id: EventId, user: UserDep, rt: RuntimeDep) -> list[schemas.GameOut]:
    """The caller's own games in the event (as the player linked to their account)."""
    state, games = reports.my_games(rt, user, event_id)
    return [schemas.GameOut.of(state.event, g, gs) for g, gs in games]
