"""Building events through the API for the tests."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api

TOGUZ_NAMES = (
    "Asanov Bakyt",
    "Bekova Aida",
    "Chynybaev Daniyar",
    "Duishov Emil",
    "Ergeshova Nazira",
    "Fedorov Ivan",
)
GO_PLAYERS = (
    ("Lee Chang", "5d"),
    ("Park Su", "3d"),
    ("Kim Ji", "1d"),
    ("Cho Hun", "2k"),
    ("Batbayar Enkh", "4k"),
    ("Ivanov Sergei", "6k"),
)


def make_event(
    api: Api,
    game: str = "toguz",
    system: str = "round-robin",
    players: int = 4,
    **extra: Any,
) -> int:
    """An event with ``players`` entries; returns its id."""
    r = api.post("/api/events", json={"game": game, "system": system, "name": "Cup", **extra})
    assert r.status_code == 201, r.text
    event_id: int = r.json()["id"]
    for i in range(players):
        body: dict[str, Any]
        if game == "go":
            name, rank = GO_PLAYERS[i]
            body = {"name": name, "rank": rank}
        else:
            body = {"name": TOGUZ_NAMES[i], "rating": 1800 - 50 * i}
        added = api.post(f"/api/events/{event_id}/participants", json=body)
        assert added.status_code == 201, added.text
    return event_id


def pair(api: Api, event_id: int, number: int) -> dict[str, Any]:
    """Pair round ``number``; the round as answered."""
    r = api.post(f"/api/events/{event_id}/rounds", json={"round": number})
    assert r.status_code == 201, r.text
    found: dict[str, Any] = r.json()
    return found


def result(api: Api, event_id: int, number: int, table: int, text: str, **extra: Any) -> Any:
    """PUT a result; the response."""
    return api.put(
        f"/api/events/{event_id}/rounds/{number}/games/{table}/result",
        json={"result": text, **extra},
    )


def publish(api: Api, event_id: int, *rounds: int) -> None:
    """Publish the event and the given rounds."""
    assert api.post(f"/api/events/{event_id}/publish", json={"published": True}).status_code == 200
    for n in rounds:
        r = api.post(f"/api/events/{event_id}/rounds/{n}/publish", json={"published": True})
        assert r.status_code == 200, r.text


def grant(api: Api, event_id: int, username: str, role: str, player_no: int | None = None) -> int:
    """Give a role; its id."""
    body: dict[str, Any] = {"username": username, "role": role}
    if player_no is not None:
        body["player_no"] = player_no
    r = api.post(f"/api/events/{event_id}/roles", json=body)
    assert r.status_code == 201, r.text
    role_id: int = r.json()["id"]
    return role_id


def blocked_by_policy(message: Any) -> list[str]:
    """The console's complaint when the Content-Security-Policy blocked something."""
    text = str(message.text)
    if message.type == "error" and ("Content Security Policy" in text or "Refused to" in text):
        return [text]
    return []
