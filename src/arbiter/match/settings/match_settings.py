"""Everything a match is created with: the game, the time control, the conduct rules, the
players and the record's tags; its JSON form is what a server stores with the log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.clock import Side, TimeControl, TimeControlError
from arbiter.errors import ArbiterError
from arbiter.games.go import Rules
from arbiter.match.settings.checks import SettingsError, need
from arbiter.match.settings.conduct import GoConduct, ToguzConduct
from arbiter.match.settings.games import GameKind, GoGame, Placement, ToguzGame
from arbiter.match.settings.players import Player, players_of


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
        need(
            isinstance(self.game, ToguzGame | GoGame), f"game must be Toguz or Go, not {self.game}"
        )
        need(
            isinstance(self.time_control, TimeControl),
            f"time_control must be a TimeControl, not {self.time_control!r}",
        )
        wanted = ToguzConduct if isinstance(self.game, ToguzGame) else GoConduct
        need(
            isinstance(self.conduct, wanted),
            f"a {self.kind} match takes {wanted.__name__}, not {type(self.conduct).__name__}",
        )
        pair = isinstance(self.game, GoGame) and self.game.pair
        object.__setattr__(self, "black", players_of(self.black, "Black", pair))
        object.__setattr__(self, "white", players_of(self.white, "White", pair))
        for name in ("event", "round", "date", "site"):
            need(isinstance(getattr(self, name), str), f"{name} must be text")

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
            players_of(black, "Black", False),
            players_of(white, "White", False),
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
        handicap_placement: Placement = "fixed",
        black: str | Player | Sequence[Player] | None = None,
        white: str | Player | Sequence[Player] | None = None,
        conduct: GoConduct | None = None,
        event: str = "",
        round: str = "",
        date: str = "",
        site: str = "",
    ) -> MatchSettings:
        """A Go match (``rules`` are :class:`arbiter.games.go.Rules`, Japanese by default;
        ``handicap_placement`` ``"free"`` lets Black place the stones, Chinese rules only)."""
        return cls(
            GoGame(size, rules or Rules(), handicap, pair, handicap_placement),
            _control(time_control),
            conduct or GoConduct(),
            players_of(black, "Black", pair),
            players_of(white, "White", pair),
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
        Black in even Go games (spec clocks-and-online.md) and while Black places free
        handicap stones (they are Black's time, like a move)."""
        if isinstance(self.game, ToguzGame):
            return self.game.first
        if self.game.handicap_placement == "free":
            return "black"
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
            if self.game.handicap_placement != "fixed":
                doc["handicap_placement"] = self.game.handicap_placement
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
        need(isinstance(doc, dict), f"match settings are an object, not {doc!r}")
        kind = doc.get("game")
        need(kind in ("toguz", "go"), f'"game" must be "toguz" or "go", not {kind!r}')
        known = {"game", "time_control", "conduct", "black", "white"}
        known |= {"event", "round", "date", "site"}
        if kind == "toguz":
            known |= {"variant", "first", "start"}
        else:
            known |= {"size", "rules", "handicap", "pair", "handicap_placement"}
        unknown = set(doc) - known
        need(not unknown, f"match settings have no field {sorted(unknown)[0]!r}" if unknown else "")
        need(isinstance(doc.get("time_control"), str), '"time_control" must be text such as "60m"')
        conduct_doc = doc.get("conduct", {})
        need(isinstance(conduct_doc, dict), '"conduct" must be an object')
        conduct_cls = ToguzConduct if kind == "toguz" else GoConduct
        names = {f.name for f in dataclasses.fields(conduct_cls)}
        bad = set(conduct_doc) - names
        need(not bad, f"{conduct_cls.__name__} has no setting {sorted(bad)[0]!r}" if bad else "")
        conduct: ToguzConduct | GoConduct = conduct_cls(**conduct_doc)
        players = {}
        for side in ("black", "white"):
            raw = doc.get(side, [])
            need(isinstance(raw, list), f'"{side}" must be a list of players')
            players[side] = tuple(Player.from_json(p) for p in raw)
        game: ToguzGame | GoGame
        if kind == "toguz":
            game = ToguzGame(
                doc.get("variant", "toguz"), doc.get("first", "white"), doc.get("start")
            )
        else:
            raw_rules = doc.get("rules", {})
            need(isinstance(raw_rules, dict), '"rules" must be an object')
            try:
                rules = Rules(**raw_rules)
            except TypeError as exc:
                raise SettingsError(f"Go rules: {exc}") from None
            except ArbiterError as exc:
                raise SettingsError(str(exc)) from None
            game = GoGame(
                doc.get("size", 19),
                rules,
                doc.get("handicap", 0),
                doc.get("pair", False),
                doc.get("handicap_placement", "fixed"),
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
