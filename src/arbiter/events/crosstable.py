"""The crosstable, as text, CSV, HTML or JSON: Go's wall list, or the layout of seed 002
appendix 3.

Go events of players and of pairs get the wall list OpenGotha prints (:mod:`.wallist`): one row
a participant in the order of the standings, one column a round paired, cells such as
``12+/w2`` (the opponent's place, the result, the colour, the handicap), then the standings'
points and tiebreaks.

Toguz Korgool events and team events get the layout of seed 002 appendix 3. Columns: number,
name, rank (Go) or sports title (Toguz Korgool), rating, club and city, one column per
participant with the results against them, points (О), Berger (Кб) and place (М). A cell shows
``1``, ``0.5``, ``0`` for games played — in Toguz Korgool with the participant's korgools when
the result records them, ``1(82)`` —, ``+`` and ``-`` for games won and lost by forfeit, ``?``
after a provisional result, several results (double round robin) separated by a space, ``X`` on
the diagonal. In team events a cell holds the board points of the match and the points column
the match points; Berger is then by match points.

Every number of the table is written one way, as a decimal (``0.5``, ``1.5``, ``2.75``), the way
the seeds write points («ничья - 0,5», seed 002 2.8.1; «по 0,5 очка», seed 000 7.2), so that a
half and a quarter never look different in one table.

>>> from arbiter.events.event import Event
>>> e = Event.create("toguz", "round-robin")
>>> for name in ("Asanov Bakyt", "Bekova Aida", "Omarov Ruslan"):
...     e, _ = e.add_player(name)
>>> e = e.pair_next_round().record_result(1, 1, None, "0(70)-1(85)")
>>> print(render_text(crosstable(e)))  # doctest: +NORMALIZE_WHITESPACE
No  Name           Title  Rating  Club  1      2      3  Pts  SB  Place
 1  Asanov Bakyt                        X                  0   0      3
 2  Bekova Aida                                X  0(70)    0   0      2
 3  Omarov Ruslan                          1(85)      X    1   0      1
>>> print(render_text(crosstable(Event.create("toguz", "swiss"))))  # nobody entered yet
No  Name  Title  Rating  Club  Pts  SB  Place
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.exact import show
from arbiter.events.participants import Player
from arbiter.events.scorecard import Encounter, encounters
from arbiter.events.standings import context, standings
from arbiter.events.tables import Table, rows_json, to_csv, to_html
from arbiter.events.tiebreaks import berger
from arbiter.events.wallist import wall_list
from arbiter.i18n import language, pgettext


def column_headings(lang: str) -> tuple[str, ...]:
    """The crosstable's column headings in ``lang`` (seed 002 appendix 3 in Russian)."""
    with language(lang):
        return (
            pgettext("crosstable", "No"),
            pgettext("crosstable", "Name"),
            pgettext("crosstable", "Rank"),
            pgettext("crosstable", "Title"),
            pgettext("crosstable", "Rating"),
            pgettext("crosstable", "Club"),
            pgettext("crosstable", "Pts"),
            pgettext("crosstable", "SB"),
            pgettext("crosstable", "Place"),
        )


class Crosstable(Table):
    """Headers and rows of text cells, plus the title of the event."""

    __slots__ = ()


def _cell(enc: Encounter, team: bool, korgools: int | None = None) -> str:
    if team:
        text = show(enc.game_points)
        if enc.forfeit:
            text = "+" if enc.outcome == "win" else "-"
    elif enc.kind == "forfeit-win":
        text = "+"
    elif enc.kind in ("forfeit-loss", "double-forfeit"):
        text = "-"
    elif enc.kind == "void":
        text = "0"
    else:
        text = {"win": "1", "draw": show(Fraction(1, 2)), "loss": "0"}[enc.outcome]
        if korgools is not None:
            text += f"({korgools})"
    return text + ("?" if enc.provisional else "")


def _korgools(event: Competition, no: int, enc: Encounter) -> int | None:
    """Participant ``no``'s korgools in the game of ``enc``, when its result records them."""
    if event.game != "toguz" or enc.kind != "game" or enc.opponent is None:
        return None
    for game in event.round(enc.round).games_of(no):
        if game.opponent_of(no) == enc.opponent and game.result is not None:
            return game.result.korgools_of(game.side_of(no))
    return None


def crosstable(event: Competition, after_round: int | None = None) -> Crosstable:
    """The crosstable after round ``after_round`` (default: all rounds): the wall list for Go
    events of players and pairs, else the layout of seed 002 appendix 3."""
    upto = len(event.rounds) if after_round is None else after_round
    h = column_headings(event.config.language)
    if event.game == "go" and event.discipline != "team":
        wall = wall_list(event, upto, h)
        return Crosstable(wall.title, wall.headers, wall.rows)
    order = event.seeding if event.seeding else event.numbers
    extra = [n for n in event.numbers if n not in order]
    order = (*order, *extra)
    records = encounters(event, upto)
    table = standings(event, upto)
    places = {row.no: row.place for row in table.rows}
    ctx = context(event, upto)
    team = event.discipline == "team"
    rank_header = h[2] if event.game == "go" else h[3]
    headers = (h[0], h[1], rank_header, h[4], h[5], *(str(n) for n in order), h[6], h[7], h[8])
    rows: list[tuple[str, ...]] = []
    for no in order:
        participant = event.participant(no)
        rank = rating = club = ""
        if isinstance(participant, Player):
            if event.game == "go":
                rank = str(participant.rank) if participant.rank else ""
            else:
                rank = participant.title
            rating = str(participant.rating) if participant.rating is not None else ""
            club = participant.club_city
        cells: list[str] = []
        for other in order:
            if other == no:
                cells.append("X")
                continue
            met = [e for e in records.get(no, ()) if e.opponent == other]
            cells.append(" ".join(_cell(e, team, _korgools(event, no, e)) for e in met))
        rows.append(
            (
                str(no),
                participant.name,
                rank,
                rating,
                club,
                *cells,
                show(ctx.ledger.total(no, "points")),
                show(berger(ctx, no, frozenset({no}))),
                str(places[no]),
            )
        )
    return Crosstable(event.config.name or "", headers, tuple(rows))


def render_text(table: Crosstable) -> str:
    """Fixed-width text: numbers right-aligned, names left-aligned."""
    # One sequence for max(): with no rows, max(header_width, *()) would get a single int.
    widths = [
        max([len(table.headers[i]), *(len(r[i]) for r in table.rows)])
        for i in range(len(table.headers))
    ]
    left = {1, 4}

    def line(cells: tuple[str, ...]) -> str:
        parts = [
            c.ljust(widths[i]) if i in left else c.rjust(widths[i]) for i, c in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [line(table.headers), *(line(r) for r in table.rows)]
    if table.title:
        out.insert(0, table.title)
    return "\n".join(out)


#: CSV with a header row.
render_csv = to_csv

#: One object per row, keyed by the headers.
render_json = rows_json

_STYLE = (
    "table{border-collapse:collapse}td,th{border:1px solid #888;padding:2px 6px;"
    "text-align:center}td:nth-child(2){text-align:left}"
)


def render_html(table: Crosstable) -> str:
    """A standalone HTML page holding the table."""
    return to_html(replace(table, title=table.title or "Crosstable"), _STYLE)
