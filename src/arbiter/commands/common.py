"""Helpers every sub-command shares: one-line errors with exit code 2, in the user's language.

Commands write a message for people as a message id with named placeholders, translated when
printed: ``fail(N_("{file} holds {n} games"), file=path, n=3)`` for an error (the CLI's edge
translates it), ``say(N_("wrote {file}"), file=path)`` for a line of output.
"""

import os
from pathlib import Path
from typing import NoReturn

import typer

from arbiter.errors import ArbiterError
from arbiter.i18n import N_, gettext


class CommandError(ArbiterError):
    """A command cannot go on; the message is printed as one line and the exit code is 2."""


def fail(message: str, /, **params: object) -> NoReturn:
    """Stop the command with ``message`` (a message id, filled with ``params``) on one line and
    exit code 2."""
    raise CommandError(message, **params)


def tr(message: str, /, **params: object) -> str:
    """``message`` in the current language, filled with ``params`` (named placeholders, so
    that translators may reorder them)."""
    text = gettext(message)
    return text.format(**params) if params else text


def say(message: str, /, *, err: bool = False, **params: object) -> None:
    """Print a line for people, in the current language (see :func:`tr`)."""
    typer.echo(tr(message, **params), err=err)


def echo_error(message: str) -> None:
    """Print ``arbiter: <message>`` on standard error, as one line (a message that quotes a
    broken file could hold line breaks)."""
    typer.echo(f"arbiter: {' '.join(message.splitlines())}", err=True)


def read_bytes(path: Path) -> bytes:
    """The bytes of the file ``path``; a file that cannot be read stops the command."""
    try:
        return path.read_bytes()
    except OSError as exc:
        fail(N_("{file}: cannot read ({reason})"), file=path, reason=exc.strerror or exc)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: a temporary file beside it, flushed to
    the disk, then renamed over it."""
    import tempfile  # here: only the commands that write files need it

    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
