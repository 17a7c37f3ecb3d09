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

from markupsafe import Markup, escape

from arbiter.games.go import Point
from arbiter.games.go import Position as GoPosition
from arbiter.games.go.scoring import Score
from arbiter.games.toguz import Position as ToguzPosition
from arbiter.games.toguz.notation import play_and_describe
from arbiter.i18n import gettext
from arbiter.render import go_svg, toguz_svg
from arbiter.reports.go_score import score_lines

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
    width of its container. The kazans' labels and the title screen readers read are in the
    reader's language."""
    white, black = position.kazans
    if title is None:
        title = gettext("Toguz Korgool position: White's kazan %(white)s, Black's kazan %(black)s")
        title = title % {"white": white, "black": black}
    names = (gettext("White"), gettext("Black"))
    # The SVG is built by our own renderer, which escapes every text it draws.
    svg = toguz_svg.board_svg(position, last=last, flipped=flipped, title=title, names=names)
    return Markup(svg)


def go_board(
    position: GoPosition,
    *,
    territory: Iterable[tuple[Point, str]] = (),
    title: str | None = None,
) -> Markup:
    """A Go board with coordinates, the last move marked; it scales to its container (its
    title, read by screen readers, in the reader's language)."""
    if title is None:
        title = gettext(
            "Go position on %(size)s×%(size)s: %(black)s black and %(white)s white stones"
        )
        title = title % {
            "size": position.size,
            "black": len(position.stones("black")),
            "white": len(position.stones("white")),
        }
    svg = go_svg.board_svg(position, territory=territory, title=title)
    return Markup(svg)


def go_count(score: Score, *, provisional: bool) -> Markup:
    """How the count of a Go game is made, one line per side (drawn under the board in the
    dead-stone phase, where it is the count the marking would give, and after the count)."""
    heading = (
        gettext("The count if this marking is accepted") if provisional else gettext("The count")
    )
    lines = "".join(f"<li>{escape(line)}</li>" for line in score_lines(score))
    result = escape(gettext("Result") + ": " + str(score.result))
    return Markup(
        f'<div class="go-count" data-count><p>{escape(heading)}</p><ul>{lines}</ul>'
        f"<p><strong>{result}</strong></p></div>"
    )
