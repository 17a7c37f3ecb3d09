"""The live-play protocol's messages (version 1, docs/play-protocol.md): reading what clients
send, with limits, and the errors a server answers with.

Every client message is one JSON object in a text frame, at most :data:`MAX_MESSAGE` bytes,
with a ``type`` and, for answers to match it, an optional ``id`` (a number or short text the
server echoes in its ``ack`` or ``error``). The first message is ``hello``:

>>> parse('{"type": "hello", "v": 1, "last_seq": 12}')
{'type': 'hello', 'v': 1, 'last_seq': 12}
>>> parse('{"type": "act", "id": 3, "action": {"type": "move", "move": 7, "draw_offer": true}}')
{'type': 'act', 'id': 3, 'action': {'type': 'move', 'move': 7, 'draw_offer': True}}
>>> parse('{"type": "act", "action": {"type": "move", "move": 7, "lag": 5}}')
Traceback (most recent call last):
...
arbiter.server.play.protocol.ProtocolError: action: "lag" is the server's to set
>>> parse('[1, 2]')
Traceback (most recent call last):
...
arbiter.server.play.protocol.ProtocolError: a message is a JSON object with a "type"
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from arbiter.errors import ArbiterError
from arbiter.limits import json_depth

__all__ = [
    "CHAT_PHRASES",
    "CLIENT_TYPES",
    "MAX_CHAT",
    "MAX_MESSAGE",
    "VERSION",
    "ProtocolError",
    "dumps",
    "error",
    "parse",
]

_SURROGATE = re.compile("[\ud800-\udfff]")

VERSION = 1
"""The protocol's version: ``hello`` names it, ``welcome`` confirms it."""

MAX_MESSAGE = 4096
"""Bytes a client message may have; a longer one is answered and the connection closed."""

MAX_CHAT = 500
"""Characters of a chat message."""

MAX_DEPTH = 8
"""Nesting of a client message (the deepest, an action with its clocks, has 4 levels)."""

CHAT_PHRASES = ("greeting", "good-game", "thanks", "resigning", "protest", "sorry")
"""What opponents may say to each other during an event game (seed 002 7.3.2: greetings, at a
resignation, when filing a protest)."""

POSTPONE_OPS = ("request", "consent", "refuse", "grant", "deny", "withdraw")

CASUAL_OPS = (
    "takeback-request",
    "takeback-accept",
    "takeback-decline",
    "rematch-offer",
    "rematch-accept",
    "rematch-decline",
)
"""What a player of a casual game asks of the opponent (``casual`` messages)."""

CLIENT_TYPES = (
    "hello",
    "act",
    "chat",
    "ping",
    "whose-turn",
    "postpone",
    "hold",
    "resync",
    "casual",
)

_ACTION_FIELDS = {
    "type",
    "move",
    "draw_offer",
    "ground",
    "point",
    "side",
    "seconds",
    "periods",
    "moves_left",
    "period_left",
    "black",
    "white",
    "reason",
    "points",
    "ply",
    "colours_swapped",
    "handicap",
    "role",
    "winner",
    "result",
    "termination",
    "clocks",
    "sides",
    "used",
}


