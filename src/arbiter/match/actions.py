"""The actions that advance a match, and their JSON form.

Every action is an immutable value; :meth:`Match.apply` takes one with the instant and the
actor. In JSON an action is an object with its ``type`` and its fields (a field at its default
is left out), and reading it back gives an equal action:

>>> Move(7, draw_offer=True).to_json()
{'type': 'move', 'move': 7, 'draw_offer': True}
>>> action_from_json({"type": "set-clock", "side": "black", "seconds": 300})
SetClock(side='black', seconds=300.0, periods=None, moves_left=None, period_left=None)
>>> action_from_json({"type": "castle"})
Traceback (most recent call last):
...
arbiter.match.errors.ActionError: unknown action type 'castle'

Players' actions: :class:`Move` (a draw offer travels with it), :class:`AcceptDraw`,
:class:`DeclineDraw`, :class:`Resign`, pair go's :class:`ProposeResignation`,
:class:`ConsentResignation` and :class:`RefuseResignation`, :class:`Claim`, the dead-stone
phase (:class:`MarkDead`, :class:`AcceptMarking`, :class:`ResumePlay`) and :class:`Arrive`.

Referees' actions: :class:`Start`, :class:`Pause`, :class:`Adjourn`, :class:`Resume`,
:class:`SetClock`, :class:`SetClocks`, :class:`AddTime`, :class:`IntroduceClocks`,
:class:`Warn`, :class:`Penalise`, :class:`RestorePosition`, :class:`CorrectSetup`,
:class:`OutOfTurnMove`, :class:`BothFlagsDown`, :class:`Excuse`, :class:`Adjudicate`,
:class:`SetResult`. :class:`FlagFall` and :class:`LateForfeit` are what :meth:`Match.tick`
applies (a player or referee may also note a flag fall).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias, get_args

from arbiter.clock import Side
from arbiter.match.actors import Role
from arbiter.match.errors import ActionError

__all__ = [
    "ACTION_TYPES",
    "AcceptDraw",
    "AcceptMarking",
    "Action",
    "AddTime",
    "Adjourn",
    "Adjudicate",
    "Arrive",
    "BothFlagsDown",
    "Claim",
    "ClaimGround",
    "ConsentResignation",
    "CorrectSetup",
    "DeclineDraw",
    "Excuse",
    "FlagFall",
    "IntroduceClocks",
    "LateForfeit",
    "MarkDead",
    "Move",
    "OutOfTurnMove",
    "Pause",
    "Penalise",
    "ProposeResignation",
    "RefuseResignation",
    "Resign",
    "RestorePosition",
    "Resume",
    "ResumePlay",
    "SetClock",
    "SetClocks",
    "SetResult",
    "Start",
    "Warn",
    "action_from_json",
]

ClaimGround: TypeAlias = Literal["repetition", "draw-offers", "move-cap"]
CLAIM_GROUNDS: tuple[ClaimGround, ...] = get_args(ClaimGround)


def _side(value: object, what: str = "side") -> Side:
    if value == "black":
        return "black"
    if value == "white":
        return "white"
    raise ActionError(f"{what} must be 'black' or 'white', not {value!r}")


def _seconds(value: object, what: str, *, positive: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ActionError(f"{what} must be a number of seconds, not {value!r}")
    if value < 0 or (positive and value == 0):
        raise ActionError(f"{what} must be {'above' if positive else 'at least'} 0, not {value}")
    return float(value)


def _count(value: object, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ActionError(f"{what} must be a whole number ≥ {least}, not {value!r}")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ActionError(f"{what} must be text, not {value!r}")
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ActionError(f"{what} must be true or false, not {value!r}")
    return value


def _set(action: object, name: str, value: object) -> None:
    object.__setattr__(action, name, value)


@dataclass(frozen=True, slots=True)
class Action:
    """The base of all actions. ``type`` is the name in JSON; ``referee`` says the action is
    a referee's (only referees may take it)."""

    type: ClassVar[str] = ""
    referee: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``type`` and the fields that are not at their default."""
        doc: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            doc[f.name] = list(value) if isinstance(value, tuple) else value
        return doc


# ----- players


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A move by the player to move: a pit number (Toguz Korgool, ``7``) or a GTP vertex or
    ``"pass"`` (Go, ``"Q16"``).

    ``draw_offer`` (Toguz Korgool): the mover offers a draw with this move, before pressing the
    clock (seed 000 8.1). ``lag``: network time the server credits (see
    :class:`arbiter.clock.LagCompensation`); logged so that replay charges the same time.
    """

    move: int | str
    draw_offer: bool = False
    lag: float = 0.0

    type: ClassVar[str] = "move"

    def __post_init__(self) -> None:
        move = self.move
        if isinstance(move, bool) or not isinstance(move, int | str):
            raise ActionError(f"a move is a pit number or a point such as 'Q16', not {move!r}")
        if isinstance(move, str) and not move.strip():
            raise ActionError("a move cannot be empty text")
        _flag(self.draw_offer, "draw_offer")
        _set(self, "lag", _seconds(self.lag, "lag"))


