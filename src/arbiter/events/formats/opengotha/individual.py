"""An OpenGotha individual tournament read as an arbiter event: games, byes, absences, the
players' rounds and their McMahon corrections.

A round a player skips within a paired round is a bye worth the file's absence value; a
pre-registered player (``PRE``) is entered but takes part in no round (``withdrawn`` 1).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from xml.etree import ElementTree as ET

from arbiter.errors import ArbiterError
from arbiter.events.event import Event
from arbiter.events.formats.common import FormatError, enough_rounds
from arbiter.events.formats.opengotha.games import read_byes, read_game
from arbiter.events.formats.opengotha.parameters import TournamentFile, read_settings
from arbiter.events.formats.opengotha.players import MAX_ROUNDS, Entry, plays, span_of
from arbiter.events.rounds import Bye, ByeKind, Game, Round


def individual_event(
    file: TournamentFile,
    entries: Sequence[Entry],
    by_key: Mapping[str, Entry],
    games: Sequence[ET.Element],
) -> Event:
    """The individual tournament of ``file``: its ``entries`` (``by_key``: by OpenGotha key)
    and its ``<Game>`` elements."""
    settings = read_settings(file, team=False)
    system = "mcmahon" if file.mcmahon else "swiss"
    event = Event("go", system, "individual", settings)  # type: ignore[arg-type]
    config = event.config
    by_round: dict[int, list[Game]] = defaultdict(list)
    busy: dict[int, set[str]] = defaultdict(set)
    for i, el in enumerate(games, start=1):
        g = read_game(el, i, by_key, config, file.notes, busy)
        by_round[g.round].append(
            Game(
                g.round,
                g.table,
                None,
                g.black.player.no,
                g.white.player.no,
                handicap=g.handicap,
                komi=g.komi,
                result=g.result,
            )
        )
    byes = read_byes(file.root, by_key, file.notes)
    for r, keys in byes.items():
        for key in keys:
            if key in busy[r]:
                raise FormatError(f"round {r}: {by_key[key].player.name} has a bye and a game")
    paired = max([*by_round, *byes], default=0)
    span = min(max(file.planned, paired), MAX_ROUNDS)
    bye_points = Fraction(file.value("Bye"), 2)
    absent_value = file.value("Absent")
    rounds: list[Round] = []
    for r in range(1, paired + 1):
        round_byes = [Bye(by_key[k].player.no, "bye", bye_points) for k in byes.get(r, [])]
        if absent_value:
            kind: ByeKind = "half" if absent_value == 1 else "absent"
            for e in entries:
                here = e.key in busy[r] or e.key in byes.get(r, [])
                if not (e.pre or here or plays(e.participating, r)):
                    round_byes.append(Bye(e.player.no, kind, Fraction(absent_value, 2)))
        round_games = tuple(sorted(by_round.get(r, []), key=lambda g: g.table))
        tables = [g.table for g in round_games]
        if len(set(tables)) != len(tables):
            raise FormatError(f"round {r}: two games at the same table")
        rounds.append(Round(r, round_games, tuple(sorted(round_byes, key=lambda b: b.no))))
    players = []
    for e in entries:
        active = {r for r in range(1, paired + 1) if e.key in busy[r] or e.key in byes.get(r, [])}
        players.append(span_of(e, span, active, paired))
    if any(e.pre for e in entries):
        file.notes.append(
            f"{sum(e.pre for e in entries)} pre-registered player(s) (PRE) are entered "
            "but withdrawn from round 1"
        )
    corrections = ",".join(f"{e.player.no}:{e.correction:+d}" for e in entries if e.correction)
    if corrections and file.mcmahon:
        try:
            settings = settings.with_text("mms_corrections", corrections)
        except ArbiterError as exc:
            file.notes.append(f"McMahon corrections (smmsCorrection): {exc}; not kept")
    event = replace(event, settings=settings, players=tuple(players), rounds=tuple(rounds))
    return enough_rounds(event)
