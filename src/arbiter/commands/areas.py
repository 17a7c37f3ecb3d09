"""The areas of ``arbiter`` (``toguz``, ``go``, ``event``, ...), each imported when it is named.

``arbiter toguz perft 1`` needs the Toguz Korgool rules, not the events core, the server or
the PDF reports: the root of the command line is a group that knows its areas by the module
holding each, and imports a module only when its area is asked for — to run one of its
commands, to show its help, or to list every help text (:func:`arbiter.commands.help_text.walk`).
The area modules, in turn, import the core inside their commands.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

import typer

# Typer vendors Click; its base classes are what the command tree is made of.
from typer._click.core import Command, Context
from typer.core import TyperGroup
from typer.main import get_command_from_info, get_group_from_info
from typer.models import CommandInfo, TyperInfo

#: Every area in the order of ``arbiter --help``: its name and ``module:attribute``, a Typer
#: application (a group of commands) or a function (a command of its own). Typer lists a
#: group's own commands before its sub-groups, hence ``serve`` and ``version`` first.
AREAS: dict[str, str] = {
    "serve": "arbiter.commands.serve:serve",
    "version": "arbiter.commands.version:version",
    "toguz": "arbiter.commands.toguz:app",
    "go": "arbiter.commands.go:app",
    "event": "arbiter.commands.event:app",
    "db": "arbiter.commands.db:app",
    "user": "arbiter.commands.user:app",
    "rating": "arbiter.commands.rating:app",
}

#: Typer's default, as the root application has it (it matters only to Typer's own
#: pretty tracebacks, which the root turns off).
_PRETTY_EXCEPTIONS_SHORT = True


class Areas(TyperGroup):
    """The root group: its sub-commands are the :data:`AREAS`, each made from its module the
    first time it is asked for. ``on_load``, when set, is called with each area as it is made
    (the help's translation: :func:`arbiter.commands.help_text.translate`)."""

    on_load: Callable[[Command], None] | None = None

    def list_commands(self, ctx: Context) -> list[str]:
        """The areas' names, without importing any of them."""
        return [*AREAS, *(name for name in self.commands if name not in AREAS)]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        """The area ``cmd_name``, imported and made on first use; ``None`` for no area."""
        found = self.commands.get(cmd_name)
        if found is None and cmd_name in AREAS:
            found = self.commands[cmd_name] = self._make(cmd_name)
            if self.on_load is not None:
                self.on_load(found)
        return found

    def _make(self, name: str) -> Command:
        # Made as app.add_typer(area, name=...) or app.command(name)(area) would make it.
        module, _, attribute = AREAS[name].partition(":")
        area = getattr(import_module(module), attribute)
        if isinstance(area, typer.Typer):
            return get_group_from_info(
                TyperInfo(area, name=name),
                pretty_exceptions_short=_PRETTY_EXCEPTIONS_SHORT,
                rich_markup_mode=self.rich_markup_mode,
                suggest_commands=self.suggest_commands,
            )
        return get_command_from_info(
            CommandInfo(name=name, callback=area),
            pretty_exceptions_short=_PRETTY_EXCEPTIONS_SHORT,
            rich_markup_mode=self.rich_markup_mode,
        )
