"""The referees' actions: starting, pausing and resuming the game, correcting the clocks,
warnings and penalties, restoring a position, wrong colours or handicap, moves out of turn,
both flags down, excusing lateness, adjudication and results.

>>> Penalise("black", 3).to_json()
{'type': 'penalise', 'side': 'black', 'points': 3.0}
"""

from __future__ import annotations

import math
from typing import Annotated

from arbiter.match.actions.base import (
    Action,
    Count,
    Flag,
    PositiveCount,
    PositiveSeconds,
    Seconds,
    SideField,
    Text,
    action,
)
from arbiter.match.actors import Role
from arbiter.match.errors import ActionError


def _points(p: object, what: str) -> float:
    if isinstance(p, bool) or not isinstance(p, int | float) or not math.isfinite(p) or p <= 0:
        raise ActionError(f"a penalty is a number of points above 0, not {p!r}")
    return float(p)


def _role(role: object, what: str) -> object:
    if role not in ("man", "woman"):
        raise ActionError(f"role must be 'man' or 'woman', not {role!r}")
    return role


@action("start", referee=True)
class Start(Action):
    """The round starts: the first mover's clock runs even if that player is absent (seed 002
    2.6, seed 000 6.3). ``clocks=False``: a Toguz Korgool game begun without clocks (seed 000
    6.15; see :class:`IntroduceClocks`)."""

    clocks: Flag = True


@action("pause", referee=True)
class Pause(Action):
    """A referee stops both clocks (seed 002 2.5.7)."""

    reason: Text = ""


@action("adjourn", referee=True)
class Adjourn(Action):
    """A referee adjourns the game; it resumes from the stored position with the stored clocks
    (seed 002 2.6.2, 7.2.11, 7.2.12)."""

    reason: Text = ""


@action("resume", referee=True)
class Resume(Action):
    """A referee resumes a paused or adjourned game (or rejects a move-cap claim)."""


@action("set-clock", referee=True)
class SetClock(Action):
    """A referee sets ``side``'s main time, with the game's rule: Go never reduces below
    5 minutes (seed 002 2.5.7); Toguz Korgool brings a time under 5 minutes up to 5 and adds the
    same to the opponent (seed 000 6.7). ``periods``, ``moves_left``, ``period_left`` set the
    overtime as :meth:`arbiter.clock.Clock.set_remaining` does."""

    side: SideField
    seconds: Seconds
    periods: Count | None = None
    moves_left: PositiveCount | None = None
    period_left: PositiveSeconds | None = None


@action("set-clocks", referee=True)
class SetClocks(Action):
    """A referee sets both main times at once (a faulty clock replaced, seed 000 6.7, seed
    002 2.5.7), with the game's rule as in :class:`SetClock`."""

    black: Seconds
    white: Seconds


@action("add-time", referee=True)
class AddTime(Action):
    """A referee adds ``seconds`` to ``side``'s main time."""

    side: SideField
    seconds: PositiveSeconds


@action("split-time", referee=True)
class SplitTime(Action):
    """Toguz Korgool: a faulty clock replaced with no proof which face was wrong; the total time
    is divided by two and shared equally (seed 000 6.7). ``used``: the total time both players
    used, as the referee established it (omitted: the main times the clock shows are added and
    halved); a share under 5 minutes is brought up to 5 for both."""

    used: Seconds | None = None


@action("introduce-clocks", referee=True)
class IntroduceClocks(Action):
    """Toguz Korgool: clocks are brought into a game begun without them; both get the main time
    less half the time since the round start, never under 25 minutes (seed 000 6.15, 12.8)."""


@action("warn", referee=True)
class Warn(Action):
    """A referee warns ``side`` (seed 002 3.18.2: in Go the second warning in a game loses by
    forfeit; seed 000 12.11: in Toguz Korgool warnings count across the event)."""

    side: SideField
    reason: Text = ""


@action("penalise", referee=True)
class Penalise(Action):
    """Go: a referee takes ``points`` from ``side``'s score (seed 002 1.14, 2.5.5)."""

    side: SideField
    points: Annotated[float, _points]
    reason: Text = ""


@action("restore-position", referee=True)
class RestorePosition(Action):
    """A referee restores the position after ``ply`` moves, the one before an illegal move or a
    disturbed board found later (seed 002 2.6.11, seed 000 4.2); later moves are taken back."""

    ply: Count


@action("correct-setup", referee=True)
class CorrectSetup(Action):
    """Go: colours or handicap were wrong (seed 002 2.6.12). ``colours_swapped``: the players
    sat on each other's colours; ``handicap``: the right number of stones (``None``: as set).
    With at least three White stones on the board the game goes on as played (colours and
    handicap as they are); otherwise it restarts right, both main times reduced by half the
    time since the round start."""

    colours_swapped: Flag = False
    handicap: Count | None = None


@action("out-of-turn-move", referee=True)
class OutOfTurnMove(Action):
    """Pair go, over the board: a referee enters a move the ``role`` of the side to move played
    out of turn; it stands, the skipped player loses the turn and the side gets 3 points of
    penalty (seed 004)."""

    role: Annotated[Role, _role]
    move: Text


@action("both-flags", referee=True)
class BothFlagsDown(Action):
    """Over the board: both flags are down and which fell first cannot be told (seed 002
    2.7.6: the chief referee decides; seed 000 3.8: drawn when both kazans hold 81 or less)."""


@action("excuse", referee=True)
class Excuse(Action):
    """A referee excuses ``side``'s late arrival: the late-arrival forfeit does not apply
    (seed 002 2.6: "unless the referee decides otherwise")."""

    side: SideField


@action("adjudicate", referee=True)
class Adjudicate(Action):
    """Toguz Korgool: past the event's move cap a referee adjudicates the game: ``winner`` or
    ``None`` for a draw."""

    winner: SideField | None


@action("set-result", referee=True)
class SetResult(Action):
    """A referee sets the result: ``result`` in the competitions grammar (Toguz Korgool
    ``1-0``, ``0(60)-1(82)``, ``1/2-1/2``; Go ``B+R``, ``W+3.5``, ``0``; both ``+-``, ``-+``,
    ``--``, ``Void``) and how the game ended (``termination``: ``forfeit``,
    ``double-forfeit``, ``no-show``, ``void``, ``referee``, …)."""

    result: Text
    termination: Text = "referee"
