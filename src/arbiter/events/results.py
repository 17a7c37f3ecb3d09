"""The result grammar: one notation for event files, the command line and the API.

Toguz Korgool results are written White first (White moves first): ``1-0``, ``0-1``,
``1/2-1/2`` (also ``=`` on input), each side optionally with its korgool count, ``1(82)-0(60)``,
or only the loser's, ``1-0(76)`` (seed 000 items 3.2 and 7.3). Go results are SGF ``RE`` values:
``B+3.5``, ``W+R``, ``B+T``, ``W+F``, ``B+`` (margin unknown), ``0`` (jigo), ``Void`` (no result).
In both games ``+-`` is a win by forfeit for the first mover (Go: Black, Toguz Korgool: White),
``-+`` one for the second mover and ``--`` a loss by forfeit for both (seed 002 item 3.18.3).
Go has ``++`` too, a game both players won (OpenGotha's ``RESULT_BOTHWIN``, a referee's
decision): a game played, a win for each side.
A ``?`` suffix marks a provisional result set by the referee for an unfinished game (seed 002
item 2.8.8).

``B+F`` is a game lost by forfeit during play (e.g. a second warning, seed 002 item 3.18.2): it
was played, so it counts as a game for tiebreaks. ``+-`` and ``-+`` are games that were never
played (no-show, exclusion, withdrawal) and count as unplayed.

Printing gives the canonical text, and reading it back gives the same result:

>>> r = Result.parse("1(82) – 0(60)", "toguz")
>>> str(r), r.winner, r.korgools
('1(82)-0(60)', 'white', (82, 60))
>>> str(Result.parse("=", "toguz")), str(Result.parse("w+resign?", "go"))
('1/2-1/2', 'W+R?')
>>> Result.parse("B+3.5", "go").points("black"), Result.parse("-+", "go").played
(Fraction(1, 1), False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from arbiter.events.errors import ResultError
from arbiter.events.exact import show
from arbiter.i18n import N_

GameName = Literal["go", "toguz"]
Side = Literal["black", "white"]
Kind = Literal["played", "forfeit", "double-forfeit", "void", "double-win"]
Outcome = Literal["win", "draw", "loss"]
Reason = Literal["R", "T", "F"]

SIDES: tuple[Side, Side] = ("black", "white")
HALF = Fraction(1, 2)


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for a win, a draw and a loss (game points; team events count match points apart).

    >>> Scoring().win, Scoring().draw
    (Fraction(1, 1), Fraction(1, 2))
    """

    win: Fraction = Fraction(1)
    draw: Fraction = HALF
    loss: Fraction = Fraction(0)

    def of(self, outcome: Outcome) -> Fraction:
        """The points for ``outcome``."""
        return {"win": self.win, "draw": self.draw, "loss": self.loss}[outcome]


def first_mover(game: GameName) -> Side:
    """The side that moves first: Black in Go, White in Toguz Korgool.

    >>> first_mover("go"), first_mover("toguz")
    ('black', 'white')
    """
    return "black" if game == "go" else "white"


def other(side: Side) -> Side:
    """The opponent's side."""
    return "white" if side == "black" else "black"


