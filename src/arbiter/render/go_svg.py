"""A Go position drawn as SVG: a pure function, like python-chess's ``chess.svg``.

Lines, star points (the handicap points of the board's size), coordinates (GTP letters without
I, numbers from the bottom), stones with a marker on the last move, dead stones shown faded with
a cross during the dead-stone phase, and optional territory marks. Every intersection carries a
``data-point`` attribute (``Q16``) so a web page can make it clickable.

>>> from arbiter.games.go import Position
>>> svg = board_svg(Position.empty(9).play("E5"))
>>> svg.startswith("<svg") and 'data-point="E5"' in svg and 'class="stone black last"' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from arbiter.games.go import Point, Position
from arbiter.games.go.coords import GTP_COLUMNS
from arbiter.games.go.handicap import handicap_points, max_fixed_handicap

CELL = 30
MARGIN = 34
COLOURS = {
    "board": "#dcb35c",
    "line": "#3b2a14",
    "black": "#111111",
    "white": "#f5f5f0",
    "edge": "#222222",
    "text": "#3b2a14",
    "last": "#d23b2a",
}


def board_svg(
    pos: Position,
    *,
    size: int | None = None,
    coordinates: bool = True,
    territory: Iterable[tuple[Point, str]] = (),
    labels: Mapping[Point, str] | None = None,
    title: str | None = None,
) -> str:
    """The position as an SVG document (a string).

    ``territory`` marks points as a colour's territory (small squares), e.g. from scoring;
    ``labels`` writes text on points (move numbers on the stones of a game figure);
    ``size`` sets the drawing's width in pixels; ``title`` is read by screen readers.
    """
    n = pos.size
    span = CELL * (n - 1)
    full = span + 2 * MARGIN

    def xy(point: Point) -> tuple[float, float]:
        return MARGIN + point.col * CELL, MARGIN + (n - 1 - point.row) * CELL

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full}" '
        + (f'width="{size}" height="{size}" ' if size else "")
        + 'role="img" class="go-board">',
        f"<title>{escape(title or _describe(pos))}</title>",
        f'<rect x="0" y="0" width="{full}" height="{full}" fill="{COLOURS["board"]}"/>',
    ]
    for i in range(n):
        a = MARGIN + i * CELL
        parts.append(
            f'<line x1="{MARGIN}" y1="{a}" x2="{MARGIN + span}" y2="{a}" '
            f'stroke="{COLOURS["line"]}" stroke-width="1"/>'
        )
        parts.append(
            f'<line x1="{a}" y1="{MARGIN}" x2="{a}" y2="{MARGIN + span}" '
            f'stroke="{COLOURS["line"]}" stroke-width="1"/>'
        )
    most = max_fixed_handicap(n)
    for star in handicap_points(n, most) if most > 1 else ():
        x, y = xy(star)
        parts.append(f'<circle cx="{x}" cy="{y}" r="3.2" fill="{COLOURS["line"]}"/>')
    if coordinates:
        for i in range(n):
            x = MARGIN + i * CELL
            letter = GTP_COLUMNS[i]
            for y in (MARGIN - 16, MARGIN + span + 22):
                parts.append(
                    f'<text x="{x}" y="{y}" text-anchor="middle" font-family="sans-serif" '
                    f'font-size="12" fill="{COLOURS["text"]}">{letter}</text>'
                )
            yy = MARGIN + (n - 1 - i) * CELL + 4
            for xx, anchor in ((MARGIN - 14, "end"), (MARGIN + span + 14, "start")):
                parts.append(
                    f'<text x="{xx}" y="{yy}" text-anchor="{anchor}" font-family="sans-serif" '
                    f'font-size="12" fill="{COLOURS["text"]}">{i + 1}</text>'
                )
    last = pos.last_move
    last_point = last[1] if last is not None else None
    dead = set(pos.dead_stones) if pos.phase != "playing" else set()
    owner = dict(territory)
    board = pos.board
    for row in range(n):
        for col in range(n):
            point = Point(row, col)
            x, y = xy(point)
            colour = board[row][col]
            name = point.gtp()
            parts.append(f'<g class="point" data-point="{name}">')
            parts.append(
                f'<rect x="{x - CELL / 2}" y="{y - CELL / 2}" width="{CELL}" height="{CELL}" '
                'fill="transparent"/>'
            )
            if colour is not None:
                classes = f"stone {colour}" + (" last" if point == last_point else "")
                classes += " dead" if point in dead else ""
                opacity = ' opacity="0.45"' if point in dead else ""
                parts.append(
                    f'<circle class="{classes}" cx="{x}" cy="{y}" r="{CELL / 2 - 1.5}" '
                    f'fill="{COLOURS[colour]}" stroke="{COLOURS["edge"]}" stroke-width="1"'
                    f"{opacity}/>"
                )
                if point == last_point:
                    parts.append(
                        f'<circle cx="{x}" cy="{y}" r="{CELL / 6}" fill="none" '
                        f'stroke="{COLOURS["last"]}" stroke-width="2"/>'
                    )
                if point in dead:
                    d = CELL / 5
                    cross = f"M{x - d} {y - d}L{x + d} {y + d}M{x + d} {y - d}L{x - d} {y + d}"
                    parts.append(f'<path d="{cross}" stroke="{COLOURS["last"]}" stroke-width="2"/>')
            elif point in owner:
                s = CELL / 4
                parts.append(
                    f'<rect class="territory {owner[point]}" x="{x - s / 2}" y="{y - s / 2}" '
                    f'width="{s}" height="{s}" fill="{COLOURS.get(owner[point], "#888")}" '
                    f'stroke="{COLOURS["edge"]}" stroke-width="0.5"/>'
                )
            if labels and point in labels:
                ink = COLOURS["white"] if colour == "black" else COLOURS["black"]
                text = escape(labels[point])
                font = 13 if len(text) < 3 else 10
                parts.append(
                    f'<text x="{x}" y="{y + font / 3}" text-anchor="middle" '
                    f'font-family="sans-serif" font-size="{font}" fill="{ink}">{text}</text>'
                )
            parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _describe(pos: Position) -> str:
    black, white = len(pos.stones("black")), len(pos.stones("white"))
    return (
        f"Go position on {pos.size}×{pos.size}: {black} black and {white} white stones, "
        f"{pos.to_move} to move"
    )
