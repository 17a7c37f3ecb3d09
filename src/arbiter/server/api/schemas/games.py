"""Games: a game with its result and version, results entered, game records."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from arbiter.events.event import Event
from arbiter.events.exact import to_json
from arbiter.events.rounds import Game
from arbiter.server.api.schemas.common import Input, Output, Version
from arbiter.server.services.state import GameState

__all__ = [
    "ExtraIn",
    "GameOut",
    "RecordIn",
    "RecordOut",
    "ResultIn",
]

ResultText = Annotated[str, Field(min_length=1, max_length=64)]


class GameOut(BaseModel):
    """A game with its result and version (who moves first: Black in Go, White in Toguz)."""

    id: int
    round: int
    table: int
    board: int | None
    black: int
    black_name: str
    white: int
    white_name: str
    black_player: int | None
    white_player: int | None
    handicap: int
    komi: float | None
    result: str | None
    provisional: bool
    extra: list[str]
    slot: str | None
    version: int

    @classmethod
    def of(cls, event: Event, game: Game, state: GameState) -> GameOut:
        """From the service's values."""
        return cls(
            id=state.id,
            round=game.round,
            table=game.table,
            board=game.board,
            black=game.black,
            black_name=event.name_of(game.black),
            white=game.white,
            white_name=event.name_of(game.white),
            black_player=game.black_player,
            white_player=game.white_player,
            handicap=game.handicap,
            komi=float(to_json(game.komi)) if game.komi is not None else None,
            result=str(game.result) if game.result is not None else None,
            provisional=bool(game.result and game.result.provisional),
            extra=[str(r) for r in game.extra],
            slot=game.slot,
            version=state.version,
        )


class ResultIn(Input):
    """A result in the event's grammar (Go ``B+R``, ``W+3.5``, ``0``, ``Void``; Toguz
    ``1(82)-0(60)``, ``1/2-1/2``; both ``+-``, ``-+``, ``--``). ``version``: the game's version
    when correcting (leave it out to enter a first result)."""

    result: ResultText
    provisional: bool = Field(False, description="a referee's provisional result (seed 002 2.8.8)")
    version: Version | None = None


class ExtraIn(Input):
    """The result of an extra game that breaks a drawn knockout meeting."""

    result: ResultText


class RecordIn(Input):
    """A game's record: ``sgf`` (Go), ``arbiter-game`` (the JSON game record) or
    ``toguz-text`` (the federation's notation); ``version`` to replace a stored one."""

    format: Literal["sgf", "arbiter-game", "toguz-text"]
    content: Annotated[str, Field(min_length=1, max_length=2_000_000)]
    version: Version | None = None


class RecordOut(Output):
    """A stored game record."""

    game_id: int
    format: str
    content: str
    version: int
