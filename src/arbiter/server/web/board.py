"""The board component: a Go or Toguz Korgool position as SVG markup for a page.

Pages, the record viewer and live play (the next layer) draw every board with these, so a board
looks and behaves the same everywhere: the SVG comes from :mod:`arbiter.render` (pure functions)
and every pit or point keeps its ``data-side``/``data-pit`` or ``data-point`` attribute for
clicks. Put the markup in ``templates/components/board.html``'s ``board`` macro.

>>> from arbiter.games.toguz import Position
>>> before = Position.initial()
>>> toguz_last(before, 7)
('white', 7, 'black', 6)
>>> str(toguz_board(before.play(7), last=toguz_last(before, 7)))[:4]
'<svg'
"""

from __future__ import annotations

from collections.abc import Iterable

from markupsafe import Markup

from arbiter.games.go import Point
from arbiter.games.go import Position as GoPosition
from arbiter.games.toguz import Position as ToguzPosition
from arbiter.games.toguz.notation import play_and_describe
from arbiter.render import go_svg, toguz_svg

ToguzLast = tuple[toguz_svg.Side, int, toguz_svg.Side, int]


def toguz_last(before: ToguzPosition, pit: int) -> ToguzLast:
    """The highlight of the move ``pit`` played from ``before``: the pit and where its last
    korgool landed (on the mover's row or the opponent's)."""
    mover = before.to_move
    _, note = play_and_describe(before, pit)
    other: toguz_svg.Side = "black" if mover == "white" else "white"
    return (mover, note.pit, mover if note.landed_on_own_row else other, note.landing)


def toguz_board(
    position: ToguzPosition,
    *,
    last: ToguzLast | None = None,
    flipped: bool = False,
    title: str | None = None,
) -> Markup:
    """A Toguz Korgool board (seen from White's side unless ``flipped``); it scales to the
    width of its container."""
    # The SVG is built by our own renderer, which escapes every text it draws.
    return Markup(toguz_svg.board_svg(position, last=last, flipped=flipped, title=title))


def go_board(
    position: GoPosition,
    *,
    territory: Iterable[tuple[Point, str]] = (),
    title: str | None = None,
) -> Markup:
    """A Go board with coordinates, the last move marked; it scales to its container."""
    svg = go_svg.board_svg(position, territory=territory, title=title)
    return Markup(svg)
