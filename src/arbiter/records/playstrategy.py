"""PlayStrategy's FEN for Toguz Korgool (Togyzkumalak) and Bestemshe: import and export.

PlayStrategy, the lichess-derived site that hosts the game, writes a position as::

    <North row, pit n..1>/<South row, pit 1..n> <South's kazan> <North's kazan> <S|N> <full move>

South is White (who moves first) and North is Black. A pit holding korgools is ``<count>S``, a run
of empty pits is its length, and a tuz is ``t`` (it sits on the row of the tuz owner's opponent).

>>> from arbiter.games.toguz import Position
>>> to_playstrategy(Position.initial().play(7))
'9S,9S,9S,1,10S,10S,10S,10S,10S/9S,9S,9S,9S,9S,9S,1S,10S,10S 10 0 N 1'
>>> from_playstrategy('9S,9S,9S,1,10S,10S,10S,10S,10S/9S,9S,9S,9S,9S,9S,1S,10S,10S 10 0 N 1').fen()
'9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 b 10/0 -/- 1'
"""

from __future__ import annotations

import re

from arbiter.games.toguz import Position, PositionError

_CELL = re.compile(r"(\d+)([Ss])|(\d+)|([tT])")
_MOST_PITS = 9  # a row of Toguz Korgool (Bestemshe has 5)


def _row(text: str, n_expected: int | None, fen: str) -> tuple[list[int], int | None]:
    """Pit counts of one row as written (left to right) and the written index of its tuz."""
    counts: list[int] = []
    tuz: int | None = None
    for cell in text.split(","):
        m = _CELL.fullmatch(cell.strip())
        if m is None:
            raise PositionError(f"PlayStrategy FEN {fen!r}: cannot read the cell {cell!r}")
        if m.group(1) is not None:
            counts.append(int(m.group(1)))
        elif m.group(3) is not None:
            run = int(m.group(3))
            if run < 1:
                raise PositionError(f"PlayStrategy FEN {fen!r}: an empty run of {run} pits")
            if len(counts) + run > _MOST_PITS:  # a run of a billion would be a billion zeros
                raise PositionError(
                    f"PlayStrategy FEN {fen!r}: a row has at most {_MOST_PITS} pits"
                )
            counts.extend([0] * run)
        else:
            if tuz is not None:
                raise PositionError(f"PlayStrategy FEN {fen!r}: a row with two tuzes")
            tuz = len(counts)
            counts.append(0)
    if n_expected is not None and len(counts) != n_expected:
        raise PositionError(
            f"PlayStrategy FEN {fen!r}: rows of {len(counts)} and {n_expected} pits"
        )
    return counts, tuz


def from_playstrategy(fen: str) -> Position:
    """The position a PlayStrategy FEN describes; :class:`PositionError` if it is malformed."""
    if len(fen) > 200:  # the longest real one has about 60 characters; errors quote it
        raise PositionError(f"a PlayStrategy FEN has at most 200 characters, not {len(fen)}")
    parts = fen.strip().split()
    if len(parts) != 5 or "/" not in parts[0]:
        raise PositionError(
            f"PlayStrategy FEN {fen!r}: expected '<North row>/<South row> <South's score> "
            "<North's score> <S|N> <move>'"
        )
    north_text, _, south_text = parts[0].partition("/")
    north_rev, north_tuz = _row(north_text, None, fen)
    south, south_tuz = _row(south_text, len(north_rev), fen)
    n = len(south)
    north = north_rev[::-1]  # written from pit n down to pit 1
    if not (parts[1].isdecimal() and parts[2].isdecimal() and parts[4].isdecimal()):
        raise PositionError(f"PlayStrategy FEN {fen!r}: scores and move number must be numbers")
    if parts[3] not in ("S", "N"):
        raise PositionError(f"PlayStrategy FEN {fen!r}: the side to move is S or N")
    # A tuz on North's (Black's) row belongs to South (White), and the other way round.
    white_tuz = None if north_tuz is None else n - north_tuz
    black_tuz = None if south_tuz is None else south_tuz + 1
    return Position.setup(
        pits=south + north,
        kazans=(int(parts[1]), int(parts[2])),
        tuz=(white_tuz, black_tuz),
        to_move="white" if parts[3] == "S" else "black",
        fullmove=max(1, int(parts[4])),
    )


def _write_row(cells: list[str]) -> str:
    out: list[str] = []
    run = 0
    for cell in cells:
        if cell == "":
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(cell)
    if run:
        out.append(str(run))
    return ",".join(out)


def to_playstrategy(pos: Position) -> str:
    """The position as a PlayStrategy FEN (South = White, North = Black)."""
    n = pos.variant.pits
    pits = pos.pits
    white_tuz, black_tuz = pos.tuz

    def cell(count: int, is_tuz: bool) -> str:
        if is_tuz:
            return "t"
        return f"{count}S" if count else ""

    south = [cell(pits[i], black_tuz == i + 1) for i in range(n)]
    north = [cell(pits[n + i], white_tuz == i + 1) for i in range(n)][::-1]
    side = "S" if pos.to_move == "white" else "N"
    kw, kb = pos.kazans
    return f"{_write_row(north)}/{_write_row(south)} {kw} {kb} {side} {pos.fullmove}"
