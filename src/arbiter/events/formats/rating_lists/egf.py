"""The EGF's rating list as the European Go Database publishes it: ``allworld_lp.html``.

A page whose ``<pre>`` block holds one player a line, in fixed columns::

     PIN          Name                              Club     Grade P&D    GoR    NT appearance
     10537560  Aaij Rene                             NL  Gron    4d   --   2388    97  T180602E

PIN (8 digits), name (surname, then the given names; ``_`` stands for a space inside either),
country, club, grade (``20k`` … ``1k``, ``1d`` … ``7d``, ``1p`` … ``9p``), P&D (the promotion
or demotion suggested, ``--`` for none), GoR, NT (tournaments played), the last appearance (a
tournament's code). Every line that starts with a number is a player's and must read; the
headers, the notation and the footer (``Number of players: 44819``) are not players' lines.
The date of the list is the ``(29 Nov 2018)`` line of the page's head.

The columns are read from the right, word by word, so that a name longer than its column (the
longest has 58 characters) does not shift them; the club is one word (the EGD's abbreviation).

>>> text = " 10537560  Aaij Rene        NL  Gron    4d   --   2388    97  T180602E"
>>> listed = read_egf(text)
>>> p = listed.players[0]
>>> (p.id, p.surname, p.given, p.country, p.club, str(p.rank), p.rating)
('10537560', 'Aaij', 'Rene', 'NL', 'Gron', '4d', 2388)
>>> read_egf(" 1053756  Aaij Rene  NL Gron 4d -- 2388 97 T180602E")
Traceback (most recent call last):
...
arbiter.events.formats.errors.FormatError: line 1: the PIN is 8 digits, not '1053756'
"""

from __future__ import annotations

import re
from datetime import date, datetime

from arbiter.errors import ArbiterError
from arbiter.events.formats.rating_lists import lines
from arbiter.events.formats.rating_lists.listed import ListedPlayer, RatingList
from arbiter.games.go.rank import Rank
from arbiter.i18n import N_
from arbiter.limits import shown

__all__ = ["read_egf"]

_PLAYER = re.compile(r"\s*\d")
_DATE = re.compile(r"^\s*\((\d{1,2} [A-Z][a-z]{2} \d{4})\)\s*$")
_LAST = re.compile(r"^[A-Z]\d{6}[A-Z]?$")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_NUMBER = re.compile(r"^-?\d{1,5}$")


def read_egf(data: bytes | str) -> RatingList:
    """The players of an EGD list (``allworld_lp.html``, or its ``<pre>`` block alone);
    :class:`~arbiter.events.formats.errors.FormatError` names the first line that is a
    player's but cannot be read."""
    players: list[ListedPlayer] = []
    published: date | None = None
    for no, line in lines.numbered(lines.decode(data)):
        if _PLAYER.match(line):
            players.append(_player(no, line))
            lines.count_checked(len(players))
        elif published is None and (found := _DATE.match(line)):
            published = datetime.strptime(found.group(1), "%d %b %Y").date()
    if not players:
        raise lines.no_players("EGF list (allworld_lp.html)")
    return RatingList("egf", tuple(players), published)


def _player(no: int, line: str) -> ListedPlayer:
    words = line.split()
    pin = words[0]
    if not pin.isdigit() or len(pin) != 8:
        raise lines.refuse(no, N_("the PIN is 8 digits, not {text}"), text=shown(pin))
    rest = words[1:]
    last = rest.pop() if rest and _LAST.match(rest[-1]) else ""
    if len(rest) < 7:
        raise lines.refuse(
            no,
            N_(
                "expected PIN, name, country, club, grade, P&D, GoR, tournaments and the "
                "last appearance, not {text}"
            ),
            text=shown(line.strip(), 60),
        )
    *name, country, club, grade, change, gor, played = rest
    if not _COUNTRY.match(country):
        raise lines.refuse(
            no, N_("the country is two capital letters, not {text}"), text=shown(country)
        )
    for number in (gor, played):
        if not _NUMBER.match(number):
            raise lines.refuse(no, N_("{text} is not a whole number"), text=shown(number))
    try:
        rank = Rank.parse(grade)
    except ArbiterError as exc:
        raise lines.refuse(no, N_("the grade: {error}"), error=exc.text) from None
    surname, given = lines.spaced(name[0]), " ".join(lines.spaced(w) for w in name[1:])
    lines.checked(no, id=pin, surname=surname, given=given, country=country, club=club)
    country, club = lines.known(country, club)
    extra = [("tournaments", played)]
    if change != "--":
        extra.append(("promotion", change))
    if last:
        extra.append(("last", last))
    return ListedPlayer("egf", pin, surname, given, country, club, rank, int(gor), tuple(extra))
