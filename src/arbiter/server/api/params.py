"""Path and query parameters shared by the routers (bounded, so no value reaches the database
that it cannot hold)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Path, Query

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
