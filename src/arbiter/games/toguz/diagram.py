"""A Toguz Korgool position drawn as text, the way printed protocols show it.

Black's kazan, Black's row from pit 9 down to pit 1, White's row from pit 1 to 9, White's kazan;
a tuz is shown as ``X``. Sowing runs counter-clockwise around this picture.

>>> from arbiter.games.toguz import Position
>>> print(diagram(Position.initial().play(7)))
Black  kazan   0
      9    8    7    6    5    4    3    2    1
   |  9 |  9 |  9 |  0 | 10 | 10 | 10 | 10 | 10 |
   |  9 |  9 |  9 |  9 |  9 |  9 |  1 | 10 | 10 |
      1    2    3    4    5    6    7    8    9
White  kazan  10
"""

from __future__ import annotations

from arbiter.games.toguz.position import Position


def rows(pos: Position) -> tuple[list[str], list[str]]:
    """Black's row (pit n..1) and White's row (pit 1..n) as cell texts, ``X`` for a tuz."""
    n = pos.variant.pits
    pits = pos.pits
    white_tuz, black_tuz = pos.tuz
    white = ["X" if black_tuz == i + 1 else str(pits[i]) for i in range(n)]
    black = ["X" if white_tuz == i + 1 else str(pits[n + i]) for i in range(n)]
    return black[::-1], white


def diagram(pos: Position) -> str:
    """The position as a few lines of text (see the module's example)."""
    n = pos.variant.pits
    black, white = rows(pos)
    kw, kb = pos.kazans

    def row(cells: list[str]) -> str:
        return "   |" + "|".join(f" {c:>2} " for c in cells) + "|"

    numbers_black = ("    " + "".join(f" {i:>2}  " for i in range(n, 0, -1))).rstrip()
    numbers_white = ("    " + "".join(f" {i:>2}  " for i in range(1, n + 1))).rstrip()
    return "\n".join(
        [
            f"Black  kazan {kb:>3}",
            numbers_black,
            row(black),
            row(white),
            numbers_white,
            f"White  kazan {kw:>3}",
        ]
    )
