"""A small GTP controller for tests: drives an engine process through pipes."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

GNUGO = Path("/usr/games/gnugo")
ARBITER_GTP = [sys.executable, "-m", "arbiter", "go", "gtp"]


class GtpProcess:
    """An engine speaking GTP on its standard input and output."""

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )

    def batch(self, commands: Sequence[str]) -> list[tuple[bool, str]]:
        """Send ``commands`` at once, then read one response each: (success, text)."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write("".join(c + "\n" for c in commands))
        stdin.flush()
        responses = []
        for command in commands:
            line = stdout.readline()
            if not line:
                raise RuntimeError(f"{self.command[0]} stopped answering at {command!r}")
            lines = [line.rstrip("\n")]
            while True:
                more = stdout.readline()
                if more in ("\n", ""):
                    break
                lines.append(more.rstrip("\n"))
            head = lines[0]
            if head[:1] not in "=?":
                raise RuntimeError(f"{command!r}: not a GTP response: {head!r}")
            text = "\n".join([head[1:].strip(), *lines[1:]]).strip()
            responses.append((head[0] == "=", text))
        return responses

    def ask(self, command: str) -> str:
        """The result of one command that must succeed."""
        ok, text = self.batch([command])[0]
        if not ok:
            raise RuntimeError(f"{command!r} failed: {text}")
        return text

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, OSError, ValueError):
            self.batch(["quit"])
        self.process.kill()
        self.process.wait()
