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
from collections.abc import Iterator
from typing import Annotated, Any

import typer
from typer import rich_utils

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


# Typer's own words in help (its panels' titles and marks), in the language of the messages.
_TYPER_TEXTS = {
    "ARGUMENTS_PANEL_TITLE": i18n.N_("Arguments"),
    "OPTIONS_PANEL_TITLE": i18n.N_("Options"),
    "COMMANDS_PANEL_TITLE": i18n.N_("Commands"),
    "REQUIRED_LONG_STRING": i18n.N_("[required]"),
    "DEFAULT_STRING": i18n.N_("[default: {}]"),
}


def _walk(cmd: Any) -> Iterator[Any]:
    yield cmd
    for sub in getattr(cmd, "commands", {}).values():
        yield from _walk(sub)


def _help_option(cmd: Any) -> Any:
    return cmd.get_help_option(cmd.make_context(cmd.name, [], resilient_parsing=True))


def help_texts(root: Any = None) -> set[str]:
    """Every help text of the command line (commands, options, arguments): of the app in
    English by default — the translation catalogues hold them beside the marked messages — or
    of ``root``, a tree made by :func:`command`."""
    found: set[str] = set()
    for cmd in _walk(typer.main.get_command(app) if root is None else root):
        params = [*cmd.params, _help_option(cmd)]
        found.update(t for t in [cmd.help, *(getattr(p, "help", None) for p in params)] if t)
    return found


def command() -> Any:
    """The app as a Click command with its help in the current language (``--help`` is
    answered while the arguments are parsed, before ``--lang`` could act, so the command
    line is scanned for it first: see :func:`_run`)."""
    cmd = typer.main.get_command(app)
    for sub in _walk(cmd):
        if sub.help:
            sub.help = i18n.gettext(sub.help)
        for param in sub.params:
            if getattr(param, "help", None):
                param.help = i18n.gettext(param.help)
        sub.get_help_option = _translated_help_option(sub.get_help_option)
    for name, english in _TYPER_TEXTS.items():
        setattr(rich_utils, name, i18n.gettext(english))
    return cmd


def _translated_help_option(make: Any) -> Any:
    def get_help_option(ctx: Any) -> Any:
        option = make(ctx)
        if option is not None and option.help:
            option.help = i18n.gettext(option.help)
        return option

    return get_help_option


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
