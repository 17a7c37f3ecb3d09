"""Path and query parameters shared by the routers (bounded, so no value reaches the database
that it cannot hold)."""

from __future__ import annotations

from typing import Annotated, NamedTuple

from fastapi import Depends, Path, Query

MAX_INT = 2**31 - 1

EventId = Annotated[int, Path(ge=1, le=MAX_INT, description="the event's id")]
RoundNo = Annotated[int, Path(ge=1, le=9999, description="the round's number")]
LiveId = Annotated[int, Path(ge=1, le=MAX_INT, description="the live game's id")]
TableNo = Annotated[int, Path(ge=1, le=9999, description="the table's number")]
EntryNo = Annotated[int, Path(ge=1, le=MAX_INT, description="the participant's number")]
Board = Annotated[
    int | None, Query(ge=1, le=99, description="the board (team events; default: board 1)")
]
AfterRound = Annotated[
    int | None, Query(ge=0, le=9999, alias="round", description="after this round")
]


class GameAt(NamedTuple):
    """A game as its address names it; the services take these four in this order."""

    event_id: int
    number: int
    table: int
    board: int | None


def game_at(event_id: EventId, number: RoundNo, table: TableNo, board: Board = None) -> GameAt:
    """The game of ``/events/{event_id}/rounds/{number}/games/{table}`` (``?board=``)."""
    return GameAt(event_id, number, table, board)


GameAtDep = Annotated[GameAt, Depends(game_at)]
