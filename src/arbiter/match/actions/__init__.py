"""The actions that advance a match, and their JSON form.

:mod:`~arbiter.match.actions.base` holds what all actions share (their checked fields, their
JSON form); :mod:`~arbiter.match.actions.players` the players' actions and the clock's
decisions, :mod:`~arbiter.match.actions.referees` the referees' actions.

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

Players' actions: :class:`Move` (a draw offer travels with it), Go's free handicap stones
(:class:`PlaceHandicap`), :class:`AcceptDraw`,
:class:`DeclineDraw`, :class:`Resign`, pair go's :class:`ProposeResignation`,
:class:`ConsentResignation` and :class:`RefuseResignation`, :class:`Claim`, the dead-stone
phase (:class:`MarkDead`, :class:`AcceptMarking`, :class:`ResumePlay`) and :class:`Arrive`.

Referees' actions: :class:`Start`, :class:`Pause`, :class:`Adjourn`, :class:`Resume`,
:class:`SetClock`, :class:`SetClocks`, :class:`SplitTime`, :class:`AddTime`,
:class:`IntroduceClocks`,
:class:`Warn`, :class:`Penalise`, :class:`RestorePosition`, :class:`CorrectSetup`,
:class:`OutOfTurnMove`, :class:`BothFlagsDown`, :class:`Excuse`, :class:`Adjudicate`,
:class:`SetResult`. :class:`FlagFall` and :class:`LateForfeit` are what :meth:`Match.tick`
applies (a player or referee may also note a flag fall).
"""

from arbiter.match.actions.base import ACTION_TYPES, Action, action_from_json
from arbiter.match.actions.players import (
    CLAIM_GROUNDS,
    AcceptDraw,
    AcceptMarking,
    Arrive,
    Claim,
    ClaimGround,
    ConsentResignation,
    DeclineDraw,
    FlagFall,
    LateForfeit,
    MarkDead,
    Move,
    PlaceHandicap,
    ProposeResignation,
    RefuseResignation,
    Resign,
    ResumePlay,
)
from arbiter.match.actions.referees import (
    AddTime,
    Adjourn,
    Adjudicate,
    BothFlagsDown,
    CorrectSetup,
    Excuse,
    IntroduceClocks,
    OutOfTurnMove,
    Pause,
    Penalise,
    RestorePosition,
    Resume,
    SetClock,
    SetClocks,
    SetResult,
    SplitTime,
    Start,
    Warn,
)

__all__ = [
    "ACTION_TYPES",
    "CLAIM_GROUNDS",
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
    "PlaceHandicap",
    "ProposeResignation",
    "RefuseResignation",
    "Resign",
    "RestorePosition",
    "Resume",
    "ResumePlay",
    "SetClock",
    "SetClocks",
    "SetResult",
    "SplitTime",
    "Start",
    "Warn",
    "action_from_json",
]