@dataclass(frozen=True, slots=True)
class AcceptDraw(Action):
    """The opponent of the player who offered a draw accepts it: the game is drawn."""

    type: ClassVar[str] = "accept-draw"


@dataclass(frozen=True, slots=True)
class DeclineDraw(Action):
    """The opponent declines a pending draw offer (a move declines it too)."""

    type: ClassVar[str] = "decline-draw"


@dataclass(frozen=True, slots=True)
class Resign(Action):
    """A player resigns (seed 002 2.7.1, seed 000 3.3; pair go: seed 004 3.7)."""

    type: ClassVar[str] = "resign"


@dataclass(frozen=True, slots=True)
class ProposeResignation(Action):
    """Pair go: the player whose turn it is asks the partner whether to resign (seed 004 3.6.2)."""

    type: ClassVar[str] = "propose-resignation"


@dataclass(frozen=True, slots=True)
class ConsentResignation(Action):
    """Pair go: the partner agrees to resign; the proposer may then resign (seed 004 3.7)."""

    type: ClassVar[str] = "consent-resignation"


@dataclass(frozen=True, slots=True)
class RefuseResignation(Action):
    """Pair go: the partner does not agree; the proposal lapses."""

    type: ClassVar[str] = "refuse-resignation"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """A player's claim: ``"repetition"`` (Toguz Korgool: Chylymov's draw position, seed 000
    3.7, 8.4), ``"draw-offers"`` (the opponent offered more draws than allowed: a loss for
    them, 8.2), ``"move-cap"`` (the event's move cap is reached: the referee adjudicates)."""

    ground: ClaimGround

    type: ClassVar[str] = "claim"

    def __post_init__(self) -> None:
        if self.ground not in CLAIM_GROUNDS:
            raise ActionError(f"a claim is one of {', '.join(CLAIM_GROUNDS)}, not {self.ground!r}")


@dataclass(frozen=True, slots=True)
class MarkDead(Action):
    """Go, after two passes: mark the chain on ``point`` dead, or alive again (seed 002 1.10)."""

    point: str

    type: ClassVar[str] = "mark-dead"

    def __post_init__(self) -> None:
        _text(self.point, "point")


@dataclass(frozen=True, slots=True)
class AcceptMarking(Action):
    """Go: a side accepts the dead stones as marked; when both have, the game is counted."""

    type: ClassVar[str] = "accept-marking"


@dataclass(frozen=True, slots=True)
class ResumePlay(Action):
    """Go: a side disagrees about the dead stones; play resumes (spec go.md)."""

    type: ClassVar[str] = "resume-play"


@dataclass(frozen=True, slots=True)
class Arrive(Action):
    """A player reports present (seed 002 2.6, 7.2.5; seed 000 3.9)."""

    type: ClassVar[str] = "arrive"


# ----- what the clock and the arrival rules decide (Match.tick), also noted by people


@dataclass(frozen=True, slots=True)
class FlagFall(Action):
    """``side``'s flag has fallen (seed 002 2.7.3; seed 000 3.10, 6.13). Valid only when the
    clock shows it; applied by :meth:`Match.tick`, or noted by a player or a referee."""

    side: Side

    type: ClassVar[str] = "flag-fall"

    def __post_init__(self) -> None:
        _side(self.side)


@dataclass(frozen=True, slots=True)
class LateForfeit(Action):
    """The sides in ``sides`` did not arrive in time: a loss by forfeit, both: a double
    forfeit (seed 002 2.6, seed 000 3.9). Applied by :meth:`Match.tick`."""

    sides: tuple[Side, ...]

    type: ClassVar[str] = "late-forfeit"

    def __post_init__(self) -> None:
        if not isinstance(self.sides, tuple | list) or not self.sides:
            raise ActionError("a late forfeit names one side or both")
        sides = tuple(_side(s) for s in self.sides)
        if len(set(sides)) != len(sides):
            raise ActionError("a late forfeit names each side once")
        _set(self, "sides", tuple(sorted(sides)))


