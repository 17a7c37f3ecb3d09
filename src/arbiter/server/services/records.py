"""Game records: store a game's record (SGF for Go; the JSON game record or the federation's
notation for Toguz Korgool), read it back, and write the records of a round as one archive.

Who sees a record: the event's staff and the game's players always; everybody else once the
round is published and the game has its final (not provisional) result. A game without a
stored record is written in the archive from what the event knows (players, handicap, komi,
result) with no moves.

The action log of games played on the server is kept by :mod:`arbiter.server.storage.actions`;
:func:`append_action` and :func:`action_log` are its transactions.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from arbiter.events.event import Event
from arbiter.events.results import Result
from arbiter.events.rounds import Game
from arbiter.games.go.game import Game as GoGame
from arbiter.games.go.game import GameInfo
from arbiter.games.go.game import Player as GoPlayer
from arbiter.games.go.result import Result as GoResult
from arbiter.games.go.rules import Rules
from arbiter.games.toguz import Position
from arbiter.records.game_json import read_json, write_json
from arbiter.records.sgf import read_sgf, write_sgf
from arbiter.records.toguz_record import GameResult, ToguzRecord, record_from_moves, replay
from arbiter.records.toguz_text import read_games, write_federation
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Conflict, Invalid, NotFound, domain
from arbiter.server.services.reports import games_of_player
from arbiter.server.services.state import EventState, locate_game
from arbiter.server.services.text import check_text, slug
from arbiter.server.services.unit import editing, reading
from arbiter.server.storage import actions
from arbiter.server.storage.models import GameRecord

#: Stored record formats, by game.
RECORD_FORMATS = {"go": ("sgf",), "toguz": ("arbiter-game", "toguz-text")}
#: Archive formats: what each game's records become.
ARCHIVE_FORMATS = {"go": ("sgf",), "toguz": ("notation", "json")}
MAX_RECORD = 2_000_000


@dataclass(frozen=True, slots=True)
class StoredRecord:
    """A game's stored record."""

    game_id: int
    format: str
    content: str
    version: int


def _check_record(game: str, fmt: str, content: str) -> None:
    if fmt not in RECORD_FORMATS[game]:
        expected = ", ".join(RECORD_FORMATS[game])
        raise Invalid(f"a {game} game's record is {expected}, not {fmt!r}", "format")
    if len(content) > MAX_RECORD:
        raise Invalid(f"a record has at most {MAX_RECORD} characters", "content")
    check_text(content, "content", lines=True)
    with domain("content"):
        if fmt == "sgf":
            read_sgf(content.encode("utf-8"))
        elif fmt == "arbiter-game":
            read_json(content)
        else:
            found = read_games(content)
            if len(found) != 1:
                raise Invalid(f"the text holds {len(found)} games, not one", "content")
            problems = replay(found[0]).mismatches
            if problems:
                raise Invalid(f"the record does not replay: {problems[0]}", "content")


def put_record(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
    fmt: str,
    content: str,
    *,
    version: int | None = None,
) -> StoredRecord:
    """Store (or replace: give the stored ``version``) the record of a game."""
    with editing(
        rt, actor, event_id, Permission.RECORDS, "storing game records", lock="share"
    ) as ed:
        game = locate_game(ed.event, number, table, board)
        _check_record(ed.event.game, fmt, content)
        game_id = ed.loaded.games[game.key].id
        row = ed.session.get(GameRecord, game_id, with_for_update=True)
        if row is None:
            if version is not None:
                raise Conflict("the game has no record yet: leave the version out", "version")
            row = GameRecord(
                game_id=game_id,
                format=fmt,
                content=content,
                version=1,
                updated_at=ed.now,
                updated_by=ed.user.id,
            )
            try:
                with ed.session.begin_nested():
                    ed.session.add(row)
            except IntegrityError:
                raise Conflict(
                    "another referee stored this game's record first", "version"
                ) from None
            return StoredRecord(game_id, fmt, content, 1)
        if version != row.version:
            raise Conflict(
                f"the game has a record (version {row.version}): give its version to replace it",
                "version",
                {"game_id": game_id, "format": row.format, "version": row.version},
            )
        row.format, row.content, row.version = fmt, content, row.version + 1
        row.updated_at, row.updated_by = ed.now, ed.user.id
        ed.session.flush()
        return StoredRecord(game_id, row.format, row.content, row.version)


