"""The competition: one immutable value holding a whole event, with its invariants and queries.

A :class:`Competition` holds the game (Go or Toguz Korgool), the discipline (individual, pair,
team), the pairing system, the settings, the entries, the rounds with their games and results,
the referees' warnings and team line-ups. It answers questions (who is number 3, which game is
at table 2 of round 1, what are the effective settings) and knows no operation: entering
players, pairing, recording results and the standings are functions in their own modules
that take a competition and return a new one, and :class:`arbiter.events.event.Event` offers
them as methods.

>>> c = Competition("go", "round-robin", players=(Player(1, "Lee", "Chang"),))
>>> c.find("lee chang").no, c.config.komi
(1, Fraction(13, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Self, TypeVar

from arbiter.events.errors import EventError, UnknownEntry
from arbiter.events.participants import Pair, Participant, Player, Team, same_name
from arbiter.events.results import GameName
from arbiter.events.rounds import Game, Round
from arbiter.events.settings import (
    DISCIPLINES,
    GAMES,
    SYSTEMS,
    Config,
    Discipline,
    Settings,
    System,
)
from arbiter.i18n import N_


@dataclass(frozen=True, slots=True)
class DrawOfLots:
    """The draw of lots that numbered the participants when round 1 was paired.

    ``registered[i]`` is the number under which participant ``i + 1`` was entered.
    """

    seed: int
    registered: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Lineup:
    """A team's players in board order for one round; ``None`` leaves a board empty.

    ``override`` records the referee admitting a team with fewer than half its boards filled
    (seed 000 11.3).
    """

    round: int
    team: int
    players: tuple[int | None, ...]
    override: bool = False


@dataclass(frozen=True, slots=True)
class RefereeWarning:
    """A warning to a player in a round (seed 000 12.11; seed 002 3.18)."""

    round: int
    player: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Competition:
    """A competition, from the entries to the last result.

    Participants are ``players`` in individual events, ``pairs`` in pair events and ``teams`` in
    team events (whose members are ``players``). ``seeding`` is the bracket order of a knockout
    system, fixed when round 1 is paired; ``draw`` records the draw of lots.
    """

    game: GameName
    system: System
    discipline: Discipline = "individual"
    settings: Settings = field(default_factory=Settings)
    players: tuple[Player, ...] = ()
    pairs: tuple[Pair, ...] = ()
    teams: tuple[Team, ...] = ()
    rounds: tuple[Round, ...] = ()
    seeding: tuple[int, ...] = ()
    draw: DrawOfLots | None = None
    lineups: tuple[Lineup, ...] = ()
    warnings: tuple[RefereeWarning, ...] = ()

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise EventError(f"unknown game {self.game!r}: expected go or toguz")
        if self.system not in SYSTEMS:
            raise EventError(f"unknown system {self.system!r}: expected {', '.join(SYSTEMS)}")
        if self.discipline not in DISCIPLINES:
            raise EventError(
                f"unknown discipline {self.discipline!r}: expected individual, pair or team"
            )
        if self.discipline == "pair" and self.game != "go":
            raise EventError("pair events are pair go: the game must be go")
        if self.system == "mcmahon" and self.game != "go":
            raise EventError("McMahon is a Go system: use swiss for Toguz Korgool")

    @property
    def config(self) -> Config:
        """The effective settings (defaults included)."""
        return Config(self.settings, self.game, self.system, self.discipline)

    # -- who plays ----------------------------------------------------------------------------

    @property
    def participants(self) -> tuple[Participant, ...]:
        """Whatever is paired in this event, by number."""
        if self.discipline == "team":
            return self.teams
        if self.discipline == "pair":
            return self.pairs
        return self.players

    @property
    def numbers(self) -> tuple[int, ...]:
        """The participants' numbers in order."""
        return tuple(p.no for p in self.participants)

    def participant(self, no: int) -> Participant:
        """The participant numbered ``no``."""
        for p in self.participants:
            if p.no == no:
                return p
        raise UnknownEntry(N_("no participant number {no} in this event"), no=no)

    def player(self, no: int) -> Player:
        """The player numbered ``no``."""
        for p in self.players:
            if p.no == no:
                return p
        raise UnknownEntry(N_("no player number {no} in this event"), no=no)

    def find(self, ref: str | int) -> Participant:
        """The participant with number or exact name ``ref`` (as every command accepts)."""
        return _find(self.participants, ref, self._what())

    def find_player(self, ref: str | int) -> Player:
        """The player with number or exact name ``ref``."""
        found = _find(self.players, ref, "player")
        assert isinstance(found, Player)
        return found

    def _what(self) -> str:
        return {"individual": "player", "pair": "pair", "team": "team"}[self.discipline]

    def name_of(self, no: int) -> str:
        """The printed name of participant ``no``."""
        return self.participant(no).name

    def team_of(self, player_no: int) -> Team | None:
        """The team whose roster holds player ``player_no``."""
        for t in self.teams:
            if player_no in t.members:
                return t
        return None

    def pair_of(self, player_no: int) -> Pair | None:
        """The pair player ``player_no`` belongs to."""
        for p in self.pairs:
            if player_no in p.members:
                return p
        return None

    def active(self, round_no: int) -> tuple[int, ...]:
        """Numbers of the participants who play in round ``round_no``."""
        return tuple(p.no for p in self.participants if p.plays_in(round_no))

    # -- rounds -------------------------------------------------------------------------------

    def round(self, number: int) -> Round:
        """Round ``number`` (1-based), once paired."""
        if not 1 <= number <= len(self.rounds):
            if self.rounds:
                raise UnknownEntry(
                    N_("round {round} is not paired: rounds 1 to {last} are paired"),
                    round=number,
                    last=len(self.rounds),
                )
            raise UnknownEntry(
                N_("round {round} is not paired: no round is paired yet"), round=number
            )
        return self.rounds[number - 1]

    def game_at(self, round_no: int, table: int, board: int | None = None) -> Game:
        """The game at ``table`` (and ``board``) of round ``round_no``."""
        rnd = self.round(round_no)
        if self.discipline == "team" and board is None:
            boards = sorted(
                {g.board for g in rnd.games if g.table == table and g.board is not None}
            )
            if len(boards) > 1:
                raise UnknownEntry(
                    f"round {round_no} table {table} is a team match: "
                    f"give --board (1 to {max(boards)})"
                )
            board = boards[0] if boards else None
        found = rnd.game(table, board)
        if found is None:
            where = f"table {table}" + (f" board {board}" if board is not None else "")
            tables = ", ".join(str(t) for t in rnd.tables) or "none"
            raise UnknownEntry(
                N_("round {round} has no game at {where} (tables: {tables})"),
                round=round_no,
                where=where,
                tables=tables,
            )
        return found

    def with_round(self, rnd: Round) -> Self:
        """The event with round ``rnd.number`` replaced (or appended when it is the next)."""
        if rnd.number == len(self.rounds) + 1:
            return replace(self, rounds=(*self.rounds, rnd))
        rounds = tuple(rnd if r.number == rnd.number else r for r in self.rounds)
        return replace(self, rounds=rounds)

    def with_game(self, game: Game) -> Self:
        """The event with ``game`` replacing the game of the same identity."""
        return self.with_round(self.round(game.round).replace_game(game))

    def games(self, upto: int | None = None) -> Iterable[Game]:
        """Every game of rounds 1 to ``upto`` (all rounds by default)."""
        for rnd in self.rounds[: upto if upto is not None else len(self.rounds)]:
            yield from rnd.games

    def lineup(self, round_no: int, team: int) -> Lineup | None:
        """The line-up team ``team`` gave for round ``round_no``, if any."""
        for lu in self.lineups:
            if lu.round == round_no and lu.team == team:
                return lu
        return None


