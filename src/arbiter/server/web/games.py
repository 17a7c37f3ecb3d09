"""Game pages: a game of an event with its result and its record (stepped through in the
viewer; referees store one; a game played online stores its own when it ends, and the page
links the live game), and the viewer for any record file."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, Response

from arbiter.errors import ArbiterError
from arbiter.i18n import gettext
from arbiter.server.api.params import Board, EventId, RoundNo, TableNo
from arbiter.server.auth.roles import Permission
from arbiter.server.play.event_records import live_game_of
from arbiter.server.rooms.levels import under_protest_games
from arbiter.server.services import records, reports, results
from arbiter.server.services.entries import decode_upload
from arbiter.server.services.errors import Invalid, NotFound, ServiceError
from arbiter.server.services.records import StoredRecord
from arbiter.server.web.events import event_context
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import (
    FormDep,
    Page,
    PageDep,
    PageRoute,
    read_upload,
    text_fields,
    upload,
)
from arbiter.server.web.rounds import game_path, game_row
from arbiter.server.web.viewer import Frame, RecordFormat, RecordView, detect, read_record

router = APIRouter(route_class=PageRoute, include_in_schema=False)

Ply = Annotated[int | None, Query(ge=0, le=100_000, description="moves played")]


def frame_json(view: RecordView, frame: Frame) -> dict[str, Any]:
    """A frame as the viewer's script receives it."""
    return {
        "ply": frame.ply,
        "plies": view.plies,
        "board": str(frame.board),
        "caption": frame.caption,
        "comment": frame.comment,
        "facts": [list(f) for f in frame.facts],
    }


def _stored(
    page: Page, event_id: int, number: int, table: int, board: int | None
) -> StoredRecord | None:
    try:
        return records.get_record(page.rt, page.user, event_id, number, table, board)
    except NotFound:
        return None


def _view(stored: StoredRecord | None) -> tuple[RecordView | None, str | None]:
    if stored is None:
        return None, None
    fmt: RecordFormat = stored.format  # type: ignore[assignment]
    try:
        return read_record(stored.content, fmt), None
    except ArbiterError as exc:
        return None, str(exc)


def render_game(
    page: Page,
    event_id: int,
    number: int,
    table: int,
    board: int | None,
    ply: int | None = None,
    *,
    record_form: Form = EMPTY,
    result_form: Form = EMPTY,
    status: int = 200,
) -> Response:
    """The game page."""
    state, game, game_state = reports.game_view(page.rt, page.user, event_id, number, table, board)
    stored = _stored(page, event_id, number, table, board)
    view, problem = _view(stored)
    frame = view.frame(ply) if view is not None else None
    return page.render(
        "game.html",
        status=status,
        **event_context(state),
        row=game_row(state.event, game, game_state),
        game=game,
        stored=stored,
        view=view,
        frame=frame,
        problem=problem,
        record_form=record_form,
        result_form=result_form,
        may_store=state.access.can(Permission.RECORDS),
        may_record=state.access.can(Permission.RECORD_RESULT),
        may_clear=len(state.event.rounds) == number,
        here_path=game_path(event_id, game),
        live_id=live_game_of(page.rt, game_state.id),
        under_protest=(table, board) in under_protest_games(page.rt, event_id, number),
        frame_url=f"/events/{event_id}/rounds/{number}/games/{table}/frame",
        tab=f"round-{number}",
    )


@router.get("/events/{event_id}/rounds/{number}/games/{table}")
def game_page(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    page: PageDep,
    board: Board = None,
    ply: Ply = None,
) -> Response:
    """A game: players, result, and its record in the viewer (``ply``: the position shown)."""
    return render_game(page, event_id, number, table, board, ply)


@router.get("/events/{event_id}/rounds/{number}/games/{table}/frame")
def game_frame(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    page: PageDep,
    board: Board = None,
    ply: Ply = None,
) -> Response:
    """One position of the game's record, for the viewer's script (JSON)."""
    stored = _stored(page, event_id, number, table, board)
    view, problem = _view(stored)
    if view is None:
        raise NotFound(problem or gettext("This game has no record."))
    return JSONResponse(frame_json(view, view.frame(ply)))


def _board(values: dict[str, str]) -> int | None:
    text = values.get("board", "").strip()
    return int(text) if text.isdigit() else None


