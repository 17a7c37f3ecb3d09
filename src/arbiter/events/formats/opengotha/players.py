"""OpenGotha's players (``Players/Player``): keys, ranks and ratings, participation, both ways.

A player is known in the file by a key, name and first name without blanks in upper case;
``participating`` has one digit a round (``0``: does not play it), ``registeringStatus`` is
``FIN`` or ``PRE`` (pre-registered: entered, but plays no round).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from xml.etree import ElementTree as ET

from arbiter.events.event import Event
from arbiter.events.formats.common import FormatError, shown
from arbiter.events.formats.opengotha.tree import collapse, in_order, whole
from arbiter.events.participants import Player
from arbiter.games.go.rank import Rank, RankError
from arbiter.i18n import N_
from arbiter.limits import MAX_PLAYERS, LimitError

MAX_ROUNDS = 20  # OpenGotha's participation strings have 20 digits


def player_key(surname: str, given: str) -> str:
    """OpenGotha's key of a player: name and first name without blanks, in upper case.

    >>> player_key("Nemo", "André"), player_key("de Vos", "Dave")
    ('NEMOANDRÉ', 'DEVOSDAVE')
    """
    return re.sub(r"\s+", "", surname + given).upper()


def parse_rank(text: str) -> Rank:
    """An OpenGotha rank: ``5K``, ``2D``, ``1P``; a bare number is a kyu rank (as OpenGotha
    reads it).

    >>> parse_rank("18K"), parse_rank("3d"), parse_rank("12"), parse_rank("2P")
    (Rank('18k'), Rank('3d'), Rank('12k'), Rank('2p'))
    """
    cleaned = text.strip()
    if cleaned.isdecimal():
        cleaned += "k"
    try:
        return Rank.parse(cleaned)
    except RankError:
        raise FormatError(f"rank {shown(text)} is not a Go rank such as 5K, 2D or 1P") from None


def rank_text(rank: Rank | None) -> str:
    """A rank as OpenGotha writes it (``5K``, ``2D``, ``1P``); no rank is ``30K``."""
    return str(rank).upper() if rank is not None else "30K"


def rating_from_rank(rank: Rank | None) -> int:
    """OpenGotha's rating of a player known only by rank ("INI": 30k is -900, 1d is 2100)."""
    value = min(rank.value, 8) if rank is not None else -30
    return (value + 30) * 100 - 900


@dataclass
class Entry:
    """A player as the file has it."""

    key: str
    player: Player
    participating: str
    pre: bool
    correction: int = 0


def read_entries(root: ET.Element, version: str | None) -> list[Entry]:
    """The file's players, numbered in file order; ``version`` is the file's ``dataVersion``
    (ratings were on another scale before 201)."""
    out: list[Entry] = []
    seen: dict[str, int] = {}
    found = root.findall("Players/Player")
    if len(found) > MAX_PLAYERS:
        raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
    for i, el in enumerate(found, start=1):
        what = f"player {i}"
        surname, given = collapse(el.get("name")), collapse(el.get("firstName"))
        if not surname:
            raise FormatError(f"{what}: the player has no name")
        key = player_key(surname, given)
        if key in seen:
            raise FormatError(
                f"{what}: {surname} {given} has the same OpenGotha key as player {seen[key]}"
            )
        seen[key] = i
        rank = parse_rank(el.get("rank") or "30K")
        rating: int | None = whole(el, "rating", -900, what)
        if version is not None and version.isdecimal() and int(version) < 201:
            rating = (rating or 0) + 2050  # OpenGotha's rating scale before data version 201
        origin = (el.get("ratingOrigin") or "").strip().upper()
        if origin.startswith("INI") or rating is None or not 0 <= rating <= 4000:
            rating = None
        ids = tuple(
            sorted(
                (registry, value)
                for registry, value in (
                    ("aga", (el.get("agaId") or "").strip()),
                    ("egf", (el.get("egfPin") or "").strip()),
                    ("ffg", (el.get("ffgLicence") or "").strip()),
                )
                if value
            )
        )
        country = (el.get("country") or "").strip().upper()
        player = Player(
            no=i,
            surname=surname,
            given=given,
            club=collapse(el.get("club")),
            country=country,
            rank=rank,
            rating=rating,
            ids=ids,
        )
        status = (el.get("registeringStatus") or "FIN").strip().upper()
        participating = (el.get("participating") or "").strip()
        correction = min(max(whole(el, "smmsCorrection", 0, what), -9), 9)
        out.append(Entry(key, player, participating, status == "PRE", correction))
    return out


def plays(participating: str, r: int) -> bool:
    """Whether a participation string lets a player play round ``r`` (digits beyond the
    string's end mean yes, as OpenGotha reads them).

    >>> plays("101", 2), plays("101", 3), plays("101", 7)
    (False, True, True)
    """
    return r > len(participating) or participating[r - 1] != "0"


def span_of(entry: Entry, span: int, active: set[int], paired: int = 0) -> Player:
    """The player with ``entered`` and ``withdrawn`` from the participation string (rounds the
    player was paired in count as played), and as ``skips`` the rounds after the ``paired``
    ones that the string leaves out in between: announced absences, which OpenGotha does not
    pair (the paired rounds hold them as absence byes already)."""
    if entry.pre:
        return replace(entry.player, entered=1, withdrawn=1)
    span = max(span, max(active, default=0), 1)
    rounds = [r for r in range(1, span + 1) if r in active or plays(entry.participating, r)]
    if not rounds:
        return replace(entry.player, entered=1, withdrawn=1)
    withdrawn = rounds[-1] + 1 if rounds[-1] < span else None
    skips = tuple(r for r in range(max(rounds[0], paired + 1), rounds[-1]) if r not in rounds)
    return replace(entry.player, entered=rounds[0], withdrawn=withdrawn, skips=skips)


def player_attributes(event: Event, p: Player, span: int) -> dict[str, str]:
    """The ``<Player>`` element of ``p``; ``span`` is the number of rounds of the file."""
    absent_rounds = {
        rnd.number
        for rnd in event.rounds
        for b in rnd.byes
        if b.no == p.no and b.kind in ("half", "zero", "absent")
    }
    pre = p.withdrawn == 1 and not any(
        rnd.games_of(p.no) or rnd.bye_of(p.no) for rnd in event.rounds
    )
    digits = []
    for r in range(1, MAX_ROUNDS + 1):
        if pre:
            digits.append("1")
        elif (
            (r <= span and (not p.plays_in(r) or r in absent_rounds))
            or (r > span and p.withdrawn is not None)
            or r in p.skips
        ):
            digits.append("0")
        else:
            digits.append("1")
    rank = rank_text(p.rank)
    return in_order(
        {
            "agaExpirationDate": "",
            "agaId": p.id_in("aga"),
            "club": p.club,
            "country": p.country if len(p.country) == 2 else "",
            "egfPin": p.id_in("egf"),
            "ffgLicence": p.id_in("ffg"),
            "ffgLicenceStatus": "",
            "firstName": p.given or "x",
            "grade": rank,
            "name": p.surname,
            "participating": "".join(digits),
            "rank": rank,
            "rating": str(p.rating if p.rating is not None else rating_from_rank(p.rank)),
            "ratingOrigin": "MAN" if p.rating is not None else "INI",
            "registeringStatus": "PRE" if pre else "FIN",
            "smmsCorrection": str(event.config.mms_corrections.get(p.no, 0)),
        }
    )
