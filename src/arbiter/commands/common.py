"""Helpers every sub-command shares: one-line errors with exit code 2."""

from typing import NoReturn

import typer

from arbiter.errors import ArbiterError


class CommandError(ArbiterError):
    """A command cannot go on; the message is printed as one line and the exit code is 2."""


def fail(message: str) -> NoReturn:
    """Stop the command with ``message`` on one line and exit code 2."""
    raise CommandError(message)


def echo_error(message: str) -> None:
    """Print ``arbiter: <message>`` on standard error."""
    typer.echo(f"arbiter: {message}", err=True)
