"""``arbiter toguz``: Toguz Korgool from the command line.

Each command imports the rules, records and engine it uses when it runs (``perft`` needs no
record reader, ``replay`` no engine).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from arbiter.commands import reports
from arbiter.commands.common import fail, read_bytes, say
from arbiter.i18n import N_

if TYPE_CHECKING:
    from arbiter.records.toguz_record import ToguzRecord

app = typer.Typer(help="Toguz Korgool: play, replay records, count moves.", no_args_is_help=True)


@app.command("perft")
def perft_command(
    depth: Annotated[int, typer.Argument(min=1, max=12, help="Count sequences up to this depth.")],
    fen: Annotated[str | None, typer.Option(help="Start from this position instead.")] = None,
) -> None:
    """Print '<depth> <count>' for each depth from 1 to DEPTH: the number of move sequences."""
    from arbiter.games.toguz import Position
    from arbiter.games.toguz.perft import perft

    pos = Position.from_fen(fen) if fen else Position.initial()
    for d in range(1, depth + 1):
        typer.echo(f"{d} {perft(pos, d)}")


def _read_records(path: Path) -> list[ToguzRecord]:
    from arbiter.records.toguz_record import RecordError
    from arbiter.records.toguz_text import read_games

    raw = read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = raw.decode("cp1251")  # older Russian-language files
        except UnicodeDecodeError:  # 0x98 has no letter in Windows-1251
            fail(N_("{file}: not a text file (neither UTF-8 nor Windows-1251)"), file=path)
    try:
        if text.lstrip().startswith("{"):
            from arbiter.records.game_json import from_json_unchecked

            return [from_json_unchecked(text)]
        return read_games(text)
    except RecordError as exc:
        fail(N_("{file}: {error}"), file=path, error=exc.text)


def _game_of(path: Path, number: int) -> ToguzRecord:
    """Game ``number`` (1 = the first) of the record file ``path``."""
    records = _read_records(path)
    if not 1 <= number <= len(records):
        fail(
            N_("{file} holds {count} games; there is no game {game}"),
            file=path,
            count=len(records),
            game=number,
        )
    return records[number - 1]


@app.command("replay")
def replay_command(
    files: Annotated[list[Path], typer.Argument(help="Record files: PlayOK, federation, JSON.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the summary.")] = False,
) -> None:
    """Replay every game in FILES through the rules and report what does not match.

    Checks each move's landing pit, the X marks and PlayOK's (n) kazan totals, and the recorded
    result where the board decides it. Ends with '<N> games replayed, <M> mismatches'; the exit
    code is 1 when M > 0, 2 when a file cannot be read.
    """
    from arbiter.records.toguz_record import replay

    loaded = [(path, _read_records(path)) for path in files]
    games = mismatches = 0
    for path, records in loaded:
        for index, record in enumerate(records, 1):
            games += 1
            for problem in replay(record).mismatches:
                mismatches += 1
                if not quiet:
                    say(
                        N_("{file}: game {index} ({game}): {problem}"),
                        file=path,
                        index=index,
                        game=record.describe(),
                        problem=problem,
                    )
    typer.echo(f"{games} games replayed, {mismatches} mismatches")
    if mismatches:
        raise typer.Exit(1)


@app.command("play")
def play_command(
    white: Annotated[str, typer.Option(help="Who plays White: human or engine.")] = "human",
    black: Annotated[str, typer.Option(help="Who plays Black: human or engine.")] = "engine",
    think: Annotated[float, typer.Option(help="The computer's seconds per move.")] = 2.0,
    variant: Annotated[str, typer.Option(help="toguz or bestemshe.")] = "toguz",
    level: Annotated[
        int, typer.Option(help="The computer's strength: 1 (beginner) to 10 (full strength).")
    ] = 10,
    save: Annotated[
        Path | None, typer.Option(help="Where to save the record (.json, else notation text).")
    ] = None,
) -> None:
    """Play a game in the terminal; the record is saved at the end."""
    from rich.console import Console

    from arbiter.commands.toguz_play import Controller, TerminalGame, run_game
    from arbiter.engines.toguz_engine import level_of
    from arbiter.games.toguz.position import variant_of

    for side, who in (("white", white), ("black", black)):
        if who not in ("human", "engine"):
            fail(N_("--{side} must be 'human' or 'engine', not {who!r}"), side=side, who=who)
    if not 0 < think <= 600:
        fail(N_("--think must be between 0 and 600 seconds, not {think}"), think=think)
    variant_of(variant)
    level_of(level)
    if save is not None and not save.parent.exists():
        fail(N_("{folder}: no such folder to save the record in"), folder=save.parent)
    game = TerminalGame(
        white=cast(Controller, white),
        black=cast(Controller, black),
        think=think,
        variant=variant,
        level=level,
    )
    run_game(game, Console(highlight=False), input, save)


@app.command("engine")
def engine_command() -> None:
    """Speak the engine's UCI-like protocol on standard input and output (docs/toguz.md)."""
    import sys

    from arbiter.engines.toguz_protocol import EngineProtocol

    protocol = EngineProtocol()
    for line in sys.stdin:
        for answer in protocol.handle(line):
            typer.echo(answer)
        sys.stdout.flush()
        if protocol.finished:
            break


@app.command("analyse")
def analyse_command(
    file: Annotated[Path, typer.Argument(help="A record file: PlayOK, federation or JSON.")],
    game: Annotated[int, typer.Option(help="Which game of the file (1 = the first).")] = 1,
    seconds: Annotated[float, typer.Option(help="Thinking time per move.")] = 0.5,
) -> None:
    """The engine's best move and evaluation for every move of a game; mistakes marked ? and ??."""
    from arbiter.engines.toguz_engine import describe_score, review_game
    from arbiter.records.toguz_record import replay

    record = _game_of(file, game)
    if not 0 < seconds <= 60:
        fail(N_("--seconds must be between 0 and 60, not {seconds}"), seconds=seconds)
    played = replay(record)
    if played.mismatches and len(played.positions) <= len(record.moves):
        fail(
            N_("{file}: game {game} does not replay: {problem}"),
            file=file,
            game=game,
            problem=played.mismatches[0],
        )
    pits = [m.text.pit for m in record.moves]
    typer.echo(f"{record.describe()}")
    for review, move in zip(
        review_game(record.start_position(), pits, seconds), record.moves, strict=True
    ):
        side = "White" if review.ply % 2 == 0 else "Black"
        number = review.ply // 2 + 1
        best = "" if review.best == review.played else f"  best {review.best}"
        typer.echo(
            f"{number:>3}. {side:<5} {move!s:<5}{review.mark:<2} "
            f"{describe_score(review.played_score):>10}{best}"
        )


@app.command("protocol")
def protocol_command(
    file: Annotated[Path, typer.Argument(help="A record file: PlayOK, federation or JSON.")],
    game: Annotated[int, typer.Option(help="Which game of the file (1 = the first).")] = 1,
    fmt: reports.Format = "html",
    lang: reports.Lang = None,
    output: reports.Output = None,
) -> None:
    """The game protocol as federations print it (moves, a diagram every ten, result)."""
    from arbiter.reports.toguz_protocol import protocol_html

    reports.emit(protocol_html(_game_of(file, game), reports.language(lang)), fmt, output)
