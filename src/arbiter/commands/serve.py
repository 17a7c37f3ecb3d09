"""``arbiter serve``: run the server (API, web pages) on one address.

The database is brought to the current schema first (``--no-upgrade`` refuses to start on an
old one instead), and a fresh database gets the two demo events (``--no-demo`` skips them).
``--workers N`` runs N processes on the port (:mod:`arbiter.server.workers`), on PostgreSQL
with Redis only.
"""

from __future__ import annotations

import errno
import os
import socket
from typing import Annotated

import typer

from arbiter.commands.common import fail, say
from arbiter.commands.db import DbOption, open_database, settings_for
from arbiter.i18n import N_


def _check_port(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(
                    N_("{host}:{port} is in use: choose another port with --port"),
                    host=host,
                    port=port,
                )
            fail(
                N_("cannot listen on {host}:{port}: {reason}"),
                host=host,
                port=port,
                reason=exc.strerror or exc,
            )


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port.")] = 8000,
    db: DbOption = None,
    demo: Annotated[
        bool, typer.Option("--demo/--no-demo", help="Load the demo events into a new database.")
    ] = True,
    upgrade: Annotated[
        bool,
        typer.Option("--upgrade/--no-upgrade", help="Upgrade the database schema at start."),
    ] = True,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
    workers: Annotated[
        int, typer.Option(min=1, max=64, help="Server processes sharing the port (live play).")
    ] = 1,
    redis: Annotated[
        str | None,
        typer.Option(help="Redis URL (redis://HOST:PORT/0): live games' events between processes."),
    ] = None,
) -> None:
    """Run the arbiter server (default http://127.0.0.1:8000, SQLite at ./arbiter.db)."""
    import uvicorn

    from arbiter.server.app import create_app
    from arbiter.server.demo import load_demo
    from arbiter.server.runtime import Runtime
    from arbiter.server.workers import WorkerSpec, supervise

    settings = settings_for(db).with_overrides(demo=demo)
    if log_level not in ("debug", "info", "warning", "error"):
        fail(N_("unknown log level {level!r}: use debug, info, warning or error"), level=log_level)
    if workers > 1 and settings.database_url.startswith("sqlite"):
        # SQLite has one writer at a time and no way for processes to hear each other's
        # commits; a second process would only queue behind the first.
        fail(N_("several workers need PostgreSQL (--db postgresql://…): SQLite serves one process"))
    if workers > 1 and not redis:
        fail(N_("several workers need --redis URL: live games' events travel through Redis"))
    _check_port(host, port)
    rt = Runtime.create(settings, open_database(settings, migrate=upgrade))
    app = create_app(settings, runtime=rt)
    if settings.demo:
        for event_id in load_demo(rt):
            say(N_("demo event {id} loaded"), id=event_id)
    shown = f"[{host}]" if ":" in host else host
    say(
        N_("arbiter serving on {address} (database {url})"),
        address=f"http://{shown}:{port}",
        url=settings.database_url,
    )
    say(N_("API documentation: {address}"), address=f"http://{shown}:{port}/docs")
    if redis:
        os.environ["ARBITER_REDIS_URL"] = redis
    if workers > 1:
        # Each worker builds the app from the environment; the schema and demo are done.
        os.environ["ARBITER_DATABASE_URL"] = settings.database_url
        os.environ["ARBITER_DEMO"] = "no"
        say(N_("{workers} worker processes, events through {redis}"), workers=workers, redis=redis)
        rt.db.dispose()  # this process only supervises: the workers open their own connections
        if not supervise(WorkerSpec(host, port, log_level), workers):
            fail(N_("a worker process could not start: see the messages above"))
        return
    # Live play's messages are small JSON: compressing them costs more CPU than it saves.
    # Forwarded headers are the app's to believe (ARBITER_TRUSTED_PROXIES), not uvicorn's: it
    # would trust any client on 127.0.0.1 to name its own address.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_per_message_deflate=False,
        proxy_headers=False,
    )
