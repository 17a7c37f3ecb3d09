"""Refusals shown on the page the form came from.

A result the server refused, as the round page and the referee console show it next to its
game: the text the referee typed (kept in the field), the reason, and — when another referee
changed the game meanwhile — what it holds now, who entered it and when, with the version to
apply the typed result over it in one click. A protest's form names the page it came from
(``next``): :func:`origin` says which, to show the refusal there.

>>> conflict_note({"result": "B+R", "by_name": "Aigul", "at": "2026-06-12T09:05:00+00:00"})
'The result changed meanwhile: it is now B+R, entered by Aigul at 2026-06-12 09:05 UTC.'
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import parse_qsl, urlsplit

from fastapi.responses import Response

from arbiter.i18n import gettext
from arbiter.server.services.errors import Conflict, ServiceError
from arbiter.server.web.page import local_path


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused result: the ``value`` typed, the ``message``, and ``version``: the game's
    version now when the refusal is a conflict (the "apply mine over it" button sends it)."""

    value: str
    message: str
    version: int | None = None


def when_text(at: object) -> str:
    """An ISO 8601 instant as the pages print it (UTC, to the minute); empty when unknown."""
    if not isinstance(at, str):
        return ""
    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def conflict_note(current: dict[str, Any]) -> str:
    """What the game holds now, who entered it and when, in the reader's language."""
    by = current.get("by_name") or current.get("by") or gettext("somebody")
    at = when_text(current.get("at"))
    result = current.get("result")
    if result is None:
        return gettext(
            "The result changed meanwhile: the game has none now (cleared by %(by)s at %(at)s)."
        ) % {"by": by, "at": at}
    return gettext(
        "The result changed meanwhile: it is now %(result)s, entered by %(by)s at %(at)s."
    ) % {"result": result, "by": by, "at": at}


def refusal_of(exc: ServiceError, value: str) -> Refusal:
    """The refusal of ``value`` as the page shows it."""
    current = getattr(exc, "current", None)
    if isinstance(exc, Conflict) and isinstance(current, dict) and "version" in current:
        version = current.get("version")
        return Refusal(value, conflict_note(current), version if isinstance(version, int) else None)
    return Refusal(value, exc.message)


_CONSOLE = re.compile(r"/events/(\d{1,9})/rounds/(\d{1,9})/console")
_PROTESTS = re.compile(r"/events/(\d{1,9})/rounds/(\d{1,9})/games/(\d{1,9})/protests")
Origin = Literal["console", "protests", "room"]


def origin(target: str | None, event_id: int) -> tuple[Origin, tuple[int | None, ...]]:
    """The page of event ``event_id`` a form came from: the console (its round), a game's
    protests (round, table, board) or the game room (the round, when named).

    >>> origin("/events/3/rounds/2/console", 3), origin("/events/3/room?round=2", 3)
    (('console', (2,)), ('room', (2,)))
    >>> origin("/events/3/rounds/2/games/5/protests?board=1", 3), origin("//evil", 3)
    (('protests', (2, 5, 1)), ('room', (None,)))
    """
    url = urlsplit(local_path(target, f"/events/{event_id}/room"))
    query = dict(parse_qsl(url.query))
    at = _CONSOLE.fullmatch(url.path)
    if at and int(at.group(1)) == event_id:
        return "console", (int(at.group(2)),)
    at = _PROTESTS.fullmatch(url.path)
    if at and int(at.group(1)) == event_id:
        board = query.get("board", "")
        return "protests", (int(at.group(2)), int(at.group(3)), _small(board))
    return "room", (_small(query.get("round", "")),)


def _small(text: str) -> int | None:
    return int(text) if text.isdigit() and len(text) < 10 else None


async def shown_or(shown: Awaitable[Response], exc: ServiceError) -> Response:
    """The page a refused form came from, with the refusal — or, when the caller may not see
    that page, the refusal's own page."""
    try:
        return await shown
    except ServiceError:
        raise exc from None
