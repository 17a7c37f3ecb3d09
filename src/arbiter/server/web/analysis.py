"""The engine's review of a Toguz Korgool record in the record viewer: for every move, the
evaluation of the move played and of the engine's best move, with mistakes (``?``) and
blunders (``??``) marked (:func:`arbiter.engines.toguz_engine.review_game`).

An analysis runs in one worker thread of the process (one at a time, others wait their turn;
the thread does not hold up the server's stop), :data:`SECONDS_PER_MOVE` a move, and is cached
by the game it reviews (start position and moves), so that asking again, from any page showing
the same game, finds it. Pages show its
progress while it runs (``GET /analysis/{key}``, polled by ``static/live.js``) and the
reviewed moves when it is done; ``analysis_of(view)`` is a template global for that.

>>> from arbiter.server.web.viewer import read_record
>>> view = read_record("1. 76 87 2. 99")
>>> key_of(view) == key_of(read_record("1. 76 87 2. 99")), len(key_of(view))
(True, 64)
>>> score_text(250), score_text(-30)
('+2.5', '-0.3')
"""

from __future__ import annotations

import hashlib
import logging
import queue
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import JSONResponse, Response

from arbiter.engines.toguz_engine import WIN, MoveReview, review_game
from arbiter.errors import ArbiterError
from arbiter.games.toguz import Position
from arbiter.i18n import gettext
from arbiter.server.api.params import Board, EventId, RoundNo, TableNo
from arbiter.server.services import records
from arbiter.server.services.entries import decode_upload
from arbiter.server.services.errors import Invalid, NotFound, ServiceError
from arbiter.server.web.forms import Form
from arbiter.server.web.page import FormDep, PageDep, PageRoute, read_upload, text_fields, upload
from arbiter.server.web.templating import ENV
from arbiter.server.web.viewer import RecordFormat, RecordView, read_record

__all__ = ["Analysis", "analysis_of", "key_of", "router", "score_text", "start"]

log = logging.getLogger("arbiter.web")
router = APIRouter(route_class=PageRoute, include_in_schema=False)

SECONDS_PER_MOVE = 0.2
"""The engine's time on each move of a game under review."""
MAX_MOVES = 500
"""The longest game reviewed (moves), so that one request cannot hold the engine for long."""
KEEP = 64
"""Analyses kept in memory (the oldest finished ones are forgotten first)."""

Key = Annotated[str, Path(pattern="^[0-9a-f]{64}$", description="the analysis' key")]


@dataclass
class Analysis:
    """One game's review: ``total`` moves, the ``reviews`` made so far, whether it is
    ``finished``, the ``error`` if it failed. Written by its worker, read by pages."""

    key: str
    total: int
    reviews: list[MoveReview] = field(default_factory=list)
    finished: bool = False
    error: str | None = None

    @property
    def done(self) -> int:
        """Moves reviewed so far."""
        return len(self.reviews)

    def to_json(self) -> dict[str, Any]:
        """The progress, as the page's script polls it."""
        return {
            "key": self.key,
            "done": self.done,
            "total": self.total,
            "finished": self.finished,
            "error": self.error,
        }


_cache: OrderedDict[str, Analysis] = OrderedDict()
_lock = threading.Lock()
_queue: queue.SimpleQueue[tuple[Analysis, Position, list[int]]] = queue.SimpleQueue()
_worker: threading.Thread | None = None


def _work() -> None:
    # A daemon thread: stopping the server does not wait for the analyses still queued.
    while True:
        found, begin, pits = _queue.get()
        _run(found, begin, pits)


def _submit(found: Analysis, begin: Position, pits: list[int]) -> None:
    global _worker
    with _lock:
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="arbiter-analysis", daemon=True)
            _worker.start()
    _queue.put((found, begin, pits))


def _pits(view: RecordView) -> list[int]:
    return [int(m.text[0]) for m in view.moves]


def key_of(view: RecordView) -> str:
    """The cache key of a Toguz Korgool record's game: its start position and its moves."""
    start = view.positions[0]
    assert isinstance(start, Position)
    text = start.fen() + " " + " ".join(str(p) for p in _pits(view))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def analysis_of(view: RecordView | None) -> Analysis | None:
    """The analysis of the game ``view`` shows, if one was asked for (a template global)."""
    if view is None or view.game != "toguz":
        return None
    with _lock:
        return _cache.get(key_of(view))


