"""The ``arbiter`` command: one Typer app with a sub-command per area.

Errors a user causes (bad arguments, unreadable files, malformed records) are printed as one line
on standard error with exit code 2, never as a traceback.
"""

import sys

import typer

# Typer vendors Click; its exception base is needed to print usage errors as one line.
from typer._click.exceptions import ClickException

from arbiter import __version__
from arbiter.commands import db, event, go, rating, reports, serve, toguz, user
from arbiter.commands.common import echo_error
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


@app.command("version")
def version() -> None:
    """Print arbiter's version."""
    typer.echo(__version__)


def main(argv: list[str] | None = None) -> None:
    """Run the command line; exit 2 with one line for any input error."""
    try:
        code = app(args=argv, prog_name="arbiter", standalone_mode=False)
    except ClickException as exc:
        echo_error(exc.format_message())
        sys.exit(2)
    except typer.Abort:
        echo_error("aborted")
        sys.exit(130)
    except ArbiterError as exc:
        echo_error(str(exc))
        sys.exit(2)
    except OSError as exc:
        echo_error(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": "))
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
