"""The event: one immutable value holding a whole competition.

An :class:`Event` holds the game (Go or Toguz Korgool), the discipline (individual, pair, team),
the pairing system, the settings, the entries, the rounds with their games and results, the
referees' warnings and team line-ups. Every operation returns a new event; nothing is changed
in place, so a failed operation leaves the previous event as it was.

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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING

from arbiter.events.errors import EventError, SettingError, UnknownEntry
from arbiter.events.participants import Pair, Participant, Player, Team, same_name
from arbiter.events.results import GameName, Result
from arbiter.events.rounds import Game, Round
from arbiter.events.settings import (
    DISCIPLINES,
    GAMES,
    SYSTEMS,
    Config,
    Discipline,
    Settings,
    System,
    spec,
)
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.events.standings import Standings

#: Settings that shape the pairings: fixed once round 1 is paired.
FIXED_AFTER_START = frozenset(
    {
        "seeding",
        "third_place",
        "consolation",
        "full_placement",
        "groups",
        "boards",
        "draw_lots",
        "seed",
        "pair_composition",
    }
)


RULESETS: dict[str, tuple[str, ...]] = {
    "go": ("japanese", "chinese"),
    "toguz": ("toguz", "bestemshe"),
}


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
class Event:
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
    ) -> Event:
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

    @property
    def config(self) -> Config:
        """The effective settings (defaults included)."""
        return Config(self.settings, self.game, self.system, self.discipline)

    def set(self, key: str, text: str) -> Event:
        """The event with setting ``key`` read from ``text`` (empty text: back to the default).

        >>> Event.create("go", "round-robin").set("komi", "7.5").config.komi
        Fraction(15, 2)
        >>> Event.create("toguz", "round-robin").set("komi", "7.5")
        Traceback (most recent call last):
        ...
        arbiter.events.errors.SettingError: komi is a Go setting; this event is toguz
        """
        s = spec(key)
        if self.game not in s.games:
            owner = "a Go" if s.games == ("go",) else "a Toguz Korgool"
            raise SettingError(f"{s.key} is {owner} setting; this event is {self.game}")
        if self.rounds and s.key in FIXED_AFTER_START:
            raise SettingError(N_("{key} cannot change once round 1 is paired"), key=s.key)
        settings = self.settings.with_text(s.key, text)
        ruleset = settings.get("ruleset")
        if s.key == "ruleset" and ruleset is not None and ruleset not in RULESETS[self.game]:
            raise SettingError(
                f"ruleset of a {self.game} event: {' or '.join(RULESETS[self.game])}"
            )
        event = replace(self, settings=settings)
        chosen = event.config.rounds
        if s.key == "rounds" and chosen is not None and chosen < len(self.rounds):
            raise SettingError(f"{len(self.rounds)} rounds are already paired")
        if s.key in ("age_category", "gender", "start"):
            from arbiter.events.entries import check_admission

            for player in self.players:
                check_admission(event, player)
        return event

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

    def with_round(self, rnd: Round) -> Event:
        """The event with round ``rnd.number`` replaced (or appended when it is the next)."""
        if rnd.number == len(self.rounds) + 1:
            return replace(self, rounds=(*self.rounds, rnd))
        rounds = tuple(rnd if r.number == rnd.number else r for r in self.rounds)
        return replace(self, rounds=rounds)

    def with_game(self, game: Game) -> Event:
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

    # -- operations (each returns a new event) --------------------------------------------------

    def add_player(
        self,
        name: str,
        *,
        gender: str | None = None,
        born: date | str | None = None,
        club: str = "",
        city: str = "",
        country: str = "",
        title: str = "",
        rank: str | None = None,
        rating: int | str | None = None,
        coach: str = "",
        medical: bool | None = None,
    ) -> tuple[Event, Player]:
        """Enter a player; returns the new event and the player with its number."""
        from arbiter.events.entries import add_player

        return add_player(
            self,
            name,
            gender=gender,
            born=born,
            club=club,
            city=city,
            country=country,
            title=title,
            rank=rank,
            rating=rating,
            coach=coach,
            medical=medical,
        )

    def add_pair(
        self, man: str | int, woman: str | int, name: str | None = None
    ) -> tuple[Event, Pair]:
        """Enter a pair-go pair of two entered players (by number or name)."""
        from arbiter.events.entries import add_pair

        return add_pair(self, man, woman, name)

    def add_team(
        self, name: str, players: Sequence[str | int], reserves: Sequence[str | int] = ()
    ) -> tuple[Event, Team]:
        """Enter a team of entered players, in board order, with reserves."""
        from arbiter.events.entries import add_team

        return add_team(self, name, players, reserves)

    def withdraw(
        self, ref: str | int, from_round: int | None = None, *, excluded: bool = False
    ) -> Event:
        """Withdraw a participant from round ``from_round`` on (default: the next round)."""
        from arbiter.events.entries import withdraw

        return withdraw(self, ref, from_round, excluded=excluded)

    def pair_next_round(self) -> Event:
        """Pair the next round with the event's system."""
        from arbiter.events.pairing import pair_next_round

        return pair_next_round(self)

    def unpair_last_round(self) -> Event:
        """Remove the last round, which must have no results yet."""
        from arbiter.events.pairing import unpair_last_round

        return unpair_last_round(self)

    def record_result(
        self,
        round_no: int,
        table: int,
        board: int | None,
        result: str | Result,
        *,
        extra: bool = False,
    ) -> Event:
        """Record (or correct) a result; ``extra`` adds the result of an extra game that breaks
        a drawn knockout meeting."""
        from arbiter.events.recording import record_result

        return record_result(self, round_no, table, board, result, extra=extra)

    def warn(self, ref: str | int, round_no: int, reason: str = "") -> Event:
        """Give a player a warning in round ``round_no``, with its consequences."""
        from arbiter.events.sanctions import warn

        return warn(self, ref, round_no, reason)

    def set_lineup(
        self,
        round_no: int,
        team: str | int,
        players: Sequence[str | int | None],
        *,
        override: bool = False,
    ) -> Event:
        """Set a team's players in board order for a round."""
        from arbiter.events.teams import set_lineup

        return set_lineup(self, round_no, team, players, override=override)

    def standings(self, after_round: int | None = None) -> Standings:
        """The standings after round ``after_round`` (default: every round paired)."""
        from arbiter.events.standings import standings

        return standings(self, after_round)


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