@router.post("/events/{event_id}/rounds/{number}/games/{table}/record")
def store_record(
    event_id: EventId, number: RoundNo, table: TableNo, page: PageDep, form: FormDep
) -> Response:
    """Store the game's record (a file or pasted text: SGF for Go; a JSON game record or the
    federation's notation for Toguz Korgool); a replacement names the stored version."""
    user = page.check_form(form)
    values = text_fields(form)
    board = _board(values)
    pasted = values.get("content", "")
    try:
        chosen = upload(form, "file")
        content = decode_upload(read_upload(page, chosen), "file") if chosen is not None else pasted
        if not content.strip():
            raise Invalid(gettext("Choose a record file or paste the record."), "content")
        state, _, _ = reports.game_view(page.rt, page.user, event_id, number, table, board)
        fmt = "sgf" if state.event.game == "go" else detect(content)
        if state.event.game == "toguz" and fmt == "sgf":
            raise Invalid(gettext("An SGF file records a Go game, not Toguz Korgool."), "content")
        version = values.get("version", "").strip()
        records.put_record(
            page.rt,
            user,
            event_id,
            number,
            table,
            board,
            fmt,
            content,
            version=int(version) if version.isdigit() else None,
        )
    except ServiceError as exc:
        shown = Form({"content": pasted}).refused(exc, ("content", "file"))
        return render_game(
            page, event_id, number, table, board, record_form=shown, status=exc.status
        )
    path = f"/events/{event_id}/rounds/{number}/games/{table}"
    return page.redirect(path + (f"?board={board}" if board else ""), done="record")


@router.post("/events/{event_id}/rounds/{number}/games/{table}/clear")
def clear_result(
    event_id: EventId, number: RoundNo, table: TableNo, page: PageDep, form: FormDep
) -> Response:
    """Take a result back (entered at the wrong table, say) while no later round is paired."""
    user = page.check_form(form)
    values = text_fields(form)
    board = _board(values)
    version = values.get("version", "")
    try:
        if not version.isdigit():
            raise Invalid(gettext("The form lacks the game's version: reload the page."), "version")
        results.clear_result(page.rt, user, event_id, number, table, board, int(version))
    except ServiceError as exc:
        shown = Form().refused(exc, ())
        return render_game(
            page, event_id, number, table, board, result_form=shown, status=exc.status
        )
    path = f"/events/{event_id}/rounds/{number}/games/{table}"
    return page.redirect(path + (f"?board={board}" if board else ""), done="cleared")


@router.get("/events/{event_id}/rounds/{number}/games/{table}/{action}")
def game_action_get(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    action: str,
    page: PageDep,
    board: Board = None,
) -> Response:
    """The game's forms post to these addresses; reading them goes to the game (results are
    entered on the round's page, so ``result`` goes there)."""
    if action == "result":
        return page.redirect(f"/events/{event_id}/rounds/{number}")
    path = f"/events/{event_id}/rounds/{number}/games/{table}"
    return page.redirect(path + (f"?board={board}" if board else ""))


# -- the viewer for any record ----------------------------------------------------------------


def _read_posted(page: Page, form: FormDep) -> tuple[str, Form]:
    values = text_fields(form)
    chosen = upload(form, "file")
    if chosen is not None:
        text = decode_upload(read_upload(page, chosen), "file")
    else:
        text = values.get("record", "")
    if not text.strip():
        raise Invalid(gettext("Choose a record file or paste the record."), "record")
    return text, Form({"record": text})


def _posted_view(text: str) -> RecordView:
    try:
        return read_record(text)
    except ArbiterError as exc:
        raise Invalid(str(exc), "record") from None


@router.get("/viewer")
def viewer_form(page: PageDep) -> Response:
    """A viewer for a record file of either game (nothing is stored)."""
    return page.render("viewer.html", form=EMPTY, view=None, frame=None)


@router.post("/viewer")
def viewer(page: PageDep, form: FormDep) -> Response:
    """Show the posted record (``ply``: the position shown; the last one by default)."""
    values = text_fields(form)
    shown = Form({"record": values.get("record", "")})
    try:
        page.check_any_form(values)
        text, shown = _read_posted(page, form)
        view = _posted_view(text)
    except ServiceError as exc:
        return page.render(
            "viewer.html",
            status=exc.status,
            form=shown.refused(exc, ("record", "file")),
            view=None,
            frame=None,
        )
    ply = values.get("ply", "")
    frame = view.frame(int(ply) if ply.isdigit() else 0)
    return page.render("viewer.html", form=shown, view=view, frame=frame)


@router.post("/viewer/frame")
def viewer_frame(page: PageDep, form: FormDep) -> Response:
    """One position of the posted record, for the viewer's script (JSON)."""
    page.check_any_form(text_fields(form))
    text, _ = _read_posted(page, form)
    view = _posted_view(text)
    ply = text_fields(form).get("ply", "")
    return JSONResponse(frame_json(view, view.frame(int(ply) if ply.isdigit() else 0)))
