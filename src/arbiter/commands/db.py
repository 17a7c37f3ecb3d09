"""``arbiter db``: the server's database schema (Alembic migrations shipped with arbiter).

The server's modules are imported when a command runs, so that other ``arbiter`` commands do
not pay for loading SQLAlchemy and FastAPI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from arbiter.commands.common import fail, say, tr
from arbiter.i18n import N_

if TYPE_CHECKING:
    from sqlalchemy.exc import SQLAlchemyError

    from arbiter.server.config import Settings
    from arbiter.server.storage.database import Database

app = typer.Typer(help="The server's database: schema migrations.", no_args_is_help=True)

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="Database URL: sqlite:///PATH or postgresql://USER@HOST:PORT/NAME "
        "(default: $ARBITER_DATABASE_URL, else sqlite:///arbiter.db).",
    ),
]


def settings_for(db: str | None) -> Settings:
    """The server settings from the environment, with ``--db`` over them."""
    from arbiter.server.config import Settings

    return Settings.from_env().with_overrides(database_url=db)


def open_database(settings: Settings, *, migrate: bool = True) -> Database:
    """The settings' database, brought to the current schema (unless ``migrate`` is off)."""
    from sqlalchemy.exc import SQLAlchemyError

    from arbiter.server.config import ConfigError
    from arbiter.server.migrate import require_current, upgrade
    from arbiter.server.storage.database import Database

    database = Database(settings)
    try:
        if migrate:
            upgrade(database.engine)
        else:
            require_current(database.engine)
    except ConfigError:
        database.dispose()
        raise
    except SQLAlchemyError as exc:
        database.dispose()
        fail(
            N_("cannot open the database {url}: {reason}"),
            url=settings.database_url,
            reason=_reason(exc),
        )
    return database


def _reason(exc: SQLAlchemyError) -> str:
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


@app.command("upgrade")
def upgrade_command(
    db: DbOption = None,
    revision: Annotated[str, typer.Option(help="The revision to reach.")] = "head",
) -> None:
    """Create or upgrade the database's tables to the current schema (safe to repeat)."""
    from sqlalchemy.exc import SQLAlchemyError

    from arbiter.server.migrate import current, upgrade
    from arbiter.server.storage.database import Database

    settings = settings_for(db)
    database = Database(settings)
    try:
        before = current(database.engine)
        after = upgrade(database.engine, revision)
    except SQLAlchemyError as exc:
        fail(N_("cannot upgrade {url}: {reason}"), url=settings.database_url, reason=_reason(exc))
    finally:
        database.dispose()
    if before == after:
        say(N_("{url}: already at revision {revision}"), url=settings.database_url, revision=after)
    elif before is None:
        say(N_("{url}: upgraded from empty to {after}"), url=settings.database_url, after=after)
    else:
        say(
            N_("{url}: upgraded from {before} to {after}"),
            url=settings.database_url,
            before=before,
            after=after,
        )


@app.command("current")
def current_command(db: DbOption = None) -> None:
    """Print the database's schema revision and the newest one arbiter knows."""
    from sqlalchemy.exc import SQLAlchemyError

    from arbiter.server.migrate import current, head
    from arbiter.server.storage.database import Database

    settings = settings_for(db)
    database = Database(settings)
    try:
        found = current(database.engine)
    except SQLAlchemyError as exc:
        fail(
            N_("cannot open the database {url}: {reason}"),
            url=settings.database_url,
            reason=_reason(exc),
        )
    finally:
        database.dispose()
    newest = head()
    state = (
        tr(N_("current"))
        if found == newest
        else tr(N_("needs 'arbiter db upgrade' to {revision}"), revision=newest)
    )
    say(
        N_("{url}: revision {revision} ({state})"),
        url=settings.database_url,
        revision=found or tr(N_("none (empty)")),
        state=state,
    )
