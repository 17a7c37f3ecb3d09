"""The referees' notes of a round's games played on the server, for the printed round protocol:
read from each event game's stored action log (:mod:`arbiter.server.storage.actions`, written
as the live game is played), so that the protocol holds every warning, penalty, clock
correction, pause and result a referee gave in the games (issue 15).
"""

from __future__ import annotations

from arbiter.match import LogEntry, MatchError
from arbiter.match.notes import RefereeNote, referee_notes
from arbiter.server.runtime import Runtime
from arbiter.server.services.state import EventState
from arbiter.server.storage import actions

__all__ = ["round_notes"]


def round_notes(
    rt: Runtime, state: EventState, number: int
) -> dict[tuple[int, int | None], tuple[RefereeNote, ...]]:
    """The notes of round ``number``'s games with any, by ``(table, board)``. The caller has
    read ``state`` as the reader may see it (so the round is one they may see)."""
    games = state.event.round(number).games
    found: dict[tuple[int, int | None], tuple[RefereeNote, ...]] = {}
    with rt.db.read() as session:
        for game in games:
            stored = actions.entries(session, state.games[game.key].id)
            if not stored:
                continue
            try:
                log = [LogEntry.from_json(entry.to_log_json()) for entry in stored]
            except MatchError:
                continue  # an entry this version cannot read: the protocol goes without it
            notes = referee_notes(log, over=game.result is not None)
            if notes:
                found[(game.table, game.board)] = notes
    return found
