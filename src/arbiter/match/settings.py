"""What a match is played with: the game and its options, the time control, the players and
the conduct rules, all immutable and JSON-serialisable.

>>> s = MatchSettings.toguz(white="Asanov Bakyt", black="Toktogulov Nurlan")
>>> str(s.time_control), s.conduct.max_draw_offers, s.first
('60m', 3, 'white')
>>> MatchSettings.from_json(s.to_json()) == s
True
>>> g = MatchSettings.go("60m+3x30s", size=19, handicap=2)
>>> g.first, g.conduct.warnings_to_forfeit
('white', 2)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from arbiter.clock import Side, TimeControl, TimeControlError
from arbiter.errors import ArbiterError
from arbiter.games.go import MAX_SIZE, MIN_SIZE, Rules, max_fixed_handicap
from arbiter.games.toguz import Position
from arbiter.match.actors import Role
from arbiter.match.errors import ActionError

__all__ = [
    "GameKind",
    "GoConduct",
    "GoGame",
    "MatchSettings",
    "Player",
    "SettingsError",
    "ToguzConduct",
    "ToguzGame",
]

GameKind: TypeAlias = Literal["toguz", "go"]


class SettingsError(ActionError):
    """Match settings that do not make sense; the message names the problem."""


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SettingsError(message)


def _opt_seconds(value: object, what: str) -> None:
    _need(
        value is None
        or (
            not isinstance(value, bool)
            and isinstance(value, int | float)
            and math.isfinite(value)
            and value >= 0
        ),
        f"{what} must be a number of seconds ≥ 0 or null, not {value!r}",
    )


def _opt_count(value: object, what: str, least: int) -> None:
    _need(
        value is None
        or (not isinstance(value, bool) and isinstance(value, int) and value >= least),
        f"{what} must be a whole number ≥ {least} or null, not {value!r}",
    )


def _bool(value: object, what: str) -> None:
    _need(isinstance(value, bool), f"{what} must be true or false, not {value!r}")


@dataclass(frozen=True, slots=True)
class ToguzConduct:
    """The conduct rules of a Toguz Korgool game (seed 000), as event settings.

    - ``max_draw_offers``: draw offers per player per game (8.2); one more gives the opponent
      the right to claim the game.
    - ``repetitions``: how many times a position must have stood on the board (the current time
      included) for the repetition draw to be claimed (Chylymov's position, 3.7, 8.4): 2, a
      position that recurs (see docs/referee.md).
    - ``move_cap``: full moves after which a referee may adjudicate (``None``: no cap).
    - ``completion_grace``: seconds after a flag falls in which a move still arrives as the
      "move in progress" that is completed before the flag is judged (6.6).
    - ``late_forfeit``: the late-arrival forfeit applies (3.9, 12.13); ``late_limit`` replaces
      its limit of half the main time plus 30 seconds.
    - ``reset_when_both_absent``: the Go rule of seed 002 2.6.4 also in Toguz Korgool (off: the
      Toguz code has no such rule).
    - ``warnings_to_forfeit``: warnings in one game that lose it (``None``: warnings count across
      the event, 12.11, which the event keeps).
    """

    max_draw_offers: int = 3
    repetitions: int = 2
    move_cap: int | None = None
    completion_grace: float = 2.0
    late_forfeit: bool = True
    late_limit: float | None = None
    reset_when_both_absent: bool = False
    warnings_to_forfeit: int | None = None

    def __post_init__(self) -> None:
        _opt_count(self.max_draw_offers, "max_draw_offers", 0)
        _need(self.max_draw_offers is not None, "max_draw_offers must be a whole number ≥ 0")
        _opt_count(self.repetitions, "repetitions", 2)
        _need(self.repetitions is not None, "repetitions must be a whole number ≥ 2")
        _opt_count(self.move_cap, "move_cap", 1)
        _opt_seconds(self.completion_grace, "completion_grace")
        _need(self.completion_grace is not None, "completion_grace must be a number of seconds")
        object.__setattr__(self, "completion_grace", float(self.completion_grace))
        _bool(self.late_forfeit, "late_forfeit")
        _opt_seconds(self.late_limit, "late_limit")
        if self.late_limit is not None:
            object.__setattr__(self, "late_limit", float(self.late_limit))
        _bool(self.reset_when_both_absent, "reset_when_both_absent")
        _opt_count(self.warnings_to_forfeit, "warnings_to_forfeit", 1)


@dataclass(frozen=True, slots=True)
class GoConduct:
    """The conduct rules of a Go game (seed 002 2.5–2.7, 3.18), as event settings.

    - ``warnings_to_forfeit``: the warning that loses the game by forfeit (3.18.2: the second).
    - ``late_forfeit``: the late-arrival forfeit applies (2.6); ``late_limit`` replaces its limit
      (half the main time, at most one hour).
    - ``reset_when_both_absent``: both players absent at the start: when one arrives the clocks
      restart with both main times reduced by half the time elapsed (2.6.4).
    - ``extra_period_penalty``: points taken for each Canadian extra period used (2.5.5).
    """

    warnings_to_forfeit: int | None = 2
    late_forfeit: bool = True
    late_limit: float | None = None
    reset_when_both_absent: bool = True
    extra_period_penalty: float = 0.0

    def __post_init__(self) -> None:
        _opt_count(self.warnings_to_forfeit, "warnings_to_forfeit", 1)
        _bool(self.late_forfeit, "late_forfeit")
        _opt_seconds(self.late_limit, "late_limit")
        if self.late_limit is not None:
            object.__setattr__(self, "late_limit", float(self.late_limit))
        _bool(self.reset_when_both_absent, "reset_when_both_absent")
        p = self.extra_period_penalty
        _need(
            not isinstance(p, bool) and isinstance(p, int | float) and math.isfinite(p) and p >= 0,
            f"extra_period_penalty must be a number of points ≥ 0, not {p!r}",
        )
        object.__setattr__(self, "extra_period_penalty", float(p))


@dataclass(frozen=True, slots=True)
class Player:
    """A player of the match: name, and if known a Go rank (``"3d"``) or a rating; in pair go
    the ``role`` in the pair."""

    name: str = ""
    rank: str = ""
    rating: int | None = None
    role: Role | None = None

    def __post_init__(self) -> None:
        _need(isinstance(self.name, str), f"a player's name is text, not {self.name!r}")
        _need(isinstance(self.rank, str), f"a player's rank is text, not {self.rank!r}")
        _opt_count(self.rating, "rating", 0)
        _need(
            self.role in (None, "man", "woman"),
            f"a player's role is 'man' or 'woman', not {self.role!r}",
        )

    def to_json(self) -> dict[str, Any]:
        """The fields that are set."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) not in (None, "")
        }

    @classmethod
    def from_json(cls, doc: Any) -> Player:
        """Read a player object (or a bare name)."""
        if isinstance(doc, str):
            return cls(doc)
        _need(isinstance(doc, dict), f"a player is an object or a name, not {doc!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(doc) - names
        _need(not unknown, f"a player has no field {sorted(unknown)[0]!r}" if unknown else "")
        return cls(**doc)


@dataclass(frozen=True, slots=True)
class ToguzGame:
    """Toguz Korgool (or Bestemshe) with ``first`` to move (White by default, seed 000 6.3);
    ``start``, a position string (FEN, docs/toguz.md), plays on from a set position instead
    (its variant and side to move then apply)."""

    variant: str = "toguz"
    first: Side = "white"
    start: str | None = None

    def __post_init__(self) -> None:
        _need(
            self.variant in ("toguz", "bestemshe"),
            f"unknown variant {self.variant!r}: toguz or bestemshe",
        )
        _need(self.first in ("black", "white"), f"first must be black or white, not {self.first!r}")
        if self.start is not None:
            _need(
                isinstance(self.start, str), f"start must be a position string, not {self.start!r}"
            )
            try:
                pos = Position.from_fen(self.start)
            except ArbiterError as exc:
                raise SettingsError(f"start position: {exc}") from None
            _need(not pos.is_over, "the start position is already decided")
            object.__setattr__(self, "variant", pos.variant.name)
            object.__setattr__(self, "first", pos.to_move)

    def position(self) -> Position:
        """The position the game starts from."""
        if self.start is not None:
            return Position.from_fen(self.start)
        return Position.initial(self.variant, first=self.first)


@dataclass(frozen=True, slots=True)
class GoGame:
    """Go: board ``size``, ``rules`` (an :class:`arbiter.games.go.Rules`), fixed ``handicap``
    stones, ``pair`` go (seed 004)."""

    size: int = 19
    rules: Rules = dataclasses.field(default_factory=Rules)
    handicap: int = 0
    pair: bool = False

    def __post_init__(self) -> None:
        _need(
            not isinstance(self.size, bool)
            and isinstance(self.size, int)
            and MIN_SIZE <= self.size <= MAX_SIZE,
            f"the board size is {MIN_SIZE} to {MAX_SIZE}, not {self.size!r}",
        )
        _need(isinstance(self.rules, Rules), f"rules must be Go Rules, not {self.rules!r}")
        _opt_count(self.handicap, "handicap", 0)
        most = max_fixed_handicap(self.size)
        _need(
            self.handicap <= most,
            f"a {self.size}×{self.size} board takes at most {most} handicap stones",
        )
        _bool(self.pair, "pair")


def _players(value: object, side: str, pair: bool) -> tuple[Player, ...]:
    if value is None:
        value = ()
    if isinstance(value, str | Player):
        value = (value,)
    _need(isinstance(value, Sequence), f"{side}'s players must be a list, not {value!r}")
    assert isinstance(value, Sequence)
    players = tuple(p if isinstance(p, Player) else Player(str(p)) for p in value)
    if pair:
        roles = sorted(str(p.role) for p in players)
        _need(
            not players or roles == ["man", "woman"],
            f"in pair go {side} is a man and a woman (give each player's role)",
        )
        players = tuple(sorted(players, key=lambda p: p.role != "man"))
    else:
        _need(len(players) <= 1, f"{side} has one player (pair go has two)")
        _need(all(p.role is None for p in players), "roles are for pair go")
    return players


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """Everything a match is created with (the server stores it with the log).

    Build one with :meth:`toguz` or :meth:`go`. ``black`` and ``white`` hold the players (one
    each; in pair go the man, then the woman; empty when unnamed).
    """

    game: ToguzGame | GoGame
    time_control: TimeControl
    conduct: ToguzConduct | GoConduct
    black: tuple[Player, ...] = ()
    white: tuple[Player, ...] = ()
    event: str = ""
    round: str = ""
    date: str = ""
    site: str = ""

    def __post_init__(self) -> None:
        _need(
            isinstance(self.game, ToguzGame | GoGame), f"game must be Toguz or Go, not {self.game}"
        )
        _need(
            isinstance(self.time_control, TimeControl),
            f"time_control must be a TimeControl, not {self.time_control!r}",
        )
        wanted = ToguzConduct if isinstance(self.game, ToguzGame) else GoConduct
        _need(
            isinstance(self.conduct, wanted),
            f"a {self.kind} match takes {wanted.__name__}, not {type(self.conduct).__name__}",
        )
        pair = isinstance(self.game, GoGame) and self.game.pair
        object.__setattr__(self, "black", _players(self.black, "Black", pair))
        object.__setattr__(self, "white", _players(self.white, "White", pair))
        for name in ("event", "round", "date", "site"):
            _need(isinstance(getattr(self, name), str), f"{name} must be text")

    # ----- construction

    @classmethod
    def toguz(
        cls,
        time_control: str | TimeControl = "60m",
        *,
        white: str | Player | Sequence[Player] | None = None,
        black: str | Player | Sequence[Player] | None = None,
        conduct: ToguzConduct | None = None,
        variant: str = "toguz",
        first: Side = "white",
        start: str | None = None,
        event: str = "",
        round: str = "",
        date: str = "",
        site: str = "",
    ) -> MatchSettings:
        """A Toguz Korgool match: 1 hour each by default (seed 000 9.3)."""
        return cls(
            ToguzGame(variant, first, start),
            _control(time_control),
            conduct or ToguzConduct(),
            _players(black, "Black", False),
            _players(white, "White", False),
            event,
            round,
            date,
            site,
        )

    @classmethod
    def go(
        cls,
        time_control: str | TimeControl,
        *,
        size: int = 19,
        rules: Rules | None = None,
        handicap: int = 0,
        pair: bool = False,
        black: str | Player | Sequence[Player] | None = None,
        white: str | Player | Sequence[Player] | None = None,
        conduct: GoConduct | None = None,
        event: str = "",
        round: str = "",
        date: str = "",
        site: str = "",
    ) -> MatchSettings:
        """A Go match (``rules`` are :class:`arbiter.games.go.Rules`, Japanese by default)."""
        return cls(
            GoGame(size, rules or Rules(), handicap, pair),
            _control(time_control),
            conduct or GoConduct(),
            _players(black, "Black", pair),
            _players(white, "White", pair),
            event,
            round,
            date,
            site,
        )

    # ----- reading

    @property
    def kind(self) -> GameKind:
        """``"toguz"`` or ``"go"``."""
        return "toguz" if isinstance(self.game, ToguzGame) else "go"

    @property
    def pair(self) -> bool:
        """Whether this is a pair-go game."""
        return isinstance(self.game, GoGame) and self.game.pair

    @property
    def first(self) -> Side:
        """The side whose clock the start runs: White in Toguz Korgool and in handicap Go,
        Black in even Go games (spec clocks-and-online.md)."""
        if isinstance(self.game, ToguzGame):
            return self.game.first
        return "white" if self.game.handicap >= 2 else "black"

    def players(self, side: Side) -> tuple[Player, ...]:
        """The players of ``side``."""
        return self.black if side == "black" else self.white

    # ----- JSON

    def to_json(self) -> dict[str, Any]:
        """The JSON form (see docs/referee.md)."""
        doc: dict[str, Any] = {"game": self.kind}
        if isinstance(self.game, ToguzGame):
            doc.update(variant=self.game.variant, first=self.game.first)
            if self.game.start is not None:
                doc["start"] = self.game.start
        else:
            rules = self.game.rules
            doc.update(
                size=self.game.size,
                rules={
                    "scoring": rules.scoring,
                    "ko": rules.ko,
                    "komi": rules.komi,
                    "white_wins_ties": rules.white_wins_ties,
                    "handicap_compensation": rules.handicap_compensation,
                },
                handicap=self.game.handicap,
                pair=self.game.pair,
            )
        doc["time_control"] = str(self.time_control)
        doc["conduct"] = dataclasses.asdict(self.conduct)
        doc["black"] = [p.to_json() for p in self.black]
        doc["white"] = [p.to_json() for p in self.white]
        for name in ("event", "round", "date", "site"):
            if getattr(self, name):
                doc[name] = getattr(self, name)
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> MatchSettings:
        """Read the JSON form; :class:`SettingsError` names what is wrong."""
        _need(isinstance(doc, dict), f"match settings are an object, not {doc!r}")
        kind = doc.get("game")
        _need(kind in ("toguz", "go"), f'"game" must be "toguz" or "go", not {kind!r}')
        known = {"game", "time_control", "conduct", "black", "white"}
        known |= {"event", "round", "date", "site"}
        if kind == "toguz":
            known |= {"variant", "first", "start"}
        else:
            known |= {"size", "rules", "handicap", "pair"}
        unknown = set(doc) - known
        _need(
            not unknown, f"match settings have no field {sorted(unknown)[0]!r}" if unknown else ""
        )
        _need(isinstance(doc.get("time_control"), str), '"time_control" must be text such as "60m"')
        conduct_doc = doc.get("conduct", {})
        _need(isinstance(conduct_doc, dict), '"conduct" must be an object')
        conduct_cls = ToguzConduct if kind == "toguz" else GoConduct
        names = {f.name for f in dataclasses.fields(conduct_cls)}
        bad = set(conduct_doc) - names
        _need(not bad, f"{conduct_cls.__name__} has no setting {sorted(bad)[0]!r}" if bad else "")
        conduct: ToguzConduct | GoConduct = conduct_cls(**conduct_doc)
        players = {}
        for side in ("black", "white"):
            raw = doc.get(side, [])
            _need(isinstance(raw, list), f'"{side}" must be a list of players')
            players[side] = tuple(Player.from_json(p) for p in raw)
        game: ToguzGame | GoGame
        if kind == "toguz":
            game = ToguzGame(
                doc.get("variant", "toguz"), doc.get("first", "white"), doc.get("start")
            )
        else:
            raw_rules = doc.get("rules", {})
            _need(isinstance(raw_rules, dict), '"rules" must be an object')
            try:
                rules = Rules(**raw_rules)
            except TypeError as exc:
                raise SettingsError(f"Go rules: {exc}") from None
            except ArbiterError as exc:
                raise SettingsError(str(exc)) from None
            game = GoGame(
                doc.get("size", 19), rules, doc.get("handicap", 0), doc.get("pair", False)
            )
        return cls(
            game,
            _control(doc["time_control"]),
            conduct,
            players["black"],
            players["white"],
            *(str(doc.get(name, "")) for name in ("event", "round", "date", "site")),
        )


def _control(value: str | TimeControl) -> TimeControl:
    if isinstance(value, TimeControl):
        return value
    try:
        return TimeControl.parse(value)
    except TimeControlError as exc:
        raise SettingsError(str(exc)) from None
