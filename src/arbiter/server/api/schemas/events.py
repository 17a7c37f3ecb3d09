"""Events: creating one, the list, an event with its rounds, settings, publication, roles."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from arbiter.events.results import GameName
from arbiter.events.rounds import Round
from arbiter.events.settings import Discipline, System
from arbiter.limits import MAX_NAME, MAX_ROUNDS
from arbiter.server.api.params import MAX_INT
from arbiter.server.api.schemas.common import Id, Input, Output, ShortText, Username, Version
from arbiter.server.auth.roles import Permission
from arbiter.server.services.events import progress
from arbiter.server.services.state import EventState

__all__ = [
    "EventCreate",
    "EventOut",
    "EventSummaryOut",
    "PublishIn",
    "RoleIn",
    "RoleOut",
    "RoundSummary",
    "SettingOut",
    "SettingsPatch",
]

SettingKey = Annotated[str, Field(max_length=64)]


class EventCreate(Input):
    """A new event; ``settings`` are set in order (see ``GET …/settings`` for the keys)."""

    game: GameName
    system: System
    discipline: Discipline = "individual"
    name: Annotated[str, Field(max_length=MAX_NAME)] | None = None
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] | None = None
    draw_lots: Annotated[int, Field(ge=0, le=MAX_INT)] | None = Field(
        None, description="number the participants by lot with this seed when round 1 is paired"
    )
    # pydantic copies a mutable default for each body (the linter cannot see Input's base)
    settings: Annotated[dict[SettingKey, ShortText], Field(max_length=64)] = {}  # noqa: RUF012


class EventSummaryOut(Output):
    """An event as listed."""

    id: int
    name: str
    game: str
    system: str
    discipline: str
    published: bool
    version: int
    participants: int
    rounds: int
    my_roles: list[str]
    updated_at: datetime


class RoundSummary(BaseModel):
    """A paired round (as the caller may see it)."""

    number: int
    version: int
    published: bool
    games: int
    finished: bool = Field(description="every game has a result (final or provisional)")

    @classmethod
    def of(cls, state: EventState, paired: Round) -> RoundSummary:
        """Round ``paired`` of the event ``state``."""
        kept = state.rounds[paired.number]
        return cls(
            number=paired.number,
            version=kept.version,
            published=kept.published,
            games=len(paired.games),
            finished=not paired.unfinished,
        )


class EventOut(BaseModel):
    """An event: what it is, its settings as set, its rounds, the caller's roles in it."""

    id: int
    name: str
    game: str
    system: str
    discipline: str
    published: bool
    version: int = Field(description="the document's version (entries, settings, pairings)")
    settings: dict[str, Any] = Field(description="the settings set (absent: the default)")
    participants: int
    rounds_planned: int
    finished: bool
    rounds: list[RoundSummary]
    my_roles: list[str]
    my_players: list[int]
    permissions: list[str] = Field(description="what the caller may do in this event")
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, state: EventState) -> EventOut:
        """From the service's value."""
        event = state.event
        planned, finished = progress(state)
        access = state.access
        return cls(
            id=state.id,
            name=event.config.name,
            game=event.game,
            system=event.system,
            discipline=event.discipline,
            published=state.published,
            version=state.version,
            settings=event.settings.to_json(),
            participants=len(event.participants),
            rounds_planned=planned,
            finished=finished,
            rounds=[RoundSummary.of(state, r) for r in event.rounds],
            my_roles=sorted(access.roles),
            my_players=sorted(access.player_nos),
            permissions=sorted(p.value for p in Permission if access.can(p)),
            created_at=state.created_at,
            updated_at=state.updated_at,
        )


class SettingOut(Output):
    """One setting: its value (text), whether set, its meaning, whether fixed now."""

    key: str
    value: str
    set: bool
    meaning: str
    fixed: bool = Field(description="fixed since round 1 was paired")


class SettingsPatch(Input):
    """Settings to change (``""`` restores the default); all or none are applied."""

    settings: Annotated[
        dict[SettingKey, Annotated[str, Field(max_length=2000)]],
        Field(min_length=1, max_length=64),
    ]
    version: Version | None = Field(
        None, description="the event's version as seen; 409 if it changed"
    )


class PublishIn(Input):
    """Publish (``true``) or withdraw (``false``)."""

    published: bool


class RoleIn(Input):
    """A role to give; ``player_no`` names the player for the ``player`` role."""

    username: Username
    role: Literal["organiser", "chief-referee", "referee", "player", "spectator"]
    player_no: Id | None = None


class RoleOut(Output):
    """A role held."""

    id: int
    username: str
    display_name: str
    role: str
    player_no: int | None
