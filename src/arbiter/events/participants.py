"""Who plays: players, pairs (pair go) and teams, each with a stable number in the event.

A player carries the entry-form fields of seed 002 appendix 2 and seed 000 section 12: name
("Surname Given"), gender, date of birth, club and city, country, sports title or category,
Go rank or rating, coach and the doctor's clearance. A pair is a man and a woman (pair go,
seed 004). A team is a list of players in board order plus reserves.

Every participant has a number (``no``), given in the order of entry (or by the draw of lots
when round 1 is paired); commands accept that number wherever they accept a name.

>>> p = Player(1, "Ivanov", "Ivan", gender="m", rank=Rank.parse("2d"))
>>> p.name, str(p.rank)
('Ivanov Ivan', '2d')
>>> split_name("Asanova, Aida Bekovna")
('Asanova', 'Aida Bekovna')
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

from arbiter.events.errors import EventError
from arbiter.games.go.rank import Rank

Gender = Literal["m", "f"]
GENDERS: tuple[Gender, Gender] = ("m", "f")


def split_name(text: str) -> tuple[str, str]:
    """Split "Surname Given" (or "Surname, Given") into surname and given names.

    The first word is the surname unless a comma says where the surname ends, so a surname of
    several words is written ``"van der Berg, Jan"``.

    >>> split_name("Ivanov  Ivan Petrovich")
    ('Ivanov', 'Ivan Petrovich')
    >>> split_name("Cher")
    ('Cher', '')
    """
    cleaned = " ".join(text.replace("\u00a0", " ").split())
    if not cleaned:
        raise EventError("a name cannot be empty: write 'Surname Given'")
    if "," in cleaned:
        surname, _, given = cleaned.partition(",")
        surname, given = surname.strip(), given.strip()
        if not surname:
            # the text is cut: an error line never carries a whole hostile field
            raise EventError(f"no surname in {cleaned[:60]!r}: write 'Surname Given'")
        return surname, given
    surname, _, given = cleaned.partition(" ")
    return surname, given


def same_name(a: str, b: str) -> bool:
    """Whether two names are the same, ignoring case, spacing and a comma after the surname."""
    return name_key(a) == name_key(b)


def name_key(name: str) -> str:
    """The form of a name that :func:`same_name` compares (to index names by it)."""
    return " ".join(name.replace(",", " ").split()).casefold()


@dataclass(frozen=True, slots=True)
class Player:
    """A player's entry. ``entered`` is the first round the player can be paired in (late
    entries); ``withdrawn`` the first round the player no longer plays (``None``: still in);
    ``excluded`` marks a withdrawal by the referee (e.g. the 4th warning in Toguz Korgool);
    ``ids`` are the player's ids in rating lists as ``(registry, id)`` pairs sorted by registry
    (``egf``: EGF PIN, ``fide``: FIDE id, ``ffg``, ``aga``), kept for results files; ``skips``
    the rounds, sorted, the player announced they will miss while staying in (OpenGotha's
    per-round participation): they are not paired in them."""

    no: int
    surname: str
    given: str = ""
    gender: Gender | None = None
    born: date | None = None
    club: str = ""
    city: str = ""
    country: str = ""
    title: str = ""
    rank: Rank | None = None
    rating: int | None = None
    coach: str = ""
    medical: bool | None = None
    entered: int = 1
    withdrawn: int | None = None
    excluded: bool = False
    ids: tuple[tuple[str, str], ...] = ()
    skips: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        """ "Surname Given", as printed in tables."""
        return f"{self.surname} {self.given}".strip()

    def id_in(self, registry: str) -> str:
        """The player's id in a rating list (``egf``: EGF PIN, ``fide``: FIDE id, ``ffg``,
        ``aga``), or "" when not known.

        >>> Player(1, "Nicita", "Giovanni", ids=(("egf", "17033126"),)).id_in("egf")
        '17033126'
        """
        return dict(self.ids).get(registry, "")

    @property
    def club_city(self) -> str:
        """The club and city column of the crosstable."""
        return ", ".join(part for part in (self.club, self.city) if part)

    def plays_in(self, round_no: int) -> bool:
        """Whether the player takes part in round ``round_no`` (entered, not withdrawn, and
        not a round announced as skipped).

        >>> Player(1, "Nicita", skips=(2,)).plays_in(2), Player(1, "Nicita", skips=(2,)).plays_in(3)
        (False, True)
        """
        return (
            self.entered <= round_no
            and (self.withdrawn is None or round_no < self.withdrawn)
            and round_no not in self.skips
        )


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair-go pair: ``man`` and ``woman`` are player numbers (seed 004 3.1)."""

    no: int
    name: str
    man: int
    woman: int
    entered: int = 1
    withdrawn: int | None = None
    excluded: bool = False

    @property
    def members(self) -> tuple[int, ...]:
        """The two players' numbers, man first."""
        return (self.man, self.woman)

    def plays_in(self, round_no: int) -> bool:
        """Whether the pair takes part in round ``round_no``."""
        return self.entered <= round_no and (self.withdrawn is None or round_no < self.withdrawn)


@dataclass(frozen=True, slots=True)
class Team:
    """A team: ``players`` in board order, then ``reserves``, all player numbers."""

    no: int
    name: str
    players: tuple[int, ...]
    reserves: tuple[int, ...] = ()
    club: str = ""
    country: str = ""
    entered: int = 1
    withdrawn: int | None = None
    excluded: bool = False

    @property
    def members(self) -> tuple[int, ...]:
        """Every player of the team: board order, then reserves."""
        return self.players + self.reserves

    def plays_in(self, round_no: int) -> bool:
        """Whether the team takes part in round ``round_no``."""
        return self.entered <= round_no and (self.withdrawn is None or round_no < self.withdrawn)


Participant = Player | Pair | Team
"""Whatever is paired: a player, a pair or a team, by the event's discipline."""
