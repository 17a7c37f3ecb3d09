"""The API's request and response bodies (pydantic), and how service values become them.

Requests refuse unknown fields (422). Numbers that name things (ids, rounds, tables) are
bounded so that no value reaches the database that it cannot hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from arbiter.events.document import to_document
from arbiter.events.event import Event
from arbiter.events.exact import to_json
from arbiter.events.participants import Pair, Player, Team
from arbiter.events.results import GameName
from arbiter.events.rounds import Game
from arbiter.events.settings import Discipline, System
from arbiter.events.standings import Standings
from arbiter.limits import MAX_CODE, MAX_COUNTRY, MAX_FIELD, MAX_NAME, MAX_ROUNDS
from arbiter.server.auth.roles import Permission
from arbiter.server.services.accounts import CurrentUser, TokenInfo
from arbiter.server.services.events import EventSummary, SettingInfo, progress
from arbiter.server.services.roles import RoleGrant
from arbiter.server.services.state import EventState, GameState

MAX_INT = 2**31 - 1
Id = Annotated[int, Field(ge=1, le=MAX_INT)]
Number = Annotated[int, Field(ge=1, le=9999)]
Version = Annotated[int, Field(ge=1, le=MAX_INT)]
# The field limits are the core's (arbiter.limits), which every file reader applies too.
ShortText = Annotated[str, Field(max_length=MAX_FIELD)]
Ref = (
    Annotated[int, Field(ge=1, le=MAX_INT)]
    | Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
)

Game_ = GameName
System_ = System
Discipline_ = Discipline
Role_ = Literal["organiser", "chief-referee", "referee", "player", "spectator"]


class Input(BaseModel):
    """A request body: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


# -- errors ---------------------------------------------------------------------------------------


class ErrorDetail(BaseModel):
    """What went wrong."""

    status: int = Field(description="the HTTP status")
    message: str = Field(description="one readable line naming the problem")
    field: str | None = Field(None, description="the request field at fault, if one is")
    current: Any = Field(None, description="409: the current state (e.g. the game's version)")


class ErrorBody(BaseModel):
    """Every error answer."""

    error: ErrorDetail


#: What each error status means, as the OpenAPI schema says it.
ERROR_WORDS = {
    400: "the request cannot be read",
    401: "sign in (or a valid token) is needed",
    403: "the caller's role does not allow it",
    404: "no such thing (or not visible to the caller)",
    409: "conflicts with the current state (stale version, already done)",
    413: "the request body is larger than the server takes",
    422: "a value is refused (the message says why)",
    429: "too many attempts: wait Retry-After seconds",
    501: "not available in this build yet",
    503: "the database is busy or unreachable: try again after Retry-After seconds",
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for the error answers an operation's service gives (the answers every
    operation of its kind gives are added by :mod:`arbiter.server.api.openapi`)."""
    return {s: {"model": ErrorBody, "description": ERROR_WORDS[s]} for s in statuses}


# -- accounts -------------------------------------------------------------------------------------


class UserOut(BaseModel):
    """An account."""

    id: int
    username: str
    display_name: str
    is_admin: bool

    @classmethod
    def of(cls, user: CurrentUser) -> UserOut:
        """From the service's value."""
        return cls(
            id=user.id,
            username=user.username,
            display_name=user.display_name,
            is_admin=user.is_admin,
        )


class LoginIn(Input):
    """A sign-in."""

    username: Annotated[str, Field(min_length=1, max_length=64)]
    password: Annotated[str, Field(min_length=1, max_length=1024)]


class SessionOut(BaseModel):
    """The signed-in account; ``csrf_token`` goes into the ``X-CSRF-Token`` header of changes
    made with the session cookie (``null`` with a bearer token)."""

    user: UserOut
    csrf_token: str | None = None


class TokenIn(Input):
    """A name for a new API token (to tell tokens apart)."""

    name: Annotated[str, Field(max_length=100)] = ""


class TokenCreated(BaseModel):
    """A new API token; ``access_token`` is shown only now."""

    access_token: str
    token_type: Literal["bearer"] = "bearer"
    id: int
    name: str
    expires_at: datetime


class TokenOut(BaseModel):
    """An API token (never its secret)."""

    id: int
    name: str
    created_at: datetime
    expires_at: datetime
    last_used_at: datetime

    @classmethod
    def of(cls, info: TokenInfo) -> TokenOut:
        """From the service's value."""
        return cls(
            id=info.id,
            name=info.name,
            created_at=info.created_at,
            expires_at=info.expires_at,
            last_used_at=info.last_used_at,
        )


class UserIn(Input):
    """A new account."""

    username: Annotated[str, Field(min_length=2, max_length=64)]
    password: Annotated[str, Field(min_length=8, max_length=256)]
    display_name: Annotated[str, Field(max_length=200)] = ""
    admin: bool = False