@dataclass(frozen=True, slots=True)
class Result:
    """A game's result.

    ``winner`` is ``None`` for a draw, a double forfeit, a double win and ``Void``. ``kind``
    says whether the game was ``played``, won by ``forfeit`` (never played), lost by both
    (``double-forfeit``), ended without a result (``void``) or, in Go, was won by both
    (``double-win``, ``++``). ``margin`` and ``reason`` are Go's (``B+3.5``, ``B+R``);
    ``korgools`` holds White's and Black's kazans in Toguz Korgool, each ``None`` when not written.
    """

    game: GameName
    winner: Side | None = None
    kind: Kind = "played"
    margin: Fraction | None = None
    reason: Reason | None = None
    korgools: tuple[int | None, int | None] | None = None
    provisional: bool = False

    def __post_init__(self) -> None:
        if self.korgools == (None, None):
            object.__setattr__(self, "korgools", None)  # no count written is no counts at all
        if self.kind == "forfeit" and self.winner is None:
            raise ResultError("a forfeit needs a winner")
        if self.kind in ("double-forfeit", "void", "double-win") and self.winner is not None:
            raise ResultError(f"a {self.kind} result has no winner")
        if self.game == "toguz":
            if self.margin is not None or self.reason is not None:
                raise ResultError("Toguz Korgool results have no margin or reason")
            if self.kind == "void":
                raise ResultError(N_("Toguz Korgool results have no 'Void'"))
            if self.kind == "double-win":
                raise ResultError("Toguz Korgool results have no '++' (both win)")
        else:
            if self.korgools is not None:
                raise ResultError("Go results carry no korgools")
            if self.margin is not None and self.reason is not None:
                raise ResultError("a Go result has a margin or a reason, not both")
            if (self.margin is not None or self.reason is not None) and (
                self.winner is None or self.kind != "played"
            ):
                raise ResultError("only a played game won by one side has a margin or reason")
            if self.margin is not None and (self.margin <= 0 or (2 * self.margin).denominator != 1):
                raise ResultError(f"a Go margin is a positive multiple of 0.5, not {self.margin}")
        if self.korgools is not None and self.kind != "played":
            raise ResultError("only a played game has korgool counts")

    # -- reading ------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, game: GameName, *, total: int = 162) -> Result:
        """Read ``text`` in the grammar of ``game``; ``total`` is the number of korgools in play
        (162; 50 in Bestemshe), used to check korgool counts.

        >>> r = Result.parse("0-1(70)?", "toguz")
        >>> r.winner, r.korgools, r.provisional
        ('black', (None, 70), True)
        >>> Result.parse("1-1", "toguz")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        arbiter.events.errors.ResultError: '1-1' is not a Toguz Korgool result: write 1-0, 0-1, ...
        """
        if not isinstance(text, str):
            raise ResultError(f"a result must be text, not {text!r}")
        raw = " ".join(text.split())
        provisional = raw.endswith("?")
        body = raw[:-1].strip() if provisional else raw
        forfeit = _FORFEITS.get(body)
        if forfeit is not None:
            first = first_mover(game)
            if forfeit == "both":
                return cls(game, None, "double-forfeit", provisional=provisional)
            if forfeit == "double-win":
                return cls(game, None, "double-win", provisional=provisional)
            winner = first if forfeit == "first" else other(first)
            return cls(game, winner, "forfeit", provisional=provisional)
        if game == "toguz":
            result = _parse_toguz(body, raw, total)
        elif game == "go":
            result = _parse_go(body, raw)
        else:
            raise ResultError(f"unknown game {game!r}: expected go or toguz")
        return replace(result, provisional=provisional)

    # -- meaning ------------------------------------------------------------------------------

    @property
    def played(self) -> bool:
        """Whether the game was played over the board (``B+F`` and ``++`` were; ``+-`` was
        not)."""
        return self.kind in ("played", "double-win")

    @property
    def is_draw(self) -> bool:
        """A played game with no winner (``1/2-1/2``, Go's jigo ``0``)."""
        return self.kind == "played" and self.winner is None

    def outcome(self, side: Side) -> Outcome:
        """``win``, ``draw`` or ``loss`` for ``side``; a double forfeit and ``Void`` are losses
        for both (they score no points)."""
        if self.kind == "double-win":
            return "win"
        if self.winner is None:
            return "draw" if self.kind == "played" else "loss"
        return "win" if self.winner == side else "loss"

    def points(self, side: Side, scoring: Scoring | None = None) -> Fraction:
        """Game points for ``side`` (``Void`` scores nothing for either side)."""
        if self.kind == "void":
            return Fraction(0)
        return (scoring or Scoring()).of(self.outcome(side))

    def korgools_of(self, side: Side) -> int | None:
        """The korgools in ``side``'s kazan, when the result records them."""
        if self.korgools is None:
            return None
        return self.korgools[0] if side == "white" else self.korgools[1]

    def confirmed(self) -> Result:
        """The same result, no longer provisional."""
        return replace(self, provisional=False)

    # -- printing -----------------------------------------------------------------------------

    def __str__(self) -> str:
        return self._body() + ("?" if self.provisional else "")

    def _body(self) -> str:
        first = first_mover(self.game)
        if self.kind == "forfeit":
            return "+-" if self.winner == first else "-+"
        if self.kind == "double-forfeit":
            return "--"
        if self.kind == "double-win":
            return "++"
        if self.kind == "void":
            return "Void"
        if self.game == "toguz":
            white, black = self.korgools if self.korgools is not None else (None, None)
            if self.winner is None:
                marks = ("1/2", "1/2")
            else:
                marks = ("1", "0") if self.winner == "white" else ("0", "1")
            return f"{marks[0]}{_count(white)}-{marks[1]}{_count(black)}"
        if self.winner is None:
            return "0"
        tail = self.reason or (show(self.margin) if self.margin is not None else "")
        return f"{'B' if self.winner == 'black' else 'W'}+{tail}"


