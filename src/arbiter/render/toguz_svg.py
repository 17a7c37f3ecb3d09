"""A Toguz Korgool position drawn as SVG: a pure function, like python-chess's ``chess.svg``.

The board is seen from White's side: Black's row on top (pit 9 at the left down to pit 1 at
the right), White's row below (pit 1 to 9), Black's kazan above, White's below, so sowing runs
counter-clockwise on the picture. Each pit shows its korgools (as dots up to
:data:`MAX_DOTS`, and always as a number), a tuz is marked ``X`` in its owner's colour, and the
last move's pit and landing pit can be highlighted. Every pit carries ``data-side`` and
``data-pit`` attributes, so a web page can make them clickable.

>>> from arbiter.games.toguz import Position
>>> svg = board_svg(Position.initial().play(7), last=("white", 7, "black", 6))
>>> svg.startswith("<svg") and 'data-side="white" data-pit="7"' in svg
True
"""

from __future__ import annotations

from html import escape
from typing import Literal

from arbiter.games.toguz import Position

Side = Literal["white", "black"]
PIT_W, PIT_H, GAP, MARGIN = 60, 92, 8, 16
KAZAN_H = 44
MAX_DOTS = 30
COLOURS = {
    "board": "#c8955a",
    "pit": "#8a5a2b",
    "pit_edge": "#5e3b19",
    "korgool": "#f3ead8",
    "korgool_edge": "#6b5a40",
    "text": "#1d140a",
    "white_tuz": "#f7f7f2",
    "black_tuz": "#222222",
    "highlight": "#e8c547",
    "kazan": "#7a4c22",
}


def _dots(cx: float, top: float, count: int) -> list[str]:
    """Korgools as small circles in a pit, three to a row, up to MAX_DOTS."""
    shown = min(count, MAX_DOTS)
    out = []
    for i in range(shown):
        row, col = divmod(i, 3)
        x = cx + (col - 1) * 13
        y = top + 14 + row * 10
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.5" fill="{COLOURS["korgool"]}" '
            f'stroke="{COLOURS["korgool_edge"]}" stroke-width="0.8"/>'
        )
    return out


def board_svg(
    pos: Position,
    *,
    last: tuple[Side, int, Side, int] | None = None,
    flipped: bool = False,
    size: int | None = None,
    title: str | None = None,
    names: tuple[str, str] = ("White", "Black"),
) -> str:
    """The position as an SVG document (a string).

    ``last`` highlights a move: (mover, pit played, side of the landing pit, landing pit).
    ``flipped`` shows the board from Black's side. ``size`` sets the drawing's width in pixels
    (it scales); ``title`` is read by screen readers; ``names`` label the kazans (White's,
    Black's), e.g. in the reader's language.
    """
    n = pos.variant.pits
    width = MARGIN * 2 + n * PIT_W + (n - 1) * GAP
    height = MARGIN * 2 + 2 * KAZAN_H + 2 * PIT_H + 3 * GAP + 28
    top_side: Side = "white" if flipped else "black"
    bottom_side: Side = "black" if flipped else "white"
    kw, kb = pos.kazans
    kazans = {"white": kw, "black": kb}
    white_tuz, black_tuz = pos.tuz  # White's tuz is on Black's row, and the other way round
    tuz_on_row: dict[Side, tuple[int | None, Side]] = {
        "black": (white_tuz, "white"),
        "white": (black_tuz, "black"),
    }
    marked: set[tuple[Side, int]] = set()
    if last is not None:
        marked = {(last[0], last[1]), (last[2], last[3])}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        + (f'width="{size}" height="{round(size * height / width)}" ' if size else "")
        + 'role="img" class="toguz-board">',
        f"<title>{escape(title or _describe(pos))}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" rx="14" fill="{COLOURS["board"]}"/>',
    ]

    def kazan(side: Side, y: float) -> None:
        parts.append(
            f'<rect x="{MARGIN}" y="{y}" width="{width - 2 * MARGIN}" height="{KAZAN_H}" rx="20" '
            f'fill="{COLOURS["kazan"]}" data-kazan="{side}"/>'
        )
        label = f"{names[0] if side == 'white' else names[1]}: {kazans[side]}"
        parts.append(
            f'<text x="{width / 2}" y="{y + KAZAN_H / 2 + 6}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="18" font-weight="bold" '
            f'fill="{COLOURS["korgool"]}">{escape(label)}</text>'
        )

    def row(side: Side, y: float, reverse: bool) -> None:
        tuz_pit, owner = tuz_on_row[side]
        offset = 0 if side == "white" else n
        for slot in range(n):
            pit = n - slot if reverse else slot + 1
            x = MARGIN + slot * (PIT_W + GAP)
            count = pos.pits[offset + pit - 1]
            edge = COLOURS["highlight"] if (side, pit) in marked else COLOURS["pit_edge"]
            width_edge = 4 if (side, pit) in marked else 2
            parts.append(
                f'<g class="pit" data-side="{side}" data-pit="{pit}">'
                f'<rect x="{x}" y="{y}" width="{PIT_W}" height="{PIT_H}" rx="24" '
                f'fill="{COLOURS["pit"]}" stroke="{edge}" stroke-width="{width_edge}"/>'
            )
            if tuz_pit == pit:
                colour = COLOURS["white_tuz" if owner == "white" else "black_tuz"]
                parts.append(
                    f'<text x="{x + PIT_W / 2}" y="{y + PIT_H / 2 + 14}" text-anchor="middle" '
                    f'font-family="sans-serif" font-size="40" font-weight="bold" '
                    f'fill="{colour}">X</text>'
                )
            else:
                parts.extend(_dots(x + PIT_W / 2, y, count))
                parts.append(
                    f'<text x="{x + PIT_W / 2}" y="{y + PIT_H - 8}" text-anchor="middle" '
                    f'font-family="sans-serif" font-size="17" font-weight="bold" '
                    f'fill="{COLOURS["korgool"]}">{count}</text>'
                )
            parts.append("</g>")
            number_y = y - 4 if side == top_side else y + PIT_H + 14
            parts.append(
                f'<text x="{x + PIT_W / 2}" y="{number_y}" text-anchor="middle" '
                f'font-family="sans-serif" font-size="11" fill="{COLOURS["text"]}">{pit}</text>'
            )

    y = MARGIN
    kazan(top_side, y)
    y += KAZAN_H + GAP + 10
    row(top_side, y, reverse=True)
    y += PIT_H + GAP
    row(bottom_side, y, reverse=False)
    y += PIT_H + GAP + 10
    kazan(bottom_side, y)
    parts.append("</svg>")
    return "".join(parts)


def _describe(pos: Position) -> str:
    kw, kb = pos.kazans
    state = f"{pos.to_move} to move" if not pos.is_over else f"game over, {pos.result}"
    return f"Toguz Korgool position: White's kazan {kw}, Black's kazan {kb}, {state}"
