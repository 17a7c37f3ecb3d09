"""Fixtures of the online-competition tests: the live server of the live-play tests (uvicorn
in a thread on a fresh SQLite database) and an event ready for a round played online."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts, entries, events, roles, rounds
from arbiter.server.services.accounts import CurrentUser, open_session
from tests.server.conftest import PASSWORD
from tests.server.play.conftest import LiveServer


@pytest.fixture
def live(sqlite_runtime: Runtime) -> Iterator[LiveServer]:
    """A live server on SQLite."""
    server = LiveServer(sqlite_runtime).start()
    yield server
    server.stop()


@dataclass
class Person:
    """An account with an API token."""

    username: str
    user: CurrentUser
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}


@dataclass
class Cup:
    """An event with staff and players linked to entries, round 1 paired and published."""

    live: LiveServer
    id: int
    organiser: Person
    referee: Person
    players: dict[int, Person] = field(default_factory=dict)

    def api(self, method: str, path: str, who: Person | None = None, **kw: Any) -> httpx.Response:
        headers = who.headers if who is not None else {}
        return httpx.request(method, self.live.http + path, headers=headers, timeout=30, **kw)


def person(live: LiveServer, username: str, *, admin: bool = False) -> Person:
    """A new account with a token."""
    user = accounts.create_user(live.rt, username, PASSWORD, admin=admin, display_name=username)
    return Person(username, user, open_session(live.rt, user, "token", "test").secret)


def make_cup(
    live: LiveServer,
    *,
    game: str = "toguz",
    names: tuple[str, ...] = ("Asanov Bakyt", "Bekova Aida", "Duishov Emil", "Kadyrova Ainura"),
    settings: dict[str, str] | None = None,
    publish: bool = True,
) -> Cup:
    """A round-robin event of ``names``, every player linked to an account named after them
    (``p1``, ``p2``, …), a referee, round 1 paired (and published)."""
    rt = live.rt
    organiser = person(live, "org")
    made = events.create_event(
        rt,
        organiser.user,
        game=game,
        system="round-robin",
        name="Online Cup",
        settings={"time_control": "5m", **(settings or {})},
    )
    cup = Cup(live, made.id, organiser, person(live, "ref"))
    roles.grant_role(rt, organiser.user, cup.id, "ref", "referee")
    for no, name in enumerate(names, start=1):
        entries.add_player(rt, organiser.user, cup.id, entries.PlayerFields(name))
        cup.players[no] = person(live, f"p{no}")
        roles.grant_role(rt, organiser.user, cup.id, f"p{no}", "player", player_no=no)
    events.publish_event(rt, organiser.user, cup.id, True)
    rounds.pair_round(rt, organiser.user, cup.id, 1)
    if publish:
        rounds.publish_round(rt, organiser.user, cup.id, 1, True)
    return cup