class SignupIn(Input):
    """Opening one's own account (when the server allows it)."""

    username: Annotated[str, Field(min_length=2, max_length=64)]
    password: Annotated[str, Field(min_length=8, max_length=256)]
    display_name: Annotated[str, Field(max_length=200)] = ""


class PasswordIn(Input):
    """A password change."""

    old_password: Annotated[str, Field(min_length=1, max_length=1024)]
    new_password: Annotated[str, Field(min_length=8, max_length=256)]


# -- events ---------------------------------------------------------------------------------------


class EventCreate(Input):
    """A new event; ``settings`` are set in order (see ``GET …/settings`` for the keys)."""

    game: Game_
    system: System_
    discipline: Discipline_ = "individual"
    name: Annotated[str, Field(max_length=MAX_NAME)] | None = None
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] | None = None
    draw_lots: Annotated[int, Field(ge=0, le=MAX_INT)] | None = Field(
        None, description="number the participants by lot with this seed when round 1 is paired"
    )
    settings: Annotated[
        dict[Annotated[str, Field(max_length=64)], ShortText], Field(max_length=64)
    ] = {}


class EventSummaryOut(BaseModel):
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

    @classmethod
    def of(cls, s: EventSummary) -> EventSummaryOut:
        """From the service's value."""
        return cls(
            id=s.id,
            name=s.name,
            game=s.game,
            system=s.system,
            discipline=s.discipline,
            published=s.published,
            version=s.version,
            participants=s.participants,
            rounds=s.rounds,
            my_roles=list(s.roles),
            updated_at=s.updated_at,
        )


class RoundSummary(BaseModel):
    """A paired round (as the caller may see it)."""

    number: int
    version: int
    published: bool
    games: int
    finished: bool = Field(description="every game has a result (final or provisional)")


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
            rounds=[
                RoundSummary(
                    number=r.number,
                    version=state.rounds[r.number].version,
                    published=state.rounds[r.number].published,
                    games=len(r.games),
                    finished=not r.unfinished,
                )
                for r in event.rounds
            ],
            my_roles=sorted(access.roles),
            my_players=sorted(access.player_nos),
            permissions=sorted(p.value for p in Permission if access.can(p)),
            created_at=state.created_at,
            updated_at=state.updated_at,
        )


class SettingOut(BaseModel):
    """One setting: its value (text), whether set, its meaning, whether fixed now."""

    key: str
    value: str
    set: bool
    meaning: str
    fixed: bool = Field(description="fixed since round 1 was paired")

    @classmethod
    def of(cls, s: SettingInfo) -> SettingOut:
        """From the service's value."""
        return cls(key=s.key, value=s.value, set=s.set, meaning=s.meaning, fixed=s.fixed)


class SettingsPatch(Input):
    """Settings to change (``""`` restores the default); all or none are applied."""

    settings: Annotated[
        dict[Annotated[str, Field(max_length=64)], Annotated[str, Field(max_length=2000)]],
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

    username: Annotated[str, Field(min_length=1, max_length=64)]
    role: Role_
    player_no: Id | None = None


class RoleOut(BaseModel):
    """A role held."""

    id: int
    username: str
    display_name: str
    role: str
    player_no: int | None

    @classmethod
    def of(cls, g: RoleGrant) -> RoleOut:
        """From the service's value."""
        return cls(
            id=g.id,
            username=g.username,
            display_name=g.display_name,
            role=g.role,
            player_no=g.player_no,
        )


# -- participants ---------------------------------------------------------------------------------


class PlayerIn(Input):
    """A player's entry form (seed 002 appendix 2; seed 000 §12)."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)] = Field(
        description='"Surname Given" (or "Surname, Given" for a surname of several words)'
    )
    gender: Literal["m", "f"] | None = None
    born: Annotated[str, Field(max_length=MAX_CODE)] | None = Field(None, description="YYYY-MM-DD")
    club: ShortText = ""
    city: ShortText = ""
    country: Annotated[str, Field(max_length=MAX_COUNTRY)] = ""
    title: ShortText = Field("", description="sports title or category")
    rank: Annotated[str, Field(max_length=MAX_CODE)] | None = Field(
        None, description="Go: 5k, 2d, 1p"
    )
    rating: Annotated[int, Field(ge=0, le=4000)] | None = None
    coach: ShortText = ""
    medical: bool | None = Field(None, description="the doctor's clearance")


class PairIn(Input):
    """A pair-go pair of two entered players (number or exact name)."""

    man: Ref
    woman: Ref
    name: ShortText | None = None


class TeamIn(Input):
    """A team of entered players in board order, with reserves."""

    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]
    players: Annotated[list[Ref], Field(min_length=1, max_length=50)]
    reserves: Annotated[list[Ref], Field(max_length=50)] = []


class WithdrawIn(Input):
    """From which round the participant no longer plays (default: the next)."""

    from_round: Number | None = None


class PlayerOut(BaseModel):
    """A player's entry (``born`` and ``medical`` shown to the event's staff only)."""

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


# -- rounds and games -----------------------------------------------------------------------------


class PairRoundIn(Input):
    """The round to pair: the next one (409 if it is paired already)."""

    round: Number


class GameEditIn(Input):
    """One game of a round edited by hand."""

    table: Number
    black: Id
    white: Id
    handicap: Annotated[int, Field(ge=0, le=9)] | None = None
    komi: Annotated[str, Field(max_length=10)] | float | None = None


class ByeEditIn(Input):
    """A participant without a game in an edited round."""

    no: Id
    kind: Literal["bye", "half", "zero", "rest", "absent"] = "bye"


class RoundEditIn(Input):
    """A round's pairing replaced by hand, guarded by the round's version."""

    version: Version
    games: Annotated[list[GameEditIn], Field(max_length=2000)]
    byes: Annotated[list[ByeEditIn], Field(max_length=2000)] = []


class LineupIn(Input):
    """A team's players in board order for a round (``null``: an empty board)."""

    players: Annotated[list[Id | None], Field(max_length=50)]
    override: bool = Field(False, description="let a team with fewer than half its boards play")


