"""How the lobby's open seeks and queued players are written in Redis
(:mod:`arbiter.server.play.lobby_redis`): compact JSON that every process reads back into the
same values."""

from __future__ import annotations

import json

from arbiter.server.play.quick import Waiting
from arbiter.server.play.seeks import Seek, SeekSpec

__all__ = ["seek_of", "seek_record", "text", "waiting_of", "waiting_record"]


def seek_record(seek: Seek) -> str:
    """A seek as the hash stores it."""
    spec = seek.spec
    return json.dumps(
        {
            "id": seek.id,
            "user_id": seek.user_id,
            "username": seek.username,
            "name": seek.name,
            "rating": seek.rating,
            "provisional": seek.provisional,
            "conn": seek.conn,
            "proc": seek.proc,
            "spec": [
                spec.game,
                spec.time_control,
                spec.size,
                spec.rated,
                spec.rating_min,
                spec.rating_max,
                spec.colour,
            ],
        },
        separators=(",", ":"),
    )


def seek_of(raw: str | bytes) -> Seek:
    """The seek of a hash value."""
    doc = json.loads(raw)
    return Seek(
        str(doc["id"]),
        int(doc["user_id"]),
        str(doc["username"]),
        str(doc["name"]),
        float(doc["rating"]),
        bool(doc["provisional"]),
        int(doc["conn"]),
        SeekSpec(*doc["spec"]),
        str(doc["proc"]),
    )


def waiting_record(entry: Waiting, proc: str, conn: int) -> str:
    """A queued player as the hash stores it."""
    return json.dumps(
        [entry.user_id, entry.name, entry.preset, entry.rating, entry.since, proc, conn],
        separators=(",", ":"),
    )


def waiting_of(raw: str | bytes) -> tuple[Waiting, str, int]:
    """The queued player of a hash value, their process and connection."""
    user_id, name, preset, rating, since, proc, conn = json.loads(raw)
    return Waiting(int(user_id), str(name), str(preset), float(rating), float(since)), proc, conn


def text(raw: str | bytes) -> str:
    """A Redis reply as text."""
    return raw.decode() if isinstance(raw, bytes) else raw
