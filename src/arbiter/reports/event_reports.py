"""An event's printed reports: the round protocol, the standings with their tiebreak columns, and
the crosstable in the layout of seed 002 appendix 3.

The tables themselves come from the events core (:mod:`arbiter.events.reports`,
:mod:`arbiter.events.crosstable`); this module lays them out for print, in the report's language.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import UTC, datetime

from arbiter import i18n
from arbiter.events.crosstable import crosstable
from arbiter.events.event import Event
from arbiter.events.exact import show
from arbiter.events.protests import LEVEL_NAMES, ProtestLine
from arbiter.events.reports import pairing_table, standings_table
from arbiter.events.rounds import Game
from arbiter.events.sanctions import penalties
from arbiter.match.notes import RefereeNote
from arbiter.reports.render import render


def _in(event: Event, lang: str) -> Event:
    """The event with its printed tables in ``lang``."""
    return event if event.config.language == lang else event.set("language", lang)


def round_protocol_html(
    event: Event,
    round_no: int,
    lang: str = "en",
    game_notes: Mapping[tuple[int, int | None], Sequence[RefereeNote]] | None = None,
    protests: Sequence[ProtestLine] = (),
    under_protest: Collection[tuple[int, int | None]] = (),
) -> str:
    """The protocol of a round: every game with its result, the warnings given in the round and
    the points they cost (seed 000 12.11; seed 002 3.18), the referees' notes of the games
    played on the server (``game_notes``, by table and board: warnings, penalties, clock
    corrections, pauses, results set), the round's ``protests`` with each level's decision, and
    the games (table, board) played on ``under_protest`` (seed 002 3.6–3.10), in ``lang``."""
    shown = _in(event, lang)
    rnd = shown.round(round_no)
    table = pairing_table(shown, rnd)
    warnings = [
        (shown.name_of(w.player), w.player, w.reason, "")
        for w in shown.warnings
        if w.round == round_no
    ]
    in_games = _game_notes(shown, rnd.games, game_notes or {}, lang)
    for _where, game, notes in in_games:
        for note in notes:
            if note.what == "warn" and note.side is not None:
                no = _entry_of(game, note.side)
                where = _where_text(note, lang)
                warnings.append((shown.name_of(no), no, note.reason, where))
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
        in_games=[
            (where, [(_where_text(n, lang), _translated(n, lang)) for n in notes])
            for where, game, notes in in_games
        ],
        protests=[(p, [(d, _moment(d.at)) for d in p.decisions]) for p in protests],
        level_names=LEVEL_NAMES,
        under_protest=sorted(
            {(p.table, p.board or 0) for p in protests if p.under_protest}
            | {(table, board or 0) for table, board in under_protest}
        ),
    )


def _moment(at: float | None) -> str:
    """A decision's instant as the protocol prints it (UTC, to the minute)."""
    if at is None:
        return ""
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _entry_of(game: Game, side: str) -> int:
    """The entry (player, pair or team) that played ``side``; a team game's board player."""
    if side == "black":
        return game.black_player if game.black_player is not None else game.black
    return game.white_player if game.white_player is not None else game.white


def _game_notes(
    event: Event,
    games: Sequence[Game],
    notes: Mapping[tuple[int, int | None], Sequence[RefereeNote]],
    lang: str,
) -> list[tuple[str, Game, Sequence[RefereeNote]]]:
    """The games with notes, in the round's order, each with its heading."""
    out = []
    with i18n.language(lang):
        for game in games:
            found = notes.get((game.table, game.board))
            if not found:
                continue
            heading = i18n.gettext("Table %(n)s") % {"n": game.table}
            if game.board is not None:
                heading += ", " + i18n.gettext("board %(n)s") % {"n": game.board}
            names = (
                event.name_of(_entry_of(game, "black")),
                event.name_of(_entry_of(game, "white")),
            )
            first, second = names if event.game == "go" else names[::-1]
            out.append((f"{heading}: {first} – {second}", game, found))
    return out


def _where_text(note: RefereeNote, lang: str) -> str:
    with i18n.language(lang):
        if note.ply == 0:
            return i18n.gettext("before the first move")
        return i18n.gettext("after move %(n)s") % {"n": note.ply}


def _translated(note: RefereeNote, lang: str) -> str:
    sentence = note.sentence()
    with i18n.language(lang):
        return i18n.translate(sentence.template, sentence.params)


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
