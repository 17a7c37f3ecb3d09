"""Results: enter, correct, mark provisional, clear; extra games of drawn knockout meetings.

A result is checked against the event read without a write lock, then written to its game's row
by one statement that also checks, under the event's *shared* lock, that the event has not
changed since and the referee still holds the role (services/unit.py, ``prepared`` and
``still_as_read``): referees enter results of different games at the same time without waiting
for each other (on PostgreSQL), and on SQLite, which writes one transaction at a time, the live
games' moves wait for one row's update at most.
Each game has a version:

- entering a result on a game without one needs no version;
- correcting names the version the referee saw; if the game changed meanwhile — or a result
  was entered while the referee thought there was none — the answer is 409 with the game as it
  is now: its result, its version, who entered it (``by``: the account's user name, ``by_name``
  its display name) and when (``at``), so that the referee can look and apply theirs over it
  with the version given.

The result is checked against the whole event (the game's grammar, korgool counts, knockout
corrections once the next round is paired) with the events core's ``record_result``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from arbiter.events.event import Event
from arbiter.events.rounds import Game, GameKey
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, aware
from arbiter.server.services.errors import Conflict, domain
from arbiter.server.services.state import GameState, locate_game
from arbiter.server.services.text import check_text
from arbiter.server.services.unit import Editing, Moved, editing, prepared, still_as_read, why_not
from arbiter.server.storage.events import write_result
from arbiter.server.storage.models import GameRow, User


@dataclass(frozen=True, slots=True)
class GameView:
    """A game with its state (database id, version) and the event it belongs to; ``by`` and
    ``by_name``: the account that last changed its result (user name, display name)."""

    event: Event
    game: Game
    state: GameState
    by: str | None = None
    by_name: str | None = None

    def to_current(self) -> dict[str, object]:
        """The game as a 409 answer shows it: result, version, who entered it and when."""
        g = self.game
        return {
            "id": self.state.id,
            "round": g.round,
            "table": g.table,
            "board": g.board,
            "result": str(g.result) if g.result is not None else None,
            "extra": [str(r) for r in g.extra],
            "version": self.state.version,
            "by": self.by,
            "by_name": self.by_name,
            "at": self.state.updated_at.isoformat(),
        }


def _author(session: Session, user_id: int | None) -> tuple[str | None, str | None]:
    """The user name and display name of account ``user_id`` (``None`` for none, or a deleted
    account)."""
    if user_id is None:
        return None, None
    found = session.execute(
        select(User.username, User.display_name).where(User.id == user_id)
    ).one_or_none()
    if found is None:
        return None, None
    return found.username, found.display_name or found.username


def _view(
    ed: Editing, key: GameKey, event: Event | None = None, *, with_author: bool = True
) -> GameView:
    source = event or ed.event
    game = source.game_at(*key)
    row = ed.loaded.games[key]
    by, by_name = _author(ed.session, row.updated_by) if with_author else (None, None)
    state = GameState(row.id, row.version, aware(row.updated_at))
    return GameView(source, game, state, by, by_name)


def record_result(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
    result: str,
    *,
    provisional: bool = False,
    version: int | None = None,
) -> GameView:
    """Enter (``version`` omitted: the game must have no result) or correct (``version``: the
    game's version as the referee saw it) a result; ``provisional`` (or a final ``?``) marks a
    referee's provisional result for an unfinished game (seed 002 2.8.8)."""
    check_text(result, "result", limit=64)
    text = result.strip()
    if provisional and not text.endswith("?"):
        text += "?"
    what = "recording results"
    for _attempt in range(3):
        with prepared(rt, actor, event_id, Permission.RECORD_RESULT, what) as ed:
            game = locate_game(ed.event, number, table, board)
            row = ed.loaded.games[game.key]
            if version is None and game.result is not None:
                raise Conflict(
                    f"the game has a result already ({game.result}): "
                    f"give its version ({row.version}) to correct it",
                    "version",
                    _view(ed, game.key).to_current(),
                )
            if version is not None and version != row.version:
                raise Conflict(
                    f"the game changed meanwhile (version {row.version}, not {version})",
                    "version",
                    _view(ed, game.key).to_current(),
                )
            current = _view(ed, game.key, with_author=False)
            with domain("result"):
                updated = ed.event.record_result(number, table, game.board, text)
            new_game = updated.game_at(*game.key)
        with rt.db.write() as session:
            written = write_result(
                session,
                row,
                new_game,
                expected_version=row.version,
                user_id=ed.user.id,
                now=ed.now,
                only_if=still_as_read(ed, Permission.RECORD_RESULT),
            )
        if not written:
            try:
                why_not(rt, ed, Permission.RECORD_RESULT, what)
            except Moved:
                continue  # the round was paired again, a setting changed...: check once more
            with rt.db.read() as session:
                raise Conflict(
                    "another referee recorded this game's result at the same moment",
                    "version",
                    {**current.to_current(), **_stored_now(session, row.id)},
                )
        state = GameState(row.id, row.version + 1, ed.now)
        return GameView(updated, new_game, state, ed.user.username, ed.user.display_name)
    raise Conflict("the event kept changing while the result was entered: try again", "event")


def _stored_now(session: Session, game_id: int) -> dict[str, object]:
    """The game's result as the other writer committed it (a fresh read)."""
    found = session.execute(
        select(
            GameRow.result,
            GameRow.extra,
            GameRow.version,
            GameRow.updated_at,
            GameRow.updated_by,
        ).where(GameRow.id == game_id)
    ).one()
    by, by_name = _author(session, found.updated_by)
    return {
        "result": found.result,
        "extra": list(found.extra),
        "version": found.version,
        "by": by,
        "by_name": by_name,
        "at": aware(found.updated_at).isoformat(),
    }


def record_extra(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    result: str,
) -> GameView:
    """Add the result of an extra game that breaks a drawn knockout meeting (it is stored with
    the meeting's first game, whose version grows)."""
    check_text(result, "result", limit=64)
    with editing(rt, actor, event_id, Permission.RECORD_RESULT, "recording results") as ed:
        first = locate_game(ed.event, number, table, 1 if ed.event.discipline == "team" else None)
        with domain("result"):
            updated = ed.event.record_result(number, table, None, result.strip(), extra=True)
        ed.store(updated)
        return _view(ed, first.key)


def clear_result(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
    version: int,
) -> GameView:
    """Take a result back (entered at the wrong table, say) while no later round is paired."""
    with editing(rt, actor, event_id, Permission.RECORD_RESULT, "recording results") as ed:
        game = locate_game(ed.event, number, table, board)
        row = ed.loaded.games[game.key]
        if version != row.version:
            raise Conflict(
                f"the game changed meanwhile (version {row.version}, not {version})",
                "version",
                _view(ed, game.key).to_current(),
            )
        if len(ed.event.rounds) > number:
            raise Conflict(
                f"round {number + 1} is paired: correct the result instead of clearing it",
                "round",
            )
        ed.store(ed.event.with_game(replace(game, result=None, extra=())))
        return _view(ed, game.key)
