"""Tables for people and for scripts: pairings, standings, settings (pure: text in, text out).

``pairing_json`` is the contract the command line keeps for scripts (``arbiter event pair
--format json``): Go ``{"table", "black", "black_no", "white", "white_no", "handicap", "komi"}``,
Toguz Korgool ``{"table", "white", "white_no", "black", "black_no"}``, ``"board"`` added in team
events, and ``{"bye", "bye_no"}`` for a participant without a game.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from arbiter import spreadsheet
from arbiter.events.competition import Competition
from arbiter.events.exact import show, to_json
from arbiter.events.rounds import Round
from arbiter.events.settings import SPECS
from arbiter.events.standings import Standings
from arbiter.events.tables import Table, rows_json, to_csv, to_html
from arbiter.events.tiebreak_codes import name as tiebreak_name
from arbiter.i18n import gettext, language

__all__ = [
    "Table",
    "pairing_json",
    "pairing_table",
    "rows_json",
    "settings_table",
    "standings_csv",
    "standings_table",
    "to_csv",
    "to_html",
    "words",
]

Json = dict[str, object]


def words(event: Competition) -> dict[str, str]:
    """Column words in the event's language."""
    with language(event.config.language):
        return {
            "table": gettext("Table"),
            "board": gettext("Board"),
            "black": gettext("Black"),
            "white": gettext("White"),
            "handicap": gettext("Handicap"),
            "komi": gettext("Komi"),
            "result": gettext("Result"),
            "bye": gettext("Bye"),
            "place": gettext("Place"),
            "no": gettext("No"),
            "name": gettext("Name"),
            "points": gettext("Points"),
            "rest": gettext("rests"),
            "advance": gettext("goes on"),
            "round": gettext("round"),
            "standings": gettext("Standings"),
        }


def pairing_json(event: Competition, rnd: Round, *, results: bool = False) -> list[Json]:
    """The round as the scripts' contract says (see the module); ``results`` adds each game's
    ``result`` and the players of team games."""
    out: list[Json] = []
    team = event.discipline == "team"
    for g in rnd.games:
        black = {"black": event.name_of(g.black), "black_no": g.black}
        white = {"white": event.name_of(g.white), "white_no": g.white}
        item: Json = {"table": g.table}
        if team:
            item["board"] = g.board
        if event.game == "go":
            item.update(black)
            item.update(white)
            item["handicap"] = g.handicap
            item["komi"] = to_json(g.komi) if g.komi is not None else None
        else:
            item.update(white)
            item.update(black)
        if results:
            if team:
                item["black_player"] = event.player(g.black_player).name if g.black_player else None
                item["white_player"] = event.player(g.white_player).name if g.white_player else None
            item["result"] = str(g.result) if g.result is not None else None
            if g.extra:
                item["extra"] = [str(r) for r in g.extra]
        out.append(item)
    for b in rnd.byes:
        out.append({"bye": event.name_of(b.no), "bye_no": b.no})
    return out


def _who(event: Competition, no: int, player: int | None) -> str:
    text = f"{event.name_of(no)} ({no})"
    if player is not None:
        text += f": {event.player(player).name}"
    elif event.discipline == "team":
        text += ": —"
    return text


def pairing_table(event: Competition, rnd: Round) -> Table:
    """The round for people: tables in order, the first mover's column first."""
    w = words(event)
    team = event.discipline == "team"
    go = event.game == "go"
    headers: list[str] = [w["table"]]
    if team:
        headers.append(w["board"])
    headers += [w["black"], w["white"]] if go else [w["white"], w["black"]]
    if go:
        headers += [w["handicap"], w["komi"]]
    headers.append(w["result"])
    rows: list[tuple[str, ...]] = []
    for g in rnd.games:
        cells = [str(g.table)]
        if team:
            cells.append(str(g.board))
        black, white = _who(event, g.black, g.black_player), _who(event, g.white, g.white_player)
        cells += [black, white] if go else [white, black]
        if go:
            cells += [str(g.handicap), show(g.komi) if g.komi is not None else ""]
        result = str(g.result) if g.result is not None else ""
        if g.extra:
            result += " (" + ", ".join(str(r) for r in g.extra) + ")"
        cells.append(result)
        rows.append(tuple(cells))
    for b in rnd.byes:
        label = w.get(b.kind, w["bye"])
        if b.kind not in ("rest", "advance"):
            label = f"{w['bye']} {show(b.points)}"
        cells = ["", *([""] if team else []), f"{event.name_of(b.no)} ({b.no})", ""]
        if go:
            cells += ["", ""]
        cells.append(label)
        rows.append(tuple(cells))
    title = " — ".join(part for part in (event.config.name, f"{w['round']} {rnd.number}") if part)
    return Table(title, tuple(headers), tuple(rows))


def standings_table(event: Competition, table: Standings) -> Table:
    """The standings for people: tiebreaks named in the event's language."""
    w = words(event)
    language = event.config.language
    codes = [c for c, _ in table.rows[0].tiebreaks] if table.rows else []
    headers = (
        w["place"],
        w["no"],
        w["name"],
        w["points"],
        *(tiebreak_name(c, language) for c in codes),
    )
    rows = []
    for row in table.rows:
        values = []
        for _, v in row.tiebreaks:
            values.append(" ".join(show(x) for x in v) if isinstance(v, tuple) else show(v))
        place = f"{row.place}=" if row.shared else str(row.place)
        rows.append(
            (
                place,
                str(row.no),
                row.name,
                show(row.points) + ("?" if row.provisional else ""),
                *values,
            )
        )
    title = event.config.name or w["standings"]
    return Table(title, headers, tuple(rows))


def settings_table(event: Competition) -> Table:
    """Every setting of the event's game: key, value, whether set, meaning."""
    cfg = event.config
    rows = []
    for s in SPECS:
        if event.game not in s.games:
            continue
        text = cfg.text(s.key)
        if s.key == "tiebreaks":
            text += "  (" + ", ".join(tiebreak_name(c, cfg.language) for c in cfg.tiebreaks) + ")"
        rows.append((s.key, text, "set" if s.key in event.settings else "default", s.help))
    return Table(cfg.name or "Settings", ("key", "value", "", "meaning"), tuple(rows))


def standings_csv(table: Standings) -> str:
    """Standings as CSV for scripts: place, no, name, points, shared, then one column per code."""
    buffer = io.StringIO()
    writer = spreadsheet.writer(buffer)
    codes: Sequence[str] = [c for c, _ in table.rows[0].tiebreaks] if table.rows else []
    writer.writerow(["place", "no", "name", "points", *codes, "shared"])
    for row in table.rows:
        values = [
            " ".join(show(x) for x in v) if isinstance(v, tuple) else show(v)
            for _, v in row.tiebreaks
        ]
        writer.writerow(
            [row.place, row.no, row.name, show(row.points), *values, "yes" if row.shared else "no"]
        )
    return buffer.getvalue()
