"""An event's integrity: its numbers and references hold together, its entries are within the
limits of :mod:`arbiter.limits`. Every reader of events (the event file, the interchange
formats, the server) checks what it read with :func:`check`.

>>> from arbiter.events.participants import Pair, Player
>>> pair = Pair(1, "Lee & Kim", man=1, woman=2)
>>> check(Competition("go", "round-robin", "pair", players=(Player(1, "Lee"),), pairs=(pair,)))
Traceback (most recent call last):
...
arbiter.events.errors.DocumentError: pair 1 names player 2, who is not entered
"""

from __future__ import annotations

from arbiter.errors import Text
from arbiter.events.competition import Competition
from arbiter.events.errors import DocumentError
from arbiter.events.participants import Player
from arbiter.i18n import N_
from arbiter.limits import (
    MAX_CODE,
    MAX_COUNTRY,
    MAX_FIELD,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_ROUNDS,
    LimitError,
    check_field,
)


def field_name(field: str) -> Text:
    """How an entry's field is named in an error (``the club``)."""
    return Text(N_("the {field}"), field=field)


def check_player(player: Player) -> None:
    """Refuse a player whose text fields are beyond the API's limits (length, control
    characters, lone surrogates); every reader of entries calls it."""
    check_field(player.name, field_name("name"), MAX_NAME)
    for field in ("club", "city", "title", "coach"):
        check_field(getattr(player, field), field_name(field), MAX_FIELD)
    check_field(player.country, field_name("country"), MAX_COUNTRY)
    for registry, value in player.ids:
        check_field(registry, field_name("ids"), MAX_CODE)
        check_field(value, field_name("ids"), MAX_FIELD)


def check_limits(event: Competition) -> None:
    """Refuse an event beyond the limits on entries: more than
    :data:`~arbiter.limits.MAX_PLAYERS` participants or :data:`~arbiter.limits.MAX_ROUNDS`
    rounds, or a text field of a player, pair or team beyond the API's limits."""
    if len(event.players) > MAX_PLAYERS or len(event.participants) > MAX_PLAYERS:
        raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
    if len(event.rounds) > MAX_ROUNDS:
        raise LimitError(N_("an event has at most {limit} rounds"), limit=MAX_ROUNDS)
    for p in event.players:
        try:
            check_player(p)
        except LimitError as exc:
            raise LimitError(N_("player {no}: {error}"), no=p.no, error=exc.text) from None
    for pair in event.pairs:
        try:
            check_field(pair.name, field_name("name"), MAX_NAME)
        except LimitError as exc:
            raise LimitError(N_("pair {no}: {error}"), no=pair.no, error=exc.text) from None
    for team in event.teams:
        try:
            check_field(team.name, field_name("name"), MAX_NAME)
            check_field(team.club, field_name("club"), MAX_FIELD)
            check_field(team.country, field_name("country"), MAX_FIELD)
        except LimitError as exc:
            raise LimitError(N_("team {no}: {error}"), no=team.no, error=exc.text) from None


def check(event: Competition) -> None:
    """Refuse an event whose numbers or references do not hold together, or that is beyond
    the limits of :mod:`arbiter.limits` (every reader of events calls this)."""
    check_limits(event)
    for label, items in (
        ("players", event.players),
        ("pairs", event.pairs),
        ("teams", event.teams),
    ):
        numbers = [p.no for p in items]
        if len(set(numbers)) != len(numbers):
            raise DocumentError(f"{label}: a number is used twice")
    if event.game != "go":
        for p in event.players:
            if p.rank is not None:
                raise DocumentError(f"player {p.no}: Toguz Korgool players have no Go rank")
    players = {p.no for p in event.players}
    for pair in event.pairs:
        for m in pair.members:
            if m not in players:
                raise DocumentError(f"pair {pair.no} names player {m}, who is not entered")
    for team in event.teams:
        for m in team.members:
            if m not in players:
                raise DocumentError(f"team {team.no} names player {m}, who is not entered")
    participants = set(event.numbers)
    for rnd in event.rounds:
        keys = [g.key for g in rnd.games]
        if len(set(keys)) != len(keys):
            raise DocumentError(f"round {rnd.number}: two games at the same table and board")
        for g in rnd.games:
            for no in (g.black, g.white):
                if no not in participants:
                    raise DocumentError(
                        f"round {rnd.number} table {g.table}: participant {no} is not entered"
                    )
        for b in rnd.byes:
            if b.no not in participants:
                raise DocumentError(
                    f"round {rnd.number}: bye for participant {b.no}, who is not entered"
                )
    for no in event.seeding:
        if no not in participants:
            raise DocumentError(f"seeding: participant {no} is not entered")