def may_see_record(state: EventState, game: Game) -> bool:
    """Whether the caller may see ``game``'s record (see the module)."""
    access = state.access
    if access.is_staff:
        return True
    if any(game in games_of_player(state.event, no) for no in access.player_nos):
        return True
    published = state.rounds.get(game.round)
    final = game.result is not None and not game.result.provisional
    return bool(published and published.published and final)


def get_record(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
) -> StoredRecord:
    """The stored record of a game (404 when there is none or the caller may not see it)."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
        if number not in state.rounds:
            raise NotFound(f"round {number} is not paired")
        game = locate_game(state.event, number, table, board)
        game_id = state.games[game.key].id
        row = r.session.get(GameRecord, game_id)
        if row is None or not may_see_record(state, game):
            raise NotFound("this game has no record you may see")
        return StoredRecord(game_id, row.format, row.content, row.version)


def printable_record(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
) -> tuple[EventState, Game, GoGame | ToguzRecord]:
    """A game's record to print: the stored one when the caller may see it, else one written
    from the pairing and result (no moves). A Toguz Korgool record takes the event's names,
    event, round and place for its header."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
        if number not in state.rounds:
            raise NotFound(f"round {number} is not paired")
        game = locate_game(state.event, number, table, board)
        row = r.session.get(GameRecord, state.games[game.key].id)
        if row is not None and not may_see_record(state, game):
            row = None
    event = state.event
    with domain():
        if event.game == "go":
            if row is None:
                return state, game, _go_game(event, game)
            return state, game, read_sgf(row.content.encode("utf-8"))
        written = _toguz_record(event, game)
        if row is None:
            return state, game, written
        stored = _stored_toguz(row)
    place = ", ".join(p for p in (event.config.text("city"), event.config.text("country")) if p)
    tags = {**stored.tags, **written.tags}
    if place and "Site" not in stored.tags:
        tags["Site"] = place
    if event.config.text("start") and "Date" not in stored.tags:
        tags["Date"] = event.config.text("start")
    control = stored.time_control or event.config.text("time_control") or None
    return state, game, replace(stored, tags=tags, time_control=control)


# -- archives -------------------------------------------------------------------------------------


