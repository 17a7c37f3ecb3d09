"""Pairing a round: the system plans the meetings; this module turns them into games.

Before round 1 the system checks the entries, the participants are numbered by lot when the
event asks for it, and the start order (table order, bracket seeds) is fixed in
``event.seeding``. A round is paired only when every game of the previous one has a result,
final or provisional (seed 002 2.8.8). Games of participants who no longer play are lost by
forfeit at once.
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.events.competition import Competition, E
from arbiter.events.entries import draw_numbers, forfeit_against
from arbiter.events.errors import PairingError
from arbiter.events.handicap import go_setup
from arbiter.events.rounds import Game, Round
from arbiter.events.settings import SYSTEM_NAMES
from arbiter.events.systems import Meeting, system_for
from arbiter.events.systems.knockout import BracketSystem
from arbiter.events.teams import match_games
from arbiter.i18n import N_


def _rounds(n: int) -> str:
    return "its only round is" if n == 1 else f"all {n} rounds are"


def _where(game: Game) -> str:
    return f"table {game.table}" + (f" board {game.board}" if game.board is not None else "")


def pair_next_round(event: E) -> E:
    """The event with its next round paired (see :meth:`Event.pair_next_round`)."""
    system = system_for(event)
    number = len(event.rounds) + 1
    if event.rounds:
        last = event.rounds[-1]
        missing = last.unfinished
        if missing:
            listed = ", ".join(_where(g) for g in missing[:6]) + (
                ", ..." if len(missing) > 6 else ""
            )
            raise PairingError(
                N_(
                    "round {round} has {count} game(s) without a result ({listed}): "
                    "record them first (a provisional result ends with ?)"
                ),
                round=last.number,
                count=len(missing),
                listed=listed,
            )
        if system.finished(event):
            raise PairingError(
                f"the {SYSTEM_NAMES[event.system]} is complete: {_rounds(len(event.rounds))} played"
            )
    else:
        system.check(event)
        if event.config.draw_lots and event.draw is None:
            event = draw_numbers(event)
        event = replace(event, seeding=system.start_order(event))
    planned = system.planned_rounds(event)
    if number > planned:
        if isinstance(system, BracketSystem) and event.rounds:
            raise system.undecided(event, len(event.rounds))
        raise PairingError(
            f"the {SYSTEM_NAMES[event.system]} is complete: {_rounds(planned)} paired"
        )
    plan = system.pair(event, number)
    games: list[Game] = []
    for meeting in plan.meetings:
        games.extend(_games(event, number, meeting))
    return event.with_round(Round(number, tuple(games), plan.byes))


def _games(event: Competition, number: int, meeting: Meeting) -> tuple[Game, ...]:
    if event.discipline == "team" and meeting.board is None:
        return match_games(event, number, meeting)
    go = event.game == "go"
    if go:
        black, white = meeting.first, meeting.second
    else:
        black, white = meeting.second, meeting.first
    handicap, komi = 0, None
    if meeting.board is not None:
        fp, sp = meeting.first_player, meeting.second_player
        bp, wp = (fp, sp) if go else (sp, fp)
        game = Game(
            number,
            meeting.table,
            meeting.board,
            black,
            white,
            bp,
            wp,
            komi=event.config.komi if go else None,
        )
        return (game,)
    if go:
        setup = go_setup(event, black, white)
        black, white, handicap, komi = setup.black, setup.white, setup.handicap, setup.komi
    game = Game(
        number, meeting.table, None, black, white, handicap=handicap, komi=komi, slot=meeting.slot
    )
    for no in (black, white):
        if not event.participant(no).plays_in(number):
            game = game.with_result(forfeit_against(event, game, no))
            break
    return (game,)


def unpair_last_round(event: E) -> E:
    """The event without its last round, which must have no result yet."""
    if not event.rounds:
        raise PairingError(N_("no round is paired"))
    last = event.rounds[-1]
    recorded = [g for g in last.games if g.result is not None and g.result.played]
    if recorded:
        raise PairingError(
            f"round {last.number} has {len(recorded)} result(s) "
            f"({', '.join(_where(g) for g in recorded[:4])}): it cannot be unpaired"
        )
    lineups = tuple(lu for lu in event.lineups if lu.round != last.number)
    seeding = event.seeding if len(event.rounds) > 1 else ()
    return replace(event, rounds=event.rounds[:-1], lineups=lineups, seeding=seeding)
