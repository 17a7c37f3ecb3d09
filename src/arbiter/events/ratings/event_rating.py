"""Rating a finished event: the EGF rating (GoR) for Go, Glicko-2 per speed class for Toguz
Korgool.

Only games actually played are rated: a win or loss by forfeit (``+-``, ``-+``), a double
forfeit, a ``Void`` game and a bye are not (a game lost during play, ``B+F``, was played and
is). Every game is rated from the ratings the players had before the event.

- **Go** (:func:`rate_go_event`): the whole event is one EGF tournament (all games from the
  ratings before it, the change weighted by the class). The class comes from the event's time
  control (:func:`~arbiter.events.ratings.egf.control_class`; the ``online`` setting makes it D).
  A player's rating before is the one given in ``before`` (the rating list), else the rating on
  their entry, else the EGF rating of their rank (1d = 2100, 100 a grade).
- **Toguz Korgool** (:func:`rate_toguz_event`): the event is one Glicko-2 rating period in its
  speed class (bullet, blitz, rapid, classical, from the time control). A player not in ``before``
  starts at the rating on their entry (else 1500) with the newcomer's deviation, 350.

>>> from arbiter.events import Event
>>> e = Event.create("go", "round-robin", name="Club").set("time_control", "60m+3x30s")
>>> for name, rank in (("Kim Ji", "2d"), ("Lee Su", "2d")):
...     e, _ = e.add_player(name, rank=rank)
>>> e = e.pair_next_round()
>>> e = e.record_result(1, 1, None, "B+R")
>>> rated = rate_go_event(e)
>>> rated.system, rated.cls, [(c.no, round(c.before), round(c.after, 3)) for c in rated.changes]
('egf', 'A', [(1, 2200, 2207.948), (2, 2200, 2192.652)])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from arbiter.clock import TimeControl, TimeControlError
from arbiter.events.competition import Competition
from arbiter.events.ratings.egf import EgfGame, control_class, egf_update
from arbiter.events.ratings.glicko2 import Glicko2Rating, GlickoGame, RatingError, speed_class
from arbiter.events.rounds import Game
from arbiter.i18n import N_

__all__ = [
    "SPEED_CLASSES",
    "SYSTEMS",
    "EgfChange",
    "EventRating",
    "GlickoChange",
    "RatingChange",
    "rate_event",
    "rate_go_event",
    "rate_toguz_event",
    "rated_games",
    "rating_system",
]

SPEED_CLASSES = ("bullet", "blitz", "rapid", "classical")
#: The rating lists: the EGF's for Go, and Glicko-2 per speed class for Toguz Korgool.
SYSTEMS = ("egf", *(f"toguz-{speed}" for speed in SPEED_CLASSES))


R = TypeVar("R", float, Glicko2Rating)
G = TypeVar("G", EgfGame, GlickoGame)


@dataclass(frozen=True, slots=True)
class RatingChange(Generic[R]):
    """A player's rating before and after the event, from ``games`` rated games; ``source``
    says where the rating before came from: ``list`` (the rating list), ``entry`` (the
    entry's rating), ``rank`` (Go: the rank's rating) or ``new`` (Toguz Korgool: a
    newcomer)."""

    no: int
    name: str
    before: R
    after: R
    games: int
    source: str


class EgfChange(RatingChange[float]):
    """A Go player's EGF rating before and after the event."""

    __slots__ = ()


class GlickoChange(RatingChange[Glicko2Rating]):
    """A Toguz Korgool player's Glicko-2 rating before and after the event."""

    __slots__ = ()


C = TypeVar("C", EgfChange, GlickoChange)


@dataclass(frozen=True, slots=True)
class EventRating:
    """An event rated: the rating list it counts in (``egf``, ``toguz-blitz``, …), the EGF class
    (Go) and every rated player's change, by participant number."""

    system: str
    cls: str
    changes: tuple[EgfChange | GlickoChange, ...] = field(default=())

    def change_of(self, no: int) -> EgfChange | GlickoChange | None:
        """The change of participant ``no`` (``None``: no rated game)."""
        for change in self.changes:
            if change.no == no:
                return change
        return None


def _control(event: Competition) -> TimeControl:
    text = event.config.time_control
    if not text:
        raise RatingError(
            N_("the event has no time control: its rating class comes from it (set time_control)")
        )
    try:
        return TimeControl.parse(text)
    except TimeControlError as exc:  # pragma: no cover - the setting was checked when set
        raise RatingError(str(exc)) from None


def rating_system(event: Competition) -> tuple[str, str]:
    """The rating list an event counts in and its class: ``("egf", "A")`` … ``("egf", "D")``
    for Go, ``("toguz-rapid", "rapid")`` … for Toguz Korgool.

    >>> from arbiter.events import Event
    >>> rating_system(Event.create("toguz", "swiss").set("time_control", "5m+3s"))
    ('toguz-blitz', 'blitz')
    """
    control = _control(event)
    if event.game == "go":
        cls = control_class(control, online=event.config.online)
        if cls is None:
            raise RatingError(
                N_("games at {control} are too fast for the EGF to rate"), control=str(control)
            )
        return "egf", cls
    if event.config.value("ruleset") == "bestemshe":
        raise RatingError(N_("Bestemshe events are not rated: the lists are Toguz Korgool's"))
    speed = speed_class(control)
    return f"toguz-{speed}", speed