def round_archive(
    rt: Runtime, actor: CurrentUser | None, event_id: int, number: int, fmt: str | None = None
) -> tuple[str, bytes]:
    """The records of round ``number``'s games as a ZIP archive: ``(filename, bytes)``. Go games
    are SGF; Toguz Korgool games the federation's notation (``notation``) or JSON game records
    (``json``)."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
        if number not in state.rounds:
            raise NotFound(f"round {number} is not paired")
        rnd = state.event.round(number)
        ids = [state.games[g.key].id for g in rnd.games]
        stored = {
            rec.game_id: rec
            for rec in r.session.scalars(select(GameRecord).where(GameRecord.game_id.in_(ids)))
        }
    event = state.event
    chosen = fmt or ARCHIVE_FORMATS[event.game][0]
    if chosen not in ARCHIVE_FORMATS[event.game]:
        expected = " or ".join(ARCHIVE_FORMATS[event.game])
        raise Invalid(f"{event.game} records are archived as {expected}", "format")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for game in rnd.games:
            record = stored.get(state.games[game.key].id)
            if record is not None and not may_see_record(state, game):
                record = None
            name, data = _game_file(event, game, record, chosen)
            archive.writestr(name, data)
    stem = slug(event.config.name) or f"event-{state.id}"
    return f"{stem}-round-{number}.zip", buffer.getvalue()


def _game_file(event: Event, game: Game, record: GameRecord | None, fmt: str) -> tuple[str, bytes]:
    stem = f"round-{game.round}-table-{game.table}" + (
        f"-board-{game.board}" if game.board is not None else ""
    )
    if event.game == "go":
        if record is not None:
            return f"{stem}.sgf", record.content.encode("utf-8")
        return f"{stem}.sgf", write_sgf(_go_game(event, game))
    toguz = _stored_toguz(record) if record is not None else _toguz_record(event, game)
    if fmt == "json":
        return f"{stem}.json", write_json(toguz).encode("utf-8")
    return f"{stem}.txt", write_federation(toguz).encode("utf-8")


def _stored_toguz(record: GameRecord) -> ToguzRecord:
    if record.format == "arbiter-game":
        return read_json(record.content)
    return read_games(record.content)[0]


def _names(event: Event, game: Game) -> tuple[str, str]:
    black = event.name_of(game.black)
    white = event.name_of(game.white)
    if game.black_player is not None:
        black = event.player(game.black_player).name
    if game.white_player is not None:
        white = event.player(game.white_player).name
    return black, white


def _go_result(result: Result) -> GoResult:
    if result.kind == "forfeit":
        return GoResult.forfeit(result.winner)  # type: ignore[arg-type]
    if result.kind in ("double-forfeit", "void"):
        return GoResult.void()
    return GoResult.parse(str(result.confirmed()))


def _go_game(event: Event, game: Game) -> GoGame:
    black, white = _names(event, game)
    komi = float(game.komi) if game.komi is not None else float(event.config.komi)
    rules = Rules(scoring=event.config.text("ruleset") or "japanese", komi=komi)  # type: ignore[arg-type]
    info = GameInfo(
        black=(GoPlayer(black),),
        white=(GoPlayer(white),),
        event=event.config.name,
        round=str(game.round),
    )
    handicap = game.handicap if game.handicap >= 2 else 0
    played = GoGame.new(19, rules=rules, handicap=handicap, info=info)
    if game.result is not None and not game.result.provisional:
        played = played.declare(_go_result(game.result))
    return played


def _toguz_record(event: Event, game: Game) -> ToguzRecord:
    black, white = _names(event, game)
    tags = {"Event": event.config.name, "Round": str(game.round), "White": white, "Black": black}
    result: GameResult | None = None
    outcome = game.result
    if outcome is not None and not outcome.provisional:
        if outcome.kind == "double-forfeit":
            tags["Termination"] = "double forfeit"
        else:
            counts = outcome.korgools
            both = counts if counts is not None and None not in counts else None
            result = GameResult(outcome.winner, both)  # type: ignore[arg-type]
            if outcome.kind == "forfeit":
                tags["Termination"] = "forfeit"
    variant = event.config.text("ruleset") or "toguz"
    start = Position.initial(variant if variant == "bestemshe" else "toguz")
    return record_from_moves(start, [], {k: v for k, v in tags.items() if v}, result=result)


# -- the action log -------------------------------------------------------------------------------


def append_action(rt: Runtime, game_id: int, entry: dict[str, Any], *, user_id: int | None) -> None:
    """Store one accepted match action (``LogEntry.to_json()``) as game ``game_id``'s next
    entry, in its own transaction; 409 when another writer stored that entry first. The caller
    (the live-play layer) has checked who may act."""
    with rt.db.write() as session:
        try:
            actions.append(session, game_id, entry, user_id=user_id, at=rt.now())
        except actions.SeqTaken as exc:
            raise Conflict(str(exc), "seq") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise Invalid(f"a log entry: {exc}", "entry") from None


def action_log(rt: Runtime, game_id: int, since: int = 0) -> list[actions.StoredAction]:
    """Game ``game_id``'s stored entries from ``since`` on (the caller checks visibility)."""
    with rt.db.read() as session:
        return actions.entries(session, game_id, since)
