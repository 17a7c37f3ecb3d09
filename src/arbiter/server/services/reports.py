"""Reading an event: a round's games, one game, standings, the crosstable, a player's own
games — each as the caller may see it (published rounds only for everybody but the staff).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.events.crosstable import Crosstable, crosstable
from arbiter.events.event import Event
from arbiter.events.rounds import Game, Round
from arbiter.events.standings import Standings
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Invalid, NotFound, domain
from arbiter.server.services.state import EventState, GameState, locate_game
from arbiter.server.services.unit import reading


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as the caller may see it, with each game's state."""

    state: EventState
    round: Round
    games: tuple[tuple[Game, GameState], ...]


def _after(state: EventState, after_round: int | None) -> int | None:
    if after_round is not None and not 0 <= after_round <= len(state.event.rounds):
        shown = len(state.event.rounds)
        raise Invalid(
            f"round {after_round} is not paired (or not published): rounds 0 to {shown} are",
            "round",
        )
    return after_round


def standings(
    rt: Runtime, actor: CurrentUser | None, event_id: int, after_round: int | None = None
) -> tuple[EventState, Standings]:
    """The standings after ``after_round`` (default: the last round the caller may see)."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
    upto = _after(state, after_round)
    with domain():
        return state, state.event.standings(upto)


def crosstable_of(
    rt: Runtime, actor: CurrentUser | None, event_id: int, after_round: int | None = None
) -> tuple[EventState, Crosstable]:
    """The crosstable (seed 002 appendix 3) after ``after_round``."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
    upto = _after(state, after_round)
    with domain():
        return state, crosstable(state.event, upto)


def round_view(rt: Runtime, actor: CurrentUser | None, event_id: int, number: int) -> RoundView:
    """Round ``number`` with its games (404 when not paired or not visible to the caller)."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
    return round_view_of(state, number)


def round_view_of(state: EventState, number: int) -> RoundView:
    """Round ``number`` of an event already read (404 when not visible)."""
    if number not in state.rounds:
        raise NotFound(
            f"round {number} is not paired" + ("" if state.access.is_staff else " or not published")
        )
    rnd = state.event.round(number)
    return RoundView(state, rnd, tuple((g, state.games[g.key]) for g in rnd.games))


def game_view(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
) -> tuple[EventState, Game, GameState]:
    """One game (404 when the round is not visible or has no such game)."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
    round_view_of(state, number)
    game = locate_game(state.event, number, table, board)
    return state, game, state.games[game.key]


def games_of_player(event: Event, player_no: int) -> list[Game]:
    """The games player ``player_no`` plays in (their pair's or, in team events, their own
    boards), round by round."""
    out: list[Game] = []
    pair = event.pair_of(player_no) if event.discipline == "pair" else None
    for g in event.games():
        if event.discipline == "team":
            mine = player_no in (g.black_player, g.white_player)
        elif pair is not None:
            mine = pair.no in (g.black, g.white)
        else:
            mine = player_no in (g.black, g.white)
        if mine:
            out.append(g)
    return out


def my_games(
    rt: Runtime, actor: CurrentUser | None, event_id: int
) -> tuple[EventState, list[tuple[Game, GameState]]]:
    """The caller's own games in the event (as the player linked to their account)."""
    user = require_user(actor)
    with reading(rt, user, event_id) as r:
        state = r.state()
    if not state.access.player_nos:
        raise NotFound("you play in this event under no entry (ask the organiser to link you)")
    games: list[tuple[Game, GameState]] = []
    for no in sorted(state.access.player_nos):
        games.extend((g, state.games[g.key]) for g in games_of_player(state.event, no))
    games.sort(key=lambda gs: gs[0].key[:2])
    return state, games
