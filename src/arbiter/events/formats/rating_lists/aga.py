"""The AGA's rating list, the TDListA (``TDListA.txt``): one player a line, nine fields
separated by tabs (shown here as two spaces)::

    Aal, Zachary  15648  Full  -20.05711  7/2/2008  LIGC  NY  1.09198  8/1/2007

The name (``Surname, Given``; without a comma, the first word is the surname), the AGA id, the
membership (``Full``, ``Youth``, ``Life``, ``Spons``, ``Non``, ``Forgn``), the rating (empty
for none; :mod:`.scales`), the membership's expiry, the club, the state, the rating's sigma
and the date of joining; the fields after the id may be empty, and trailing ones left out.

The country is ``US`` but for a foreign member (``Forgn``: none), as OpenGotha has it; the
rating is kept × 100 as a whole number (``-2006``), the exact text in ``extra``.

>>> line = "\\t".join(["Aal, Zachary", "15648", "Full", "-20.05711", "7/2/2008", "LIGC", "NY"])
>>> p = read_aga(line).players[0]
>>> (p.id, p.surname, p.given, p.country, p.club, p.rating, str(p.rank))
('15648', 'Aal', 'Zachary', 'US', 'LIGC', -2006, '20k')
>>> read_aga("Aal, Zachary\\tx15648\\tFull")
Traceback (most recent call last):
...
arbiter.events.formats.errors.FormatError: line 1: the AGA id is a number, not 'x15648'
"""

from __future__ import annotations

import math
import re

from arbiter.events.formats.rating_lists.lines import (
    checked,
    count_checked,
    decode,
    no_players,
    numbered,
    refuse,
)
from arbiter.events.formats.rating_lists.listed import ListedPlayer, RatingList
from arbiter.events.formats.rating_lists.scales import aga_rank
from arbiter.i18n import N_
from arbiter.limits import shown

__all__ = ["FIELDS", "read_aga"]

#: The fields of a line, in order (the first two are required).
FIELDS = ("name", "id", "membership", "rating", "expires", "club", "state", "sigma", "joined")
_ID = re.compile(r"^\d{1,10}$")
_RATING = re.compile(r"^-?\d{1,2}(\.\d{1,8})?$")


def read_aga(data: bytes | str) -> RatingList:
    """The players of an AGA TDListA; :class:`~arbiter.events.formats.errors.FormatError`
    names the first line that cannot be read."""
    players: list[ListedPlayer] = []
    for no, line in numbered(decode(data)):
        if not line.strip():
            continue
        players.append(_player(no, line))
        count_checked(len(players))
    if not players:
        raise no_players("AGA TDListA")
    return RatingList("aga", tuple(players))


def _player(no: int, line: str) -> ListedPlayer:
    cells = [c.strip() for c in line.split("\t")]
    if not 2 <= len(cells) <= len(FIELDS):
        raise refuse(
            no,
            N_("expected {expected} fields separated by tabs, found {found}"),
            expected=len(FIELDS),
            found=len(cells),
        )
    cells += [""] * (len(FIELDS) - len(cells))
    fields = dict(zip(FIELDS, cells, strict=True))
    surname, given = _name(fields["name"])
    if not surname:
        raise refuse(no, N_("the name is empty"))
    pin = fields["id"]
    if not _ID.match(pin):
        raise refuse(no, N_("the AGA id is a number, not {text}"), text=shown(pin))
    text = fields["rating"]
    rating: int | None = None
    rank = None
    if text:
        if not _RATING.match(text) or not math.isfinite(value := float(text)):
            raise refuse(
                no, N_("the rating is a number such as -20.5 or 5.3, not {text}"), text=shown(text)
            )
        rating, rank = round(value * 100), aga_rank(value)
    club = fields["club"]
    country = "" if fields["membership"] == "Forgn" else "US"
    checked(no, id=pin, surname=surname, given=given, country=country, club=club)
    extra = tuple(
        (key, fields[key])
        for key in ("membership", "rating", "expires", "state", "sigma", "joined")
        if fields[key]
    )
    return ListedPlayer("aga", pin, surname, given, country, club, rank, rating, extra)


def _name(text: str) -> tuple[str, str]:
    cleaned = " ".join(text.split())
    if "," in cleaned:
        surname, _, given = cleaned.partition(",")
        return surname.strip(), given.strip()
    surname, _, given = cleaned.partition(" ")
    return surname, given
