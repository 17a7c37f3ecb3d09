"""``arbiter serve --workers N``: N server processes on one port of one machine.

Each worker is a whole server (:func:`arbiter.server.play.asgi.app_from_env`): its own
connections to PostgreSQL, its own hub subscribed to Redis. Each binds its own listening
socket on the same address with ``SO_REUSEPORT``, so the kernel spreads new connections over
the workers by their addresses. (One socket shared by all, uvicorn's way, gave every connection
to whichever worker was waiting first: asyncio accepts up to a hundred connections per wake-up,
and in a test 60 connections in a row went to the same one of two idle workers.) A connection
stays with the worker that accepted it, so a WebSocket needs nothing more. Where the system
has no ``SO_REUSEPORT``, the workers share one socket bound here.

This process only supervises: it starts the workers, starts again one that dies (``kill -9``,
a crash: its players reconnect and land on another or on the new one), and on ``SIGINT`` or
``SIGTERM`` stops them all (each closes its games' connections with ``1012`` and writes a last
heartbeat). One of the first workers that cannot start (the app, the database, Redis) is a
broken setup: everything stops rather than start it again forever; a replacement that cannot
start (Redis down while a worker died) is started again every :data:`RETRY` seconds.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from types import FrameType

__all__ = ["STARTUP_FAILURE", "WorkerSpec", "listening_socket", "supervise"]

log = logging.getLogger("arbiter.workers")

STARTUP_FAILURE = 3
"""A worker's exit code when it never started serving (as uvicorn's)."""
RETRY = 2.0
"""Seconds before a replacement that could not start is started again."""


@dataclass(frozen=True)
class WorkerSpec:
    """What every worker serves: the address and uvicorn's log level."""

    host: str
    port: int
    log_level: str


def listening_socket(host: str, port: int, *, reuse_port: bool) -> socket.socket:
    """A socket listening on ``host:port`` (``reuse_port``: other sockets may listen on the
    same address, and the kernel spreads connections over them)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _worker(spec: WorkerSpec, shared: socket.socket | None) -> None:
    """One worker's life (in its own process); exit code :data:`STARTUP_FAILURE` when it
    never started serving."""
    import uvicorn

    sock = shared or listening_socket(spec.host, spec.port, reuse_port=True)
    config = uvicorn.Config(
        "arbiter.server.play.asgi:app_from_env",
        factory=True,
        log_level=spec.log_level,
        # As in one process (arbiter.commands.serve): no compression of the small messages,
        # and forwarded headers are the app's to believe, not uvicorn's.
        ws_per_message_deflate=False,
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except Exception:
        if server.started:
            raise
        log.exception("the worker could not start")
    if not server.started:
        sys.exit(STARTUP_FAILURE)


def supervise(spec: WorkerSpec, workers: int) -> bool:
    """Run ``workers`` worker processes until ``SIGINT`` or ``SIGTERM``; ``False`` when one
    of the first ones could not start (the others are stopped then too)."""
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads
    reuse_port = hasattr(socket, "SO_REUSEPORT")
    shared = None if reuse_port else listening_socket(spec.host, spec.port, reuse_port=False)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, on_signal)

    def start() -> BaseProcess:
        process = context.Process(target=_worker, args=(spec, shared), name="arbiter-worker")
        process.start()
        return process

    running = [start() for _ in range(workers)]
    first = set(range(workers))  # slots still running their first process
    healthy = True
    try:
        while healthy and not stop.wait(0.5):
            for i, process in enumerate(running):
                if process.is_alive():
                    continue
                failed = process.exitcode == STARTUP_FAILURE
                if failed and i in first:
                    log.error("a worker could not start: stopping")
                    healthy = False
                    break
                first.discard(i)
                if failed:  # a replacement meets what stopped it (Redis down?): wait a little
                    time.sleep(RETRY)
                else:
                    log.warning(
                        "worker %s died (exit %s): starting another", process.pid, process.exitcode
                    )
                running[i] = start()
    finally:
        for process in running:
            if process.is_alive():
                process.terminate()  # SIGTERM: uvicorn's graceful stop
        for process in running:
            process.join(30)
            if process.is_alive():
                process.kill()
                process.join(5)
        if shared is not None:
            shared.close()
    return healthy
