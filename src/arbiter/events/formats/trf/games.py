"""The rounds of a TRF, read from the players' round blocks: games, byes and results.

Results map onto ``1 = 0 + - H F U Z``: ``1``/``0`` a win and a loss over the board, ``=`` a
draw (Go's jigo), ``+``/``-`` a forfeit, ``U`` a pairing bye, ``H`` a half-point bye, ``Z`` a
zero-point bye (an absence), ``F`` a full-point bye; ``W``, ``D``, ``L`` are games of less than
one move.

>>> notes: list[str] = []
>>> str(read_result("toguz", "1", "0", "round 1", notes))
'1-0'
>>> str(read_result("go", "0", "0", "round 1", notes))
'Void'

"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.formats.errors import FormatError
from arbiter.events.formats.trf.player_line import Block, PlayerLine
from arbiter.events.results import GameName, Result, Side, first_mover, other
from arbiter.events.rounds import Bye, ByeKind, Game, Round
from arbiter.events.standings import standings

_WIN = {"1", "W"}
_LOSS = {"0", "L"}
_DRAW = {"=", "D"}


def read_rounds(
    event: Competition, by_no: Mapping[int, PlayerLine], notes: list[str]
) -> list[Round]:
    """Every round some block names, its games at tables in the order of their lower number."""
    config = event.config
    paired = max((r for ln in by_no.values() for r in ln.blocks), default=0)
    first = first_mover(event.game)
    out: list[Round] = []
    for r in range(1, paired + 1):
        games: list[Game] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for no in sorted(by_no):
            block = by_no[no].blocks.get(r)
            if block is None or no in done:
                continue
            if block.opponent is None:
                bye = _bye(no, block, config.bye, config.scoring.win, config.scoring.draw)
                if bye is not None:
                    byes.append(bye)
                continue
            other_no = block.opponent
            if other_no not in by_no:
                raise FormatError(f"round {r}: player {no} meets {other_no}, who is not entered")
            theirs = by_no[other_no].blocks.get(r)
            if theirs is None or theirs.opponent != no:
                raise FormatError(
                    f"round {r}: player {no} meets {other_no}, but {other_no}'s round {r} "
                    "names another opponent"
                )
            done.update((no, other_no))
            games.append(_game_of(event, r, (no, block), (other_no, theirs), first, notes))
        games.sort(key=lambda g: min(g.black, g.white))
        games = [replace(g, table=i) for i, g in enumerate(games, start=1)]
        out.append(Round(r, tuple(games), tuple(byes)))
    return out


def _bye(no: int, block: Block, bye: Fraction, win: Fraction, draw: Fraction) -> Bye | None:
    code = block.code
    kinds: dict[str, tuple[ByeKind, Fraction]] = {
        "U": ("bye", bye),
        "H": ("half", draw),
        "=": ("half", draw),
        "Z": ("zero", Fraction(0)),
        "-": ("zero", Fraction(0)),
        "0": ("zero", Fraction(0)),
        "F": ("absent", win),
        "+": ("absent", win),
        "1": ("absent", win),
    }
    if not code:
        return None  # not paired, nothing recorded
    kind, points = kinds.get(code, ("zero", Fraction(0)))
    return Bye(no, kind, points)


def _game_of(
    event: Competition,
    r: int,
    mine: tuple[int, Block],
    theirs: tuple[int, Block],
    first: Side,
    notes: list[str],
) -> Game:
    """The game of two players' blocks that name each other."""
    (no, a), (other_no, b) = mine, theirs
    where = f"round {r}, players {no} and {other_no}"
    if a.colour == "w" or b.colour == "b":
        first_no, second_no = no, other_no
    elif a.colour == "b" or b.colour == "w":
        first_no, second_no, a, b = other_no, no, b, a
    else:
        notes.append(f"{where}: no colours; the lower number is taken to move first")
        first_no, second_no = no, other_no
    if a.colour == b.colour and a.colour in ("w", "b"):
        raise FormatError(f"{where}: both have colour {a.colour}")
    result = read_result(event.game, a.code, b.code, where, notes)
    black, white = (first_no, second_no) if first == "black" else (second_no, first_no)
    komi = event.config.komi if event.game == "go" else None
    return Game(r, 0, None, black, white, komi=komi, result=result)


def read_result(game: GameName, a: str, b: str, where: str, notes: list[str]) -> Result | None:
    """The result of a game from the first mover's code ``a`` and the second's ``b``."""
    if not a and not b:
        return None
    if "W" in (a, b) or "D" in (a, b) or "L" in (a, b):
        notes.append(f"{where}: a game of less than one move (W, D, L) is kept as played")
    first = first_mover(game)
    if a in _WIN and b in _LOSS:
        return Result(game, first)
    if a in _LOSS and b in _WIN:
        return Result(game, other(first))
    if a in _DRAW and b in _DRAW:
        return Result(game)
    if a == "+" and b in ("-", ""):
        return Result(game, first, "forfeit")
    if a in ("-", "") and b == "+":
        return Result(game, other(first), "forfeit")
    if a == "-" and b == "-":
        return Result(game, None, "double-forfeit")
    if a in _LOSS and b in _LOSS:
        if game == "go":
            return Result(game, None, "void")
        notes.append(f"{where}: both lost over the board: kept as lost by both by forfeit")
        return Result(game, None, "double-forfeit")
    raise FormatError(f"{where}: the results {a or ' '!r} and {b or ' '!r} do not fit together")


def check_points(event: Competition, by_no: Mapping[int, PlayerLine], notes: list[str]) -> None:
    """A note when the points the file gives differ from the results under the scoring."""
    if not event.rounds:
        return
    table = standings(event)
    wrong = [
        str(row.no)
        for row in table.rows
        if by_no[row.no].points is not None and by_no[row.no].points != row.points
    ]
    if wrong:
        notes.append(
            f"the points of player(s) {', '.join(wrong[:8])}{', ...' if len(wrong) > 8 else ''} "
            "in the file differ from their results under the event's scoring"
        )