class ProtocolError(ArbiterError):
    """A client message the server cannot read; ``reason`` names the kind for clients."""

    def __init__(self, message: str, reason: str = "malformed", mid: object = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.mid = mid


def _clean(value: object) -> None:
    """Every text in a message is Unicode a database stores and a socket sends: no lone
    surrogate (``"\\ud800"`` is valid JSON, but no UTF-8), no control character but tab and
    line breaks — refused here, before anything reaches storage, on every database alike."""
    if isinstance(value, str):
        for ch in value:
            code = ord(ch)
            if 0xD800 <= code <= 0xDFFF:
                raise ProtocolError("a text in the message is not valid Unicode (a lone surrogate)")
            if (code < 32 and ch not in "\t\n\r") or 0x7F <= code < 0xA0:
                raise ProtocolError(
                    f"a text in the message holds a control character (U+{code:04X})"
                )
    elif isinstance(value, dict):
        for key, item in value.items():
            _clean(key)
            _clean(item)
    elif isinstance(value, list):
        for item in value:
            _clean(item)


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ProtocolError(message)


def _seat(value: object, what: str) -> str:
    _need(
        value in ("black", "white", "black.man", "black.woman", "white.man", "white.woman"),
        f"{what} is a seat: black, white, or in pair go black.man, black.woman, …",
    )
    assert isinstance(value, str)
    return value


def parse(text: str | bytes) -> dict[str, Any]:
    """The client message in ``text``, checked; :class:`ProtocolError` says what is wrong
    (``reason`` ``"too-large"`` for an oversized message, ``"malformed"`` otherwise)."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    if size > MAX_MESSAGE:
        raise ProtocolError(
            f"a message has at most {MAX_MESSAGE} bytes, not {size}", reason="too-large"
        )
    scanned = text if isinstance(text, str) else text.decode("utf-8", "replace")
    _need(
        json_depth(scanned, MAX_DEPTH) <= MAX_DEPTH, f"a message nests at most {MAX_DEPTH} levels"
    )
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("a message is one JSON object: this is not JSON") from None
    _need(
        isinstance(doc, dict) and isinstance(doc.get("type"), str),
        'a message is a JSON object with a "type"',
    )
    kind = doc["type"]
    _need(kind in CLIENT_TYPES, f"unknown message type {kind!r}: one of {', '.join(CLIENT_TYPES)}")
    if "id" in doc:
        mid = doc["id"]
        _need(
            (isinstance(mid, int) and not isinstance(mid, bool))
            or (isinstance(mid, str) and len(mid) <= 64),
            '"id" is a number or a text of at most 64 characters',
        )
    try:
        _clean(doc)
        _CHECKS[kind](doc)
    except ProtocolError as exc:
        exc.mid = doc.get("id")
        raise
    return dict(doc)


def _fields(doc: dict[str, Any], allowed: set[str]) -> None:
    extra = set(doc) - allowed - {"type", "id"}
    _need(not extra, f"a {doc['type']} message has no field {sorted(extra)[0]!r}" if extra else "")


def _hello(doc: dict[str, Any]) -> None:
    _fields(doc, {"v", "token", "auth", "last_seq"})
    _need(doc.get("v") == VERSION, f'this server speaks version {VERSION}: send "v": {VERSION}')
    for key in ("token", "auth"):
        if key in doc:
            _need(isinstance(doc[key], str) and 0 < len(doc[key]) <= 200, f'"{key}" is text')
    if "last_seq" in doc and doc["last_seq"] is not None:
        _need(_whole(doc["last_seq"], -1), '"last_seq" is the last seq received (or -1)')


def _whole(value: object, least: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _act(doc: dict[str, Any]) -> None:
    _fields(doc, {"action", "think"})
    action = doc.get("action")
    _need(
        isinstance(action, dict) and isinstance(action.get("type"), str),
        'an act message carries "action", an object with a "type"',
    )
    assert isinstance(action, dict)
    _need("lag" not in action, 'action: "lag" is the server\'s to set')
    extra = set(action) - _ACTION_FIELDS
    _need(not extra, f"action: no field {sorted(extra)[0]!r}" if extra else "")
    if "think" in doc:
        think = doc["think"]
        _need(
            isinstance(think, int | float)
            and not isinstance(think, bool)
            and math.isfinite(think)
            and 0 <= think < 1e7,
            '"think" is the seconds the client saw the position before moving',
        )


def _chat(doc: dict[str, Any]) -> None:
    _fields(doc, {"to", "text", "phrase"})
    to = doc.get("to", "players")
    _need(to in ("players", "referee") or isinstance(to, str), '"to" is players, referee or a seat')
    if to not in ("players", "referee"):
        _seat(to, '"to"')
    has_text, has_phrase = "text" in doc, "phrase" in doc
    _need(has_text != has_phrase, 'a chat message has either "text" or "phrase"')
    if has_text:
        text = doc["text"]
        _need(isinstance(text, str) and text.strip() != "", '"text" is non-empty text')
        _need(len(text) <= MAX_CHAT, f'"text" has at most {MAX_CHAT} characters')
        _need(all(ch >= " " or ch in "\n\t" for ch in text), '"text" has no control characters')
    else:
        _need(doc["phrase"] in CHAT_PHRASES, f'"phrase" is one of {", ".join(CHAT_PHRASES)}')


def _ping(doc: dict[str, Any]) -> None:
    _fields(doc, {"t"})


def _empty(doc: dict[str, Any]) -> None:
    _fields(doc, set())


def _postpone(doc: dict[str, Any]) -> None:
    _fields(doc, {"op", "start_at", "reason"})
    _need(doc.get("op") in POSTPONE_OPS, f'"op" is one of {", ".join(POSTPONE_OPS)}')
    if "start_at" in doc:
        s = doc["start_at"]
        _need(
            isinstance(s, int | float) and not isinstance(s, bool) and math.isfinite(s) and s > 0,
            '"start_at" is a Unix time in seconds',
        )
    if "reason" in doc:
        _need(
            isinstance(doc["reason"], str) and len(doc["reason"]) <= MAX_CHAT,
            f'"reason" is text of at most {MAX_CHAT} characters',
        )


def _hold(doc: dict[str, Any]) -> None:
    _fields(doc, {"seat", "release"})
    _seat(doc.get("seat"), '"seat"')
    if "release" in doc:
        _need(isinstance(doc["release"], bool), '"release" is true or false')


def _resync(doc: dict[str, Any]) -> None:
    _fields(doc, {"last_seq"})
    _need(_whole(doc.get("last_seq"), -1), '"last_seq" is the last seq received (or -1)')


def _casual(doc: dict[str, Any]) -> None:
    _fields(doc, {"op"})
    _need(doc.get("op") in CASUAL_OPS, f'"op" is one of {", ".join(CASUAL_OPS)}')


_CHECKS = {
    "hello": _hello,
    "act": _act,
    "chat": _chat,
    "ping": _ping,
    "whose-turn": _empty,
    "postpone": _postpone,
    "hold": _hold,
    "resync": _resync,
    "casual": _casual,
}


def dumps(message: dict[str, Any]) -> str:
    """A server message as compact JSON text. Text the socket could not send as UTF-8 (a lone
    surrogate stored before clients' text was checked) is written escaped (``\\ud800``), so
    that one old chat line cannot silence a game's stream."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    if _SURROGATE.search(text) is None:
        return text
    return json.dumps(message, ensure_ascii=True, separators=(",", ":"))


def error(reason: str, message: str, mid: object = None) -> dict[str, Any]:
    """An ``error`` message: ``reason`` (a stable word for programs: ``malformed``,
    ``too-large``, ``not-your-turn``, …), ``message`` (a sentence for people), and the ``id``
    of the client message it answers (``null`` when none)."""
    return {"type": "error", "id": mid, "reason": reason, "message": message}
