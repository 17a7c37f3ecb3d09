"""Entries: register players (one by one or from a file), pairs and teams; correct a player's
details; withdraw a participant. Each is one transaction under the event's exclusive lock.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter.errors import ArbiterError
from arbiter.events.corrections import correct_player
from arbiter.events.event import Event
from arbiter.events.participants import Participant, Player
from arbiter.events.player_list import enter_forms, read_player_list
from arbiter.events.registration import EntryForm, Registration
from arbiter.i18n import error_text
from arbiter.limits import MAX_CODE, MAX_COUNTRY, MAX_FIELD, MAX_NAME
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services import duplicates
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Invalid, NotAvailable, domain
from arbiter.server.services.state import EventState
from arbiter.server.services.text import check_text
from arbiter.server.services.unit import editing, rebuilt

IMPORT_FORMATS = ("csv", "opengotha", "trf")
#: The longest text of each field of the entry form.
FIELD_LIMITS = {
    "name": MAX_NAME,
    "gender": MAX_CODE,
    "born": MAX_CODE,
    "club": MAX_FIELD,
    "city": MAX_FIELD,
    "country": MAX_COUNTRY,
    "title": MAX_FIELD,
    "rank": MAX_CODE,
    "coach": MAX_FIELD,
}


@dataclass(frozen=True, slots=True)
class PlayerFields(EntryForm):
    """A player's entry form (seed 002 appendix 2; seed 000 §12) as a page or the API gives
    it: the core's :class:`~arbiter.events.registration.EntryForm`, its text checked first."""

    def check(self) -> None:
        """422 for text that cannot be stored (control characters, overlong); the limits are
        the core's (:mod:`arbiter.limits`), which every import path applies too."""
        for field, limit in FIELD_LIMITS.items():
            value = getattr(self, field)
            if isinstance(value, str):
                check_text(value, field, limit=limit)


@dataclass(frozen=True, slots=True)
class Added:
    """The event after an entry, and the participants entered."""

    state: EventState
    added: tuple[Participant, ...]
    notes: tuple[str, ...] = ()


def _enter(event: Event, form: EntryForm) -> tuple[Event, Player]:
    registration = Registration(event)
    player = registration.add(form)
    return registration.event(), player


def _entering(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    what: str,
    enter: Callable[[Event], tuple[Event, Participant]],
) -> Added:
    """One entry made by ``enter`` (the core's errors refused as 422 or 409), stored."""
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, what) as ed:
        with domain():
            event, entered = enter(ed.event)
        ed.store(event)
        return Added(ed.state(), (entered,))


def add_player(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    fields: PlayerFields,
    *,
    force: bool = False,
) -> Added:
    """Enter a player (numbered after the last one); a likely duplicate of an entered player
    is refused (409, :class:`~arbiter.server.services.duplicates.Duplicate`) unless
    ``force``."""
    fields.check()

    def enter(event: Event) -> tuple[Event, Player]:
        new, player = _enter(event, fields)
        duplicates.check_player(event.players, player, force=force)
        return new, player

    return _entering(rt, actor, event_id, "registering players", enter)


def update_player(
    rt: Runtime, actor: CurrentUser | None, event_id: int, no: int, fields: PlayerFields
) -> Added:
    """Correct player ``no``'s details (name, rank, rating, club, ...); the number, entry and
    withdrawal stay. The new details are checked as a new entry would be."""
    fields.check()
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "correcting entries") as ed:
        with domain(in_path=True):
            ed.event.player(no)
        with domain():
            event, new = correct_player(ed.event, no, fields)
        ed.store(event)
        return Added(ed.state(), (new,))


def add_pair(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    man: str | int,
    woman: str | int,
    name: str | None = None,
) -> Added:
    """Enter a pair-go pair of two entered players (by number or name)."""
    for field, value in (("man", man), ("woman", woman), ("name", name)):
        if isinstance(value, str):
            check_text(value, field, limit=MAX_NAME)
    return _entering(
        rt, actor, event_id, "registering pairs", lambda e: e.add_pair(man, woman, name)
    )


def add_team(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    name: str,
    players: Sequence[str | int],
    reserves: Sequence[str | int] = (),
) -> Added:
    """Enter a team of entered players, in board order, with reserves."""
    check_text(name, "name", limit=MAX_NAME)
    for field, refs in (("players", players), ("reserves", reserves)):
        for ref in refs:
            if isinstance(ref, str):
                check_text(ref, field, limit=MAX_NAME)
    return _entering(
        rt, actor, event_id, "registering teams", lambda e: e.add_team(name, players, reserves)
    )


