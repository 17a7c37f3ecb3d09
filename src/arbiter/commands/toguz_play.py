"""A Toguz Korgool game in the terminal: a human or the computer on each side.

The loop takes its input and output as arguments, so tests drive it without a terminal.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from rich.console import Console
from rich.table import Table
from rich.text import Text

from arbiter.commands.common import tr
from arbiter.engines.toguz_engine import FULL_STRENGTH, ToguzEngine
from arbiter.games.toguz import IllegalMove, Position, Side
from arbiter.games.toguz.diagram import rows
from arbiter.games.toguz.notation import play_and_describe
from arbiter.i18n import N_, error_text
from arbiter.records.game_json import write_json
from arbiter.records.toguz_record import GameResult, record_from_moves
from arbiter.records.toguz_text import write_federation

Controller = Literal["human", "engine"]


@dataclass
class TerminalGame:
    """One game as it goes: the position, the moves played, how it ended."""

    white: Controller
    black: Controller
    think: float
    variant: str = "toguz"
    level: int = FULL_STRENGTH
    position: Position = field(init=False)
    start: Position = field(init=False)
    pits: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    resigned: Side | None = None
    history: list[Position] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.start = self.position = Position.initial(self.variant)

    def controller(self, side: Side) -> Controller:
        return self.white if side == "white" else self.black

    def play(self, pit: int) -> None:
        self.history.append(self.position)
        self.position, note = play_and_describe(self.position, pit)
        self.pits.append(pit)
        self.notes.append(str(note))

    def result(self) -> GameResult | None:
        if self.resigned is not None:
            return GameResult("black" if self.resigned == "white" else "white")
        board = self.position.result
        return None if board is None else GameResult(board.winner, board.korgools)


def board_table(pos: Position) -> Table:
    """The position as a Rich table: Black's row on top (pit 9..1), White's below (1..9)."""
    n = pos.variant.pits
    black, white = rows(pos)
    kw, kb = pos.kazans
    table = Table(show_header=False, box=None, padding=(0, 1))
    for _ in range(n + 2):
        table.add_column(justify="right")
    dim = "dim"
    table.add_row(
        Text("Black", style="bold"), *[Text(str(i), style=dim) for i in range(n, 0, -1)], Text("")
    )
    table.add_row(Text(f"kazan {kb}", style="bold magenta"), *[_cell(c) for c in black], Text(""))
    table.add_row(Text(""), *[_cell(c) for c in white], Text(f"kazan {kw}", style="bold cyan"))
    table.add_row(
        Text("White", style="bold"), *[Text(str(i), style=dim) for i in range(1, n + 1)], Text("")
    )
    return table


def _cell(text: str) -> Text:
    if text == "X":
        return Text("X", style="bold red")
    return Text(f"[{text:>3}]", style="bold" if text != "0" else "dim")


def move_list(notes: list[str], first: Side = "white") -> str:
    """The moves in the federation's notation, numbered: ``1. 76 87 2. 99``."""
    words: list[str] = []
    offset = 0 if first == "white" else 1
    for i, note in enumerate(notes):
        if (i + offset) % 2 == 0:
            words.append(f"{(i + offset) // 2 + 1}.")
        words.append(note)
    return " ".join(words)


def run_game(
    game: TerminalGame,
    console: Console,
    ask: Callable[[str], str],
    save: Path | None,
) -> Path | None:
    """Play ``game`` to its end, drawing the board after every move; save the record.

    ``ask`` reads a human's answer (``input`` in the terminal). Returns the saved record's path.
    """
    engine = ToguzEngine(game.level)
    console.print(board_table(game.position))
    while not game.position.is_over:
        side = game.position.to_move
        legal = game.position.legal_moves()
        if game.controller(side) == "engine":
            pit = engine.choose(game.position, game.think, game.history)
        else:
            try:
                answer = (
                    ask(
                        f"{side.capitalize()} to move, pit {'/'.join(map(str, legal))} "
                        "(or 'resign', 'quit'): "
                    )
                    .strip()
                    .lower()
                )
            except EOFError:
                answer = "quit"
            if answer in ("quit", "q", "exit"):
                console.print(tr(N_("Game left unfinished.")))
                break
            if answer in ("resign", "r"):
                game.resigned = side
                break
            if not answer.isdigit():
                shown = ", ".join(map(str, legal))
                message = tr(N_("Type a pit number ({pits})."), pits=shown)
                console.print(f"[red]{message}[/red]")
                continue
            pit = int(answer)
            if not game.position.is_legal(pit):
                try:
                    game.position.play(pit)
                except IllegalMove as exc:
                    console.print(f"[red]{error_text(exc)}[/red]")
                continue
        game.play(pit)
        console.print(f"{side.capitalize()} plays {game.notes[-1]}")
        console.print(board_table(game.position))
        console.print(move_list(game.notes))
    result = game.result()
    if result is not None:
        how = f"{game.resigned} resigns" if game.resigned else "decided on the board"
        console.print(f"[bold]Result: {result}[/bold] ({how})")
    return _save(game, result, save, console)


def _save(
    game: TerminalGame, result: GameResult | None, save: Path | None, console: Console
) -> Path | None:
    now = dt.datetime.now()
    tags = {
        "Event": "Casual game",
        "Site": "arbiter terminal",
        "Date": now.strftime("%Y.%m.%d"),
        "White": f"Computer (level {game.level})" if game.white == "engine" else "White",
        "Black": f"Computer (level {game.level})" if game.black == "engine" else "Black",
    }
    if game.resigned:
        tags["Termination"] = "resignation"
    record = record_from_moves(game.start, game.pits, tags, result=result)
    path = save or Path(f"toguz-{now:%Y%m%d-%H%M%S}.json")
    text = write_json(record) if path.suffix.lower() == ".json" else write_federation(record)
    path.write_text(text, encoding="utf-8")
    console.print(tr(N_("Record saved to {file}"), file=path))
    return path