class WarningIn(Input):
    """A referee's warning."""

    player: Id
    round: Number
    reason: Annotated[str, Field(max_length=500)] = ""


class GameOut(BaseModel):
    """A game with its result and version (who moves first: Black in Go, White in Toguz)."""

    id: int
    round: int
    table: int
    board: int | None
    black: int
    black_name: str
    white: int
    white_name: str
    black_player: int | None
    white_player: int | None
    handicap: int
    komi: float | None
    result: str | None
    provisional: bool
    extra: list[str]
    slot: str | None
    version: int

    @classmethod
    def of(cls, event: Event, game: Game, state: GameState) -> GameOut:
        """From the service's values."""
        return cls(
            id=state.id,
            round=game.round,
            table=game.table,
            board=game.board,
            black=game.black,
            black_name=event.name_of(game.black),
            white=game.white,
            white_name=event.name_of(game.white),
            black_player=game.black_player,
            white_player=game.white_player,
            handicap=game.handicap,
            komi=float(to_json(game.komi)) if game.komi is not None else None,
            result=str(game.result) if game.result is not None else None,
            provisional=bool(game.result and game.result.provisional),
            extra=[str(r) for r in game.extra],
            slot=game.slot,
            version=state.version,
        )


class ByeOut(BaseModel):
    """A participant without a game in a round."""

    no: int
    name: str
    kind: str
    points: float


class RoundOut(BaseModel):
    """A round: its games and byes, version and publication."""

    number: int
    version: int
    published: bool
    paired_at: datetime
    games: list[GameOut]
    byes: list[ByeOut]


class ResultIn(Input):
    """A result in the event's grammar (Go ``B+R``, ``W+3.5``, ``0``, ``Void``; Toguz
    ``1(82)-0(60)``, ``1/2-1/2``; both ``+-``, ``-+``, ``--``). ``version``: the game's version
    when correcting (leave it out to enter a first result)."""

    result: Annotated[str, Field(min_length=1, max_length=64)]
    provisional: bool = Field(False, description="a referee's provisional result (seed 002 2.8.8)")
    version: Version | None = None


class ExtraIn(Input):
    """The result of an extra game that breaks a drawn knockout meeting."""

    result: Annotated[str, Field(min_length=1, max_length=64)]


class RecordIn(Input):
    """A game's record: ``sgf`` (Go), ``arbiter-game`` (the JSON game record) or
    ``toguz-text`` (the federation's notation); ``version`` to replace a stored one."""

    format: Literal["sgf", "arbiter-game", "toguz-text"]
    content: Annotated[str, Field(min_length=1, max_length=2_000_000)]
    version: Version | None = None


class RecordOut(BaseModel):
    """A stored game record."""

    game_id: int
    format: str
    content: str
    version: int


class ExplanationOut(BaseModel):
    """Why a round is paired as it is."""

    round: int
    system: str
    summary: str
    details: Any = None


# -- standings ------------------------------------------------------------------------------------


class StandingRow(BaseModel):
    """One line of the standings (as ``arbiter event standings --format json``)."""

    place: int
    no: int
    name: str
    points: float
    tiebreaks: dict[str, float | list[float]]
    shared: bool
    group: int | None = None
    provisional: bool = False


class StandingsOut(BaseModel):
    """The standings after a round; ``order`` is every criterion, the points first."""

    after_round: int
    order: list[str]
    rows: list[StandingRow]

    @classmethod
    def of(cls, table: Standings) -> StandingsOut:
        """From the events core's standings."""
        return cls(
            after_round=table.after_round,
            order=list(table.order),
            rows=[StandingRow.model_validate(r) for r in table.to_json()],
        )


class CrosstableOut(BaseModel):
    """The crosstable of seed 002 appendix 3: headers and rows of cells."""

    title: str
    headers: list[str]
    rows: list[list[str]]
