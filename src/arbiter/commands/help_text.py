"""The command line's help in the user's language, and every help text for the catalogues.

Help texts are the commands' docstrings and their options' ``help=``, in English in the source;
the translation catalogues hold them beside the marked messages (docs/languages.md).
:func:`translate` puts a command tree's texts in the current language — the areas the root
loads later included (:class:`arbiter.commands.areas.Areas`); :func:`texts` reads every text of
a tree, loading every area.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

# Typer vendors Click; its base classes are what the command tree is made of.
from typer._click.core import Command, Context, Parameter
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup, TyperOption

from arbiter.commands.areas import Areas
from arbiter.i18n import N_, gettext

#: Typer's own words in help (its panels' titles and marks), in the language of the messages.
TYPER_TEXTS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEFAULT_STRING": N_("[default: {}]"),
}


def walk(cmd: Command) -> Iterator[Command]:
    """``cmd`` and every command below it, loading the areas not loaded yet."""
    yield cmd
    if isinstance(cmd, TyperGroup):
        ctx = Context(cmd, resilient_parsing=True)
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None:
                yield from walk(sub)


def _loaded(cmd: Command) -> Iterator[Command]:
    yield cmd
    for sub in getattr(cmd, "commands", {}).values():
        yield from _loaded(sub)


def help_option(cmd: Command) -> Parameter | None:
    """The ``--help`` option of ``cmd`` (Click makes it per command, on demand)."""
    return cmd.get_help_option(cmd.make_context(cmd.name, [], resilient_parsing=True))


def texts(root: Command) -> set[str]:
    """Every help text of ``root``'s tree (commands, options, arguments, ``--help``)."""
    found: set[str] = set()
    for cmd in walk(root):
        params = [*cmd.params, help_option(cmd)]
        found.update(t for t in [cmd.help, *(getattr(p, "help", None) for p in params)] if t)
    return found


def translate(root: Command) -> None:
    """Put the help of ``root``'s tree in the current language: what is loaded now, and each
    area the root loads later."""
    for cmd in _loaded(root):
        if cmd.help:
            cmd.help = gettext(cmd.help)
        for param in cmd.params:
            if getattr(param, "help", None):
                param.help = gettext(param.help)  # type: ignore[attr-defined]
        # Wrapped on each command object: Click makes the --help option only when it is asked
        # for, and Typer draws the help in format_help.
        cmd.get_help_option = _translated_help_option(cmd.get_help_option)  # type: ignore[method-assign,assignment]
        cmd.format_help = _with_typer_texts(cmd.format_help)  # type: ignore[method-assign,assignment]
        if isinstance(cmd, Areas):
            cmd.on_load = translate


def _translated_help_option(
    make: Callable[[Context], TyperOption | None],
) -> Callable[[Context], TyperOption | None]:
    def get_help_option(ctx: Context) -> TyperOption | None:
        option = make(ctx)
        if option is not None and option.help:
            option.help = gettext(option.help)
        return option

    return get_help_option


def _with_typer_texts(
    format_help: Callable[[Context, HelpFormatter], None],
) -> Callable[[Context, HelpFormatter], None]:
    # Typer reads these module constants as it draws the help, and imports its rich help (and
    # Rich with it) only then: set them then too, so that a command that is run pays for none.
    def format_help_translated(ctx: Context, formatter: HelpFormatter) -> None:
        from typer import rich_utils

        for name, english in TYPER_TEXTS.items():
            setattr(rich_utils, name, gettext(english))
        format_help(ctx, formatter)

    return format_help_translated
