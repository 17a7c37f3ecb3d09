"""The engine's review of a Toguz Korgool record in the record viewer: for every move, the
evaluation of the move played and of the engine's best move, with mistakes (``?``) and
blunders (``??``) marked (:func:`arbiter.engines.toguz_engine.review_game`).

An analysis runs on the computer's threads, one move at a time, within the quotas
(:mod:`arbiter.server.thinking`: so many queued, one per account or address; the page shows
its place in the queue), :data:`SECONDS_PER_MOVE` a move, and is cached
by the game it reviews (start position and moves), so that asking again, from any page showing
the same game, finds it. Pages show its
progress while it runs (``GET /analysis/{key}``, polled by ``static/live/analysis.js``) and the
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
import threading
from collections import OrderedDict
from collections.abc import Iterator
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
from arbiter.server.thinking import Thinking
from arbiter.server.web.forms import Form
from arbiter.server.web.page import (
    FormDep,
    Page,
    PageDep,
    PageRoute,
    read_upload,
    text_fields,
    upload,
)
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
    thinking: Thinking | None = field(default=None, repr=False, compare=False)

    @property
    def waiting(self) -> int:
        """Analyses ahead of this one in the queue (0: it is running, or done)."""
        if self.finished or self.thinking is None:
            return 0
        return self.thinking.place(self.key)

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
            "waiting": self.waiting,
        }


_cache: OrderedDict[str, Analysis] = OrderedDict()
_lock = threading.Lock()


class _Steps:
    """An analysis done one move at a time on the computer's threads: each step reviews one
    move and queues the next, so that games against the computer and other analyses take
    their turns in between (:mod:`arbiter.server.thinking`)."""

    def __init__(self, thinking: Thinking, found: Analysis, begin: Position, pits: list[int]):
        self.thinking = thinking
        self.found = found
        self.reviews: Iterator[MoveReview] = review_game(begin, pits, SECONDS_PER_MOVE)

    def begin(self) -> None:
        self.thinking.submit(self.step)

    def step(self) -> None:
        found = self.found
        try:
            review = next(self.reviews, None)
            if review is not None:
                found.reviews.append(review)
                self.thinking.submit(self.step)
                return
        except RuntimeError as exc:  # the threads were stopped: the server is stopping
            found.error = str(exc) or "the server stopped"
        except Exception as exc:  # the page says so; the log has the details
            log.exception("the analysis %s failed", found.key)
            found.error = str(exc) or type(exc).__name__
        found.finished = True
        self.thinking.analysis_done(found.key)


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


def start(view: RecordView, thinking: Thinking, owner: str) -> Analysis:
    """The analysis of ``view``'s game: the cached one, or a new one queued for the computer's
    threads within the quotas for ``owner`` (an account or an address)."""
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
    begin = view.positions[0]
    assert isinstance(begin, Position)
    found = Analysis(key, len(pits), thinking=thinking)
    steps = _Steps(thinking, found, begin, pits)
    thinking.queue_analysis(key, owner, steps.begin)  # refused beyond the quotas
    with _lock:
        _cache[key] = found
        while len(_cache) > KEEP:
            oldest = next((k for k, a in _cache.items() if a.finished), None)
            if oldest is None:
                break
            del _cache[oldest]
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


def owner_of(page: Page) -> str:
    """Whose analysis it is, for the quotas: the account, else the visitor's address."""
    if page.user is not None:
        return f"user:{page.user.id}"
    client = page.request.client
    return f"address:{client.host if client else ''}"


@router.post("/viewer/analyse")
def analyse_posted(page: PageDep, form: FormDep) -> Response:
    """Analyse the posted Toguz Korgool record; the viewer shows the progress, then the
    review."""
    values = text_fields(form)
    text = values.get("record", "")
    chosen = upload(form, "file")
    try:
        page.check_any_form(values)
        if chosen is not None:
            text = decode_upload(read_upload(page, chosen), "file")
        if not text.strip():
            raise Invalid(gettext("Choose a record file or paste the record."), "record")
        try:
            view = read_record(text)
        except ArbiterError as exc:
            raise Invalid(str(exc), "record") from None
        start(view, page.rt.thinking, owner_of(page))
    except ServiceError as exc:
        shown = Form({"record": text}).refused(exc, ("record", "file"))
        return page.render("viewer.html", status=exc.status, form=shown, view=None, frame=None)
    return page.render(
        "viewer.html", form=Form({"record": text}), view=view, frame=view.frame(None)
    )


@router.post("/events/{event_id}/rounds/{number}/games/{table}/analyse")
def analyse_stored(
    event_id: EventId,
    number: RoundNo,
    table: TableNo,
    page: PageDep,
    form: FormDep,
    board: Board = None,
) -> Response:
    """Analyse the stored record of an event's game (anybody who may see the record)."""
    page.check_any_form(text_fields(form))
    stored = records.get_record(page.rt, page.user, event_id, number, table, board)
    fmt: RecordFormat = stored.format  # type: ignore[assignment]
    try:
        view = read_record(stored.content, fmt)
    except ArbiterError as exc:
        raise Invalid(str(exc), "record") from None
    start(view, page.rt.thinking, owner_of(page))
    path = f"/events/{event_id}/rounds/{number}/games/{table}"
    query = f"?board={board}" if board else ""
    return page.redirect(path + query, anchor="analysis")
