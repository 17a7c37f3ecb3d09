"""OpenGotha's team tournaments (``Teams/Team/Board``), read as arbiter team events (import only).

OpenGotha lays teams over an individual tournament: each team names its player on each board
of each round. The file is a team tournament when every game is a board game between two
teams: the teams become arbiter's teams (the roster is the first round's line-up, the others
reserves), the boards line-ups, the games on the same boards of two teams one match.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from xml.etree import ElementTree as ET

from arbiter.events.event import Event, Lineup
from arbiter.events.formats.common import FormatError, enough_rounds
from arbiter.events.formats.opengotha.games import read_game
from arbiter.events.formats.opengotha.parameters import TournamentFile, read_settings
from arbiter.events.formats.opengotha.players import Entry, player_key, span_of
from arbiter.events.formats.opengotha.tree import attributes, collapse, whole
from arbiter.events.participants import Team
from arbiter.events.rounds import Game, Round

#: round → player key → (team index in file order, board).
Boards = dict[int, dict[str, tuple[int, int]]]
#: (round, team number) → board → player number.
Lines = dict[tuple[int, int], dict[int, int]]


def board_places(teams: Sequence[ET.Element], by_key: Mapping[str, Entry]) -> Boards:
    """Where each player of the file sits in each round: their team and board."""
    out: Boards = defaultdict(dict)
    for t, team in enumerate(teams):
        for b in team.findall("Board"):
            r = whole(b, "roundNumber", 0, f"team {team.get('teamName')}")
            board = whole(b, "boardNumber", 0, f"team {team.get('teamName')}")
            key = player_key(b.get("player") or "", "")
            if key in by_key and r >= 1 and board >= 1:
                out[r][key] = (t, board)
    return out


def is_team_tournament(
    games: Sequence[ET.Element], boards: Boards, entries: Sequence[Entry]
) -> bool:
    """Whether every game is played on the same board by two teams (without games: whether
    every finally registered player is on a team)."""
    if not games:
        members = {k for r in boards.values() for k in r}
        return all(e.key in members for e in entries if not e.pre)
    for el in games:
        r = whole(el, "roundNumber", 0, "game")
        b = boards.get(r, {}).get(player_key(el.get("blackPlayer") or "", ""))
        w = boards.get(r, {}).get(player_key(el.get("whitePlayer") or "", ""))
        if b is None or w is None or b[0] == w[0] or b[1] != w[1]:
            return False
    return True


def team_event(
    file: TournamentFile,
    entries: Sequence[Entry],
    by_key: Mapping[str, Entry],
    games: Sequence[ET.Element],
    teams: Sequence[ET.Element],
    boards: Boards,
) -> Event:
    """The team tournament of ``file`` (:func:`is_team_tournament` must hold)."""
    settings = read_settings(file, team=True)
    general = attributes(file.root, "TeamTournamentParameterSet/TeamGeneralParameterSet")
    size = whole(general, "teamSize", 4, "TeamGeneralParameterSet")
    settings = settings.with_value("boards", min(max(size, 1), 20))
    order = sorted(range(len(teams)), key=lambda t: whole(teams[t], "teamNumber", t + 1, "team"))
    number = {t: i for i, t in enumerate(order, start=1)}
    no_of = {e.key: e.player.no for e in entries}
    paired = max({whole(g, "roundNumber", 0, "game") for g in games}, default=0)
    line: Lines = defaultdict(dict)
    for r, members in boards.items():
        for key, (t, board) in members.items():
            line[(r, number[t])][board] = no_of[key]
    team_values = [_team(number[t], teams[t], line) for t in order]
    event = Event("go", "swiss", "team", settings)
    config = event.config
    by_round: dict[int, list[tuple[int, Game]]] = defaultdict(list)
    for i, el in enumerate(games, start=1):
        g = read_game(el, i, by_key, config, file.notes)
        tb, board = boards[g.round][g.black.key]
        tw, _ = boards[g.round][g.white.key]
        game = Game(
            g.round,
            0,
            board,
            number[tb],
            number[tw],
            g.black.player.no,
            g.white.player.no,
            handicap=g.handicap,
            komi=g.komi,
            result=g.result,
        )
        by_round[g.round].append((g.table, game))
    rounds = [Round(r, _matches(r, by_round.get(r, []))) for r in range(1, paired + 1)]
    entered = [span_of(e, max(file.planned, paired), set()) if e.pre else e.player for e in entries]
    file.notes.append("a team tournament: imported for reading, not exported back")
    event = replace(
        event,
        players=tuple(entered),
        teams=tuple(team_values),
        rounds=tuple(rounds),
        lineups=tuple(_lineups(team_values, line, size, paired)),
    )
    return enough_rounds(event)


def _team(no: int, element: ET.Element, line: Lines) -> Team:
    """Team ``no``: its first round's line-up is the roster, later players are reserves."""
    first = min((r for (r, n) in line if n == no), default=None)
    roster = [line[(first, no)][b] for b in sorted(line[(first, no)])] if first is not None else []
    reserves: list[int] = []
    for r in sorted(r for (r, n) in line if n == no):
        for b in sorted(line[(r, no)]):
            p = line[(r, no)][b]
            if p not in roster and p not in reserves:
                reserves.append(p)
    name = collapse(element.get("teamName")) or f"Team {no}"
    return Team(no, name, tuple(roster), tuple(reserves))


def _lineups(teams: Sequence[Team], line: Lines, size: int, paired: int) -> list[Lineup]:
    """The line-ups of the rounds where a team's boards differ from its roster."""
    out: list[Lineup] = []
    for team in teams:
        default = team.players[:size]
        for r in range(1, paired + 1):
            given = line.get((r, team.no))
            if given is None:
                continue
            players = tuple(given.get(b) for b in range(1, size + 1))
            if players != default:
                out.append(Lineup(r, team.no, players))
    return out


def _matches(r: int, games: Sequence[tuple[int, Game]]) -> tuple[Game, ...]:
    """Round ``r``'s games (with OpenGotha's tables) as matches, numbered in table order."""
    matches: dict[frozenset[int], list[tuple[int, Game]]] = defaultdict(list)
    for og_table, game in games:
        matches[frozenset((game.black, game.white))].append((og_table, game))
    ordered = sorted(matches.values(), key=lambda gs: min(t for t, _ in gs))
    round_games: list[Game] = []
    for table, match in enumerate(ordered, start=1):
        seen_boards: set[int | None] = set()
        for _, game in sorted(match, key=lambda tg: tg[1].board or 0):
            if game.board in seen_boards:
                raise FormatError(f"round {r}: two games on board {game.board} of one match")
            seen_boards.add(game.board)
            round_games.append(replace(game, table=table))
    return tuple(round_games)
