"""The federation's move notation: two digits per move, ``X`` for a tuz.

A move is written as the pit it was played from (1-9) followed by the pit where its last korgool
fell (1-9, numbered on the side where it fell), with ``X`` after a move that made a tuz
(seed 000 2.9). PlayOK's export adds ``(n)``, the mover's kazan after a capture, and the match
layer may add ``=`` for a draw offer made with the move. On input the tuz mark may be a Latin or
Cyrillic letter in either case (``X``, ``x``, ``Х``, ``х``).

>>> from arbiter.games.toguz import Position
>>> note = describe(Position.initial(), 7)
>>> str(note), note.captured, note.kazan
('76', 10, 10)
>>> parse_move("36х")
MoveText(pit=3, landing=6, tuz=True, kazan=None, draw_offer=False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbiter.errors import ArbiterError
from arbiter.games.toguz import _core
from arbiter.games.toguz.position import IllegalMove, Position
from arbiter.i18n import N_

TUZ_MARKS = "XxХх"  # Latin X/x, Cyrillic Ха/ха
_MOVE = re.compile(r"([1-9])([1-9])([XxХх])?(?:\((\d{1,3})\))?(=)?")


class NotationError(ArbiterError):
    """A move text that is not in the federation's notation."""


@dataclass(frozen=True, slots=True)
class MoveText:
    """A move as written: its digits and marks, not yet checked against a position."""

    pit: int
    landing: int
    tuz: bool = False
    kazan: int | None = None
    draw_offer: bool = False

    def __str__(self) -> str:
        text = f"{self.pit}{self.landing}{'X' if self.tuz else ''}"
        if self.kazan is not None:
            text += f"({self.kazan})"
        return text + ("=" if self.draw_offer else "")


@dataclass(frozen=True, slots=True)
class MoveNote:
    """What a move did, as the notation records it.

    ``landing`` is the pit number where the last korgool fell, on the side where it fell;
    ``captured`` the korgools the move took by an even capture (0 if none; a tuz's 3 korgools
    are not a capture); ``tuz`` whether it made a tuz; ``kazan`` the mover's kazan afterwards.
    ``str()`` gives the federation notation.
    """

    pit: int
    landing: int
    landed_on_own_row: bool
    tuz: bool
    captured: int
    kazan: int

    def __str__(self) -> str:
        return f"{self.pit}{self.landing}{'X' if self.tuz else ''}"

    def playok(self) -> str:
        """PlayOK's form: ``(n)`` with the mover's kazan after an even capture."""
        return f"{self}({self.kazan})" if self.captured else str(self)


def describe(pos: Position, pit: int) -> MoveNote:
    """What playing ``pit`` in ``pos`` does (the move must be legal)."""
    return play_and_describe(pos, pit)[1]


def play_and_describe(pos: Position, pit: int) -> tuple[Position, MoveNote]:
    """Play ``pit`` and say what it did; :class:`IllegalMove` if it cannot be played."""
    out = _core.play_ex(pos._s, pit)
    if out is None:
        pos.play(pit)  # raises IllegalMove with the reason
        raise AssertionError("unreachable")  # pragma: no cover
    state, last = out
    after = Position._from_state(state)
    n = pos.variant.pits
    me = 0 if pos.to_move == "white" else 1
    on_own_row = (last < n) == (me == 0)
    tuz_made = pos.tuz[me] is None and after.tuz[me] is not None
    captured = 0
    if not on_own_row and not tuz_made and after.pits[last] == 0 and last != _tuz_index(pos, me):
        # The last korgool fell on the opponent's row and the pit is empty now: it was taken.
        captured = pos.pits[last] + _drops(pos, pit, last)
    return after, MoveNote(
        pit=pit,
        landing=last % n + 1,
        landed_on_own_row=on_own_row,
        tuz=tuz_made,
        captured=captured,
        kazan=after.kazans[me],
    )


def _drops(pos: Position, pit: int, index: int) -> int:
    """How many korgools sowing ``pit`` drops at board ``index``."""
    n2 = 2 * pos.variant.pits
    start = (n2 // 2 if pos.to_move == "black" else 0) + pit - 1
    k = pos.pits[start]
    if k == 1:
        return 1 if index == (start + 1) % n2 else 0
    laps, rest = divmod(k, n2)
    return laps + (1 if (index - start) % n2 < rest else 0)


def _tuz_index(pos: Position, side: int) -> int:
    """The board index of ``side``'s tuz (0 White, 1 Black), or -1."""
    t = pos.tuz[side]
    if t is None:
        return -1
    n = pos.variant.pits
    return (n if side == 0 else 0) + t - 1


def parse_move(text: str) -> MoveText:
    """Read one move in the federation notation (with PlayOK's ``(n)`` and a ``=`` allowed)."""
    m = _MOVE.fullmatch(text.strip())
    if m is None:
        raise NotationError(
            N_(
                "{text!r} is not a move: a move is two digits 1-9 (from pit, landing pit), "
                "then X for a tuz"
            ),
            text=text[:40],  # cut: the text may be a hostile file's megabytes
        )
    return MoveText(
        pit=int(m.group(1)),
        landing=int(m.group(2)),
        tuz=m.group(3) is not None,
        kazan=int(m.group(4)) if m.group(4) is not None else None,
        draw_offer=m.group(5) is not None,
    )


def play_text(pos: Position, text: str | MoveText) -> tuple[Position, MoveNote]:
    """Play a written move, checking its landing pit and tuz mark against the board.

    >>> from arbiter.games.toguz import Position
    >>> play_text(Position.initial(), "75")
    Traceback (most recent call last):
    ...
    arbiter.games.toguz.errors.IllegalMove: 75: pit 7's last korgool lands in pit 6, not 5
    """
    move = parse_move(text) if isinstance(text, str) else text
    after, note = play_and_describe(pos, move.pit)
    if note.landing != move.landing:
        raise IllegalMove(
            N_("{move}: pit {pit}'s last korgool lands in pit {landing}, not {written}"),
            move=move,
            pit=move.pit,
            landing=note.landing,
            written=move.landing,
        )
    if note.tuz != move.tuz:
        if note.tuz:
            raise IllegalMove(
                N_("{move}: this move makes a tuz, but it is not marked X"), move=move
            )
        raise IllegalMove(N_("{move}: marked X, but this move makes no tuz"), move=move)
    return after, note
