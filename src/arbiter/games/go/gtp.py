"""The Go Text Protocol (GTP version 2) over arbiter's rules: a pure engine, lines in and
responses out, so that any GTP tool can drive our rules (``arbiter go gtp`` runs it on stdin and
stdout).

Commands: protocol_version, name, version, known_command, list_commands, boardsize, clear_board,
komi, play, undo, is_legal, list_stones, captures, fixed_handicap (the layout of the GTP
specification, for GTP tools; arbiter's own games use the seed's), set_free_handicap, showboard,
final_score (area scoring, all stones alive), genmove (a uniformly random legal move that does
not fill a one-point eye of its own colour, or pass) and quit. Errors are answered ``? message``.

>>> engine = GtpEngine(seed=1)
>>> engine.handle("1 boardsize 9")
'=1 \\n\\n'
>>> engine.handle("play black E5")
'= \\n\\n'
>>> engine.handle("play white E5")
'? illegal move: the point is occupied\\n\\n'
>>> engine.handle("list_stones b")
'= E5\\n\\n'
>>> engine.handle("komi 0"), engine.handle("final_score")
('= \\n\\n', '= B+81\\n\\n')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable

from arbiter.errors import ArbiterError
from arbiter.games.go.color import Color, parse_color
from arbiter.games.go.coords import (
    MAX_SIZE,
    MIN_SIZE,
    Point,
    format_move,
    parse_move,
)
from arbiter.games.go.handicap import HandicapError, handicap_points
from arbiter.games.go.playout import random_move
from arbiter.games.go.position import Position
from arbiter.games.go.rules import KoRule, Rules
from arbiter.games.go.scoring import count

PROTOCOL_VERSION = "2"
ENGINE_NAME = "arbiter"

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class GtpError(ArbiterError):
    """A command that fails; the message is what follows ``?`` in the response."""


class GtpEngine:
    """The state of a GTP session: the board, its history for undo, komi and the ko rule.

    ``ko`` is the ko rule (basic by default, as GTP engines usually play); ``seed`` makes
    ``genmove`` repeatable.
    """

    def __init__(
        self,
        *,
        ko: KoRule = "basic",
        size: int = 19,
        komi: float = 7.5,
        seed: int | None = None,
    ) -> None:
        self.rules = Rules("chinese", ko=ko, komi=komi)
        self.rng = random.Random(seed)
        self.finished = False
        self.position = Position.empty(size, self.rules)
        self.history: list[Position] = []
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda args: PROTOCOL_VERSION,
            "name": lambda args: ENGINE_NAME,
            "version": self._version,
            "known_command": self._known_command,
            "list_commands": lambda args: "\n".join(self.commands),
            "quit": self._quit,
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "komi": self._komi,
            "play": self._play,
            "genmove": self._genmove,
            "undo": self._undo,
            "is_legal": self._is_legal,
            "list_stones": self._list_stones,
            "captures": self._captures,
            "fixed_handicap": self._fixed_handicap,
            "set_free_handicap": self._set_free_handicap,
            "showboard": self._showboard,
            "final_score": self._final_score,
        }

    # -- the protocol ------------------------------------------------------------------------

    def handle(self, line: str) -> str | None:
        """The response to one line (with its closing empty line), or ``None`` for a line that
        holds no command."""
        text = _CONTROL.sub("", line).split("#", 1)[0].replace("\t", " ").strip()
        if not text:
            return None
        words = text.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} missing command\n\n"
        name, args = words[0], words[1:]
        command = self.commands.get(name)
        if command is None:
            return f"?{ident} unknown command\n\n"
        try:
            result = command(args)
        except ArbiterError as exc:
            return f"?{ident} {_one_line(str(exc))}\n\n"
        return f"={ident} {result}\n\n"

    def run(self, lines: Iterable[str], write: Callable[[str], None]) -> None:
        """Answer ``lines`` one by one with ``write`` until ``quit`` or the end of input."""
        for line in lines:
            response = self.handle(line)
            if response is not None:
                write(response)
            if self.finished:
                break

    # -- commands ----------------------------------------------------------------------------

    def _version(self, args: list[str]) -> str:
        from arbiter import __version__

        return __version__

    def _known_command(self, args: list[str]) -> str:
        _arity(args, 1)
        return "true" if args[0] in self.commands else "false"

    def _quit(self, args: list[str]) -> str:
        self.finished = True
        return ""

    def _boardsize(self, args: list[str]) -> str:
        _arity(args, 1)
        size = _integer(args[0])
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise GtpError(f"unacceptable size: boards go from {MIN_SIZE} to {MAX_SIZE}")
        self.position = Position.empty(size, self.rules)
        self.history = []
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self.position = Position.empty(self.position.size, self.rules)
        self.history = []
        return ""

    def _komi(self, args: list[str]) -> str:
        _arity(args, 1)
        try:
            komi = float(args[0])
            self.rules = self.rules.with_komi(komi)
        except (ValueError, ArbiterError):
            raise GtpError("syntax error: komi is a number such as 6.5") from None
        return ""

    def _resumed(self) -> Position:
        """The position to play on: GTP knows no dead-stone phase, so play goes on after two
        passes."""
        pos = self.position
        return pos.resume() if pos.phase == "marking" else pos

    def _play(self, args: list[str]) -> str:
        _arity(args, 2)
        color = _color(args[0])
        move = parse_move(args[1], self.position.size)
        pos = self._resumed()
        reason = pos.why_illegal(move, color)
        if reason is not None:
            raise GtpError(f"illegal move: {reason}")
        self.history.append(self.position)
        self.position = pos.play_as(color, move)
        return ""

    def _genmove(self, args: list[str]) -> str:
        _arity(args, 1)
        color = _color(args[0])
        pos = self._resumed()
        move = random_move(pos, self.rng, color)
        self.history.append(self.position)
        self.position = pos.play_as(color, move)
        return format_move(move)

    def _undo(self, args: list[str]) -> str:
        if not self.history:
            raise GtpError("cannot undo")
        self.position = self.history.pop()
        return ""

    def _is_legal(self, args: list[str]) -> str:
        _arity(args, 2)
        color = _color(args[0])
        move = parse_move(args[1], self.position.size)
        return "1" if self._resumed().is_legal(move, color) else "0"

    def _list_stones(self, args: list[str]) -> str:
        _arity(args, 1)
        return " ".join(p.gtp() for p in self.position.stones(_color(args[0])))

    def _captures(self, args: list[str]) -> str:
        _arity(args, 1)
        return str(self.position.captures(_color(args[0])))

    def _fixed_handicap(self, args: list[str]) -> str:
        _arity(args, 1)
        stones = _integer(args[0])
        self._check_empty()
        if stones < 2:
            raise GtpError("invalid handicap: at least 2 stones")
        try:
            points = handicap_points(self.position.size, stones, layout="gtp")
        except HandicapError as exc:
            raise GtpError(f"invalid handicap: {exc}") from None
        self._place_handicap(points)
        return " ".join(p.gtp() for p in points)

    def _set_free_handicap(self, args: list[str]) -> str:
        self._check_empty()
        size = self.position.size
        points: list[Point] = []
        for word in args:
            move = parse_move(word, size)
            if move is None or move in points:
                raise GtpError("bad vertex list: vertices must differ and not be pass")
            points.append(move)
        if not 2 <= len(points) <= size * size - 1:
            raise GtpError("bad vertex list: at least 2 vertices and fewer than the board")
        self._place_handicap(tuple(points))
        return ""

    def _place_handicap(self, points: tuple[Point, ...]) -> None:
        self.position = Position.setup(
            self.position.size,
            black=points,
            to_move="white",
            rules=self.rules,
            handicap=len(points),
        )
        self.history = []

    def _check_empty(self) -> None:
        pos = self.position
        if pos.stones("black") or pos.stones("white"):
            raise GtpError("board not empty")

    def _showboard(self, args: list[str]) -> str:
        pos = self.position
        lines = pos.diagram().split("\n")
        lines[1] += f"     Black (X) has captured {pos.captures('black')} stones"
        lines[2] += f"     White (O) has captured {pos.captures('white')} stones"
        return "\n" + "\n".join(lines)

    def _final_score(self, args: list[str]) -> str:
        score = count(self.position, rules=self.rules, dead=frozenset())
        return str(score.result)


def _arity(args: list[str], n: int) -> None:
    if len(args) < n:
        raise GtpError(f"syntax error: {n} argument{'s' if n > 1 else ''} expected")


def _integer(text: str) -> int:
    if not text.isdigit():
        raise GtpError(f"syntax error: {text!r} is not a whole number")
    return int(text)


def _color(text: str) -> Color:
    try:
        return parse_color(text)
    except ArbiterError:
        raise GtpError(f"invalid color {text!r}: expected black or white") from None


def _one_line(message: str) -> str:
    return " ".join(message.split())
