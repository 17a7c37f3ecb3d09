"""The players' actions, and what the clock and the arrival rules decide (also noted by people).

A draw offer travels with a :class:`Move`; pair go's resignation goes through the partner
(:class:`ProposeResignation`, :class:`ConsentResignation`, :class:`RefuseResignation`); the
dead-stone phase has :class:`MarkDead`, :class:`AcceptMarking` and :class:`ResumePlay`.
:class:`FlagFall` and :class:`LateForfeit` are what :meth:`Match.tick` applies.

>>> Move(7, draw_offer=True).to_json()
{'type': 'move', 'move': 7, 'draw_offer': True}
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias, get_args

from arbiter.clock import Side
from arbiter.match.actions.base import Action, Flag, Seconds, SideField, Text, action, side
from arbiter.match.errors import ActionError

ClaimGround: TypeAlias = Literal["repetition", "draw-offers", "move-cap"]
CLAIM_GROUNDS: tuple[ClaimGround, ...] = get_args(ClaimGround)


def _move(move: object, what: str) -> int | str:
    if isinstance(move, bool) or not isinstance(move, int | str):
        raise ActionError(f"a move is a pit number or a point such as 'Q16', not {move!r}")
    if isinstance(move, str) and not move.strip():
        raise ActionError("a move cannot be empty text")
    return move


def _ground(ground: object, what: str) -> object:
    if ground not in CLAIM_GROUNDS:
        raise ActionError(f"a claim is one of {', '.join(CLAIM_GROUNDS)}, not {ground!r}")
    return ground


def _sides(value: object, what: str) -> tuple[Side, ...]:
    if not isinstance(value, tuple | list) or not value:
        raise ActionError("a late forfeit names one side or both")
    sides = tuple(side(s, "side") for s in value)
    if len(set(sides)) != len(sides):
        raise ActionError("a late forfeit names each side once")
    return tuple(sorted(sides))


@action("move")
class Move(Action):
    """A move by the player to move: a pit number (Toguz Korgool, ``7``) or a GTP vertex or
    ``"pass"`` (Go, ``"Q16"``).

    ``draw_offer`` (Toguz Korgool): the mover offers a draw with this move, before pressing the
    clock (seed 000 8.1). ``lag``: network time the server credits (see
    :class:`arbiter.clock.LagCompensation`); logged so that replay charges the same time.
    """

    move: Annotated[int | str, _move]
    draw_offer: Flag = False
    lag: Seconds = 0.0


@action("place-handicap")
class PlaceHandicap(Action):
    """Go with free handicap placement (Chinese rules, seed 002 appendix 1 note): Black puts
    one handicap stone on ``point``, an empty point; after the last one White moves first."""

    point: Text


@action("accept-draw")
class AcceptDraw(Action):
    """The opponent of the player who offered a draw accepts it: the game is drawn."""


@action("decline-draw")
class DeclineDraw(Action):
    """The opponent declines a pending draw offer (a move declines it too)."""


@action("resign")
class Resign(Action):
    """A player resigns (seed 002 2.7.1, seed 000 3.3; pair go: seed 004 3.7)."""


@action("propose-resignation")
class ProposeResignation(Action):
    """Pair go: the player whose turn it is asks the partner whether to resign (seed 004 3.6.2)."""


@action("consent-resignation")
class ConsentResignation(Action):
    """Pair go: the partner agrees to resign; the proposer may then resign (seed 004 3.7)."""


@action("refuse-resignation")
class RefuseResignation(Action):
    """Pair go: the partner does not agree; the proposal lapses."""


@action("claim")
class Claim(Action):
    """A player's claim: ``"repetition"`` (Toguz Korgool: Chylymov's draw position, seed 000
    3.7, 8.4), ``"draw-offers"`` (the opponent offered more draws than allowed: a loss for
    them, 8.2), ``"move-cap"`` (the event's move cap is reached: the referee adjudicates)."""

    ground: Annotated[ClaimGround, _ground]


@action("mark-dead")
class MarkDead(Action):
    """Go, after two passes: mark the chain on ``point`` dead, or alive again (seed 002 1.10)."""

    point: Text


@action("accept-marking")
class AcceptMarking(Action):
    """Go: a side accepts the dead stones as marked; when both have, the game is counted."""


@action("resume-play")
class ResumePlay(Action):
    """Go: a side disagrees about the dead stones; play resumes (spec go.md)."""


@action("arrive")
class Arrive(Action):
    """A player reports present (seed 002 2.6, 7.2.5; seed 000 3.9)."""


# ----- what the clock and the arrival rules decide (Match.tick), also noted by people


@action("flag-fall")
class FlagFall(Action):
    """``side``'s flag has fallen (seed 002 2.7.3; seed 000 3.10, 6.13). Valid only when the
    clock shows it; applied by :meth:`Match.tick`, or noted by a player or a referee."""

    side: SideField


@action("late-forfeit")
class LateForfeit(Action):
    """The sides in ``sides`` did not arrive in time: a loss by forfeit, both: a double
    forfeit (seed 002 2.6, seed 000 3.9). Applied by :meth:`Match.tick`."""

    sides: Annotated[tuple[Side, ...], _sides]
