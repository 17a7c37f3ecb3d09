"""Toguz Korgool engine speed: random games per second through the public API, and perft(6).

    .venv/bin/python bench/toguz_speed.py [--seconds S]

Prints a table. The peer is a straightforward pure-Python implementation of the same rules (the
test suite's reference, tests/games/toguz/reference.py), driven the same way; the issue's target
is 3,000 random games a second through the public API.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.games.toguz.reference import RefGame

from arbiter.engines.toguz_engine import ToguzEngine
from arbiter.engines.toguz_search import best_move
from arbiter.games.toguz import Position
from arbiter.games.toguz.perft import perft, perft_python


def random_games_api(seconds: float, seed: int = 1) -> tuple[float, float]:
    """Games per second and moves per game, through Position.legal_moves / play."""
    rng = random.Random(seed)
    choice = rng.choice
    start = Position.initial()
    games = moves = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            pos = start
            while not pos.is_over:
                pos = pos.play(choice(pos.legal_moves()))
                moves += 1
            games += 1
    elapsed = time.perf_counter() - t0
    return games / elapsed, moves / games


def random_games_reference(seconds: float, seed: int = 1) -> tuple[float, float]:
    rng = random.Random(seed)
    games = moves = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while time.perf_counter() < deadline:
        g = RefGame.start()
        while True:
            ms = g.moves()
            if not ms:
                break
            g.play(rng.choice(ms))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - t0
    return games / elapsed, moves / games


def timed(fn, *args):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per random-game run")
    args = parser.parse_args()

    table = Table(title="Toguz Korgool engine speed")
    table.add_column("measure")
    table.add_column("arbiter", justify="right")
    table.add_column("plain Python (peer)", justify="right")
    table.add_column("target", justify="right")

    ours, avg = random_games_api(args.seconds)
    peer, peer_avg = random_games_reference(args.seconds)
    table.add_row("random games / s (public API)", f"{ours:,.0f}", f"{peer:,.0f}", "≥ 3,000")
    table.add_row("moves per random game", f"{avg:.1f}", f"{peer_avg:.1f}", "≈ 125")
    table.add_row("moves / s (public API)", f"{ours * avg:,.0f}", f"{peer * peer_avg:,.0f}", "")

    p6, t6 = timed(perft, Position.initial(), 6)
    table.add_row("perft(6) seconds (compiled)", f"{t6:.3f}", "", "")
    table.add_row("perft(6) nodes", f"{p6:,}", "", "")
    p6_api, t6_api = timed(perft_python, Position.initial(), 6)
    table.add_row("perft(6) seconds (one Position per move)", f"{t6_api:.3f}", "", "")
    assert p6_api == p6

    base = best_move(Position.initial(), seconds=1.0)
    table.add_row("baseline search: depth in 1 s from the start", str(base.depth), "", "")
    engine = ToguzEngine()
    full = engine.analyse(Position.initial(), seconds=1.0)
    table.add_row("engine: depth in 1 s from the start", str(full.depth), "", "≥ 12")
    nodes = seconds = 0.0
    for pos in fixed_positions():
        engine.new_game()
        found = engine.analyse(pos, seconds=0.5)
        nodes += found.nodes
        seconds += found.seconds
    table.add_row(
        "engine: nodes / s (20 fixed positions, 0.5 s each)",
        f"{nodes / seconds:,.0f}",
        "",
        "≥ 2,000,000",
    )
    Console().print(table)


def fixed_positions() -> list[Position]:
    """20 positions from seeded random games, 10 to 100 moves in."""
    rng = random.Random(2026)
    out = []
    while len(out) < 20:
        pos = Position.initial()
        for _ in range(rng.randrange(10, 100)):
            if pos.is_over:
                break
            pos = pos.play(rng.choice(pos.legal_moves()))
        if not pos.is_over:
            out.append(pos)
    return out


if __name__ == "__main__":
    main()
