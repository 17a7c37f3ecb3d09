"""Team matches by boards: line-ups, absent players, match points, the team tiebreak chain.

A match is the games of one table in a round, one per board. Board order is fixed before the
round (seed 002 2.1.5, seed 000 9.6). The team drawn to move first on board 1 (seed 000 9.5)
moves second on board 2, first on board 3, and so on (spec **D**).

A board without a player is lost by forfeit by that team. A team with fewer than half its boards
filled forfeits the whole match (seed 000 11.3, spec **D**) unless the referee overrides it.

The match goes to the team with more board points: match points 2/1/0 (seed 002 2.8.1, the
``match_points`` setting). A drawn match in a knockout is broken (seed 000 10.2): in Toguz
Korgool by the korgools in lost games (more is better), then by board 1, then by an extra game;
in Go by the boards in board order (the first board won decides), then by an extra game. The
extra game is entered on board 1 of the match. A lost game whose count was not written stops
the korgool criterion: the match stays undecided until the count is entered
(:mod:`arbiter.events.korgool_counts`), as a missing count is not 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Protocol

from arbiter.events.competition import Competition, E, Lineup
from arbiter.events.entries import resolve_players
from arbiter.events.errors import EventError, UnknownEntry
from arbiter.events.korgool_counts import count_missing, missing_counts
from arbiter.events.participants import Team
from arbiter.events.results import SIDES, Result, Side, first_mover
from arbiter.events.rounds import Game
from arbiter.events.systems.bracket import PHANTOM


class Fixture(Protocol):
    """A match as the pairing planned it: two teams at a table, ``first`` moving first on
    board 1 (a pairing system's :class:`~arbiter.events.systems.Meeting` is one)."""

    @property
    def table(self) -> int: ...
    @property
    def first(self) -> int: ...
    @property
    def second(self) -> int: ...
    @property
    def slot(self) -> str | None: ...


def board_count(event: Competition) -> int:
    """Boards per match: the ``boards`` setting, else the smallest team's number of players."""
    chosen = event.config.boards
    if chosen:
        return chosen
    sizes = [len(t.players) for t in event.teams]
    return min(sizes) if sizes else 0


def default_lineup(event: Competition, team: Team, round_no: int) -> tuple[int | None, ...]:
    """The team's players in board order who play in round ``round_no``, reserves filling the
    places of absent players, padded with empty boards."""
    boards = board_count(event)
    available = [p for p in team.members if event.player(p).plays_in(round_no)]
    chosen: list[int | None] = list(available[:boards])
    return tuple(chosen + [None] * (boards - len(chosen)))


def lineup_of(event: Competition, team: Team, round_no: int) -> tuple[int | None, ...]:
    """The line-up given for the round, else the default one."""
    given = event.lineup(round_no, team.no)
    return given.players if given is not None else default_lineup(event, team, round_no)


def _forfeits(
    event: Competition, team: Team, players: Sequence[int | None], round_no: int
) -> set[int]:
    """Boards (1-based) the team loses by forfeit."""
    boards = len(players)
    empty = {b for b, p in enumerate(players, start=1) if p is None}
    if not team.plays_in(round_no):
        return set(range(1, boards + 1))
    given = event.lineup(round_no, team.no)
    override = given.override if given is not None else False
    present = boards - len(empty)
    if 2 * present < boards and not override:
        return set(range(1, boards + 1))
    return empty


def apply_presence(event: Competition, games: Sequence[Game]) -> tuple[Game, ...]:
    """The match's games with forfeits for empty boards and absent teams (results that were
    played stay as they are)."""
    if not games:
        return ()
    round_no = games[0].round
    teams = {games[0].black, games[0].white}
    lost: dict[int, set[int]] = {}
    for team_no in teams:
        team = event.participant(team_no)
        assert isinstance(team, Team)
        players: list[int | None] = []
        for g in sorted(games, key=lambda g: g.board or 0):
            players.append(g.black_player if g.black == team_no else g.white_player)
        lost[team_no] = _forfeits(event, team, players, round_no)
    out: list[Game] = []
    for g in games:
        if g.result is not None and g.result.played:
            out.append(g)
            continue
        board = g.board or 1
        black_out, white_out = board in lost[g.black], board in lost[g.white]
        if black_out and white_out:
            result: Result | None = Result(event.game, None, "double-forfeit")
        elif black_out or white_out:
            winner: Side = "white" if black_out else "black"
            result = Result(event.game, winner, "forfeit")
        else:
            result = g.result
        out.append(g.with_result(result))
    return tuple(out)


def match_games(event: Competition, round_no: int, meeting: Fixture) -> tuple[Game, ...]:
    """The board games of a team match (before presence is applied)."""
    first = event.participant(meeting.first)
    second = event.participant(meeting.second)
    assert isinstance(first, Team) and isinstance(second, Team)
    line_first = lineup_of(event, first, round_no)
    line_second = lineup_of(event, second, round_no)
    komi = event.config.komi if event.game == "go" else None
    mover = first_mover(event.game)
    games: list[Game] = []
    for b in range(1, board_count(event) + 1):
        leads = b % 2 == 1
        lead_team, lead_player = (
            (first, line_first[b - 1]) if leads else (second, line_second[b - 1])
        )
        next_team, next_player = (
            (second, line_second[b - 1]) if leads else (first, line_first[b - 1])
        )
        if mover == "black":
            black, white, bp, wp = lead_team.no, next_team.no, lead_player, next_player
        else:
            black, white, bp, wp = next_team.no, lead_team.no, next_player, lead_player
        games.append(
            Game(round_no, meeting.table, b, black, white, bp, wp, komi=komi, slot=meeting.slot)
        )
    return apply_presence(event, games)


def set_lineup(
    event: E,
    round_no: int,
    team_ref: str | int,
    players: Sequence[str | int | None],
    *,
    override: bool = False,
) -> E:
    """Set a team's players in board order for a paired round (empty boards: ``None``/``-``).

    The match's games must not have a played result yet; absent players' boards and, with
    fewer than half the boards filled (and no ``override``), the whole match are forfeited.
    """
    if event.discipline != "team":
        raise EventError("line-ups are for team events")
    if event.system == "scheveningen":
        raise EventError("in a Scheveningen match the schedule fixes who plays each round")
    team = event.find(team_ref)
    assert isinstance(team, Team)
    rnd = event.round(round_no)
    games = tuple(g for g in rnd.games if team.no in (g.black, g.white))
    if not games:
        raise UnknownEntry(f"{team.name} has no match in round {round_no}")
    if any(g.result is not None and g.result.played for g in games):
        raise EventError(
            f"{team.name}'s match in round {round_no} has results already: "
            "line-ups are set before play"
        )
    boards = board_count(event)
    numbers = resolve_players(event, players)
    if len(numbers) > boards:
        raise EventError(f"a match has {boards} boards, not {len(numbers)}")
    seen = [n for n in numbers if n is not None]
    if len(seen) != len(set(seen)):
        raise EventError("a player can sit at one board only")
    for n in seen:
        if n not in team.members:
            raise EventError(f"{event.player(n).name} is not in {team.name}")
        if not event.player(n).plays_in(round_no):
            raise EventError(f"{event.player(n).name} no longer plays (withdrawn or excluded)")
    lineup = Lineup(round_no, team.no, tuple(numbers) + (None,) * (boards - len(numbers)), override)
    lineups = tuple(lu for lu in event.lineups if not (lu.round == round_no and lu.team == team.no))
    updated = replace(event, lineups=(*lineups, lineup))
    seated: list[Game] = []
    for g in games:
        player = lineup.players[(g.board or 1) - 1]
        # earlier forfeits came from the old line-up: presence is decided again below
        if g.black == team.no:
            seated.append(replace(g, black_player=player, result=None))
        else:
            seated.append(replace(g, white_player=player, result=None))
    for g in apply_presence(updated, seated):
        updated = updated.with_game(g)
    return updated


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A team match summed up from its board games."""

    round: int
    table: int
    teams: tuple[int, int]
    board_points: dict[int, Fraction]
    boards: dict[int, tuple[Fraction | None, ...]]
    wins: dict[int, int]
    korgools_lost: dict[int, int]
    #: The boards each team lost over the board without a korgool count written.
    korgools_missing: dict[int, tuple[int, ...]]
    complete: bool
    played: bool
    provisional: bool

    def match_points(self, team: int, event: Competition) -> Fraction:
        """Match points of ``team`` (win, draw, loss by board points)."""
        mine = self.board_points[team]
        theirs = self.board_points[self.opponent(team)]
        scale = event.config.match_points
        return scale.win if mine > theirs else scale.draw if mine == theirs else scale.loss

    def opponent(self, team: int) -> int:
        """The other team."""
        return self.teams[1] if team == self.teams[0] else self.teams[0]


def summarize(event: Competition, games: Sequence[Game]) -> MatchSummary:
    """Sum up a team match (the games of one table in one round)."""
    ordered = sorted(games, key=lambda g: g.board or 0)
    head = ordered[0]
    teams = (
        (head.black, head.white) if first_mover(event.game) == "black" else (head.white, head.black)
    )
    scoring = event.config.scoring
    points = {t: Fraction(0) for t in teams}
    boards: dict[int, list[Fraction | None]] = {t: [] for t in teams}
    wins = {t: 0 for t in teams}
    lost = {t: 0 for t in teams}
    missing: dict[int, list[int]] = {t: [] for t in teams}
    complete, played, provisional = True, False, False
    for g in ordered:
        for side in SIDES:
            team = g.participant_of(side)
            if g.result is None:
                boards[team].append(None)
                continue
            pts = g.result.points(side, scoring)
            points[team] += pts
            boards[team].append(pts)
            outcome = g.result.outcome(side)
            if outcome == "win":
                wins[team] += 1
            elif count_missing(g.result, side):
                missing[team].append(g.board or 1)
            elif outcome == "loss":
                # a forfeit loss has no kazan to count: nothing is added
                lost[team] += g.result.korgools_of(side) or 0
        if g.result is None:
            complete = False
        else:
            played = played or g.result.played
            provisional = provisional or g.result.provisional
    return MatchSummary(
        head.round,
        head.table,
        teams,
        points,
        {t: tuple(v) for t, v in boards.items()},
        wins,
        lost,
        {t: tuple(v) for t, v in missing.items()},
        complete,
        played,
        provisional,
    )


def _extra_winner(game: Game) -> int | None:
    for extra in game.extra:
        if extra.winner is not None:
            return game.participant_of(extra.winner)
    return None


def meeting_winner(event: Competition, games: Sequence[Game]) -> int | None:
    """Who goes on from a knockout meeting (one game, or a team match's board games); ``None``
    while undecided; :data:`PHANTOM` when both sides lost (a double forfeit)."""
    if not games:
        return None
    if len(games) == 1 and games[0].board is None:
        g = games[0]
        if g.result is None:
            return None
        if g.result.kind == "double-forfeit":
            return PHANTOM
        if g.result.winner is not None:
            return g.participant_of(g.result.winner)
        return _extra_winner(g)
    summary = summarize(event, games)
    if not summary.complete:
        return None
    a, b = summary.teams
    if all(g.result is not None and g.result.kind == "double-forfeit" for g in games):
        return PHANTOM
    if summary.board_points[a] != summary.board_points[b]:
        return a if summary.board_points[a] > summary.board_points[b] else b
    if event.game == "toguz":
        if korgools_needed(event, games):
            return None
        if summary.korgools_lost[a] != summary.korgools_lost[b]:
            return a if summary.korgools_lost[a] > summary.korgools_lost[b] else b
        decisive = summary.boards[a][:1]
        rival = summary.boards[b][:1]
    else:
        decisive = summary.boards[a]
        rival = summary.boards[b]
    for mine, theirs in zip(decisive, rival, strict=True):
        if mine is not None and theirs is not None and mine != theirs:
            return a if mine > theirs else b
    board_one = min(games, key=lambda g: g.board or 0)
    return _extra_winner(board_one)


def korgools_needed(event: Competition, games: Sequence[Game]) -> tuple[Game, ...]:
    """The games of a Toguz Korgool team match whose korgool counts decide it and are missing:
    the match is complete and drawn on board points, so seed 000 10.2 compares the korgools in
    lost games, and these lost games have no count. Empty when nothing is needed."""
    if event.game != "toguz" or all(g.board is None for g in games):
        return ()
    if any(g.result is None for g in games):
        return ()
    summary = summarize(event, games)
    a, b = summary.teams
    if summary.board_points[a] != summary.board_points[b]:
        return ()
    return missing_counts(games)
