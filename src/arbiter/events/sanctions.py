"""Referees' warnings and what follows from them.

Go (seed 002 3.18.2): a second warning to a player in the same game loses that game by forfeit
(recorded as ``W+F``/``B+F``: the game was played). Toguz Korgool (seed 000 12.11): warnings count
over the whole event; the third costs one point (taken off the participant's points in the
standings; in team events off the team's board points), the fourth excludes the player from the
following rounds.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter.events.competition import Competition, E, RefereeWarning
from arbiter.events.entries import replace_player, withdraw
from arbiter.events.participants import Player
from arbiter.events.results import Result, Side, other
from arbiter.events.rounds import Game

#: Toguz Korgool: the warning that costs a point, and the one that excludes.
PENALTY_AT = 3
EXCLUSION_AT = 4


def game_of_player(event: Competition, player: Player, round_no: int) -> Game | None:
    """The game player ``player`` sits at in round ``round_no``, if any."""
    for g in event.round(round_no).games:
        if event.discipline == "team":
            if player.no in (g.black_player, g.white_player):
                return g
        elif event.discipline == "pair":
            pair = event.pair_of(player.no)
            if pair is not None and pair.no in (g.black, g.white):
                return g
        elif player.no in (g.black, g.white):
            return g
    return None


def warn(event: E, ref: str | int, round_no: int, reason: str = "") -> E:
    """The event with a warning given (see the module's rules)."""
    player = event.find_player(ref)
    event.round(round_no)
    updated = replace(
        event,
        warnings=(*event.warnings, RefereeWarning(round_no, player.no, " ".join(reason.split()))),
    )
    if event.game == "go":
        same_game = [w for w in updated.warnings if w.player == player.no and w.round == round_no]
        game = game_of_player(event, player, round_no)
        if len(same_game) == 2 and game is not None:
            side = _side_of(event, game, player)
            return updated.with_game(game.with_result(Result("go", other(side), reason="F")))
        return updated
    count = sum(1 for w in updated.warnings if w.player == player.no)
    if count == EXCLUSION_AT:
        return exclude(updated, player, round_no + 1)
    return updated


def _side_of(event: Competition, game: Game, player: Player) -> Side:
    if event.discipline == "team":
        return "black" if game.black_player == player.no else "white"
    if event.discipline == "pair":
        pair = event.pair_of(player.no)
        assert pair is not None
        return game.side_of(pair.no)
    return game.side_of(player.no)


def exclude(event: E, player: Player, from_round: int) -> E:
    """Exclude a player from round ``from_round`` on (the next round not played yet when later
    rounds already have the player's results)."""
    start = from_round
    for rnd in event.rounds[from_round - 1 :]:
        g = game_of_player(event, player, rnd.number)
        if g is not None and g.result is not None and g.result.played:
            start = rnd.number + 1
    start = min(start, len(event.rounds) + 1)
    if event.discipline == "individual":
        return withdraw(event, player.no, start, excluded=True)
    updated = replace_player(event, replace(player, withdrawn=start, excluded=True))
    if event.discipline == "pair":
        pair = event.pair_of(player.no)
        if pair is not None and pair.withdrawn is None:
            updated = withdraw(updated, pair.no, start, excluded=True)
    return updated


def penalties(event: Competition, upto: int) -> dict[int, Fraction]:
    """Points taken off each player (by player number) by warnings of rounds 1..``upto``."""
    if event.game != "toguz":
        return {}
    counts: dict[int, int] = {}
    for w in event.warnings:
        if w.round <= upto:
            counts[w.player] = counts.get(w.player, 0) + 1
    return {p: Fraction(1) for p, c in counts.items() if c >= PENALTY_AT}