def _check_finished(event: Competition) -> None:
    if event.discipline != "individual":
        raise RatingError(
            N_("only individual events are rated; this is a {discipline} event"),
            discipline=event.discipline,
        )
    if not event.rounds:
        raise RatingError(N_("no round is played yet: there is nothing to rate"))
    for game in event.games():
        if game.result is None or game.result.provisional:
            raise RatingError(
                N_("round {round} table {table} has no final result yet"),
                round=game.round,
                table=game.table,
            )


def rated_games(event: Competition) -> list[Game]:
    """The event's games that count for ratings: played over the board, with a final result
    (not forfeits, double forfeits, ``Void``; byes are not games)."""
    return [
        g
        for g in event.games()
        if g.result is not None and g.result.played and not g.result.provisional
    ]


def _score(game: Game, no: int) -> float:
    assert game.result is not None
    outcome = game.result.outcome(game.side_of(no))
    return {"win": 1.0, "draw": 0.5, "loss": 0.0}[outcome]


def _changes(
    event: Competition,
    start: Mapping[int, tuple[R, str]],
    played: Mapping[int, list[G]],
    update: Callable[[R, list[G]], R],
    change: Callable[[int, str, R, R, int, str], C],
) -> tuple[C, ...]:
    """Each rated player's change, by number: the rating before and its source from
    ``start``, the rating after from ``update`` over the games ``played``."""
    return tuple(
        change(
            no, event.player(no).name, rating, update(rating, played[no]), len(played[no]), source
        )
        for no, (rating, source) in sorted(start.items())
    )


def rate_go_event(event: Competition, before: Mapping[int, float] | None = None) -> EventRating:
    """The EGF ratings after a finished Go event (see the module); ``before`` maps participant
    numbers to their ratings on the list (players not in it start from their entry)."""
    if event.game != "go":
        raise RatingError(N_("the EGF rating is for Go events"))
    _check_finished(event)
    system, cls = rating_system(event)
    games = rated_games(event)
    start: dict[int, tuple[float, str]] = {}
    missing: list[str] = []
    for no in sorted({no for g in games for no in g.participants}):
        player = event.player(no)
        if before is not None and no in before:
            start[no] = (float(before[no]), "list")
        elif player.rating is not None:
            start[no] = (float(player.rating), "entry")
        elif player.rank is not None:
            start[no] = (float(player.rank.egf_rating()), "rank")
        else:
            missing.append(player.name)
    if missing:
        raise RatingError(
            N_("{names}: neither a rating nor a rank to start from (give a rank)"),
            names=", ".join(missing),
        )
    played: dict[int, list[EgfGame]] = {no: [] for no in start}
    for g in games:
        for no, colour in ((g.black, "black"), (g.white, "white")):
            opponent = g.opponent_of(no)
            played[no].append(
                EgfGame(
                    start[opponent][0],
                    _score(g, no),
                    stones=g.handicap,
                    received=colour == "black",
                )
            )
    changes = _changes(event, start, played, lambda r, g: egf_update(r, g, cls), EgfChange)
    return EventRating(system, cls, changes)


def rate_toguz_event(
    event: Competition, before: Mapping[int, Glicko2Rating] | None = None
) -> EventRating:
    """The Glicko-2 ratings after a finished Toguz Korgool event, one rating period in its
    speed class (see the module); ``before`` maps participant numbers to their ratings on the
    list of that class."""
    if event.game != "toguz":
        raise RatingError(N_("Glicko-2 ratings are for Toguz Korgool events"))
    _check_finished(event)
    system, speed = rating_system(event)
    games = rated_games(event)
    start: dict[int, tuple[Glicko2Rating, str]] = {}
    for no in sorted({no for g in games for no in g.participants}):
        player = event.player(no)
        if before is not None and no in before:
            start[no] = (before[no], "list")
        elif player.rating is not None:
            start[no] = (Glicko2Rating(float(player.rating)), "entry")
        else:
            start[no] = (Glicko2Rating(), "new")
    played: dict[int, list[GlickoGame]] = {no: [] for no in start}
    for g in games:
        for no in g.participants:
            opp = start[g.opponent_of(no)][0]
            played[no].append(GlickoGame(opp.rating, opp.rd, _score(g, no)))
    changes = _changes(event, start, played, Glicko2Rating.update, GlickoChange)
    return EventRating(system, speed, changes)


def rate_event(
    event: Competition, before: Mapping[int, float] | Mapping[int, Glicko2Rating] | None = None
) -> EventRating:
    """Rate a finished event: :func:`rate_go_event` or :func:`rate_toguz_event` by its game."""
    if event.game == "go":
        go_before = {no: float(r) for no, r in (before or {}).items()}  # type: ignore[arg-type]
        return rate_go_event(event, go_before)
    toguz_before: dict[int, Glicko2Rating] = {}
    for no, r in (before or {}).items():
        if not isinstance(r, Glicko2Rating):
            raise RatingError(N_("a Toguz Korgool rating before the event is a Glicko-2 rating"))
        toguz_before[no] = r
    return rate_toguz_event(event, toguz_before)
