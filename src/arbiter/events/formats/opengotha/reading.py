"""Reading an OpenGotha tournament file: the individual tournament, or its team tournament."""

from __future__ import annotations

from arbiter.events.event import Event
from arbiter.events.formats.common import FormatError, Imported, Source, checked
from arbiter.events.formats.opengotha.individual import individual_event
from arbiter.events.formats.opengotha.parameters import TournamentFile
from arbiter.events.formats.opengotha.players import read_entries
from arbiter.events.formats.opengotha.teams import board_places, is_team_tournament, team_event
from arbiter.events.formats.opengotha.tree import parse


def read_opengotha(source: Source, *, teams: bool = False) -> Event:
    """The event held by an OpenGotha tournament file: a path, or the XML text itself.

    See :func:`import_opengotha` for ``teams`` and for the notes on what could not be kept.
    """
    return import_opengotha(source, teams=teams).event


def import_opengotha(source: Source, *, teams: bool = False) -> Imported:
    """Read an OpenGotha tournament file (a path, or the XML as text or bytes).

    OpenGotha lays teams over an individual tournament: every tournament has its players'
    games, and may have teams whose boards make matches of them. By default the individual
    tournament is imported (the teams are dropped, with a note); ``teams=True`` imports the
    team tournament instead: teams, line-ups and matches (every game must then be a board game
    between two teams).
    """
    file = TournamentFile.read(parse(source))
    root = file.root
    entries = read_entries(root, file.version)
    by_key = {e.key: e for e in entries}
    games = root.findall("Games/Game")
    team_elements = root.findall("Teams/Team")
    boards = board_places(team_elements, by_key)
    fits = bool(boards) and is_team_tournament(games, boards, entries)
    if teams:
        if not fits:
            raise FormatError(
                "not a team tournament: "
                + (
                    "the file has no teams"
                    if not team_elements
                    else "some games are not board games between two teams"
                )
            )
        event = team_event(file, entries, by_key, games, team_elements, boards)
    else:
        if team_elements:
            hint = " (import with teams to read the team tournament)" if fits else ""
            file.notes.append(f"the file's {len(team_elements)} team(s) are not kept{hint}")
        event = individual_event(file, entries, by_key, games)
    return Imported(checked(event, "OpenGotha file"), tuple(file.notes))