# ----- referees


@dataclass(frozen=True, slots=True)
class Start(Action):
    """The round starts: the first mover's clock runs even if that player is absent (seed 002
    2.6, seed 000 6.3). ``clocks=False``: a Toguz Korgool game begun without clocks (seed 000
    6.15; see :class:`IntroduceClocks`)."""

    clocks: bool = True

    type: ClassVar[str] = "start"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _flag(self.clocks, "clocks")


@dataclass(frozen=True, slots=True)
class Pause(Action):
    """A referee stops both clocks (seed 002 2.5.7)."""

    reason: str = ""

    type: ClassVar[str] = "pause"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _text(self.reason, "reason")


@dataclass(frozen=True, slots=True)
class Adjourn(Action):
    """A referee adjourns the game; it resumes from the stored position with the stored clocks
    (seed 002 2.6.2, 7.2.11, 7.2.12)."""

    reason: str = ""

    type: ClassVar[str] = "adjourn"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _text(self.reason, "reason")


@dataclass(frozen=True, slots=True)
class Resume(Action):
    """A referee resumes a paused or adjourned game (or rejects a move-cap claim)."""

    type: ClassVar[str] = "resume"
    referee: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class SetClock(Action):
    """A referee sets ``side``'s main time, with the game's rule: Go never reduces below
    5 minutes (seed 002 2.5.7); Toguz Korgool brings a time under 5 minutes up to 5 and adds the
    same to the opponent (seed 000 6.7). ``periods``, ``moves_left``, ``period_left`` set the
    overtime as :meth:`arbiter.clock.Clock.set_remaining` does."""

    side: Side
    seconds: float
    periods: int | None = None
    moves_left: int | None = None
    period_left: float | None = None

    type: ClassVar[str] = "set-clock"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _side(self.side)
        _set(self, "seconds", _seconds(self.seconds, "seconds"))
        if self.periods is not None:
            _count(self.periods, "periods")
        if self.moves_left is not None:
            _count(self.moves_left, "moves_left", 1)
        if self.period_left is not None:
            _set(self, "period_left", _seconds(self.period_left, "period_left", positive=True))


@dataclass(frozen=True, slots=True)
class SetClocks(Action):
    """A referee sets both main times at once (a faulty clock replaced, seed 000 6.7, seed
    002 2.5.7), with the game's rule as in :class:`SetClock`."""

    black: float
    white: float

    type: ClassVar[str] = "set-clocks"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _set(self, "black", _seconds(self.black, "black"))
        _set(self, "white", _seconds(self.white, "white"))


@dataclass(frozen=True, slots=True)
class AddTime(Action):
    """A referee adds ``seconds`` to ``side``'s main time."""

    side: Side
    seconds: float

    type: ClassVar[str] = "add-time"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _side(self.side)
        _set(self, "seconds", _seconds(self.seconds, "seconds", positive=True))


@dataclass(frozen=True, slots=True)
class IntroduceClocks(Action):
    """Toguz Korgool: clocks are brought into a game begun without them; both get the main time
    less half the time since the round start, never under 25 minutes (seed 000 6.15, 12.8)."""

    type: ClassVar[str] = "introduce-clocks"
    referee: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Warn(Action):
    """A referee warns ``side`` (seed 002 3.18.2: in Go the second warning in a game loses by
    forfeit; seed 000 12.11: in Toguz Korgool warnings count across the event)."""

    side: Side
    reason: str = ""

    type: ClassVar[str] = "warn"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _side(self.side)
        _text(self.reason, "reason")


@dataclass(frozen=True, slots=True)
class Penalise(Action):
    """Go: a referee takes ``points`` from ``side``'s score (seed 002 1.14, 2.5.5)."""

    side: Side
    points: float
    reason: str = ""

    type: ClassVar[str] = "penalise"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _side(self.side)
        p = self.points
        if isinstance(p, bool) or not isinstance(p, int | float) or not math.isfinite(p) or p <= 0:
            raise ActionError(f"a penalty is a number of points above 0, not {p!r}")
        _set(self, "points", float(p))
        _text(self.reason, "reason")


@dataclass(frozen=True, slots=True)
class RestorePosition(Action):
    """A referee restores the position after ``ply`` moves, the one before an illegal move or a
    disturbed board found later (seed 002 2.6.11, seed 000 4.2); later moves are taken back."""

    ply: int

    type: ClassVar[str] = "restore-position"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _count(self.ply, "ply")


