"""``arbiter user``: accounts on the server's database (the first administrator, resets)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from arbiter.commands.common import fail, say
from arbiter.commands.db import DbOption, open_database, settings_for
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.server.runtime import Runtime

app = typer.Typer(help="Server accounts.", no_args_is_help=True)

PasswordStdin = Annotated[
    bool, typer.Option("--password-stdin", help="Read the password from standard input.")
]


def _password(from_stdin: bool) -> str:
    if from_stdin:
        line = sys.stdin.readline()
        if not line:
            fail(N_("no password on standard input"))
        return line.rstrip("\r\n")
    value: str = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    return value


@contextmanager
def _server(db: str | None) -> Iterator[Runtime]:
    """The server's runtime on ``db``, closed at the end; a request the accounts service
    refuses stops the command with its reason."""
    from arbiter.server.runtime import Runtime
    from arbiter.server.services.errors import ServiceError

    settings = settings_for(db)
    rt = Runtime.create(settings, open_database(settings))
    try:
        yield rt
    except ServiceError as exc:
        fail(exc.message)
    finally:
        rt.db.dispose()


@app.command("create")
def create_command(
    username: Annotated[str, typer.Argument(help="The user name (letters, digits, . _ -).")],
    admin: Annotated[
        bool, typer.Option("--admin", help="A site administrator (may do everything).")
    ] = False,
    display_name: Annotated[str, typer.Option("--name", help="The name shown to others.")] = "",
    password_stdin: PasswordStdin = False,
    db: DbOption = None,
) -> None:
    """Create an account (the database is brought to the current schema first)."""
    from arbiter.server.services import accounts

    password = _password(password_stdin)
    with _server(db) as rt:
        user = accounts.create_user(rt, username, password, display_name=display_name, admin=admin)
    say(
        N_("created administrator {name} (id {id})")
        if user.is_admin
        else N_("created account {name} (id {id})"),
        name=user.username,
        id=user.id,
    )


@app.command("password")
def password_command(
    username: Annotated[str, typer.Argument(help="The account.")],
    password_stdin: PasswordStdin = False,
    db: DbOption = None,
) -> None:
    """Set an account's password (its sessions and tokens are closed)."""
    from arbiter.server.services import accounts

    password = _password(password_stdin)
    with _server(db) as rt:
        accounts.reset_password(rt, username, password)
    say(N_("password of {name} set"), name=username)


@app.command("list")
def list_command(db: DbOption = None) -> None:
    """List the accounts."""
    from arbiter.server.services import accounts

    with _server(db) as rt:
        users = accounts.all_users(rt)
    for u in users:
        flag = "  admin" if u.is_admin else ""
        typer.echo(f"{u.id}\t{u.username}\t{u.display_name}{flag}")