_FORFEITS = {"+-": "first", "-+": "second", "--": "both", "++": "double-win"}
_TOGUZ_SIDE = r"(1/2|½|1|0)(?:\s*\(\s*(\d{1,3})\s*\))?"
_TOGUZ_RE = re.compile(rf"^{_TOGUZ_SIDE}\s*[-–—:]\s*{_TOGUZ_SIDE}$")
_GO_RE = re.compile(r"^([BW])\s*\+\s*(R|RESIGN|T|TIME|F|FORFEIT|\d+(?:\.\d+)?)?$", re.IGNORECASE)
_GO_REASONS: dict[str, Reason] = {
    "R": "R",
    "RESIGN": "R",
    "T": "T",
    "TIME": "T",
    "F": "F",
    "FORFEIT": "F",
}


def _parse_toguz(body: str, raw: str, total: int) -> Result:
    if body == "=":
        return Result("toguz")
    match = _TOGUZ_RE.match(body)
    if match is None:
        raise _not_toguz(raw)
    white_mark, white_k, black_mark, black_k = match.groups()
    marks = (_mark(white_mark), _mark(black_mark))
    winner: Side | None
    if marks == (Fraction(1), Fraction(0)):
        winner = "white"
    elif marks == (Fraction(0), Fraction(1)):
        winner = "black"
    elif marks == (HALF, HALF):
        winner = None
    else:
        raise _not_toguz(raw)
    white = int(white_k) if white_k is not None else None
    black = int(black_k) if black_k is not None else None
    korgools = None if white is None and black is None else (white, black)
    if korgools is not None:
        _check_korgools(raw, winner, white, black, total)
    return Result("toguz", winner, korgools=korgools)


def _check_korgools(
    raw: str, winner: Side | None, white: int | None, black: int | None, total: int
) -> None:
    to_win = total // 2 + 1
    known = [k for k in (white, black) if k is not None]
    if any(k > total for k in known) or sum(known) > total:
        raise ResultError(
            N_("{result!r}: the kazans cannot hold more than {total} korgools together"),
            result=raw,
            total=total,
        )
    losers = [white, black] if winner is None else [black if winner == "white" else white]
    for count in losers:
        if count is not None and count >= to_win:
            raise ResultError(
                N_("{result!r}: a side with {count} korgools cannot have lost or drawn"),
                result=raw,
                count=count,
            )
    complete = white is not None and black is not None and white + black == total
    if winner is None and complete and white != black:
        raise ResultError(
            N_("{result!r}: with all {total} korgools counted a draw is {half} each"),
            result=raw,
            total=total,
            half=total // 2,
        )


def _not_toguz(raw: str) -> ResultError:
    return ResultError(
        N_(
            "{result!r} is not a Toguz Korgool result: write 1-0, 0-1, 1/2-1/2 (or =), with "
            "korgools as 1(82)-0(60), forfeits as +-, -+, --, and ? for a provisional result"
        ),
        result=raw,
    )


def _parse_go(body: str, raw: str) -> Result:
    low = body.lower()
    if low in ("0", "draw", "jigo", "0.5-0.5"):
        return Result("go")
    if low == "void":
        return Result("go", kind="void")
    match = _GO_RE.match(body)
    if match is None:
        raise ResultError(
            N_(
                "{result!r} is not a Go result: write B+3.5, W+R, B+T, W+F, B+, 0 (jigo), Void, "
                "forfeits as +-, -+, -- (Black first), and ? for a provisional result"
            ),
            result=raw,
        )
    winner: Side = "black" if match.group(1).upper() == "B" else "white"
    tail = match.group(2)
    if tail is None:
        return Result("go", winner)
    reason = _GO_REASONS.get(tail.upper())
    if reason is not None:
        return Result("go", winner, reason=reason)
    margin = Fraction(tail)
    if margin <= 0 or (2 * margin).denominator != 1:
        raise ResultError(N_("{result!r}: a Go margin is a positive multiple of 0.5"), result=raw)
    return Result("go", winner, margin=margin)


def _mark(text: str) -> Fraction:
    return HALF if text in ("1/2", "½") else Fraction(int(text))


def _count(value: int | None) -> str:
    return "" if value is None else f"({value})"
