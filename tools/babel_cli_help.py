"""A Babel extraction method for the command line's help texts (``babel.cfg`` names it).

The help of ``arbiter … --help`` is the commands' docstrings and the options' ``help=``: plain
strings that no ``gettext`` call marks, which ``arbiter.commands.help_text`` translates at run
time. ``pybabel extract`` cannot see them in the code, so this method asks the app for them
(:func:`arbiter.cli.help_texts`, the same list the catalogue test holds the ``.po`` files to)
wherever the commands are defined. It is registered for ``src/arbiter/cli.py``, the app's
root: that file's own marked messages are extracted as by Babel's Python method, then every help
text, each with a comment naming the commands and options it belongs to, which translators see
beside it (``#.`` in the ``.po`` files).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any, cast

from babel.messages.extract import extract_python

#: How many of the places that share one help text (``--help``, ``--file``, …) its comment names.
SHOWN_PLACES = 3


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction-method protocol: ``(line, function, message, comments)`` tuples.

    (Babel's own annotations describe these tuples with other fields than its ``extract``
    reads, hence the loose types.) The help texts have no line of their own — they come from
    many modules: they are given line 0, and ``make i18n`` writes file-only locations anyway
    (``--add-location=file``).
    """
    yield from extract_python(fileobj, keywords, comment_tags, cast(Any, options))
    for text, places in help_places().items():
        shown = "; ".join(places[:SHOWN_PLACES])
        more = len(places) - SHOWN_PLACES
        comment = f"help of {shown}" + (f" (and {more} more)" if more > 0 else "")
        yield 0, None, text, [comment]


def help_places() -> dict[str, list[str]]:
    """Every help text of the app, in the order of the command tree, with where it is shown
    (``arbiter event add``, ``arbiter event add --file``, …).

    The tree is walked here for the places only; the texts themselves are
    :func:`arbiter.cli.help_texts`, so that a text the walk would miss is still extracted
    (after the others, alphabetically, with no place named).
    """
    # Imported on use: loading the whole app is needed only when extracting.
    import typer

    from arbiter.cli import app, help_texts

    places: dict[str, list[str]] = {}
    _walk(typer.main.get_command(app), "arbiter", None, places)
    texts = help_texts()
    found = {text: where for text, where in places.items() if text in texts}
    for text in sorted(texts - found.keys()):
        found[text] = ["the command line"]
    return found


def _walk(cmd: Any, name: str, parent: Any, places: dict[str, list[str]]) -> None:
    # Click's public API: a context per command, the group lists and makes its sub-commands
    # (arbiter's root imports an area only when asked for it, which this does).
    from typer._click.core import Context

    ctx = Context(cmd, info_name=name, parent=parent, resilient_parsing=True)
    path = ctx.command_path
    if cmd.help:
        places.setdefault(cmd.help, []).append(path)
    for param in [*cmd.params, cmd.get_help_option(ctx)]:
        text = getattr(param, "help", None)
        if param is not None and text:
            if param.param_type_name == "argument":
                label = (param.name or "").upper()
            else:
                label = max(param.opts, key=len)
            places.setdefault(text, []).append(f"{path} {label}")
    if hasattr(cmd, "list_commands"):
        for sub_name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, sub_name)
            if sub is not None:
                _walk(sub, sub_name, ctx, places)
