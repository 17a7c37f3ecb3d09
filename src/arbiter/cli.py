"""The ``arbiter`` command: one Typer app with a sub-command per area.

Errors a user causes (bad arguments, unreadable files, malformed records) are printed as one line
on standard error with exit code 2, never as a traceback.

Messages are in the language of ``arbiter --lang ru|ky|kk|mn|en …``, else of ``ARBITER_LANG``,
else of the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English
(:func:`arbiter.i18n.from_environment`). Errors are translated here, at the edge
(:func:`arbiter.i18n.error_text`); what scripts read (numbers, JSON, CSV, the lines the issues
fix) stays as it is in every language.
"""

import sys
from typing import Annotated

import typer

# Typer vendors Click; its exception base is needed to print usage errors as one line.
from typer._click.exceptions import ClickException

from arbiter import __version__, i18n
from arbiter.commands import db, event, go, rating, reports, serve, toguz, user
from arbiter.commands.common import CommandError, echo_error
from arbiter.errors import ArbiterError

app = typer.Typer(
    name="arbiter",
    help="Run Go and Toguz Korgool competitions by the federations' rules.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
app.add_typer(toguz.app, name="toguz")
app.add_typer(go.app, name="go")
app.add_typer(event.app, name="event")
app.add_typer(db.app, name="db")
app.add_typer(user.app, name="user")
app.command("serve")(serve.serve)
app.add_typer(rating.app, name="rating")
reports.register(toguz.app, go.app, event.app)


@app.callback()
def root(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language of messages: en, ru, ky, kk, mn (default: ARBITER_LANG, the locale's).",
            metavar="LANG",
        ),
    ] = None,
) -> None:
    """Run Go and Toguz Korgool competitions by the federations' rules."""
    if lang is not None:
        if lang not in i18n.LANGUAGES:
            raise CommandError(
                i18n.N_("--lang must be one of {languages}, not {lang!r}"),
                languages=", ".join(i18n.LANGUAGES),
                lang=lang,
            )
        i18n.set_language(lang)


@app.command("version")
def version() -> None:
    """Print arbiter's version."""
    typer.echo(__version__)


def main(argv: list[str] | None = None) -> None:
    """Run the command line; exit 2 with one line for any input error."""
    token = i18n.set_language(i18n.from_environment())
    try:
        code = _run(argv)
    finally:
        i18n.reset_language(token)
    sys.exit(code)


def _run(argv: list[str] | None) -> int:
    try:
        code = app(args=argv, prog_name="arbiter", standalone_mode=False)
    except ClickException as exc:
        echo_error(exc.format_message())
        return 2
    except typer.Abort:
        echo_error(i18n.gettext("aborted"))
        return 130
    except ArbiterError as exc:
        echo_error(i18n.error_text(exc))
        return 2
    except OSError as exc:
        echo_error(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
        return 2
    return code if isinstance(code, int) else 0
