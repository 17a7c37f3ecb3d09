"""Entries: a player's form, pairs, teams, withdrawals; the entries as the caller may see them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from arbiter.events.document import to_document
from arbiter.events.event import Event
from arbiter.events.participants import Pair, Player, Team
from arbiter.limits import MAX_CODE, MAX_COUNTRY, MAX_NAME
from arbiter.server.api.schemas.common import Input, Number, Ref, ShortText

__all__ = [
    "AddedOut",
    "PairIn",
    "PairOut",
    "ParticipantsOut",
    "PlayerIn",
    "PlayerOut",
    "TeamIn",
    "TeamOut",
    "WithdrawIn",
    "participant_out",
    "participants_out",
]

Code = Annotated[str, Field(max_length=MAX_CODE)]
ListId = Annotated[str, Field(pattern=r"^[0-9A-Za-z]{1,16}$")]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class PlayerIn(Input):
    """A player's entry form (seed 002 appendix 2; seed 000 §12)."""

    name: Name = Field(
        description='"Surname Given" (or "Surname, Given" for a surname of several words)'
    )
    gender: Literal["m", "f"] | None = None
    born: Code | None = Field(None, description="YYYY-MM-DD")
    club: ShortText = ""
    city: ShortText = ""
    country: Annotated[str, Field(max_length=MAX_COUNTRY)] = ""
    title: ShortText = Field("", description="sports title or category")
    rank: Code | None = Field(None, description="Go: 5k, 2d, 1p")
    rating: Annotated[int, Field(ge=0, le=4000)] | None = None
    coach: ShortText = ""
    medical: bool | None = Field(None, description="the doctor's clearance")
    ids: dict[Literal["egf", "ffg", "aga", "fide"], ListId] = Field(
        {}, description="ids in rating lists (egf: EGF PIN; a search's id and id_registry)"
    )


class PairIn(Input):
    """A pair-go pair of two entered players (number or exact name)."""

    man: Ref
    woman: Ref
    name: ShortText | None = None


class TeamIn(Input):
    """A team of entered players in board order, with reserves."""

    name: Name
    players: Annotated[list[Ref], Field(min_length=1, max_length=50)]
    # pydantic copies a mutable default for each body (the linter cannot see Input's base)
    reserves: Annotated[list[Ref], Field(max_length=50)] = []  # noqa: RUF012


class WithdrawIn(Input):
    """From which round the participant no longer plays (default: the next)."""

    from_round: Number | None = None


class PlayerOut(BaseModel):
    """A player's entry (``born`` and ``medical`` shown to the event's staff only)."""

    # Published under the package's name: the OpenAPI schema tells this PlayerOut from the
    # ratings' one by module (``arbiter__server__api__schemas__PlayerOut``), as clients know it.
    __module__ = "arbiter.server.api.schemas"

    no: int
    name: str
    surname: str
    given: str
    gender: str | None
    born: str | None
    club: str
    city: str
    country: str
    title: str
    rank: str | None
    rating: int | None
    coach: str
    medical: bool | None
    entered: int
    withdrawn: int | None
    excluded: bool
    ids: dict[str, str] = {}


class PairOut(BaseModel):
    """A pair-go pair."""

    no: int
    name: str
    man: int
    woman: int
    entered: int
    withdrawn: int | None
    excluded: bool


class TeamOut(BaseModel):
    """A team: players in board order, reserves."""

    no: int
    name: str
    players: list[int]
    reserves: list[int]
    club: str
    country: str
    entered: int
    withdrawn: int | None
    excluded: bool


class ParticipantsOut(BaseModel):
    """Every entry: players, and the pairs or teams paired in pair and team events."""

    discipline: str
    players: list[PlayerOut]
    pairs: list[PairOut]
    teams: list[TeamOut]

    @classmethod
    def of(cls, event: Event) -> ParticipantsOut:
        """From the event as the caller may see it."""
        doc = to_document(event)
        return cls(
            discipline=event.discipline,
            players=[_player_out(p, d) for p, d in zip(event.players, doc["players"], strict=True)],
            pairs=[PairOut(**d) for d in doc["pairs"]],
            teams=[TeamOut(**d) for d in doc["teams"]],
        )


def _player_out(player: Player, doc: dict[str, Any]) -> PlayerOut:
    fields = {k: doc.get(k) for k in PlayerOut.model_fields if k in doc}
    return PlayerOut.model_validate({**fields, "name": player.name, "ids": doc.get("ids") or {}})


def participant_out(participant: Player | Pair | Team, event: Event) -> dict[str, Any]:
    """One entry as JSON, with its kind."""
    return participants_out([participant], event)[0]


def participants_out(
    participants: Sequence[Player | Pair | Team], event: Event
) -> list[dict[str, Any]]:
    """Entries as JSON, with their kinds. The event's entries are converted once: once per
    entry made the answer to an import of 3,000 players take two minutes."""
    out = ParticipantsOut.of(event)
    index: dict[tuple[str, int], PlayerOut | PairOut | TeamOut] = {}
    for kind, items in (("player", out.players), ("pair", out.pairs), ("team", out.teams)):
        for item in items:
            index[(kind, item.no)] = item
    return [{"kind": _kind(p), **index[(_kind(p), p.no)].model_dump()} for p in participants]


def _kind(participant: Player | Pair | Team) -> str:
    if isinstance(participant, Team):
        return "team"
    if isinstance(participant, Pair):
        return "pair"
    return "player"


class AddedOut(BaseModel):
    """The entries made, the event's new version, and what an import could not keep."""

    event_version: int
    added: list[dict[str, Any]]
    notes: list[str] = []
