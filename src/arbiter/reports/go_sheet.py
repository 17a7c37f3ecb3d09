"""A Go game sheet: the game's header, the final position as a figure with move numbers on the
stones, every move listed, the penalties and the result (seed 002 2.4 asks players to record
their games).

>>> from arbiter.games.go import Game
>>> game = Game.new(9)
>>> for move in ["E5", "C3", "G7"]:
...     game = game.play(move)
>>> html = sheet_html(game)
>>> ">E5<" in html and "Black" in html
True
"""

from __future__ import annotations

from arbiter.games.go import Game, Point
from arbiter.games.go.scoring import territory
from arbiter.render.go_svg import board_svg
from arbiter.reports.go_score import score_lines
from arbiter.reports.render import render


def move_numbers(game: Game) -> dict[Point, str]:
    """For each stone on the final board, the number of the move that placed it."""
    numbers: dict[Point, str] = {}
    final = game.position
    for ply, played in enumerate(game.moves, 1):
        if played.move is not None:
            numbers[played.move] = str(ply)
    return {p: n for p, n in numbers.items() if final.get(p) is not None}


def sheet_html(game: Game, lang: str = "en") -> str:
    """The game sheet as HTML with a print stylesheet, in ``lang``."""
    info = game.info
    rules = game.rules
    rows = []
    for ply, played in enumerate(game.moves, 1):
        who = played.color
        seat = played.seat.role if played.seat is not None else ""
        point = played.move.gtp() if played.move is not None else "pass"
        rows.append((ply, who, seat, point))
    # A counted game shows its territory and how the count was made (seed 002 1.11-1.15).
    counted = game.position.phase == "finished"
    marks = territory(game.position) if counted else ()
    figure = board_svg(game.position, labels=move_numbers(game), coordinates=True, territory=marks)
    result = game.result
    return render(
        "go_sheet.html",
        lang,
        title=f"{' & '.join(str(p) for p in info.black) or '?'} – "
        f"{' & '.join(str(p) for p in info.white) or '?'}",
        info=info,
        black=" & ".join(str(p) for p in info.black),
        white=" & ".join(str(p) for p in info.white),
        size=game.position.size,
        komi=rules.komi,
        scoring=rules.scoring,
        handicap=game.start.handicap,
        moves=rows,
        figure=figure,
        penalties=game.penalties,
        count=score_lines(game.score()) if counted else (),
        result=str(result) if result is not None else "",
    )
