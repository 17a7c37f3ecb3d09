"""Rounds, games and byes as values.

A game is identified by ``(round, table, board)``: ``board`` is the board within a team match
and ``None`` in individual and pair events. ``black`` and ``white`` are participant numbers
(team numbers in team events; the players on the board are ``black_player`` and
``white_player``). Who moves first follows the game: Black in Go, White in Toguz Korgool.

A bye is a round in which a participant has no game: ``rest`` (round robin or Scheveningen,
odd numbers: no game was scheduled, no points), ``advance`` (a knockout bye: the participant
goes on without a game), ``bye`` (a pairing bye in Swiss or McMahon, worth the event's bye
value), ``half`` and ``zero`` (byes the participant asked for), ``absent`` (not entered yet or
withdrawn: no points).

>>> g = Game(1, 2, None, black=3, white=5)
>>> g.key, g.participants, g.finished
((1, 2, None), (3, 5), False)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from arbiter.events.results import Result, Side

ByeKind = Literal["rest", "advance", "bye", "half", "zero", "absent"]
BYE_KINDS: tuple[ByeKind, ...] = ("rest", "advance", "bye", "half", "zero", "absent")

GameKey = tuple[int, int, int | None]


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a round.

    ``extra`` holds the results of extra games played to break a drawn knockout meeting (seed
    000 10.2; spec: the referee enters them), written with this game's colours. ``slot`` names
    the bracket match in knockout systems (``W2-1``: winners' bracket, round 2, match 1).
    """

    round: int
    table: int
    board: int | None
    black: int
    white: int
    black_player: int | None = None
    white_player: int | None = None
    handicap: int = 0
    komi: Fraction | None = None
    result: Result | None = None
    extra: tuple[Result, ...] = ()
    slot: str | None = None

    @property
    def key(self) -> GameKey:
        """The game's identity in the event: round, table, board."""
        return (self.round, self.table, self.board)

    @property
    def participants(self) -> tuple[int, int]:
        """Black's and White's participant numbers."""
        return (self.black, self.white)

    @property
    def finished(self) -> bool:
        """Whether a result (final or provisional) is recorded."""
        return self.result is not None

    def side_of(self, participant: int) -> Side:
        """The colour ``participant`` plays in this game."""
        if participant == self.black:
            return "black"
        if participant == self.white:
            return "white"
        raise ValueError(f"participant {participant} does not play in game {self.key}")

    def opponent_of(self, participant: int) -> int:
        """The other participant of the game."""
        return self.white if self.side_of(participant) == "black" else self.black

    def participant_of(self, side: Side) -> int:
        """The participant playing ``side``."""
        return self.black if side == "black" else self.white

    def player_of(self, side: Side) -> int | None:
        """The player on this board playing ``side`` (team events)."""
        return self.black_player if side == "black" else self.white_player

    def with_result(self, result: Result | None) -> Game:
        """The same game with ``result`` recorded."""
        return replace(self, result=result)


@dataclass(frozen=True, slots=True)
class Bye:
    """A round without a game for participant ``no``, worth ``points``."""

    no: int
    kind: ByeKind
    points: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class Round:
    """Round ``number``: its games (in table and board order) and byes."""

    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()

    @property
    def unfinished(self) -> tuple[Game, ...]:
        """Games without a result (neither final nor provisional)."""
        return tuple(g for g in self.games if g.result is None)

    @property
    def tables(self) -> tuple[int, ...]:
        """The table numbers used, in order."""
        return tuple(sorted({g.table for g in self.games}))

    def game(self, table: int, board: int | None = None) -> Game | None:
        """The game at ``table`` (and ``board`` in team events), if any."""
        for g in self.games:
            if g.table == table and g.board == board:
                return g
        return None

    def games_of(self, participant: int) -> tuple[Game, ...]:
        """The games ``participant`` plays in this round."""
        return tuple(g for g in self.games if participant in (g.black, g.white))

    def bye_of(self, participant: int) -> Bye | None:
        """``participant``'s bye in this round, if any."""
        for b in self.byes:
            if b.no == participant:
                return b
        return None

    def replace_game(self, game: Game) -> Round:
        """The round with ``game`` replacing the game of the same table and board."""
        games = tuple(game if g.key == game.key else g for g in self.games)
        return replace(self, games=games)
