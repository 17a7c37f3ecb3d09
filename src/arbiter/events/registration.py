"""Registering players: entry forms checked, numbered and added to an event in one pass.

An event is an immutable value, so entering players one at a time copies its tuple of players
and rescans it for namesakes at each entry: a list of n players costs n² steps (a 10,000-player
file took minutes). :class:`Registration` keeps the next number and an index of the names
already entered, and makes the new event once, so a list is entered in time proportional to its
length. The field limits are the API's (:mod:`arbiter.limits`), whatever the form came from: a
command, a web form, a CSV list, another program's file.

>>> reg = Registration(Competition("go", "mcmahon"))
>>> [reg.add(EntryForm("Lee Chang", rank="5d")).no, reg.add(EntryForm("Park Su")).no]
[1, 2]
>>> [p.name for p in reg.event().players]
['Lee Chang', 'Park Su']
>>> reg.add(EntryForm("lee  chang"))
Traceback (most recent call last):
...
arbiter.events.errors.EventError: lee chang is already entered as number 1
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from typing import Generic, TypedDict

from arbiter.events.age import admits
from arbiter.events.competition import Competition, E
from arbiter.events.errors import EventError
from arbiter.events.integrity import check_player, field_name
from arbiter.events.participants import Gender, Player, name_key, split_name
from arbiter.games.go.rank import Rank, RankError
from arbiter.i18n import N_
from arbiter.limits import MAX_CODE, MAX_PLAYERS, LimitError, check_length

LATE_ENTRY_SYSTEMS = frozenset({"swiss", "swiss-dutch", "mcmahon"})

_GENDER_WORDS: dict[str, Gender] = {
    "m": "m",
    "male": "m",
    "man": "m",
    "men": "m",
    "м": "m",
    "муж": "m",
    "f": "f",
    "w": "f",
    "female": "f",
    "woman": "f",
    "women": "f",
    "ж": "f",
    "жен": "f",
}


def parse_gender(text: str | None) -> Gender | None:
    """``m`` or ``f`` from ``m``, ``male``, ``f``, ``w``, ``female``, ``м``, ``ж`` (or empty)."""
    if text is None or not text.strip():
        return None
    check_length(text.strip(), field_name("gender"), MAX_CODE)
    found = _GENDER_WORDS.get(text.strip().lower())
    if found is None:
        raise EventError(N_("gender is m or f, not {text!r}"), text=text)
    return found


def parse_born(value: date | str | None) -> date | None:
    """A date of birth from ``YYYY-MM-DD`` (or a date)."""
    if value is None or isinstance(value, date):
        return value
    if not value.strip():
        return None
    check_length(value.strip(), field_name("born"), MAX_CODE)
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise EventError(
            N_("date of birth must be written YYYY-MM-DD, not {value!r}"), value=value
        ) from None


def parse_rating(value: int | str | None) -> int | None:
    """A rating: a whole number from 0 to 4000."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str):
        check_length(value.strip(), field_name("rating"), MAX_CODE)
    try:
        rating = int(value)
    except ValueError:
        raise EventError(N_("a rating is a whole number, not {value!r}"), value=value) from None
    if not 0 <= rating <= 4000:
        raise EventError(N_("a rating is between 0 and 4000, not {rating}"), rating=rating)
    return rating


def check_open(event: Competition, what: str) -> int:
    """The round a new entry starts in; refuses entries the system cannot take any more."""
    if not event.rounds:
        return 1
    if event.system in LATE_ENTRY_SYSTEMS:
        return len(event.rounds) + 1
    raise EventError(
        f"cannot add a {what}: the {event.system} schedule is fixed once round 1 is paired "
        "(late entries are for Swiss and McMahon events)"
    )


def check_admission(event: Competition, player: Player) -> None:
    """Refuse a player the event's gender or age category does not admit (seed 000 11.2,
    seed 002 2.1.3)."""
    cfg = event.config
    if cfg.gender == "f" and player.gender != "f":
        raise EventError(f"{player.name}: this event is for women (set the player's gender to f)")
    category = cfg.age_category
    if category != "open":
        if player.born is None:
            raise EventError(f"{player.name}: the age category {category} needs a date of birth")
        if cfg.start is None:
            raise EventError(
                f"set start=YYYY-MM-DD: the age category {category} "
                "is counted from the event's dates"
            )
        if not admits(category, player.born, cfg.start):
            raise EventError(
                f"{player.name} (born {player.born.isoformat()}) "
                f"is not in the age category {category}"
            )


