"""``arbiter version``: the version of arbiter."""

from __future__ import annotations

import typer

from arbiter import __version__


def version() -> None:
    """Print arbiter's version."""
    typer.echo(__version__)