def _find(items: Sequence[Participant], ref: str | int, what: str) -> Participant:
    if isinstance(ref, int) or (isinstance(ref, str) and ref.strip().isdecimal()):
        no = int(ref)
        for p in items:
            if p.no == no:
                return p
        raise UnknownEntry(_NO_NUMBER[what], no=no)
    text = str(ref).strip()
    matches = [p for p in items if same_name(p.name, text)]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        numbers = ", ".join(str(p.no) for p in matches)
        raise UnknownEntry(
            N_("{count} entries are named {name!r} (numbers {numbers}): use the number"),
            count=len(matches),
            name=text,
            numbers=numbers,
        )
    raise UnknownEntry(_NO_NAME[what], name=text)


#: A competition of any class: operations typed with it return the class they were given, so
#: that the façade :class:`~arbiter.events.event.Event` stays an ``Event`` through them.
E = TypeVar("E", bound=Competition)


#: "No such entry" by number and by name, for each kind of entry.
_NO_NUMBER = {
    "player": N_("no player number {no} in this event"),
    "pair": N_("no pair number {no} in this event"),
    "team": N_("no team number {no} in this event"),
}
_NO_NAME = {
    "player": N_("no player named {name!r} in this event"),
    "pair": N_("no pair named {name!r} in this event"),
    "team": N_("no team named {name!r} in this event"),
}
