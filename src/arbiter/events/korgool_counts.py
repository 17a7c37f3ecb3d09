"""The korgool counts that the rulebook's korgool criteria need, and the games that lack them.

Seed 000 10.2 breaks a team match of an Olympic (knockout) event drawn on board points «по
количеству коргоолов в проигранных партиях» (by the korgools in the lost games), and the ``KLG``
tiebreak sums the same counts. A count that was not written is not 0: a decision that needs it
waits until it is entered, and arbiter names the games, instead of deciding on the counts that
happen to be known. A game lost by forfeit had no kazan to count: it adds nothing and needs no
count.

>>> from arbiter.events.results import Result
>>> count_missing(Result.parse("1-0", "toguz"), "black")
True
>>> count_missing(Result.parse("1-0(60)", "toguz"), "black"), count_missing(
...     Result.parse("+-", "toguz"), "black")
(False, False)
"""

from __future__ import annotations

from collections.abc import Iterable

from arbiter.events.competition import Competition
from arbiter.events.results import SIDES, Result, Side
from arbiter.events.rounds import Game

__all__ = ["count_missing", "describe", "missing_counts"]


def count_missing(result: Result, side: Side) -> bool:
    """Whether ``side`` lost the played game of ``result`` and its korgools were not written."""
    return result.played and result.outcome(side) == "loss" and result.korgools_of(side) is None


def missing_counts(games: Iterable[Game]) -> tuple[Game, ...]:
    """The games of ``games`` whose loser's korgools are needed and were not written."""
    return tuple(
        g for g in games if g.result is not None and any(count_missing(g.result, s) for s in SIDES)
    )


def describe(event: Competition, games: Iterable[Game]) -> str:
    """The games as ``round/table/board (White – Black)``, the first mover first, one after
    another: a parameter of a message, the same in every language."""
    parts = []
    for g in sorted(games, key=lambda g: (g.round, g.table, g.board or 0)):
        where = f"{g.round}/{g.table}" + (f"/{g.board}" if g.board is not None else "")
        first, second = (g.white, g.black) if event.game == "toguz" else (g.black, g.white)
        names = f"{event.name_of(first)} – {event.name_of(second)}"
        if g.board is not None:
            players = [g.white_player, g.black_player]
            if event.game != "toguz":
                players.reverse()
            names = " – ".join(event.player(p).name if p else "—" for p in players)
        parts.append(f"{where} ({names})")
    return ", ".join(parts)
