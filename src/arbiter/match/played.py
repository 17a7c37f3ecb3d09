"""What a match remembers of the play: its status, the moves as made, warnings, a pair-go
resignation proposal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from arbiter.clock import ClockState, Side
from arbiter.match.actors import Actor, Role
from arbiter.match.go import GoBoard
from arbiter.match.toguz import ToguzBoard

__all__ = [
    "DESCRIBE_STATUS",
    "SIDES",
    "Board",
    "MoveRecord",
    "ResignationProposal",
    "Status",
    "WarningRecord",
]

Status: TypeAlias = Literal[
    "ready", "playing", "marking", "paused", "adjourned", "awaiting-decision", "over"
]
"""Where a match stands (see :class:`arbiter.match.Match`)."""

Board: TypeAlias = ToguzBoard | GoBoard
"""The game a match plays."""

SIDES: tuple[Side, Side] = ("black", "white")

DESCRIBE_STATUS: dict[str, str] = {
    "ready": "the game has not started",
    "playing": "the game is in play",
    "marking": "the sides are marking dead stones",
    "paused": "the game is paused by a referee",
    "adjourned": "the game is adjourned",
    "awaiting-decision": "the game awaits a referee's decision",
    "over": "the game is over",
}


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """A move as played: its number ``ply`` (1, 2, …), the ``side`` and in pair go ``role``
    that played it, the ``move`` as sent, its ``text`` in the game's notation (``76X``,
    ``Q16``, ``pass``), the instant ``t``, the thinking time ``spent`` (pauses and credited
    network time left out), the mover's ``clock`` after it (``None`` without clocks),
    ``draw_offer`` (made with the move), ``out_of_turn`` (pair go, entered by a referee) and
    ``after_flag`` (Toguz Korgool: the move in progress completed after the flag fell)."""

    ply: int
    side: Side
    role: Role | None
    move: int | str
    text: str
    t: float
    spent: float
    clock: ClockState | None
    draw_offer: bool = False
    out_of_turn: bool = False
    after_flag: bool = False


@dataclass(frozen=True, slots=True)
class WarningRecord:
    """A referee's warning: to ``side``, why, when, after how many moves."""

    side: Side
    reason: str
    t: float
    ply: int


@dataclass(frozen=True, slots=True)
class ResignationProposal:
    """Pair go: a resignation proposed by ``proposer`` to the partner (seed 004 3.6.2),
    ``consented`` or not yet answered."""

    proposer: Actor
    consented: bool = False
