"""The FFG's rating list, the échelle (``ech_ffg_V3.txt``): ISO-8859-1 text, CRLF line ends.

A head line ``#Echelle au 11/01/2021 07:09:39``, then one player a line::

    ABADIE Yves                           -1500 - 0452000 31To FR

The name (the surname in capitals, then the given names; ``_`` stands for a space inside
either), the rating (:mod:`.scales`: ``-9999`` is none), the licence status (``C``, ``L``:
licensed this season; ``-``: not now; ``e``: a foreigner), the licence number (``-------``
for none), the club (4 characters) and the country. Lines beginning with ``#`` and blank lines
are not players'.

The five columns after the name are read from the right, word by word, and the name is what
is left: a name longer than its column does not shift them.

>>> head = "#Echelle au 11/01/2021 07:09:39\\r\\n"
>>> listed = read_ffg(head + "ABADIE Yves   -1500 - 0452000 31To FR\\r\\n")
>>> p = listed.players[0]
>>> (p.id, p.surname, p.given, p.club, p.country, p.rating, str(p.rank), listed.published)
('0452000', 'ABADIE', 'Yves', '31To', 'FR', -1500, '15k', datetime.date(2021, 1, 11))
"""

from __future__ import annotations

import re
from datetime import date

from arbiter.events.formats.rating_lists import lines
from arbiter.events.formats.rating_lists.listed import ListedPlayer, RatingList
from arbiter.events.formats.rating_lists.scales import ffg_rank
from arbiter.i18n import N_
from arbiter.limits import shown

__all__ = ["read_ffg"]

_DATE = re.compile(r"Echelle au (\d{2})/(\d{2})/(\d{4})")
_RATING = re.compile(r"^-?\d{1,5}$")
_LICENCE = re.compile(r"^[0-9A-Z]{7}$|^-{7}$")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_NO_LICENCE = "-------"


def read_ffg(data: bytes | str) -> RatingList:
    """The players of an FFG échelle; :class:`~arbiter.events.formats.errors.FormatError`
    names the first line that cannot be read."""
    players: list[ListedPlayer] = []
    published: date | None = None
    for no, line in lines.numbered(lines.decode(data)):
        if line.startswith("#"):
            found = _DATE.search(line)
            if found and published is None:
                day, month, year = (int(g) for g in found.groups())
                try:
                    published = date(year, month, day)
                except ValueError:
                    raise lines.refuse(
                        no, N_("{text} is not a date"), text=shown(found.group())
                    ) from None
            continue
        if not line.strip():
            continue
        players.append(_player(no, line))
        lines.count_checked(len(players))
    if not players:
        raise lines.no_players("FFG échelle")
    return RatingList("ffg", tuple(players), published)


def _player(no: int, line: str) -> ListedPlayer:
    parts = line.rsplit(None, 5)
    if len(parts) < 6:
        raise lines.refuse(
            no,
            N_(
                "expected name, rating, licence status, licence number, club and country, "
                "not {text}"
            ),
            text=shown(line.strip(), 60),
        )
    name, rating, status, licence, club, country = parts
    if not _RATING.match(rating):
        raise lines.refuse(no, N_("{text} is not a whole number"), text=shown(rating))
    if len(status) != 1:
        raise lines.refuse(
            no, N_("the licence status is one letter, not {text}"), text=shown(status)
        )
    if not _LICENCE.match(licence):
        raise lines.refuse(
            no, N_("the licence number is 7 characters, not {text}"), text=shown(licence)
        )
    if not _COUNTRY.match(country):
        raise lines.refuse(
            no, N_("the country is two capital letters, not {text}"), text=shown(country)
        )
    words = name.split()
    surname, given = lines.spaced(words[0]), " ".join(lines.spaced(w) for w in words[1:])
    pin = "" if licence == _NO_LICENCE else licence
    lines.checked(no, id=pin, surname=surname, given=given, country=country, club=club)
    country, club = lines.known(country, club)
    value = int(rating)
    rank = ffg_rank(value)
    return ListedPlayer(
        "ffg",
        pin,
        surname,
        given,
        country,
        club,
        rank,
        value if rank is not None else None,
        (("status", status),),
    )