@dataclass(frozen=True, slots=True)
class CorrectSetup(Action):
    """Go: colours or handicap were wrong (seed 002 2.6.12). ``colours_swapped``: the players
    sat on each other's colours; ``handicap``: the right number of stones (``None``: as set).
    With at least three White stones on the board the game goes on as played (colours and
    handicap as they are); otherwise it restarts right, both main times reduced by half the
    time since the round start."""

    colours_swapped: bool = False
    handicap: int | None = None

    type: ClassVar[str] = "correct-setup"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _flag(self.colours_swapped, "colours_swapped")
        if self.handicap is not None:
            _count(self.handicap, "handicap")


@dataclass(frozen=True, slots=True)
class OutOfTurnMove(Action):
    """Pair go, over the board: a referee enters a move the ``role`` of the side to move played
    out of turn; it stands, the skipped player loses the turn and the side gets 3 points of
    penalty (seed 004)."""

    role: Role
    move: str

    type: ClassVar[str] = "out-of-turn-move"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if self.role not in ("man", "woman"):
            raise ActionError(f"role must be 'man' or 'woman', not {self.role!r}")
        _text(self.move, "move")


@dataclass(frozen=True, slots=True)
class BothFlagsDown(Action):
    """Over the board: both flags are down and which fell first cannot be told (seed 002
    2.7.6: the chief referee decides; seed 000 3.8: drawn when both kazans hold 81 or less)."""

    type: ClassVar[str] = "both-flags"
    referee: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Excuse(Action):
    """A referee excuses ``side``'s late arrival: the late-arrival forfeit does not apply
    (seed 002 2.6: "unless the referee decides otherwise")."""

    side: Side

    type: ClassVar[str] = "excuse"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _side(self.side)


@dataclass(frozen=True, slots=True)
class Adjudicate(Action):
    """Toguz Korgool: past the event's move cap a referee adjudicates the game: ``winner`` or
    ``None`` for a draw."""

    winner: Side | None

    type: ClassVar[str] = "adjudicate"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if self.winner is not None:
            _side(self.winner, "winner")


@dataclass(frozen=True, slots=True)
class SetResult(Action):
    """A referee sets the result: ``result`` in the competitions grammar (Toguz Korgool
    ``1-0``, ``0(60)-1(82)``, ``1/2-1/2``; Go ``B+R``, ``W+3.5``, ``0``; both ``+-``, ``-+``,
    ``--``, ``Void``) and how the game ended (``termination``: ``forfeit``,
    ``double-forfeit``, ``no-show``, ``void``, ``referee``, …)."""

    result: str
    termination: str = "referee"

    type: ClassVar[str] = "set-result"
    referee: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _text(self.result, "result")
        _text(self.termination, "termination")


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Move,
        AcceptDraw,
        DeclineDraw,
        Resign,
        ProposeResignation,
        ConsentResignation,
        RefuseResignation,
        Claim,
        MarkDead,
        AcceptMarking,
        ResumePlay,
        Arrive,
        FlagFall,
        LateForfeit,
        Start,
        Pause,
        Adjourn,
        Resume,
        SetClock,
        SetClocks,
        AddTime,
        IntroduceClocks,
        Warn,
        Penalise,
        RestorePosition,
        CorrectSetup,
        OutOfTurnMove,
        BothFlagsDown,
        Excuse,
        Adjudicate,
        SetResult,
    )
}
"""Every action class by its JSON ``type``."""


def action_from_json(doc: Any) -> Action:
    """Read an action's JSON form; :class:`~arbiter.match.errors.ActionError` if malformed."""
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise ActionError(f'an action is an object with a "type", not {doc!r}')
    cls = ACTION_TYPES.get(doc["type"])
    if cls is None:
        raise ActionError(f"unknown action type {doc['type']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    fields = {k: v for k, v in doc.items() if k != "type"}
    unknown = set(fields) - names
    if unknown:
        raise ActionError(f"action {cls.type!r} has no field {sorted(unknown)[0]!r}")
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    try:
        return cls(**fields)
    except TypeError:
        missing = sorted(
            f.name
            for f in dataclasses.fields(cls)
            if f.default is dataclasses.MISSING and f.name not in fields
        )
        raise ActionError(f"action {cls.type!r} needs {', '.join(missing)}") from None