def withdraw(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    no: int,
    from_round: int | None = None,
) -> EventState:
    """Withdraw participant ``no`` from round ``from_round`` (default: the next round); their
    unplayed games from then on are lost by forfeit."""
    with editing(rt, actor, event_id, Permission.MANAGE_ENTRIES, "withdrawing entries") as ed:
        with domain(in_path=True):
            ed.event.participant(no)
        with domain("from_round"):
            event = ed.event.withdraw(no, from_round)
        ed.store(event)
        return ed.state()


# -- files --------------------------------------------------------------------------------------


def decode_upload(data: bytes, field: str = "file") -> str:
    """An uploaded text file as text (UTF-8, a byte-order mark dropped); 422 otherwise."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Invalid(
            f"the file is not UTF-8 text (byte {exc.start + 1}): save it as UTF-8", field
        ) from None
    check_text(text, field, lines=True)
    return text


def format_function(module: str, name: str, what: str) -> Callable[..., Any]:
    """``name`` of ``arbiter.events.formats.<module>``, or 501 when this build lacks it."""
    try:
        found = importlib.import_module(f"arbiter.events.formats.{module}")
    except ImportError:
        found = None
    function = getattr(found, name, None)
    if not callable(function):
        raise NotAvailable(f"{what} is not available yet")
    return function  # type: ignore[no-any-return]


def read_event_file(fmt: str, data: bytes) -> tuple[Event, tuple[str, ...]]:
    """An event read from an OpenGotha or TRF file, with the importer's notes. The bytes go to
    the reader as they are (a text would be taken for a path on the server), which knows its
    format's encodings."""
    if fmt == "opengotha":
        reader = format_function("opengotha", "import_opengotha", "OpenGotha import")
    elif fmt == "trf":
        reader = format_function("trf", "import_trf", "TRF import")
    else:
        raise Invalid(f"unknown format {fmt!r}: use opengotha or trf", "format")
    if not data.strip():
        raise Invalid("the file is empty", "file")
    with domain("file"):
        imported = reader(bytes(data))
    return imported.event, tuple(getattr(imported, "notes", ()))


def _players_from(source: Event) -> list[Player]:
    if source.discipline == "team":
        members = {m for t in source.teams for m in t.members}
        return [p for p in source.players if p.no in members] or list(source.players)
    return list(source.players)


def import_entries(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    fmt: str,
    data: bytes,
    *,
    force: bool = False,
) -> Added:
    """Enter every player of a file: ``csv`` (a header row names the columns: name, rank,
    rating, club, ...), ``opengotha`` (an OpenGotha tournament's players) or ``trf`` (a FIDE
    report's players). All players are entered, or none (the error names the line or player).

    The file is read and the new event made outside the write transaction, in time linear in
    the file (:func:`~arbiter.server.services.unit.rebuilt`): other writers wait only while
    the result is stored. Likely duplicates, within the file or of entered players, refuse
    the whole file (409) unless ``force``."""
    if fmt not in IMPORT_FORMATS:
        raise Invalid(f"unknown format {fmt!r}: use {', '.join(IMPORT_FORMATS)}", "format")
    require_user(actor)
    notes: tuple[str, ...] = ()
    entered: Callable[[Event], tuple[Event, tuple[Player, ...]]]
    if fmt == "csv":
        text = decode_upload(data)
        with domain("file"):
            forms = read_player_list(text)

        def entered(event: Event) -> tuple[Event, tuple[Player, ...]]:
            with domain("file"):
                return enter_forms(event, forms)

    else:
        source, notes = read_event_file(fmt, data)
        players = _players_from(source)

        def entered(event: Event) -> tuple[Event, tuple[Player, ...]]:
            return _merge_players(event, players)

    def build(event: Event) -> tuple[Event, tuple[Player, ...]]:
        new, added = entered(event)
        duplicates.check_players(event.players, added, force=force)
        return new, added

    state, added = rebuilt(
        rt, actor, event_id, Permission.MANAGE_ENTRIES, "registering players", build
    )
    return Added(state, added, notes)


def _merge_players(event: Event, players: Sequence[Player]) -> tuple[Event, tuple[Player, ...]]:
    """``event`` with ``players`` (of another program's file) entered as new entry forms."""
    registration = Registration(event)
    for p in players:
        form = EntryForm(
            name=f"{p.surname}, {p.given}" if p.given else p.surname,
            gender=p.gender,
            born=p.born,
            club=p.club,
            city=p.city,
            country=p.country,
            title=p.title,
            rank=str(p.rank) if p.rank is not None and event.game == "go" else None,
            rating=p.rating,
            coach=p.coach,
            medical=p.medical,
            ids=p.ids,
        )
        try:
            registration.add(form)
        except ArbiterError as exc:
            raise Invalid(f"{p.name}: {error_text(exc)}", "file") from None
    return registration.event(), registration.added
