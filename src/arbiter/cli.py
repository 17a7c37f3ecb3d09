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

# Typer vendors Click: its command type, and its exception base to print usage errors as one line.
from typer._click.core import Command
from typer._click.exceptions import ClickException

from arbiter import i18n
from arbiter.commands import help_text
from arbiter.commands.areas import Areas
from arbiter.commands.common import CommandError, echo_error
from arbiter.errors import ArbiterError

# The areas (toguz, go, event, ...) are imported when named (arbiter.commands.areas), so that
# a command pays only for what it uses.
app = typer.Typer(
    name="arbiter",
    cls=Areas,
    help="Run Go and Toguz Korgool competitions by the federations' rules.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


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


def help_texts(root: Command | None = None) -> set[str]:
    """Every help text of the command line (commands, options, arguments): of the app in
    English by default — the translation catalogues hold them beside the marked messages — or
    of ``root``, a tree made by :func:`command`. Every area is loaded to read them."""
    return help_text.texts(typer.main.get_command(app) if root is None else root)


def command() -> Command:
    """The app as a Click command with its help in the current language (``--help`` is
    answered while the arguments are parsed, before ``--lang`` could act, so the command
    line is scanned for it first: see :func:`_run`)."""
    cmd = typer.main.get_command(app)
    help_text.translate(cmd)
    return cmd


def _early_language(argv: list[str]) -> None:
    for i, arg in enumerate(argv):
        lang = arg[len("--lang=") :] if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        if lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            return


def main(argv: list[str] | None = None) -> None:
    """Run the command line; exit 2 with one line for any input error."""
    token = i18n.set_language(i18n.from_environment())
    try:
        code = _run(argv)
    finally:
        i18n.reset_language(token)
    sys.exit(code)


def _run(argv: list[str] | None) -> int:
    _early_language(sys.argv[1:] if argv is None else argv)
    try:
        code = command()(args=argv, prog_name="arbiter", standalone_mode=False)
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
