"""A Toguz Korgool position: an immutable value with its legal moves and the move that follows.

The rules themselves live in the compiled core (``rules.h``); this module is its public face.

>>> pos = Position.initial()
>>> pos.legal_moves()
(1, 2, 3, 4, 5, 6, 7, 8, 9)
>>> after = pos.play(7)
>>> after.kazans
(10, 0)
>>> after.to_move
'black'
>>> pos.kazans  # the original is unchanged
(0, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from arbiter.games.toguz import _core
from arbiter.games.toguz.errors import IllegalMove, PositionError
from arbiter.games.toguz.fen import FenParts, format_fen, parse_fen
from arbiter.games.toguz.side import SIDES, Side
from arbiter.games.toguz.validate import validated_state
from arbiter.games.toguz.variant import VARIANTS, Variant
from arbiter.i18n import N_

__all__ = ["SIDES", "IllegalMove", "Position", "PositionError", "Result", "Side", "variant_of"]

# Byte offsets of the core's state layout (rules.h).
_KAZAN = 18
_TUZ = 20
_SIDE = 22
_N = 23
_STATUS = 24
_MOVE = 25
_STATE_LEN = 27
assert _core.STATE_LEN == _STATE_LEN

_ONGOING, _WHITE_WINS, _BLACK_WINS, _DRAW = 0, 1, 2, 3

_play = _core.play
_legal = _core.legal
_new = object.__new__


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended on the board.

    ``winner`` is ``"white"``, ``"black"`` or ``None`` for a draw; ``korgools`` holds White's and
    Black's final counts (after atsyz kalu, the korgools left on each row belong to that row's
    owner). ``str()`` gives the result in the federation's grammar, White first.

    >>> str(Result("white", (82, 60)))
    '1(82)-0(60)'
    >>> str(Result(None, (81, 81)))
    '1/2(81)-1/2(81)'
    """

    winner: Side | None
    korgools: tuple[int, int]

    def __str__(self) -> str:
        w, b = self.korgools
        if self.winner == "white":
            return f"1({w})-0({b})"
        if self.winner == "black":
            return f"0({w})-1({b})"
        return f"1/2({w})-1/2({b})"


