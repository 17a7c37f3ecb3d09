"""A player as a federation's rating list gives them, and the list read from a file.

The three lists OpenGotha reads are arbiter's too: the EGF's (the European Go Database's
``allworld_lp.html``), the FFG's échelle and the AGA's TDListA. A :class:`ListedPlayer` keeps
what an entry form needs (name, country, club, rank, rating, the id in the list) and, in
``extra``, what else the line said (the EGF's promotion and tournament count, the FFG's licence
status, the AGA's membership and expiry), as text.

Names are searched by a *folded key*: the words of the surname and the given names, in
lower case, without diacritics and punctuation, sorted, so that ``"Müller, Jürgen"``,
``"MULLER Jurgen"`` and ``"jurgen muller"`` meet.

>>> p = ListedPlayer("egf", "10537560", "Aaij", "Rene", "NL", "Gron", Rank.parse("4d"), 2388)
>>> p.name, p.key
('Aaij Rene', ' aaij rene')
>>> search_key("Åhman-Ström", "José Luis")
' ahman jose luis strom'
>>> fold_words("  ŁUKASZ  d'Øster ")
['lukasz', 'd', 'oster']
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import Literal

from arbiter.games.go.rank import Rank

__all__ = [
    "LIST_NAMES",
    "REGISTRIES",
    "ListedPlayer",
    "RatingList",
    "Registry",
    "fold_words",
    "search_key",
]

Registry = Literal["egf", "ffg", "aga"]
#: The federations' lists, as ``arbiter rating load`` and the API name them.
REGISTRIES: tuple[Registry, ...] = ("egf", "ffg", "aga")
#: Each list's own name (proper names: not translated).
LIST_NAMES: dict[str, str] = {"egf": "EGF (EGD)", "ffg": "FFG échelle", "aga": "AGA TDListA"}

# Letters that Unicode does not decompose into a base letter and a mark.
_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th"}
)


def fold_words(text: str) -> list[str]:
    """The words of ``text`` as a search compares them: lower case (``ß`` is ``ss``),
    diacritics dropped, anything but letters and digits a space."""
    lowered = unicodedata.normalize("NFKD", text.casefold()).translate(_LETTERS)
    kept = "".join(c if c.isalnum() else " " for c in lowered if not unicodedata.combining(c))
    return kept.split()


def search_key(surname: str, given: str = "") -> str:
    """The folded key of a name: its words sorted, each after a space, so that the words of a
    query match word beginnings in any order (``LIKE '% word%'``)."""
    return "".join(" " + w for w in sorted(fold_words(f"{surname} {given}")))


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One line of a rating list.

    ``id``: the EGF PIN, the FFG licence number (``""`` for a player without one) or the AGA
    id. ``rating``: the list's own number as a whole number — the EGF's GoR, the FFG's échelle
    (``-3000`` is 30k, ``0`` is 1d), the AGA rating × 100 (``-2006`` for ``-20.05711``) — or
    ``None`` when the list gives none. ``rank``: the EGF's grade; for the FFG and the AGA, the
    rank their rating stands for (:mod:`.scales`, docs/decisions.md).
    """

    registry: Registry
    id: str
    surname: str
    given: str = ""
    country: str = ""
    club: str = ""
    rank: Rank | None = None
    rating: int | None = None
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """ "Surname Given", as tables print it."""
        return f"{self.surname} {self.given}".strip()

    @property
    def key(self) -> str:
        """The folded key of the name (see :func:`search_key`)."""
        return search_key(self.surname, self.given)


@dataclass(frozen=True, slots=True)
class RatingList:
    """A rating list as read from a file: the players in the file's order and the date the
    file gives (``None`` when it gives none: the AGA's)."""

    registry: Registry
    players: tuple[ListedPlayer, ...]
    published: date | None = None

    def __len__(self) -> int:
        return len(self.players)
