"""The match: one game as played, under a clock and the conduct rules, by its players and
referees (issue 4; seed 002 2.5–2.7, 3; seed 000 3, 4, 6, 8; seed 004).

A :class:`Match` binds a rules engine (Toguz Korgool or Go), a :class:`~arbiter.clock.Clock`,
the players and the conduct rules, and is the only way a game advances: every action goes
through :meth:`Match.apply`, with the instant and the actor, and is kept in an append-only log
from which :func:`replay` rebuilds the match exactly. See ``docs/referee.md``.

>>> m = Match.new(MatchSettings.toguz("60m"))
>>> m = m.apply(Start(), 0, Actor.referee())
>>> m = m.apply(Move(7, draw_offer=True), 30, Actor.player("white"))
>>> m.draw_offer
'white'
>>> m = m.apply(AcceptDraw(), 45, Actor.player("black"))
>>> str(m.result), m.result.termination
('1/2(10)-1/2(0)', 'agreement')
>>> replay(m.settings, m.log) == m
True
"""

from arbiter.match.actions import (
    ACTION_TYPES,
    AcceptDraw,
    AcceptMarking,
    Action,
    AddTime,
    Adjourn,
    Adjudicate,
    Arrive,
    BothFlagsDown,
    Claim,
    ClaimGround,
    ConsentResignation,
    CorrectSetup,
    DeclineDraw,
    Excuse,
    FlagFall,
    IntroduceClocks,
    LateForfeit,
    MarkDead,
    Move,
    OutOfTurnMove,
    Pause,
    Penalise,
    PlaceHandicap,
    ProposeResignation,
    RefuseResignation,
    Resign,
    RestorePosition,
    Resume,
    ResumePlay,
    SetClock,
    SetClocks,
    SetResult,
    SplitTime,
    Start,
    Warn,
    action_from_json,
)
from arbiter.match.actors import SYSTEM, Actor, ActorKind, Role, other_side
from arbiter.match.document import match_from_json, match_to_json
from arbiter.match.errors import (
    ActionError,
    ClaimRejected,
    ClockRefused,
    ConsentRequired,
    DrawOfferRefused,
    GameOver,
    IllegalMatchMove,
    MatchError,
    NotPermitted,
    NotYourTurn,
    Overdue,
    TimeWentBack,
    WrongPhase,
)
from arbiter.match.go import GoBoard
from arbiter.match.log import LogEntry
from arbiter.match.match import (
    Match,
    MoveRecord,
    ResignationProposal,
    Status,
    WarningRecord,
    replay,
)
from arbiter.match.result import REFEREE_TERMINATIONS, TERMINATIONS, MatchResult, Termination
from arbiter.match.settings import (
    GameKind,
    GoConduct,
    GoGame,
    MatchSettings,
    Player,
    SettingsError,
    ToguzConduct,
    ToguzGame,
)
from arbiter.match.toguz import ToguzBoard

__all__ = [
    "ACTION_TYPES",
    "REFEREE_TERMINATIONS",
    "SYSTEM",
    "TERMINATIONS",
    "AcceptDraw",
    "AcceptMarking",
    "Action",
    "ActionError",
    "Actor",
    "ActorKind",
    "AddTime",
    "Adjourn",
    "Adjudicate",
    "Arrive",
    "BothFlagsDown",
    "Claim",
    "ClaimGround",
    "ClaimRejected",
    "ClockRefused",
    "ConsentRequired",
    "ConsentResignation",
    "CorrectSetup",
    "DeclineDraw",
    "DrawOfferRefused",
    "Excuse",
    "FlagFall",
    "GameKind",
    "GameOver",
    "GoBoard",
    "GoConduct",
    "GoGame",
    "IllegalMatchMove",
    "IntroduceClocks",
    "LateForfeit",
    "LogEntry",
    "MarkDead",
    "Match",
    "MatchError",
    "MatchResult",
    "MatchSettings",
    "Move",
    "MoveRecord",
    "NotPermitted",
    "NotYourTurn",
    "OutOfTurnMove",
    "Overdue",
    "Pause",
    "Penalise",
    "PlaceHandicap",
    "Player",
    "ProposeResignation",
    "RefuseResignation",
    "Resign",
    "ResignationProposal",
    "RestorePosition",
    "Resume",
    "ResumePlay",
    "Role",
    "SetClock",
    "SetClocks",
    "SetResult",
    "SettingsError",
    "SplitTime",
    "Start",
    "Status",
    "Termination",
    "TimeWentBack",
    "ToguzBoard",
    "ToguzConduct",
    "ToguzGame",
    "Warn",
    "WarningRecord",
    "WrongPhase",
    "action_from_json",
    "match_from_json",
    "match_to_json",
    "other_side",
    "replay",
]
