"""The event: a competition with its operations at hand, as the commands and the server use it.

:class:`Event` is a :class:`~arbiter.events.competition.Competition` (the value: the entries,
rounds, results, settings and their queries) whose methods call the operations, each in its own
module: entries (:mod:`~arbiter.events.entries`), settings
(:mod:`~arbiter.events.configuration`), pairing (:mod:`~arbiter.events.pairing`), results
(:mod:`~arbiter.events.recording`), warnings (:mod:`~arbiter.events.sanctions`), team line-ups
(:mod:`~arbiter.events.teams`) and the standings (:mod:`~arbiter.events.standings`). Every
operation returns a new event; nothing is changed in place, so a failed operation leaves the
previous event as it was. Those modules know the competition only; nothing below imports this
one.

>>> e = Event.create("toguz", "round-robin")
>>> for name in ("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar"):
...     e, _ = e.add_player(name)
>>> e = e.pair_next_round()
>>> [(g.table, g.white, g.black) for g in e.rounds[0].games], e.rounds[0].byes[0].no
([(1, 2, 3)], 1)
>>> e = e.record_result(1, 1, None, "1(82)-0(60)")
>>> [(row.no, str(row.points)) for row in e.standings().rows]
[(2, '1'), (3, '0'), (1, '0')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self, Unpack

from arbiter.events import entries, pairing, recording, sanctions, teams
from arbiter.events import standings as ranking
from arbiter.events.competition import Competition, DrawOfLots, Lineup, RefereeWarning
from arbiter.events.configuration import change_setting
from arbiter.events.participants import Pair, Player, Team
from arbiter.events.registration import EntryFields
from arbiter.events.results import GameName, Result
from arbiter.events.settings import FIXED_AFTER_START, RULESETS, Discipline, System

__all__ = [
    "FIXED_AFTER_START",
    "RULESETS",
    "Competition",
    "DrawOfLots",
    "Event",
    "Lineup",
    "RefereeWarning",
]


class Event(Competition):
    """A competition whose operations are methods (see the module)."""

    __slots__ = ()

    # -- creation and settings ----------------------------------------------------------------

    @classmethod
    def create(
        cls,
        game: GameName,
        system: System,
        discipline: Discipline = "individual",
        *,
        rounds: int | None = None,
        draw_lots: int | None = None,
        name: str | None = None,
    ) -> Self:
        """A new event without entries. ``draw_lots`` is the seed of a draw of lots that numbers
        the participants when round 1 is paired; without it they keep their entry order.

        >>> Event.create("go", "knockout", rounds=3).config.rounds
        3
        """
        event = cls(game, system, discipline)
        if rounds is not None:
            event = event.set("rounds", str(rounds))
        if draw_lots is not None:
            event = event.set("draw_lots", "yes").set("seed", str(draw_lots))
        if name:
            event = event.set("name", name)
        return event

    def set(self, key: str, text: str) -> Self:
        """The event with setting ``key`` read from ``text`` (empty text: back to the default).

        >>> Event.create("go", "round-robin").set("komi", "7.5").config.komi
        Fraction(15, 2)
        >>> Event.create("toguz", "round-robin").set("komi", "7.5")
        Traceback (most recent call last):
        ...
        arbiter.events.errors.SettingError: komi is a Go setting; this event is toguz
        """
        return change_setting(self, key, text)

    # -- entries --------------------------------------------------------------------------------

    def add_player(self, name: str, **fields: Unpack[EntryFields]) -> tuple[Self, Player]:
        """Enter a player; returns the new event and the player with its number (the fields
        are those of an :class:`~arbiter.events.registration.EntryForm`: ``gender``, ``born``,
        ``club``, ``city``, ``country``, ``title``, ``rank``, ``rating``, ``coach``,
        ``medical``)."""
        return entries.add_player(self, name, **fields)

    def add_pair(
        self, man: str | int, woman: str | int, name: str | None = None
    ) -> tuple[Self, Pair]:
        """Enter a pair-go pair of two entered players (by number or name)."""
        return entries.add_pair(self, man, woman, name)

    def add_team(
        self, name: str, players: Sequence[str | int], reserves: Sequence[str | int] = ()
    ) -> tuple[Self, Team]:
        """Enter a team of entered players, in board order, with reserves."""
        return entries.add_team(self, name, players, reserves)

    def withdraw(
        self, ref: str | int, from_round: int | None = None, *, excluded: bool = False
    ) -> Self:
        """Withdraw a participant from round ``from_round`` on (default: the next round)."""
        return entries.withdraw(self, ref, from_round, excluded=excluded)

    # -- rounds and results ---------------------------------------------------------------------

    def pair_next_round(self) -> Self:
        """Pair the next round with the event's system."""
        return pairing.pair_next_round(self)

    def unpair_last_round(self) -> Self:
        """Remove the last round, which must have no results yet."""
        return pairing.unpair_last_round(self)

    def record_result(
        self,
        round_no: int,
        table: int,
        board: int | None,
        result: str | Result,
        *,
        extra: bool = False,
    ) -> Self:
        """Record (or correct) a result; ``extra`` adds the result of an extra game that breaks
        a drawn knockout meeting."""
        return recording.record_result(self, round_no, table, board, result, extra=extra)

    def warn(self, ref: str | int, round_no: int, reason: str = "") -> Self:
        """Give a player a warning in round ``round_no``, with its consequences."""
        return sanctions.warn(self, ref, round_no, reason)

    def set_lineup(
        self,
        round_no: int,
        team: str | int,
        players: Sequence[str | int | None],
        *,
        override: bool = False,
    ) -> Self:
        """Set a team's players in board order for a round."""
        return teams.set_lineup(self, round_no, team, players, override=override)

    def standings(self, after_round: int | None = None) -> ranking.Standings:
        """The standings after round ``after_round`` (default: every round paired)."""
        return ranking.standings(self, after_round)
