"""Writing a TRF: the tournament records, one player record each, the byes.

The pairing engine of ``swiss-dutch`` reads the event as this TRF, so writing needs only the
competition's value (:class:`~arbiter.events.competition.Competition`) and its standings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from arbiter.events.competition import Competition
from arbiter.events.formats.errors import FormatError
from arbiter.events.formats.trf.player_line import player_line
from arbiter.events.formats.trf.tournament_records import byes_240, header, planned_rounds
from arbiter.events.standings import Row, standings


def write_trf(
    event: Competition,
    *,
    next_round_absent: bool = False,
    order: Literal["number", "standings"] = "number",
) -> str:
    """The event as a TRF (individual events).

    With ``next_round_absent`` the block of the round to be paired next marks the participants
    who will not play it (``0000 - Z``), as pairing engines expect. ``order``: the player
    records by start number (what pairing engines are handed), or in the order of the
    standings (the exports: the order of the standings page, whose places are the ranks).
    """
    if event.discipline != "individual":
        raise FormatError(
            f"TRF export is for individual events; this is a {event.discipline} event"
        )
    lines = header(event)
    rows = standings(event) if event.rounds else None
    points = {row.no: row.points for row in rows.rows} if rows else {}
    ranks = _ranks(rows.rows if rows else ())
    players = sorted(event.players, key=lambda p: p.no)
    if order == "standings" and rows:
        at = {row.no: i for i, row in enumerate(rows.rows)}
        players.sort(key=lambda p: at.get(p.no, len(at)))
    for p in players:
        score = points.get(p.no, Fraction(0))
        lines.append(player_line(event, p, score, ranks.get(p.no, p.no), next_round_absent))
    lines.extend(byes_240(event))
    planned = planned_rounds(event)
    if planned:
        lines.append(f"XXR {planned}")
    return "\n".join(lines) + "\n"


def _ranks(rows: tuple[Row, ...]) -> dict[int, int]:
    """Ranks with ties allowed: participants tied on everything share the better one."""
    out: dict[int, int] = {}
    previous: tuple[object, ...] | None = None
    rank = 0
    for i, row in enumerate(rows, start=1):
        key = (row.points, row.tiebreaks)
        if key != previous:
            rank = i
        previous = key
        out[row.no] = rank
    return out