@dataclass(frozen=True, slots=True)
class EntryForm:
    """A player's entry as given (text from a form, a command or a file), before the checks.

    ``name`` is "Surname Given" (or "Surname, Given" for a surname of several words); ``ids``
    are rating-list ids, ``(registry, id)`` pairs, carried over from another program's file.
    """

    name: str
    gender: str | None = None
    born: date | str | None = None
    club: str = ""
    city: str = ""
    country: str = ""
    title: str = ""
    rank: str | None = None
    rating: int | str | None = None
    coach: str = ""
    medical: bool | None = None
    ids: tuple[tuple[str, str], ...] = ()


class EntryFields(TypedDict, total=False):
    """The fields of an :class:`EntryForm` after the name, as keyword arguments
    (``event.add_player("Kim Ji", rank="3d")``)."""

    gender: str | None
    born: date | str | None
    club: str
    city: str
    country: str
    title: str
    rank: str | None
    rating: int | str | None
    coach: str
    medical: bool | None
    ids: tuple[tuple[str, str], ...]


def _words(text: str) -> str:
    return " ".join(text.split())


def make_player(event: Competition, form: EntryForm, no: int, entered: int) -> Player:
    """The player ``form`` describes, numbered ``no``, checked as an entry of ``event`` (the
    game decides whether a rank may be given) but not compared with the entries."""
    surname, given = split_name(form.name)
    rank: Rank | None = None
    if form.rank is not None and form.rank.strip():
        if event.game != "go":
            raise EventError(
                "ranks are Go ranks: give a Toguz Korgool player's strength as a rating"
            )
        check_length(form.rank.strip(), field_name("rank"), MAX_CODE)
        try:
            rank = Rank.parse(form.rank)
        except RankError as exc:
            raise EventError(str(exc)) from None
    player = Player(
        no=no,
        surname=surname,
        given=given,
        gender=parse_gender(form.gender),
        born=parse_born(form.born),
        club=_words(form.club),
        city=_words(form.city),
        country=form.country.strip().upper(),
        title=form.title.strip(),
        rank=rank,
        rating=parse_rating(form.rating),
        coach=_words(form.coach),
        medical=form.medical,
        entered=entered,
        ids=tuple(sorted(form.ids)),
    )
    check_player(player)
    return player


def _namesake_key(player: Player) -> tuple[str, date | None, str]:
    # Two entries are one person when name, date of birth and club agree.
    return name_key(player.name), player.born, player.club


class Registration(Generic[E]):
    """Players being entered into ``event``: :meth:`add` checks and numbers each form (one
    refused form leaves the others as they were); :meth:`event` is the event with them all."""

    def __init__(self, event: E) -> None:
        self.base = event
        self._next = max((p.no for p in event.players), default=0) + 1
        self._names: dict[tuple[str, date | None, str], int] = {}
        for p in event.players:
            self._names.setdefault(_namesake_key(p), p.no)
        self._added: list[Player] = []
        self._entered: int | None = None

    def _round_of_entry(self) -> int:
        event = self.base
        if event.discipline != "individual":
            if event.rounds:
                raise EventError(
                    "players of a pair or team event are entered before round 1 is paired"
                )
            return 1
        return check_open(event, "player")

    def add(self, form: EntryForm) -> Player:
        """Enter the player of ``form``, numbered after the last; refused (an
        :class:`~arbiter.errors.ArbiterError`) when the event cannot take it."""
        if self._entered is None:
            self._entered = self._round_of_entry()
        if len(self.base.players) + len(self._added) >= MAX_PLAYERS:
            raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
        player = make_player(self.base, form, self._next, self._entered)
        key = _namesake_key(player)
        if key in self._names:
            raise EventError(
                N_("{name} is already entered as number {no}"),
                name=player.name,
                no=self._names[key],
            )
        check_admission(self.base, player)
        self._names[key] = player.no
        self._added.append(player)
        self._next += 1
        return player

    @property
    def added(self) -> tuple[Player, ...]:
        """The players entered so far, in order."""
        return tuple(self._added)

    def event(self) -> E:
        """The event with every player entered so far."""
        if not self._added:
            return self.base
        return replace(self.base, players=(*self.base.players, *self._added))
