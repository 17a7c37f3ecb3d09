"""How long the ``arbiter`` command takes as a whole process, start-up included.

    .venv/bin/python bench/cli_start.py [--runs N] [--python PY] [--src DIR ...]
                                        [--no-bytecode-cache]
    .venv/bin/python bench/cli_start.py --src /tmp/before/src --src src   # before and after

Each command is run ``--runs`` times (default 10) as ``PY -m arbiter ...`` and the median of
the wall-clock seconds is printed, beside ``PY -c pass`` (the interpreter's own start, the
floor). Every ``--src DIR`` is one column: the arbiter sources in DIR are put first on
``PYTHONPATH``, so that a copy of an older tree (``cp -a src /tmp/before``) can be timed beside
the working one; without ``--src`` the installed arbiter is timed. The event commands run on a
small Toguz Korgool Swiss event (12 players, round 1 paired) made once in a temporary folder;
the file is put back before every run, so that each ``result`` records the result anew.

Compiled modules are cached in that folder (``PYTHONPYCACHEPREFIX``), as an installed arbiter
has them: the source trees are not written to, and an unmeasured first run fills the cache.
``--no-bytecode-cache`` compiles every module at every run instead (what
``PYTHONDONTWRITEBYTECODE=1`` without a cache costs). The issue's target is 0.3 s for each
command. Not part of the tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

TARGET = 0.3
EVENT = "cup.json"

#: What is timed: a label and the arguments after ``PY``.
COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("python -c pass (floor)", ("-c", "pass")),
    ("arbiter event --help", ("-m", "arbiter", "event", "--help")),
    ("arbiter --lang ru event --help", ("-m", "arbiter", "--lang", "ru", "event", "--help")),
    ("arbiter toguz perft 1", ("-m", "arbiter", "toguz", "perft", "1")),
    ("arbiter event result (12 players)", ("-m", "arbiter", "event", "result", "--file", EVENT,
                                           "--round", "1", "--table", "1", "1(82)-0(60)")),
)  # fmt: skip


def environment(src: str | None, cache: Path | None) -> dict[str, str]:
    """The environment of a run: English, a wide terminal, ``src`` first on the path, compiled
    modules in ``cache`` (none written if ``None``)."""
    unset = ("ARBITER_LANG", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update(LC_ALL="C.UTF-8", COLUMNS="100")
    if src is not None:
        env["PYTHONPATH"] = str(Path(src).resolve())
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def run(python: str, args: Sequence[str], env: dict[str, str], folder: Path) -> None:
    """Run one command to its end; a failure stops the benchmark with its output."""
    done = subprocess.run(
        [python, *args], cwd=folder, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")


def make_event(python: str, env: dict[str, str], folder: Path) -> bytes:
    """Create the small event the ``event`` commands are timed on; its file's bytes."""
    event = ("-m", "arbiter", "event")
    new = ("new", "--file", EVENT, "--game", "toguz", "--system", "swiss", "--rounds", "5")
    run(python, (*event, *new), env, folder)
    for i in range(12):
        add = ("add", "--file", EVENT, "--name", f"Surname{i} Given{i}", "--rating", str(1500 + i))
        run(python, (*event, *add), env, folder)
    run(python, (*event, "pair", "--file", EVENT), env, folder)
    return (folder / EVENT).read_bytes()


def median_seconds(
    python: str,
    args: Sequence[str],
    envs: list[dict[str, str]],
    folder: Path,
    runs: int,
    event: bytes,
) -> list[float]:
    """The median wall-clock seconds of ``runs`` runs in each environment of ``envs``. The
    environments take turns, so that a busy moment of the machine falls on all of them; one
    unmeasured first turn fills the caches."""
    times: list[list[float]] = [[] for _ in envs]
    for turn in range(runs + 1):
        for env, taken in zip(envs, times, strict=True):
            (folder / EVENT).write_bytes(event)
            start = time.perf_counter()
            run(python, args, env, folder)
            if turn:
                taken.append(time.perf_counter() - start)
    return [statistics.median(taken) for taken in times]


def main() -> None:
    """Time every command for every source tree and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each command (median)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run")
    parser.add_argument("--src", action="append", help="an arbiter source tree (repeatable)")
    parser.add_argument(
        "--no-bytecode-cache", action="store_true", help="compile every module at every run"
    )
    options = parser.parse_args()
    trees: list[str | None] = options.src or [None]
    cached = "" if options.no_bytecode_cache else ", bytecode cached"
    table = Table(title=f"arbiter start-up: median of {options.runs} runs{cached}, seconds")
    table.add_column("command")
    for tree in trees:
        table.add_column(tree or "installed", justify="right")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        envs = [
            environment(tree, None if options.no_bytecode_cache else folder / f"pycache{i}")
            for i, tree in enumerate(trees)
        ]
        event = make_event(options.python, envs[0], folder)
        for label, args in COMMANDS:
            medians = median_seconds(options.python, args, envs, folder, options.runs, event)
            over = [" (over)" if s > TARGET and args[0] == "-m" else "" for s in medians]
            table.add_row(label, *(f"{s:.3f}{o}" for s, o in zip(medians, over, strict=True)))
    Console(width=120).print(table)


if __name__ == "__main__":
    main()
