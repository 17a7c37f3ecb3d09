"""The app for ``arbiter serve --workers N``: each worker process builds it from the
environment (``ARBITER_DATABASE_URL``, ``ARBITER_REDIS_URL``, … as ``serve`` sets them).
"""

from __future__ import annotations

from fastapi import FastAPI

from arbiter.server.app import create_app
from arbiter.server.config import Settings


def app_from_env() -> FastAPI:
    """The server app for the settings in the environment (the schema must be current)."""
    return create_app(Settings.from_env())
