"""The TRF player record (``001``): its columns and its round blocks, both ways.

Columns (1-based): start number 5-8, sex 10, title 11-13, name ``Surname, Given`` 15-47, rating
49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89; then one
block of 10 columns a round from column 92: opponent (4), colour (``w``, ``b``, ``-``), result
code. ``w`` is the side that moves first.

>>> line = read_player_line("001    7 m    Asanov, Bakyt                     1850 KGZ", 1)
>>> line.no, line.player.name, line.player.rating, line.blocks
(7, 'Asanov Bakyt', 1850, {})
>>> read_date("1990/05/17"), read_date("17.05.1990")
(datetime.date(1990, 5, 17), datetime.date(1990, 5, 17))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.exact import show
from arbiter.events.formats.errors import FormatError
from arbiter.events.participants import Gender, Player, split_name
from arbiter.events.results import Result, Side, first_mover
from arbiter.events.rounds import Round
from arbiter.i18n import N_
from arbiter.limits import MAX_ROUNDS, LimitError

ROUND_START = 91  # 0-based column of round 1's block
BLOCK = 10


@dataclass
class Block:
    """One round of one player, as the file has it."""

    opponent: int | None
    colour: str
    code: str


@dataclass
class PlayerLine:
    """A player record: the player, the points the file gives, the round blocks by round."""

    no: int
    player: Player
    points: Fraction | None
    blocks: dict[int, Block]


def column(line: str, start: int, end: int) -> str:
    """Columns ``start``..``end`` (1-based, inclusive) of ``line``, stripped."""
    return line[start - 1 : end].strip()


def read_player_line(line: str, number: int) -> PlayerLine:
    """The player record ``line`` (line ``number`` of the file)."""
    where = f"line {number}"
    no_text = column(line, 5, 8)
    if not no_text.isdecimal() or int(no_text) < 1:
        raise FormatError(f"{where}: the start number (columns 5-8) is {no_text!r}")
    no = int(no_text)
    name = column(line, 15, 47)
    if not name:
        raise FormatError(f"{where}: player {no} has no name (columns 15-47)")
    surname, given = split_name(name)
    sex = column(line, 10, 10).lower()
    gender: Gender | None = "m" if sex == "m" else "f" if sex in ("w", "f") else None
    rating_text = column(line, 49, 52)
    rating = int(rating_text) if rating_text.isdecimal() and 0 < int(rating_text) <= 4000 else None
    fide = column(line, 58, 68)
    born = read_date(column(line, 70, 79))
    points_text = column(line, 81, 84).replace(",", ".")
    try:
        points = Fraction(points_text) if points_text else None
    except (ValueError, ZeroDivisionError):
        raise FormatError(f"{where}: points (columns 81-84) {points_text!r}") from None
    player = Player(
        no=no,
        surname=surname,
        given=given,
        gender=gender,
        born=born,
        country=column(line, 54, 56).upper(),
        title=column(line, 11, 13),
        rating=rating,
        ids=(("fide", fide),) if fide and fide.strip("0") else (),
    )
    blocks: dict[int, Block] = {}
    # Each round is a pass over every player: a line's rounds are bounded before they are read.
    end = ROUND_START + MAX_ROUNDS * BLOCK
    if line[end:].strip():
        raise LimitError(
            N_("line {line}: an event has at most {limit} rounds"), line=number, limit=MAX_ROUNDS
        )
    r = 1
    while ROUND_START + (r - 1) * BLOCK < min(len(line), end):
        start = ROUND_START + (r - 1) * BLOCK
        block = _block(line[start : start + 8], f"{where}, round {r}")
        if block is not None:
            blocks[r] = block
        r += 1
    return PlayerLine(no, player, points, blocks)


def read_date(text: str) -> date | None:
    """A date written year first or day first (``1990/05/17``, ``17.05.1990``), or ``None``."""
    for pattern in (r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})"):
        m = re.fullmatch(pattern, text)
        if m:
            a, b, c = (int(x) for x in m.groups())
            y, mo, d = (a, b, c) if a > 31 else (c, b, a)
            try:
                return date(y, mo, d)
            except ValueError:
                return None
    return None


def _block(text: str, where: str) -> Block | None:
    opponent_text, colour, code = text[0:4].strip(), text[5:6].strip(), text[7:8].strip()
    if not opponent_text and not colour and not code:
        return None
    if opponent_text and not opponent_text.isdecimal():
        raise FormatError(f"{where}: opponent {opponent_text!r} is not a start number")
    opponent = int(opponent_text) if opponent_text else 0
    code = code.upper()
    colour = colour.lower()
    if code and code not in "10=+-WDLHFUZ":
        raise FormatError(f"{where}: result {code!r} is not one of 1 = 0 + - W D L H F U Z")
    if colour not in ("w", "b", "-", ""):
        raise FormatError(f"{where}: colour {colour!r} is not w, b or -")
    return Block(opponent or None, colour, code)


def points_text(value: Fraction) -> str:
    """Points as the TRF writes them: one decimal for whole and half points.

    >>> points_text(Fraction(5, 2)), points_text(Fraction(3)), points_text(Fraction(1, 4))
    ('2.5', '3.0', '0.25')
    """
    return f"{float(value):.1f}" if (2 * value).denominator == 1 else show(value)


def player_line(
    event: Competition, p: Player, points: Fraction, rank: int, absent_next: bool
) -> str:
    """The player record of ``p`` with its ``points`` and ``rank``; ``absent_next`` marks the
    round to be paired next when ``p`` does not play it."""
    sex = {"m": "m", "f": "w"}.get(p.gender or "", " ")
    title = p.title if len(p.title) <= 3 else ""
    name = f"{p.surname}, {p.given}" if p.given else p.surname
    rating = str(p.rating) if p.rating is not None else ""
    country = p.country if len(p.country) <= 3 else ""
    born = p.born.strftime("%Y/%m/%d") if p.born else ""
    head = (
        f"001 {p.no:>4} {sex}{title:>3} {name[:33]:<33} {rating:>4} {country:<3} "
        f"{p.id_in('fide'):>11} {born:<10} {points_text(points):>4} {rank:>4}"
    )
    blocks = [block_text(event, rnd, p.no) for rnd in event.rounds]
    if absent_next and not p.plays_in(len(event.rounds) + 1):
        blocks.append("0000 - Z")
    while blocks and not blocks[-1].strip():
        blocks.pop()
    return head + "".join(f"  {b:<8}" for b in blocks).rstrip()


def block_text(event: Competition, rnd: Round, no: int) -> str:
    """Participant ``no``'s block of round ``rnd`` (empty when the round has nothing of it)."""
    for game in rnd.games_of(no):
        side = game.side_of(no)
        colour = "w" if side == first_mover(event.game) else "b"
        return f"{game.opponent_of(no):>4} {colour} {_code(game.result, side)}"
    bye = rnd.bye_of(no)
    if bye is None or bye.kind == "rest":
        return ""
    code = {"bye": "U", "half": "H", "zero": "Z", "advance": "U"}.get(bye.kind)
    if code is None:  # absent: by its points
        win = event.config.scoring.win
        code = "F" if bye.points >= win else "H" if bye.points > 0 else "Z"
    return f"0000 - {code}"


def _code(result: Result | None, side: Side) -> str:
    if result is None:
        return " "
    if result.kind == "void" or result.kind == "double-forfeit":
        return "0" if result.kind == "void" else "-"
    if result.kind == "forfeit":
        return "+" if result.winner == side else "-"
    if result.kind == "double-win":
        return "1"
    if result.winner is None:
        return "="
    return "1" if result.winner == side else "0"
