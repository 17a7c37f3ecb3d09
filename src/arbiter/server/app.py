"""The ASGI application: :func:`create_app` builds it from :class:`Settings`.

It serves the JSON API under ``/api`` (OpenAPI at ``/docs`` and ``/openapi.json``), the web
pages when :mod:`arbiter.server.web` is installed (its ``router``; static files from
``web/static`` under ``/static``), and routes of later layers that follow the same contract
(:data:`OPTIONAL_ROUTERS`: a module with a ``router`` — WebSocket routes included — is mounted
when it exists). Without the web pages, ``/`` is a plain list of the published events.
"""

from __future__ import annotations

import base64
import hashlib
import html
import importlib
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from arbiter import __version__
from arbiter.server import api
from arbiter.server.api import errors, openapi
from arbiter.server.auth.dependencies import PageUserDep, RuntimeDep
from arbiter.server.config import Settings
from arbiter.server.guard import Guard
from arbiter.server.migrate import require_current
from arbiter.server.runtime import Runtime
from arbiter.server.services.events import list_events
from arbiter.server.storage.database import Database

log = logging.getLogger("arbiter.server")

#: Modules whose ``router`` joins the app when they exist: the web pages, then live play.
OPTIONAL_ROUTERS = ("arbiter.server.web", "arbiter.server.play", "arbiter.server.rooms")
WEB_STATIC = Path(__file__).resolve().parent / "web" / "static"

DESCRIPTION = """\
Run Go and Toguz Korgool competitions: events, participants, rounds, results, standings.

Sign in with `POST /api/auth/token` (form fields `username`, `password`) and send the token as
`Authorization: Bearer …`, or with `POST /api/auth/login` (a browser session: changes then carry
the `X-CSRF-Token` header). Errors are `{"error": {"status", "message", "field", "current"}}`.
"""


def optional_router(module: str) -> APIRouter | None:
    """``module.router`` when the module exists and has one (``None`` otherwise)."""
    try:
        found = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module.startswith(exc.name):
            return None
        raise
    router = getattr(found, "router", None)
    if router is None:  # a package still being written (no router yet)
        return None
    if not isinstance(router, APIRouter):
        raise TypeError(f"{module}.router must be a FastAPI APIRouter")
    return router


def create_app(settings: Settings, *, runtime: Runtime | None = None) -> FastAPI:
    """The arbiter server for ``settings`` (the database must be upgraded already)."""
    if runtime is None:
        db = Database(settings)
        require_current(db.engine)
        runtime = Runtime.create(settings, db)
    else:
        require_current(runtime.db.engine)
    rt = runtime

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        rt.thinking.close()
        rt.db.dispose()

    app = FastAPI(
        title="arbiter",
        version=__version__,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
    )
    _api_docs(app)
    app.state.runtime = rt
    errors.install(app)
    openapi.install(app)
    app.include_router(api.router)
    app.include_router(_health)

    routers = {m: optional_router(m) for m in OPTIONAL_ROUTERS}
    if routers.get("arbiter.server.web") is None:
        app.include_router(_home)
    for router in routers.values():
        if router is not None:
            app.include_router(router)
    if WEB_STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=WEB_STATIC), name="static")

    app.add_middleware(Guard, settings=rt.settings, inflight=rt.inflight)
    return app


def _api_docs(app: FastAPI) -> None:
    """``/docs`` (Swagger UI) and ``/redoc``: FastAPI's pages load their scripts from a CDN
    and start them with an inline script, so these two pages alone allow the CDN and exactly
    that inline script (by its hash)."""

    def answer(page: HTMLResponse) -> HTMLResponse:
        text = bytes(page.body).decode("utf-8")
        hashes = [
            "'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
            for m in re.findall(r"<script>(.*?)</script>", text, re.DOTALL)
        ]
        policy = (
            f"default-src 'self'; script-src 'self' {CDN} {' '.join(hashes)}; "
            f"style-src 'self' {CDN} https://fonts.googleapis.com 'unsafe-inline'; "
            f"img-src 'self' data: https://fastapi.tiangolo.com {CDN}; "
            "font-src 'self' https://fonts.gstatic.com; worker-src 'self' blob:; "
            "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
        )
        page.headers["Content-Security-Policy"] = policy
        return page

    @app.get("/docs", include_in_schema=False)
    def swagger() -> HTMLResponse:
        return answer(get_swagger_ui_html(openapi_url="/openapi.json", title="arbiter API"))

    @app.get("/redoc", include_in_schema=False)
    def redoc() -> HTMLResponse:
        return answer(get_redoc_html(openapi_url="/openapi.json", title="arbiter API"))


CDN = "https://cdn.jsdelivr.net"


_health = APIRouter(tags=["server"])


@_health.get("/api/health")
def health(rt: RuntimeDep) -> dict[str, str]:
    """The server answers and its database is reachable."""
    with rt.db.read() as session:
        session.connection()
    return {"status": "ok", "database": rt.db.dialect, "version": __version__}


_home = APIRouter(include_in_schema=False)


@_home.get("/", response_class=HTMLResponse)
def home(user: PageUserDep, rt: RuntimeDep) -> HTMLResponse:
    """A plain page listing the events (until the web pages replace it)."""
    items = []
    for s in list_events(rt, user):
        name = html.escape(s.name or f"Event {s.id}")
        base = f"/api/events/{s.id}"
        items.append(
            f"<li><strong>{name}</strong> ({html.escape(s.game)}, {html.escape(s.system)}, "
            f"{s.participants} participants, {s.rounds} rounds) — "
            f'<a href="{base}/standings?format=html">standings</a>, '
            f'<a href="{base}/crosstable?format=html">crosstable</a></li>'
        )
    body = "\n".join(items) or "<li>No events yet.</li>"
    page = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<title>arbiter</title>\n</head>\n<body>\n<h1>arbiter</h1>\n"
        f'<p>Go and Toguz Korgool competitions. The API: <a href="/docs">/docs</a>.</p>\n'
        f"<h2>Events</h2>\n<ul>\n{body}\n</ul>\n</body>\n</html>\n"
    )
    return HTMLResponse(page)
