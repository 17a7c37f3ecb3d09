"""``arbiter serve``: run the server (API, web pages) on one address.

The database is brought to the current schema first (``--no-upgrade`` refuses to start on an
old one instead), and a fresh database gets the two demo events (``--no-demo`` skips them).
"""

from __future__ import annotations

import errno
import os
import socket
from typing import Annotated

import typer

from arbiter.commands.common import fail
from arbiter.commands.db import DbOption, open_database, settings_for


def _check_port(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(f"{host}:{port} is in use: choose another port with --port")
            fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")


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

    settings = settings_for(db).with_overrides(demo=demo)
    if log_level not in ("debug", "info", "warning", "error"):
        fail(f"unknown log level {log_level!r}: use debug, info, warning or error")
    if workers > 1 and not redis:
        fail("several workers need --redis URL: live games' events travel through Redis")
    _check_port(host, port)
    rt = Runtime.create(settings, open_database(settings, migrate=upgrade))
    app = create_app(settings, runtime=rt)
    if settings.demo:
        for event_id in load_demo(rt):
            typer.echo(f"demo event {event_id} loaded")
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"arbiter serving on http://{shown}:{port} (database {settings.database_url})")
    typer.echo("API documentation: " + f"http://{shown}:{port}/docs")
    if redis:
        os.environ["ARBITER_REDIS_URL"] = redis
    if workers > 1:
        # Each worker builds the app from the environment; the schema and demo are done.
        os.environ["ARBITER_DATABASE_URL"] = settings.database_url
        os.environ["ARBITER_DEMO"] = "no"
        typer.echo(f"{workers} worker processes, events through {redis}")
        uvicorn.run(
            "arbiter.server.play.asgi:app_from_env",
            factory=True,
            host=host,
            port=port,
            log_level=log_level,
            workers=workers,
            ws_per_message_deflate=False,
        )
        return
    # Live play's messages are small JSON: compressing them costs more CPU than it saves.
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_per_message_deflate=False)
