"""A live game's chat: who may write to whom (seed 002 7.3.2, pair go in seed 004), who reads
which message, and the quotas of what players write.

>>> chat_visible({"from": "black", "to": "referee"}, "white")
False
>>> chat_visible({"from": "referee", "to": "white"}, "white")
True
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from arbiter.server.config import Quotas
from arbiter.server.play.refused import Refused
from arbiter.server.play.state import GameState
from arbiter.server.play.viewer import Viewer

__all__ = ["ChatQuota", "chat_for", "chat_message", "chat_visible", "check_chat"]


def chat_visible(data: dict[str, Any], viewer: str) -> bool:
    """Whether a chat message is for ``viewer`` (``referee``, ``spectator`` or a seat): public
    messages (``to: players``) are for everyone; a message to the referee is for referees and
    its sender; a referee's message to a seat for that seat and the referees."""
    to = data.get("to")
    if to == "players" or viewer == "referee":
        return True
    if to == "referee":
        return data.get("from") == viewer
    return to == viewer


def chat_for(state: GameState, viewer: str) -> list[dict[str, Any]]:
    """The chat messages ``viewer`` may read, oldest first."""
    return [
        {"seq": seq, "at": at, **data} for seq, at, data in state.chat if chat_visible(data, viewer)
    ]


def check_chat(state: GameState, viewer: Viewer, doc: dict[str, Any]) -> None:
    """Refuse (:class:`Refused`) a chat message the rules do not allow ``viewer`` now."""
    to = doc.get("to", "players")
    m = state.match
    opts = state.options
    if viewer.kind == "spectator":
        raise Refused("not-permitted", "spectators do not chat")
    if viewer.kind == "referee":
        if to == "referee":
            raise Refused("not-permitted", "a referee writes to the players or to one seat")
        return
    if to == "referee":
        if opts.casual:
            raise Refused("not-permitted", "a game outside events has no referee")
    elif to != "players":
        raise Refused("not-permitted", "players write to the referee or to everyone")
    else:
        in_play = m.status not in ("ready", "over")
        if m.settings.pair and in_play:
            raise Refused(
                "not-permitted",
                "pair go partners may not talk during the game (seed 004): only the "
                "turn question and the resignation proposal",
            )
        if not opts.casual and "text" in doc and m.status != "over":
            raise Refused(
                "not-permitted",
                "during an event game opponents exchange only greetings, a word at "
                "resignation and a protest notice (seed 002 7.3.2): send a phrase",
            )


def chat_message(viewer: Viewer, doc: dict[str, Any]) -> dict[str, Any]:
    """The data of the ``chat`` event of a client's message (checked by :func:`check_chat`)."""
    data: dict[str, Any] = {"from": viewer.key, "to": doc.get("to", "players")}
    if viewer.user is not None:
        data["name"] = viewer.user.display_name or viewer.user.username
    if "text" in doc:
        data["text"] = doc["text"]
    else:
        data["phrase"] = doc["phrase"]
    return data


class ChatQuota:
    """What each seat of one game has written in the last minute (one room's memory)."""

    def __init__(self) -> None:
        self.sent: dict[str, deque[float]] = {}

    def take(self, key: str, state: GameState, quotas: Quotas) -> None:
        """A player's chat within the quotas: so many a minute, so many in the game (what the
        referee writes is never refused: the game's official word)."""
        now = time.monotonic()
        sent = self.sent.setdefault(key, deque())
        while sent and now - sent[0] > 60.0:
            sent.popleft()
        if len(sent) >= quotas.chat_per_minute:
            raise Refused("too-fast", f"at most {quotas.chat_per_minute} chat messages a minute")
        said = sum(1 for _seq, _at, data in state.chat if data.get("from") != "referee")
        if said >= quotas.chat_per_game:
            raise Refused(
                "chat-full", f"this game's chat is full ({quotas.chat_per_game} messages)"
            )
        sent.append(now)
