"""Reading a TRF: the records, the player lines, then the event they make."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from arbiter.events.event import Event
from arbiter.events.formats.common import (
    FormatError,
    Imported,
    Source,
    checked,
    decode,
    enough_rounds,
    settings_from,
    shown,
    source_bytes,
)
from arbiter.events.formats.trf.games import check_points, read_rounds
from arbiter.events.formats.trf.player_line import PlayerLine, read_player_line
from arbiter.events.formats.trf.tournament_records import (
    read_byes_240,
    read_game,
    read_system,
    setting_texts,
)
from arbiter.events.results import GameName
from arbiter.events.settings import SYSTEMS, Config, Settings, System
from arbiter.i18n import N_
from arbiter.limits import MAX_PLAYERS, LimitError


def read_trf(
    source: Source, *, game: GameName | None = None, system: System | None = None
) -> Event:
    """The event of a TRF (a path, or the text itself); see :func:`import_trf`."""
    return import_trf(source, game=game, system=system).event


def import_trf(
    source: Source, *, game: GameName | None = None, system: System | None = None
) -> Imported:
    """Read a TRF. ``game`` is ``go`` or ``toguz`` (default: as the file's ``092`` record says
    when arbiter wrote it, else Toguz Korgool); ``system`` overrides the file's record ``192``
    (default: ``swiss-dutch`` for a Swiss, as Swiss-Manager's and the pairing engines' files
    are)."""
    data = source_bytes(source, ("0", "1", "X", "#"))
    text = decode(data, fallback="cp1252")
    notes: list[str] = []
    records: dict[str, list[str]] = defaultdict(list)
    lines: list[PlayerLine] = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.replace("\t", " ")
        if not line.strip() or line.startswith("###"):
            continue
        code = line[:3]
        if code == "001":
            if len(lines) >= MAX_PLAYERS:
                raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
            lines.append(read_player_line(line, number))
        else:
            records[code].append(line[4:] if len(line) > 4 else "")
    if not lines:
        raise FormatError("not a TRF: no player record (001)")
    kind = read_game(records, game)
    chosen = system or read_system(records, notes)
    if chosen not in SYSTEMS:
        raise FormatError(f"unknown system {shown(chosen)}")
    if chosen == "mcmahon" and kind != "go":
        raise FormatError("McMahon is a Go system: import as a Go event or choose another system")
    settings = settings_from(
        setting_texts(records, notes),
        Config(Settings(), kind, chosen, "individual"),
        notes,
        lambda key, text, exc: f"{key} {shown(text)}: {exc}; not kept",
    )
    event = Event(kind, chosen, "individual", settings)
    numbers = [ln.no for ln in lines]
    if len(set(numbers)) != len(numbers):
        raise FormatError("two players have the same start number")
    by_no = {ln.no: ln for ln in lines}
    for code in ("013", "310"):
        if records.get(code):
            notes.append(f"team records ({code}) are not read: the players' games are")
    read_byes_240(records, by_no, notes)
    rounds = read_rounds(event, by_no, notes)
    players = tuple(by_no[n].player for n in sorted(by_no))
    event = enough_rounds(replace(event, players=players, rounds=tuple(rounds)))
    event = checked(event, "TRF")
    check_points(event, by_no, notes)
    return Imported(event, tuple(notes))
