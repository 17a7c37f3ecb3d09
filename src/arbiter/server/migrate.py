"""Schema migrations: Alembic driven from code (``arbiter db upgrade``, ``arbiter serve``).

The migration scripts live in :mod:`arbiter.server.migrations`; the configuration is built here,
so an installed arbiter needs no ``alembic.ini``. Each migration runs in one transaction (both
SQLite and PostgreSQL have transactional DDL), so a failed upgrade leaves the schema as it was.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(engine: Engine) -> Config:
    """An Alembic configuration for ``engine`` with arbiter's migration scripts."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    config.attributes["engine"] = engine
    return config


def head() -> str:
    """The newest revision the scripts know."""
    script = ScriptDirectory.from_config(_bare_config())
    found = script.get_current_head()
    assert found is not None
    return found


def _bare_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def current(engine: Engine) -> str | None:
    """The revision the database is at (``None`` for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> str | None:
    """Bring the database to ``revision`` (the newest by default); returns the revision reached."""
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    return current(engine)


def downgrade(engine: Engine, revision: str) -> str | None:
    """Take the database back to ``revision`` (``base``: no tables)."""
    config = alembic_config(engine)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    return current(engine)


def require_current(engine: Engine) -> None:
    """Refuse (:class:`~arbiter.server.config.ConfigError`) a database whose schema is not the
    current one."""
    from arbiter.server.config import ConfigError

    found, wanted = current(engine), head()
    if found != wanted:
        state = "empty" if found is None else f"at revision {found}"
        raise ConfigError(
            f"the database is {state}, not at {wanted}: run 'arbiter db upgrade' first"
        )
