"""Drive any Go engine that speaks GTP (GNU Go, KataGo, Leela Zero) as a player.

:class:`GtpEngine` runs the engine as a child process and talks to it through pipes, one command
at a time, with a time limit on every answer. :class:`GtpPlayer` keeps the engine's board in step
with a game (it sends only the moves the engine has not seen, or starts over when the game went
another way) and asks it for moves and, after two passes, for the dead stones.

>>> GtpEngine.parse_response("= D4")
(True, 'D4')
>>> GtpEngine.parse_response("? illegal move")
(False, 'illegal move')
"""

from __future__ import annotations

import contextlib
import queue
import shutil
import subprocess
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from arbiter.errors import ArbiterError
from arbiter.games.go import Point

GNUGO = "/usr/games/gnugo"
Colour = Literal["black", "white"]


class GtpError(ArbiterError):
    """The engine refused a command, answered garbage, stopped, or took too long."""


def gnugo_command(level: int = 10, path: str = GNUGO) -> list[str]:
    """The command line that runs GNU Go as a GTP engine at ``level`` (0-10)."""
    if not 0 <= level <= 10:
        raise GtpError(f"GNU Go's levels run from 0 to 10, not {level}")
    return [path, "--mode", "gtp", "--level", str(level)]


def gnugo_available(path: str = GNUGO) -> bool:
    """Whether GNU Go is installed (Debian's package puts it in /usr/games)."""
    return Path(path).is_file() or shutil.which("gnugo") is not None


class GtpEngine:
    """A GTP engine process. Use as a context manager, or call :meth:`close`."""

    def __init__(self, command: Sequence[str], *, timeout: float = 30.0) -> None:
        if not command:
            raise GtpError("no engine command given")
        self.command = list(command)
        self.timeout = timeout
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            raise GtpError(f"cannot start {self.command[0]}: {exc.strerror or exc}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._broken = False  # it stopped answering: don't wait for it to quit
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        stdout = self._process.stdout
        assert stdout is not None
        for line in stdout:
            self._lines.put(line)
        self._lines.put(None)

    @staticmethod
    def parse_response(text: str) -> tuple[bool, str]:
        """(success, the answer's text) of one GTP response (without its blank line)."""
        head = text.lstrip()
        if head[:1] not in ("=", "?"):
            raise GtpError(f"not a GTP response: {text[:60]!r}")
        body = head[1:]
        # An optional command id follows the sign.
        digits = len(body) - len(body.lstrip("0123456789"))
        return head[0] == "=", body[digits:].strip()

    def send(self, command: str) -> str:
        """Send one command; return the engine's answer, or raise :class:`GtpError`."""
        stdin = self._process.stdin
        if stdin is None or self._process.poll() is not None:
            raise GtpError(f"{self.command[0]} is not running")
        try:
            stdin.write(command.strip() + "\n")
            stdin.flush()
        except OSError:
            raise GtpError(f"{self.command[0]} stopped listening") from None
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                self._broken = True
                raise GtpError(
                    f"{self.command[0]} gave no answer to {command!r} in {self.timeout:g} s"
                ) from None
            if line is None:
                raise GtpError(f"{self.command[0]} stopped while answering {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip() or lines:
                lines.append(line.rstrip("\n"))
        ok, text = self.parse_response("\n".join(lines))
        if not ok:
            raise GtpError(f"{self.command[0]} refused {command!r}: {text}")
        return text

    def name(self) -> str:
        """The engine's name and version."""
        return f"{self.send('name')} {self.send('version')}".strip()

    def close(self) -> None:
        """Ask the engine to quit, and make sure it does."""
        if self._process.poll() is None and self._broken:
            self._process.kill()
        if self._process.poll() is None:
            with contextlib.suppress(GtpError):
                self.send("quit")
            try:
                self._process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                stream.close()

    def __enter__(self) -> GtpEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What the engine must know of a game before its moves: size, komi, handicap stones."""

    size: int
    komi: float
    handicap: tuple[Point, ...] = ()


Move = tuple[Colour, Point | None]  # None is a pass


class GtpPlayer:
    """A GTP engine as a player of one game: it follows the moves and answers with its own."""

    def __init__(self, engine: GtpEngine) -> None:
        self.engine = engine
        self._setup: GameSetup | None = None
        self._sent: list[Move] = []

    def _sync(self, setup: GameSetup, moves: Sequence[Move]) -> None:
        moves = list(moves)
        if setup != self._setup or moves[: len(self._sent)] != self._sent:
            self.engine.send(f"boardsize {setup.size}")
            self.engine.send("clear_board")
            self.engine.send(f"komi {setup.komi:g}")
            if setup.handicap:
                points = " ".join(p.gtp() for p in setup.handicap)
                self.engine.send(f"set_free_handicap {points}")
            self._setup, self._sent = setup, []
        for colour, point in moves[len(self._sent) :]:
            vertex = "pass" if point is None else point.gtp()
            self.engine.send(f"play {colour} {vertex}")
            self._sent.append((colour, point))

    def genmove(self, setup: GameSetup, moves: Sequence[Move], colour: Colour) -> Point | str:
        """The engine's move for ``colour``: a point, ``"pass"`` or ``"resign"``."""
        self._sync(setup, moves)
        answer = self.engine.send(f"genmove {colour}").strip().lower()
        if answer in ("pass", "resign"):
            if answer == "pass":
                self._sent.append((colour, None))
            return answer
        try:
            point = Point.from_gtp(answer, setup.size)
        except ArbiterError:
            raise GtpError(f"{self.engine.command[0]} answered genmove with {answer!r}") from None
        self._sent.append((colour, point))
        return point

    def dead_stones(self, setup: GameSetup, moves: Sequence[Move]) -> tuple[Point, ...]:
        """The stones the engine judges dead at the end of the game (``final_status_list dead``)."""
        self._sync(setup, moves)
        answer = self.engine.send("final_status_list dead")
        return tuple(sorted(Point.from_gtp(word, setup.size) for word in answer.split()))
