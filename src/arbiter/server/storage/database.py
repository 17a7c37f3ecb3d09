"""The database connection and its units of work.

Every request runs in one transaction (:meth:`Database.read` or :meth:`Database.write`): it
commits when the block ends and rolls back when it raises, so a failed request leaves nothing
half-written.

SQLite runs in WAL mode (readers never wait for the writer) with foreign keys on. Its write
transactions begin with ``BEGIN IMMEDIATE``, which takes the database's write lock at once:
writers queue (for up to ``sqlite_busy_seconds``) instead of failing half-way, and a write
sees the latest committed state. PostgreSQL runs at READ COMMITTED and the services take row
locks where they must (see :mod:`arbiter.server.storage.events`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session

from arbiter.server.config import Settings


def make_engine(settings: Settings) -> Engine:
    """An engine for the settings' database (SQLite with WAL, or PostgreSQL via psycopg 3)."""
    url = settings.sqlalchemy_url
    if settings.is_sqlite:
        engine = create_engine(
            url,
            connect_args={"timeout": settings.sqlite_busy_seconds, "check_same_thread": False},
        )
        _configure_sqlite(engine)
        return engine
    return create_engine(
        url, pool_size=settings.pool_size, max_overflow=settings.pool_size, pool_pre_ping=True
    )


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy's "begin" event issue BEGIN itself (pysqlite would defer it).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


class Database:
    """The server's database: an engine and units of work on it."""

    def __init__(self, settings: Settings, engine: Engine | None = None) -> None:
        self.settings = settings
        self.engine = engine or make_engine(settings)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self._write_engine = (
            self.engine.execution_options(sqlite_begin="IMMEDIATE")
            if self.is_sqlite
            else self.engine
        )

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A unit of work for reading (its objects stay readable after it ends)."""
        with Session(self.engine, expire_on_commit=False, autoflush=True) as session:
            yield session
            # Ending with a commit (of nothing) keeps the loaded objects: a rollback would
            # expire them.
            session.commit()

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A unit of work that commits when the block ends and rolls back if it raises."""
        with (
            Session(self._write_engine, expire_on_commit=False, autoflush=True) as session,
            session.begin(),
        ):
            yield session

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
