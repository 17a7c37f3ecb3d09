"""Recording results: final or provisional, corrections, extra games of drawn knockout meetings.

A result can be recorded again at any time (a correction, or the real result replacing a
provisional one, seed 002 2.8.8); in a knockout system a correction that would change who went
on is refused once the next round is paired.

In an event that records korgools (``korgools=required``) a final result needs the counts; a
referee's provisional result (``1/2-1/2?``) does not, as the game is not over and nobody has
counted the kazans yet. The counts are demanded when the final result replaces it, and an event
with a provisional result left is not finished (nor rated).
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.events.competition import Competition, E
from arbiter.events.errors import EventError, ResultError
from arbiter.events.korgool_counts import describe
from arbiter.events.results import Result
from arbiter.events.settings import BRACKET_SYSTEMS
from arbiter.events.systems import system_for
from arbiter.events.systems.knockout import KORGOOLS_NEEDED
from arbiter.events.teams import korgools_needed, meeting_winner


def read_result(event: Competition, text: str | Result) -> Result:
    """``text`` read in the grammar of the event's game, checked against its settings."""
    result = (
        text
        if isinstance(text, Result)
        else Result.parse(text, event.game, total=event.config.korgool_total)
    )
    if result.game != event.game:
        raise ResultError(f"a {result.game} result cannot be recorded in a {event.game} event")
    if event.config.korgools_required and result.played and not result.provisional:
        counts = result.korgools or (None, None)
        needed = (
            ["white", "black"]
            if result.winner is None
            else ["black" if result.winner == "white" else "white"]
        )
        if any(counts[0 if side == "white" else 1] is None for side in needed):
            raise ResultError(
                f"{result}: this event records korgools (korgools=required): "
                "write e.g. 1(82)-0(60) or 1-0(60)"
            )
    return result


def record_result(
    event: E,
    round_no: int,
    table: int,
    board: int | None,
    result: str | Result,
    *,
    extra: bool = False,
) -> E:
    """The event with a result recorded (see :meth:`Event.record_result`)."""
    value = read_result(event, result)
    if extra:
        event.game_at(round_no, table, 1 if event.discipline == "team" else None)
        return _record_extra(event, round_no, table, value)
    game = event.game_at(round_no, table, board)
    system_for(event).check_correction(event, game, value)
    updated = game.with_result(value)
    if value.winner is not None and updated.board is None:
        updated = replace(updated, extra=())
    return event.with_game(updated)


def _record_extra(event: E, round_no: int, table: int, value: Result) -> E:
    if event.system not in BRACKET_SYSTEMS:
        raise EventError(
            "extra games decide drawn knockout meetings; this event is a " + event.system
        )
    if value.kind in ("double-forfeit", "void"):
        raise ResultError("an extra game needs a winner or a draw")
    games = tuple(g for g in event.round(round_no).games if g.table == table)
    if any(g.result is None for g in games):
        raise EventError(
            f"round {round_no} table {table} is not finished: "
            "record its result before an extra game"
        )
    needed = korgools_needed(event, games)
    if needed:
        # seed 000 10.2: the korgools come before board 1 and the extra game
        raise EventError(KORGOOLS_NEEDED, games=describe(event, needed))
    if meeting_winner(event, games) is not None:
        raise EventError(
            f"round {round_no} table {table} is decided already: no extra game is needed"
        )
    if len(event.rounds) > round_no:
        raise EventError(f"round {round_no + 1} is already paired")
    first = min(games, key=lambda g: g.board or 0)
    return event.with_game(replace(first, extra=(*first.extra, value)))