class Position:
    """An immutable Toguz Korgool (or Bestemshe) position.

    Pits are numbered 1..n from each player's own left. Positions compare equal when every part
    of their FEN is equal (board, kazans, tuzes, side to move and move number); use
    :meth:`repetition_key` to compare positions regardless of the move number.
    """

    __slots__ = ("_s",)
    _s: bytes

    def __init__(self) -> None:
        raise TypeError("use Position.initial() or Position.from_fen()")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Position is immutable; play() returns a new one")

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def _from_state(cls, state: bytes) -> Position:
        pos = _new(cls)
        _set_state(pos, state)
        return pos

    @classmethod
    def initial(cls, variant: str = "toguz", first: Side = "white") -> Position:
        """The start position of ``variant`` (``"toguz"`` or ``"bestemshe"``).

        ``first`` is the side that moves first (White by default, seed 000 6.3).

        >>> Position.initial("bestemshe").pits
        (5, 5, 5, 5, 5, 5, 5, 5, 5, 5)
        """
        rules = variant_of(variant)
        return cls.setup(
            pits=(rules.seeds,) * (2 * rules.pits),
            kazans=(0, 0),
            tuz=(None, None),
            to_move=first,
        )

    @classmethod
    def setup(
        cls,
        pits: tuple[int, ...] | list[int],
        kazans: tuple[int, int] = (0, 0),
        tuz: tuple[int | None, int | None] = (None, None),
        to_move: Side = "white",
        fullmove: int = 1,
    ) -> Position:
        """Build a position from its parts, checking that it can arise.

        ``pits`` holds White's pits 1..n then Black's 1..n (18 values for Toguz Korgool, 10 for
        Bestemshe); ``tuz`` is (White's tuz: a pit number on Black's row, Black's tuz: a pit
        number on White's row). A tuz pit must be empty; the korgools must add up to the
        variant's total; a tuz may not be a 9th pit, and the two tuzes may not share a number.

        >>> Position.setup([0] * 17 + [1], kazans=(81, 80), to_move="black").legal_moves()
        (9,)
        """
        return cls._from_state(validated_state(pits, kazans, tuz, to_move, fullmove))

    @classmethod
    def from_fen(cls, text: str) -> Position:
        """Read our position string (see :mod:`arbiter.games.toguz.fen`)."""
        return cls.setup(*parse_fen(text))

    # -- the rules --------------------------------------------------------------------------

    def legal_moves(self) -> tuple[int, ...]:
        """The pits the side to move may play, ascending; ``()`` once the game is over."""
        return _legal(self._s)

    def play(self, pit: int) -> Position:
        """The position after the side to move plays ``pit`` (1-based, from the mover's left).

        >>> Position.initial().play(10)
        Traceback (most recent call last):
        ...
        arbiter.games.toguz.errors.IllegalMove: pit 10 does not exist: pits are numbered 1 to 9
        """
        state = _play(self._s, pit)
        if state is None:
            message, params = self._why_illegal(pit)
            raise IllegalMove(message, **params)
        pos = _new(Position)
        _set_state(pos, state)
        return pos

    def is_legal(self, pit: int) -> bool:
        """Whether the side to move may play ``pit``."""
        return isinstance(pit, int) and not isinstance(pit, bool) and not _core.check(self._s, pit)

    def _why_illegal(self, pit: object) -> tuple[str, dict[str, object]]:
        """Why ``pit`` cannot be played: a message id and its parameters."""
        if not isinstance(pit, int) or isinstance(pit, bool):
            return N_("a move is a pit number, not {pit!r}"), {"pit": pit}
        code = _core.check(self._s, pit)
        n = self.variant.pits
        if code == 4:
            return N_("the game is over ({result})"), {"result": self.result}
        if code == 1:
            return N_("pit {pit} does not exist: pits are numbered 1 to {n}"), {"pit": pit, "n": n}
        if code == 3:
            return N_("pit {pit} is the opponent's tuz; nobody plays from a tuz"), {"pit": pit}
        if code == 2:
            return N_("pit {pit} is empty"), {"pit": pit}
        raise AssertionError(f"core refused pit {pit} with unknown code {code}")  # pragma: no cover

    # -- what the position holds ------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules this position is played under."""
        return _VARIANT_BY_PITS[self._s[_N]]

    @property
    def pits(self) -> tuple[int, ...]:
        """All pit counts: White's pits 1..n, then Black's pits 1..n."""
        return tuple(self._s[: 2 * self._s[_N]])

    @property
    def kazans(self) -> tuple[int, int]:
        """(White's kazan, Black's kazan)."""
        s = self._s
        return (s[_KAZAN], s[_KAZAN + 1])

    @property
    def tuz(self) -> tuple[int | None, int | None]:
        """(the pit on Black's row that White owns, the pit on White's row that Black owns)."""
        s = self._s
        return (s[_TUZ] or None, s[_TUZ + 1] or None)

    @property
    def to_move(self) -> Side:
        """The side to move: ``"white"`` or ``"black"``."""
        return SIDES[self._s[_SIDE]]

    @property
    def fullmove(self) -> int:
        """The number of the current full move (1 at the start; grows after Black's move)."""
        s = self._s
        return s[_MOVE] | (s[_MOVE + 1] << 8)

    @property
    def is_over(self) -> bool:
        """Whether the board has decided the game (82+, 81-81, or atsyz kalu)."""
        return self._s[_STATUS] != _ONGOING

    @property
    def atsyz_kalu(self) -> bool:
        """Whether the side to move has no korgools to play ("atsyz kalu", seed 001).

        >>> Position.setup([0] * 9 + [1] + [0] * 8, kazans=(100, 61)).atsyz_kalu
        True
        """
        n = self._s[_N]
        base = n if self._s[_SIDE] else 0
        return not any(self._s[base : base + n])

    @property
    def result(self) -> Result | None:
        """The result the board decided, or ``None`` while the game goes on."""
        status = self._s[_STATUS]
        if status == _ONGOING:
            return None
        n = self._s[_N]
        white, black = self.kazans
        if max(white, black) <= self.variant.total // 2:
            # Atsyz kalu (no kazan passed half): each side keeps the korgools on its own row.
            white += sum(self._s[:n])
            black += sum(self._s[n : 2 * n])
        winner: Side | None = (
            "white" if status == _WHITE_WINS else "black" if status == _BLACK_WINS else None
        )
        return Result(winner, (white, black))

    def pit(self, side: Side, number: int) -> int:
        """The korgools in ``side``'s pit ``number`` (1-based).

        >>> Position.initial().play(7).pit("black", 6)
        0
        """
        n = self._s[_N]
        if not 1 <= number <= n:
            raise IndexError(f"pit {number} does not exist: pits are numbered 1 to {n}")
        return self._s[(n if side == "black" else 0) + number - 1]

    def repetition_key(self) -> bytes:
        """Equal for positions with the same pits, kazans, tuzes and side to move."""
        return self._s[:_STATUS]

    def fen(self) -> str:
        """Our position string (see :mod:`arbiter.games.toguz.fen`).

        >>> Position.initial().fen()
        '9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 0/0 -/- 1'
        """
        return format_fen(FenParts(self.pits, self.kazans, self.tuz, self.to_move, self.fullmove))

    # -- value semantics --------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._s == other._s

    def __hash__(self) -> int:
        return hash(self._s)

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Position.from_fen, (self.fen(),))

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self


# The slot's own setter: the one way to fill a new Position past __setattr__'s guard.
_set_state = cast(Any, Position.__dict__["_s"]).__set__

_VARIANT_BY_PITS: dict[int, Variant] = {v.pits: v for v in VARIANTS.values()}


def variant_of(name: str) -> Variant:
    """The :class:`Variant` called ``name``, or a clear error."""
    try:
        return VARIANTS[name]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise PositionError(
            N_("unknown variant {name!r}: choose one of {known}"), name=name, known=known
        ) from None
