"""Rounds: pairing the next one, a round as paired, edits by hand, line-ups, warnings, why a
round is paired as it is."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from arbiter.server.api.schemas.common import Id, Input, Number, Version
from arbiter.server.api.schemas.games import GameOut

__all__ = [
    "ByeEditIn",
    "ByeOut",
    "ExplanationOut",
    "GameEditIn",
    "LineupIn",
    "PairRoundIn",
    "RoundEditIn",
    "RoundOut",
    "WarningIn",
]


class PairRoundIn(Input):
    """The round to pair: the next one (409 if it is paired already)."""

    round: Number


class GameEditIn(Input):
    """One game of a round edited by hand."""

    table: Number
    black: Id
    white: Id
    handicap: Annotated[int, Field(ge=0, le=9)] | None = None
    komi: Annotated[str, Field(max_length=10)] | float | None = None


class ByeEditIn(Input):
    """A participant without a game in an edited round."""

    no: Id
    kind: Literal["bye", "half", "zero", "rest", "absent"] = "bye"


class RoundEditIn(Input):
    """A round's pairing replaced by hand, guarded by the round's version."""

    version: Version
    games: Annotated[list[GameEditIn], Field(max_length=2000)]
    # pydantic copies a mutable default for each body (the linter cannot see Input's base)
    byes: Annotated[list[ByeEditIn], Field(max_length=2000)] = []  # noqa: RUF012


class LineupIn(Input):
    """A team's players in board order for a round (``null``: an empty board)."""

    players: Annotated[list[Id | None], Field(max_length=50)]
    override: bool = Field(False, description="let a team with fewer than half its boards play")


class WarningIn(Input):
    """A referee's warning."""

    player: Id
    round: Number
    reason: Annotated[str, Field(max_length=500)] = ""


class ByeOut(BaseModel):
    """A participant without a game in a round."""

    no: int
    name: str
    kind: str
    points: float


class RoundOut(BaseModel):
    """A round: its games and byes, version and publication."""

    number: int
    version: int
    published: bool
    paired_at: datetime
    games: list[GameOut]
    byes: list[ByeOut]


class ExplanationOut(BaseModel):
    """Why a round is paired as it is."""

    round: int
    system: str
    summary: str
    details: Any = None
