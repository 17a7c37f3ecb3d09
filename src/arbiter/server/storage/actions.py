"""A game's append-only action log: the entries of :class:`arbiter.match.LogEntry`, stored one
row each as they are accepted, so that a referee can reconstruct the game (spec 7.4) and the
server can rebuild the match by replaying them.

Entries are only ever added, with ``seq`` = 0, 1, 2, … in order; the primary key
``(game_id, seq)`` makes two writers that both try to add entry ``n`` fail for one of them
(:class:`SeqTaken`), which then reloads and retries or refuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbiter.server.storage.models import GameAction


class SeqTaken(Exception):
    """Another writer stored the entry with this ``seq`` first."""


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One stored entry: the match's log entry (``seq``, ``t``, ``actor``, ``action``), when it
    was stored, and by which account."""

    seq: int
    t: float
    actor: dict[str, Any]
    action: dict[str, Any]
    at: datetime
    user_id: int | None

    def to_log_json(self) -> dict[str, Any]:
        """The entry as ``LogEntry.to_json()`` writes it (for ``LogEntry.from_json``)."""
        return {"seq": self.seq, "t": self.t, "actor": self.actor, "action": self.action}


def next_seq(session: Session, game_id: int) -> int:
    """The ``seq`` the next entry of the game takes."""
    last = session.scalar(select(func.max(GameAction.seq)).where(GameAction.game_id == game_id))
    return 0 if last is None else int(last) + 1


def append(
    session: Session,
    game_id: int,
    entry: dict[str, Any],
    *,
    user_id: int | None,
    at: datetime,
) -> None:
    """Store ``entry`` (a ``LogEntry.to_json()`` object) as the game's next entry.

    Its ``seq`` must be :func:`next_seq`; :class:`SeqTaken` when another writer took it, and
    ``ValueError`` for an entry out of order. The surrounding transaction stays usable.
    """
    seq = entry.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise ValueError(f"a log entry's seq is a whole number, not {seq!r}")
    expected = next_seq(session, game_id)
    if seq < expected:
        raise SeqTaken(f"entry {seq} of game {game_id} is stored already")
    if seq != expected:
        raise ValueError(f"game {game_id}'s next entry is {expected}, not {seq}")
    row = GameAction(
        game_id=game_id,
        seq=seq,
        t=float(entry["t"]),
        at=at,
        actor=entry["actor"],
        action=entry["action"],
        user_id=user_id,
    )
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        raise SeqTaken(f"entry {seq} of game {game_id} was stored by another writer") from None


def entries(session: Session, game_id: int, since: int = 0) -> list[StoredAction]:
    """The game's entries from ``seq`` ``since`` on, in order."""
    rows = session.scalars(
        select(GameAction)
        .where(GameAction.game_id == game_id, GameAction.seq >= since)
        .order_by(GameAction.seq)
    )
    return [StoredAction(r.seq, r.t, r.actor, r.action, r.at, r.user_id) for r in rows]
