"""Random Go playouts per second: arbiter's engine next to sgfmill's ``boards.Board``.

    .venv/bin/python bench/go_speed.py [--seconds 5] [--rounds 5] [--seed 1]

For each board size, arbiter plays random games through its public API (``random_move`` picks a
uniformly random legal move that does not fill the mover's own eye, ``Position.play`` checks
and plays it; a game ends after two passes or 3·N² moves). Then the same moves are replayed:
once through ``Position.play`` (every move checked for legality: captures, suicide, ko) and once
on sgfmill's ``boards.Board`` (which plays without checking legality). Each column is games per
second, the best of a few short rounds (the machine may be shared); the target is that
arbiter's full playouts, move choice included, keep up with sgfmill merely replaying the moves.
"""

from __future__ import annotations

import argparse
import random
import time

from sgfmill import boards

from arbiter.games.go import Point, Position, random_move


def playout(size: int, rng: random.Random) -> list[Point | None]:
    pos = Position.empty(size)
    moves: list[Point | None] = []
    limit = 3 * size * size
    while pos.phase == "playing" and len(moves) < limit:
        move = random_move(pos, rng)
        pos = pos.play(move)
        moves.append(move)
    return moves


def replay_arbiter(size: int, games: list[list[Point | None]]) -> None:
    for moves in games:
        pos = Position.empty(size)
        for move in moves:
            pos = pos.play(move)


def replay_sgfmill(size: int, games: list[list[Point | None]]) -> None:
    for moves in games:
        board = boards.Board(size)
        colour = "b"
        for move in moves:
            if move is not None:
                board.play(move.row, move.col, colour)
            colour = "w" if colour == "b" else "b"


def rates(size: int, seconds: float, rng: random.Random) -> tuple[int, int, float, float, float]:
    """Games and moves played, then games per second: playouts, arbiter replay, sgfmill."""
    games: list[list[Point | None]] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        games.append(playout(size, rng))
    full = time.perf_counter() - start
    start = time.perf_counter()
    replay_arbiter(size, games)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    replay_sgfmill(size, games)
    theirs = time.perf_counter() - start
    n = len(games)
    return n, sum(len(g) for g in games), n / full, n / ours, n / theirs


def measure(
    size: int, seconds: float, seed: int, rounds: int
) -> tuple[int, float, float, float, float]:
    """The best of ``rounds`` short rounds for each column (the machine may be shared)."""
    rng = random.Random(seed)
    results = [rates(size, seconds / rounds, rng) for _ in range(rounds)]
    games = sum(r[0] for r in results)
    moves = sum(r[1] for r in results) / games
    return (
        games,
        moves,
        max(r[2] for r in results),
        max(r[3] for r in results),
        max(r[4] for r in results),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5, help="best of this many rounds")
    args = parser.parse_args()
    header = (
        f"{'board':>6} {'games':>6} {'moves/game':>10} {'arbiter playouts/s':>19} "
        f"{'arbiter replay/s':>17} {'sgfmill replay/s':>17} {'playouts vs sgfmill':>20}"
    )
    print(header)
    print("-" * len(header))
    for size in (9, 19):
        games, moves, full, ours, theirs = measure(size, args.seconds, args.seed, args.rounds)
        print(
            f"{size:>4}×{size:<2}{games:>6} {moves:>10.0f} {full:>19.1f} {ours:>17.1f} "
            f"{theirs:>17.1f} {full / theirs:>19.2f}×"
        )


if __name__ == "__main__":
    main()
