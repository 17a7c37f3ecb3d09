"""Our position string ("FEN") for Toguz Korgool and Bestemshe.

Five fields separated by single spaces::

    <White's pits 1..n>/<Black's pits 1..n> <side to move> <kazans> <tuzes> <move number>

- pits: comma-separated korgool counts, each row from its owner's pit 1 to pit n (9, or 5 for
  Bestemshe); a tuz pit is written ``X`` (it always holds none);
- side to move: ``w`` or ``b``;
- kazans: ``<White's>/<Black's>``;
- tuzes: ``<White's tuz>/<Black's tuz>``, each the pit number the tuz sits on (White's tuz is on
  Black's row) or ``-``;
- move number: the full-move number, 1 at the start and one more after each move of Black.

The reader and the writer work on the position's parts (:class:`FenParts`), not on
:class:`~arbiter.games.toguz.Position`, which uses them for ``Position.from_fen`` and
``Position.fen()``; whether the parts make a position that can arise is checked there.

>>> format_fen(parse_fen("9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 b 10/0 -/- 1"))
'9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 b 10/0 -/- 1'

After a tuz on Black's 3rd pit, White's tuz is written in both places:

>>> parse_fen("9,9,9,9,9,9,9,9,9/9,9,X,9,9,9,9,9,0 b 18/0 3/- 1").tuz
(3, None)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from arbiter.games.toguz.errors import PositionError
from arbiter.games.toguz.side import Side
from arbiter.i18n import N_

_FIELDS = re.compile(r"(\S+)/(\S+) ([wb]) (\d+)/(\d+) (\d+|-)/(\d+|-) (\d+)")


_MOST = 200  # the longest FEN, 18 pits of 3 digits, has about 90 characters


class FenParts(NamedTuple):
    """A position's parts as a FEN holds them, in the order ``Position.setup`` takes them."""

    pits: tuple[int, ...]
    kazans: tuple[int, int]
    tuz: tuple[int | None, int | None]
    to_move: Side
    fullmove: int


def parse_fen(text: str) -> FenParts:
    """Read a position string; :class:`PositionError` says what is malformed."""
    if not isinstance(text, str):
        raise PositionError(N_("a FEN is text, not {kind}"), kind=type(text).__name__)
    if len(text) > _MOST:  # errors quote the FEN; a record's tag may hold megabytes
        raise PositionError(N_("a FEN has at most {limit} characters"), limit=_MOST)
    m = _FIELDS.fullmatch(text.strip())
    if m is None:
        raise PositionError(
            N_(
                "malformed FEN {fen!r}: expected '<White's pits>/<Black's pits> <w|b> "
                "<kazan>/<kazan> <tuz|->/<tuz|-> <move>', e.g. '{example}'"
            ),
            fen=text,
            example="9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 0/0 -/- 1",
        )
    rows = [m.group(1).split(","), m.group(2).split(",")]
    if len(rows[0]) != len(rows[1]):
        raise PositionError(
            N_("malformed FEN {fen!r}: the two rows have different lengths"), fen=text
        )
    tuz_marks: list[int | None] = [None, None]
    pits: list[int] = []
    for r, row in enumerate(rows):
        for i, cell in enumerate(row):
            if cell in ("X", "x"):
                tuz_marks[r] = i + 1 if tuz_marks[r] is None else -1
                pits.append(0)
            elif cell.isdecimal():
                pits.append(int(cell))
            else:
                raise PositionError(
                    N_("malformed FEN {fen!r}: pit {pit!r} is not a number"), fen=text, pit=cell
                )
    if -1 in tuz_marks:
        raise PositionError(N_("malformed FEN {fen!r}: a row shows two tuzes"), fen=text)
    tuz = tuple(None if t == "-" else int(t) for t in (m.group(6), m.group(7)))
    # White's tuz sits on Black's row (rows[1]); Black's on White's row (rows[0]).
    if tuz_marks[1] != tuz[0] or tuz_marks[0] != tuz[1]:
        raise PositionError(
            N_("FEN {fen!r}: the tuz field ({tuz}) does not match the X marks on the rows"),
            fen=text,
            tuz=f"{m.group(6)}/{m.group(7)}",
        )
    return FenParts(
        pits=tuple(pits),
        kazans=(int(m.group(4)), int(m.group(5))),
        tuz=(tuz[0], tuz[1]),
        to_move="white" if m.group(3) == "w" else "black",
        fullmove=int(m.group(8)),
    )


def format_fen(parts: FenParts) -> str:
    """Write a position string; ``parse_fen(format_fen(p)) == p``."""
    pits = parts.pits
    n = len(pits) // 2
    tw, tb = parts.tuz
    white = ["X" if tb == i + 1 else str(pits[i]) for i in range(n)]
    black = ["X" if tw == i + 1 else str(pits[n + i]) for i in range(n)]
    kw, kb = parts.kazans
    side = "w" if parts.to_move == "white" else "b"
    tuz = f"{tw or '-'}/{tb or '-'}"
    return f"{','.join(white)}/{','.join(black)} {side} {kw}/{kb} {tuz} {parts.fullmove}"
