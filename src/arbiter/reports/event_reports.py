"""An event's printed reports: the round protocol, the standings with their tiebreak columns, and
the crosstable in the layout of seed 002 appendix 3.

The tables themselves come from the events core (:mod:`arbiter.events.reports`,
:mod:`arbiter.events.crosstable`); this module lays them out for print, in the report's language.
"""

from __future__ import annotations

from arbiter.events.crosstable import crosstable
from arbiter.events.event import Event
from arbiter.events.exact import show
from arbiter.events.reports import pairing_table, standings_table
from arbiter.events.sanctions import penalties
from arbiter.reports.render import render


def _in(event: Event, lang: str) -> Event:
    """The event with its printed tables in ``lang``."""
    return event if event.config.language == lang else event.set("language", lang)


def round_protocol_html(event: Event, round_no: int, lang: str = "en") -> str:
    """The protocol of a round: every game with its result, the warnings given in the round and
    the points they cost (seed 000 12.11; seed 002 3.18)."""
    shown = _in(event, lang)
    rnd = shown.round(round_no)
    table = pairing_table(shown, rnd)
    warnings = [
        (shown.name_of(w.player), w.player, w.reason) for w in shown.warnings if w.round == round_no
    ]
    before, after = penalties(shown, round_no - 1), penalties(shown, round_no)
    costs = [
        (shown.name_of(no), no, show(points - before.get(no, 0)))
        for no, points in sorted(after.items())
        if points != before.get(no, 0)
    ]
    return render(
        "round_protocol.html",
        lang,
        title=table.title,
        event=shown,
        round_no=round_no,
        table=table,
        warnings=warnings,
        costs=costs,
    )


def standings_html(event: Event, lang: str = "en", after_round: int | None = None) -> str:
    """The standings with every tiebreak of the event's order as a column."""
    shown = _in(event, lang)
    table = standings_table(shown, shown.standings(after_round))
    return render("table_report.html", lang, title=table.title, heading=table.title, table=table)


def crosstable_html(event: Event, lang: str = "en", after_round: int | None = None) -> str:
    """The crosstable (seed 002 appendix 3): number, name, rank or title, rating, club, one
    column per opponent, points, Berger, place."""
    shown = _in(event, lang)
    table = crosstable(shown, after_round)
    return render("table_report.html", lang, title=table.title, heading=table.title, table=table)
