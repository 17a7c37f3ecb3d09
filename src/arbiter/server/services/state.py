"""What the services return: an event as the caller may see it, with its versions.

Staff (and administrators) see everything. Everybody else sees the published event with its
**published rounds only** (the leading rounds that are published: standings and crosstables are
after the last of them) and without the entries' birth dates and medical clearances.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from arbiter.events.event import Event
from arbiter.events.rounds import Game, GameKey
from arbiter.server.auth.roles import Permission
from arbiter.server.services.access import Access
from arbiter.server.services.accounts import aware
from arbiter.server.services.errors import Invalid, domain
from arbiter.server.storage.events import Loaded


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round's version and publication."""

    number: int
    version: int
    published: bool
    paired_at: datetime


@dataclass(frozen=True, slots=True)
class GameState:
    """A game's database id and the version of its result."""

    id: int
    version: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class EventState:
    """An event as the caller may see it (``event``), its versions and the caller's access.

    ``version`` is the document's version (entries, settings, pairings: what optimistic edits
    of settings compare); each round and each game has its own version.
    """

    id: int
    version: int
    published: bool
    created_at: datetime
    updated_at: datetime
    event: Event
    rounds: Mapping[int, RoundState]
    games: Mapping[GameKey, GameState]
    access: Access
    rounds_total: int

    @property
    def name(self) -> str:
        """The event's name (may be empty)."""
        return self.event.config.name

    def game(self, key: GameKey) -> tuple[Game, GameState]:
        """The game with ``key`` and its state (the key must be visible)."""
        number, table, board = key
        return self.event.game_at(number, table, board), self.games[key]


def leading_published(loaded: Loaded) -> int:
    """How many rounds from round 1 on are published."""
    count = 0
    for rnd in loaded.event.rounds:
        if not loaded.rounds[rnd.number].published:
            break
        count += 1
    return count


def public_event(event: Event, rounds: int) -> Event:
    """The event as everybody may see it: its first ``rounds`` rounds, no birth dates or medical
    clearances, no line-ups or warnings of later rounds."""
    players = tuple(replace(p, born=None, medical=None) for p in event.players)
    return replace(
        event,
        players=players,
        rounds=event.rounds[:rounds],
        lineups=tuple(lu for lu in event.lineups if lu.round <= rounds),
        warnings=tuple(w for w in event.warnings if w.round <= rounds),
    )


def build(loaded: Loaded, access: Access) -> EventState:
    """The caller's view of a loaded event."""
    event = loaded.event
    if not access.can(Permission.VIEW_PRIVATE):
        event = public_event(event, leading_published(loaded))
    numbers = {r.number for r in event.rounds}
    rounds = {
        n: RoundState(n, r.version, r.published, aware(r.paired_at))
        for n, r in loaded.rounds.items()
        if n in numbers
    }
    games = {
        key: GameState(g.id, g.version, aware(g.updated_at))
        for key, g in loaded.games.items()
        if key[0] in numbers
    }
    row = loaded.row
    return EventState(
        id=row.id,
        version=row.version,
        published=row.published,
        created_at=aware(row.created_at),
        updated_at=aware(row.updated_at),
        event=event,
        rounds=rounds,
        games=games,
        access=access,
        rounds_total=len(loaded.event.rounds),
    )


def locate_game(event: Event, number: int, table: int, board: int | None) -> Game:
    """The game at round ``number``, ``table`` (``board`` in team events) as a URL names it:
    404 when there is none, 422 when a team match's board is missing."""
    if event.discipline == "team" and board is None:
        raise Invalid(
            f"round {number} table {table} is a team match: give the board (?board=B)", "board"
        )
    with domain(in_path=True):
        return event.game_at(number, table, board)
