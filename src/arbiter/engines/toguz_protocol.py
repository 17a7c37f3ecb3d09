"""A UCI-like text protocol for the Toguz Korgool engine (``arbiter toguz engine``).

Lines in, lines out, as chess engines speak UCI, so that other tools can drive the engine:

=================================  =====================================================
``uci``                            ``id name …``, ``id author …``, the options, ``uciok``
``isready``                        ``readyok``
``ucinewgame``                     forget the previous game
``setoption name Level value N``   1 (beginner) … 10 (full strength)
``position startpos [moves …]``    the start (``position startpos variant bestemshe`` too)
``position fen FEN [moves …]``     our FEN (docs/toguz.md); moves are pit numbers (``7``)
                                   or moves in the federation's notation (``76``, ``25X``)
``go movetime MS``                 think MS milliseconds
``go depth N``                     search N moves deep
``go wtime MS btime MS [winc MS]   let the engine budget its time from the clocks
[binc MS] [movestogo N]``
``d``                              the position: its FEN and a diagram
``quit``                           end
=================================  =====================================================

``go`` answers with ``info depth D seldepth S score cp X nodes N nps N time MS pv …`` (``score
win N`` / ``score loss N`` for a decided game, N moves) and ``bestmove P``, P a pit number.
Anything it cannot do is answered with ``info string error: …`` and changes nothing.

>>> protocol = EngineProtocol()
>>> protocol.handle("isready")
['readyok']
>>> protocol.handle("position startpos moves 76 8")
[]
>>> protocol.handle("go depth 3")[-1].startswith("bestmove ")
True
"""

from __future__ import annotations

from arbiter.engines.toguz_engine import FULL_STRENGTH, WIN, EngineError, ToguzEngine
from arbiter.errors import ArbiterError
from arbiter.games.toguz import Position
from arbiter.games.toguz.diagram import diagram
from arbiter.games.toguz.notation import parse_move, play_text

NAME = "arbiter toguz engine"


class ProtocolError(ArbiterError):
    """A command the protocol cannot carry out."""


class EngineProtocol:
    """The protocol's state: the engine, the position and the game's earlier positions."""

    def __init__(self) -> None:
        self.level = FULL_STRENGTH
        self.engine = ToguzEngine(self.level)
        self.position = Position.initial()
        self.history: list[Position] = []
        self.finished = False

    def handle(self, line: str) -> list[str]:
        """The answer lines to one command line."""
        words = line.split()
        if not words:
            return []
        command, rest = words[0], words[1:]
        try:
            handler = getattr(self, f"_cmd_{command}", None)
            if handler is None:
                raise ProtocolError(f"unknown command {command!r}")
            out: list[str] = handler(rest)
            return out
        except ArbiterError as exc:
            return [f"info string error: {exc}"]

    def _cmd_uci(self, rest: list[str]) -> list[str]:
        return [
            f"id name {NAME}",
            "id author the arbiter developers",
            f"option name Level type spin default {FULL_STRENGTH} min 1 max {FULL_STRENGTH}",
            "uciok",
        ]

    def _cmd_isready(self, rest: list[str]) -> list[str]:
        return ["readyok"]

    def _cmd_ucinewgame(self, rest: list[str]) -> list[str]:
        self.engine.new_game()
        self.position, self.history = Position.initial(), []
        return []

    def _cmd_setoption(self, rest: list[str]) -> list[str]:
        text = " ".join(rest)
        if not text.lower().startswith("name level value "):
            raise ProtocolError(f"unknown option in 'setoption {text}': only Level is known")
        value = text.split()[-1]
        if not value.isdigit():
            raise ProtocolError(f"Level must be a number from 1 to {FULL_STRENGTH}")
        self.engine = ToguzEngine(int(value))
        self.level = int(value)
        return []

    def _cmd_position(self, rest: list[str]) -> list[str]:
        if not rest:
            raise ProtocolError("position needs 'startpos' or 'fen FEN'")
        if "moves" in rest:
            cut = rest.index("moves")
            head, moves = rest[:cut], rest[cut + 1 :]
        else:
            head, moves = rest, []
        if head[0] == "startpos":
            variant = "toguz"
            if len(head) == 3 and head[1] == "variant":
                variant = head[2]
            elif len(head) != 1:
                raise ProtocolError("write 'position startpos [variant NAME] [moves …]'")
            pos = Position.initial(variant)
        elif head[0] == "fen":
            pos = Position.from_fen(" ".join(head[1:]))
        else:
            raise ProtocolError(f"position needs 'startpos' or 'fen FEN', not {head[0]!r}")
        history: list[Position] = []
        for word in moves:
            history.append(pos)
            if word.isdigit() and len(word) == 1:
                pos = pos.play(int(word))
            else:
                pos, _ = play_text(pos, parse_move(word))
        self.position, self.history = pos, history
        return []

    def _cmd_go(self, rest: list[str]) -> list[str]:
        params: dict[str, int] = {}
        it = iter(rest)
        for key in it:
            value = next(it, None)
            if value is None or not value.lstrip("-").isdigit():
                raise ProtocolError(f"'go {key}' needs a whole number")
            params[key] = int(value)
        pos = self.position
        if pos.is_over:
            raise ProtocolError(f"the game is over ({pos.result}): no move to search")
        depth = params.get("depth")
        if "movetime" in params:
            seconds = max(params["movetime"], 1) / 1000
        elif "wtime" in params or "btime" in params:
            seconds = self._budget(params)
        elif depth is not None:
            seconds = 3600.0
        else:
            seconds = 1.0
        if depth is not None and not 1 <= depth <= 64:
            raise ProtocolError("depth runs from 1 to 64")
        found = self.engine.analyse(pos, seconds, depth, self.history)
        move = found.move
        if self.engine.level.noise:
            move = self.engine.choose(pos, seconds, self.history)
        score = _score(found.score)
        pv = " ".join(map(str, found.pv or (found.move,)))
        return [
            f"info depth {found.depth} seldepth {found.seldepth} score {score} "
            f"nodes {found.nodes} nps {int(found.nps)} time {int(found.seconds * 1000)} pv {pv}",
            f"bestmove {move}",
        ]

    def _budget(self, params: dict[str, int]) -> float:
        side = "w" if self.position.to_move == "white" else "b"
        left = params.get(f"{side}time", 60_000) / 1000
        inc = params.get(f"{side}inc", 0) / 1000
        to_go = params.get("movestogo", max(15, 60 - self.position.fullmove))
        return max(0.01, min(left / max(1, to_go) + 0.8 * inc, left - 0.5))

    def _cmd_stop(self, rest: list[str]) -> list[str]:
        return []  # searches here finish before the next command is read

    def _cmd_d(self, rest: list[str]) -> list[str]:
        return [f"fen {self.position.fen()}", *diagram(self.position).splitlines()]

    def _cmd_quit(self, rest: list[str]) -> list[str]:
        self.finished = True
        return []


def _score(score: int) -> str:
    if score >= WIN - 1000:
        return f"win {(WIN - score + 1) // 2}"
    if score <= -WIN + 1000:
        return f"loss {(WIN + score + 1) // 2}"
    return f"cp {score}"


__all__ = ["EngineError", "EngineProtocol", "ProtocolError"]
