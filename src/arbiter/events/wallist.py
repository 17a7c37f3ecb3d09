"""The wall list: the crosstable of a Go event as OpenGotha prints it on the wall of the playing
hall, one row a participant in the order of the standings and one column a round paired.

A cell names the opponent by their place in this list and gives the result, the colour and the
handicap: ``12+/w2`` is a win against the participant placed 12th, with White, at handicap 2;
``-`` a loss, ``=`` jigo, ``?`` a game without a result yet, ``!`` after the sign a game won or
lost by forfeit (never played), a final ``?`` a referee's provisional result. A round without a
game is ``0+``, ``0=`` or ``0-`` by the points it gave (a bye, a half-point bye, an absence).
These are the cells of the EGF results file (:mod:`arbiter.events.formats.egf`), whose lines
are this list's rows.

The other columns are the standings page's: place (``2=`` when tied on every criterion), name,
rank, rating, club and city, then after the rounds the points and every tiebreak of the event's
order with the same values (:func:`arbiter.events.reports.standings_table`).

>>> from arbiter.events.event import Event
>>> e = Event.create("go", "mcmahon", name="Cup", rounds=2)
>>> for name, rank in (("Lee Chang", "3d"), ("Park Su", "1k")):
...     e, _ = e.add_player(name, rank=rank)
>>> e = e.pair_next_round()
>>> e = e.record_result(1, 1, None, "W+R" if e.rounds[0].games[0].white == 1 else "B+R")
>>> table = wall_list(e, 1, ("No", "Name", "Rank", "Title", "Rating", "Club", "Pts", "SB", "Pl"))
>>> table.headers[:7]
('Pl', 'Name', 'Rank', 'Rating', 'Club', 'R1', 'Points')
>>> [(row[0], row[1], row[5]) for row in table.rows]
[('1', 'Lee Chang', '2+/w0'), ('2', 'Park Su', '1-/b0')]
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.events.competition import Competition
from arbiter.events.participants import Player
from arbiter.events.reports import standings_table
from arbiter.events.results import Result
from arbiter.events.rounds import Game, Round
from arbiter.events.standings import standings
from arbiter.events.tables import Table
from arbiter.i18n import language, pgettext


def round_heading(number: int, lang: str) -> str:
    """The heading of round ``number``'s column (``R3``; ``Т3`` in Russian)."""
    with language(lang):
        return pgettext("crosstable", "R%(n)s") % {"n": number}


def wall_list(event: Competition, upto: int, headings: Sequence[str]) -> Table:
    """The wall list after round ``upto``; ``headings`` are the crosstable's (number, name,
    rank, title, rating, club, points, Berger, place) in the event's language."""
    table = standings(event, upto)
    shown = standings_table(event, table)
    place_of = {row.no: row.place for row in table.rows}
    lang = event.config.language
    headers = (
        headings[8],
        headings[1],
        headings[2],
        headings[4],
        headings[5],
        *(round_heading(r, lang) for r in range(1, upto + 1)),
        *shown.headers[3:],
    )
    rows: list[tuple[str, ...]] = []
    for row, cells in zip(table.rows, shown.rows, strict=True):
        participant = event.participant(row.no)
        rank = rating = club = ""
        if isinstance(participant, Player):
            rank = str(participant.rank) if participant.rank else ""
            rating = str(participant.rating) if participant.rating is not None else ""
            club = participant.club_city
        rounds = tuple(cell(event, rnd, row.no, place_of) for rnd in event.rounds[:upto])
        rows.append((cells[0], participant.name, rank, rating, club, *rounds, *cells[3:]))
    return Table(event.config.name or "", headers, tuple(rows))


def cell(event: Competition, rnd: Round, no: int, place_of: dict[int, int]) -> str:
    """Participant ``no``'s cell of round ``rnd``; opponents named by ``place_of``."""
    for game in rnd.games_of(no):
        return game_cell(game, no, place_of)
    bye = rnd.bye_of(no)
    if bye is None or bye.points <= 0:
        return "0-"
    return "0+" if bye.points >= event.config.scoring.win else "0="


def game_cell(game: Game, no: int, place_of: dict[int, int]) -> str:
    """``12+/w2``: the opponent's place, the result, the colour and the handicap."""
    side = game.side_of(no)
    result: Result | None = game.result
    if result is None:
        mark = "?"
    elif result.kind in ("forfeit", "double-forfeit"):
        mark = ("+" if result.winner == side else "-") + "!"
    elif result.kind == "void":
        mark = "-"
    elif result.kind == "double-win":
        mark = "+"
    elif result.winner is None:
        mark = "="
    else:
        mark = "+" if result.winner == side else "-"
    colour = "b" if side == "black" else "w"
    tail = "?" if result is not None and result.provisional else ""
    return f"{place_of[game.opponent_of(no)]}{mark}/{colour}{game.handicap}{tail}"