def _run(found: Analysis, start_position: Position, pits: list[int]) -> None:
    try:
        for review in review_game(start_position, pits, SECONDS_PER_MOVE):
            found.reviews.append(review)
    except Exception as exc:  # the page says so; the log has the details
        log.exception("the analysis %s failed", found.key)
        found.error = str(exc) or type(exc).__name__
    finally:
        found.finished = True


def start(view: RecordView) -> Analysis:
    """The analysis of ``view``'s game: the cached one, or a new one queued for the worker."""
    if view.game != "toguz":
        raise Invalid(gettext("The engine analyses Toguz Korgool games only."), "record")
    pits = _pits(view)
    if len(pits) > MAX_MOVES:
        raise Invalid(gettext("The game is too long to analyse here."), "record")
    key = key_of(view)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
        found = Analysis(key, len(pits))
        _cache[key] = found
        while len(_cache) > KEEP:
            oldest = next((k for k, a in _cache.items() if a.finished), None)
            if oldest is None:
                break
            del _cache[oldest]
    begin = view.positions[0]
    assert isinstance(begin, Position)
    _submit(found, begin, pits)
    return found


def score_text(score: int) -> str:
    """A score (centi-korgools, the mover's view) for people: ``+2.5``, ``win in 4``."""
    if score >= WIN - 1000:
        return gettext("win in %(n)s") % {"n": (WIN - score + 1) // 2}
    if score <= -WIN + 1000:
        return gettext("loss in %(n)s") % {"n": (WIN + score + 1) // 2}
    return f"{score / 100:+.1f}"


@dataclass(frozen=True, slots=True)
class Row:
    """One reviewed move as the table shows it."""

    ply: int
    number: int
    side: str
    played: str
    played_score: str
    best: str
    best_score: str
    mark: str


def rows(view: RecordView, found: Analysis) -> list[Row]:
    """The reviewed moves of ``view`` (the engine's move written as a pit number)."""
    out = []
    for review in list(found.reviews):
        move = view.moves[review.ply]
        same = review.best == review.played
        out.append(
            Row(
                review.ply + 1,
                move.number,
                move.side,
                move.text,
                score_text(review.played_score),
                "" if same else str(review.best),
                "" if same else score_text(review.best_score),
                review.mark,
            )
        )
    return out


ENV.globals["analysis_of"] = analysis_of
ENV.globals["analysis_rows"] = rows


@router.get("/analysis/{key}")
def progress(key: Key) -> Response:
    """How far an analysis is (JSON)."""
    with _lock:
        found = _cache.get(key)
    if found is None:
        raise NotFound(gettext("No such analysis."))
    return JSONResponse(found.to_json())


@router.post("/viewer/analyse")
def analyse_posted(page: PageDep, form: FormDep) -> Response:
    """Analyse the posted Toguz Korgool record; the viewer shows the progress, then the
    review."""
    values = text_fields(form)
    text = values.get("record", "")
    chosen = upload(form, "file")
    try:
        if chosen is not None:
            text = decode_upload(read_upload(chosen), "file")
        if not text.strip():
            raise Invalid(gettext("Choose a record file or paste the record."), "record")
        try:
            view = read_record(text)
        except ArbiterError as exc:
            raise Invalid(str(exc), "record") from None
        start(view)
    except ServiceError as exc:
        shown = Form({"record": text}).refused(exc, ("record", "file"))
        return page.render("viewer.html", status=exc.status, form=shown, view=None, frame=None)
    return page.render(
        "viewer.html", form=Form({"record": text}), view=view, frame=view.frame(None)
    )


@router.post("/events/{event_id}/rounds/{number}/games/{table}/analyse")
def analyse_stored(
    event_id: EventId, number: RoundNo, table: TableNo, page: PageDep, board: Board = None
) -> Response:
    """Analyse the stored record of an event's game (anybody who may see the record)."""
    stored = records.get_record(page.rt, page.user, event_id, number, table, board)
    fmt: RecordFormat = stored.format  # type: ignore[assignment]
    try:
        view = read_record(stored.content, fmt)
    except ArbiterError as exc:
        raise Invalid(str(exc), "record") from None
    start(view)
    path = f"/events/{event_id}/rounds/{number}/games/{table}"
    query = f"?board={board}" if board else ""
    return page.redirect(path + query, anchor="analysis")
