"""A match between two Toguz Korgool engines at a fixed time per move.

    .venv/bin/python bench/toguz_match.py [--games N] [--movetime SECONDS] [--a ENGINE] [--b ENGINE]
                                          [--sprt ELO0 ELO1] [--jobs J] [--seed S]

ENGINE is ``full`` (the engine at full strength, the default for --a), ``level:N`` (1-10),
``baseline`` (the first issue's simple alpha-beta search, the default for --b) or ``random``.
Games come in pairs from the same random opening (two random moves each side), the engines
swapping colours, so neither gains from the opening. Prints wins/draws/losses for A, A's score
with its 95% error bar and the Elo difference, and ends with the line
``games=N score=S err=E`` (S: A's score fraction). With ``--sprt`` the match stops as soon as a
sequential probability ratio test (alpha = beta = 0.05) accepts "A is ELO1 stronger" or "A is at
most ELO0 stronger" (game pairs scored with the pentanomial-free normal approximation).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbiter.engines.toguz_engine import ToguzEngine
from arbiter.engines.toguz_search import best_move
from arbiter.games.toguz import Position

Chooser = Callable[[Position, list[Position]], int]


def make_engine(spec: str, movetime: float, seed: int) -> Chooser:
    """A move chooser for an engine spec."""
    if spec == "baseline":
        return lambda pos, history: best_move(pos, movetime).move
    if spec == "random":
        rng = random.Random(seed)
        return lambda pos, history: rng.choice(pos.legal_moves())
    level = 10
    if spec.startswith("level:"):
        level = int(spec.split(":", 1)[1])
    elif spec != "full":
        raise SystemExit(f"unknown engine {spec!r}: full, level:N, baseline or random")
    engine = ToguzEngine(level, seed=seed)
    return lambda pos, history: engine.choose(pos, movetime, history)


def play_pair(args: tuple[str, str, float, int]) -> tuple[float, float]:
    """Two games from one random opening, A as White then as Black; A's score in each."""
    a_spec, b_spec, movetime, seed = args
    rng = random.Random(seed)
    opening = Position.initial()
    for _ in range(4):
        opening = opening.play(rng.choice(opening.legal_moves()))
    scores = []
    for a_white in (True, False):
        a = make_engine(a_spec, movetime, seed * 2 + 1)
        b = make_engine(b_spec, movetime, seed * 2 + 2)
        pos, history = opening, [opening]
        while not pos.is_over and len(history) < 600:
            a_to_move = (pos.to_move == "white") == a_white
            pit = (a if a_to_move else b)(pos, history[:-1])
            pos = pos.play(pit)
            history.append(pos)
        result = pos.result
        a_side = "white" if a_white else "black"
        if result is None or result.winner is None:
            scores.append(0.5)
        else:
            scores.append(1.0 if result.winner == a_side else 0.0)
    return scores[0], scores[1]


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


MIN_PAIRS = 10  # no verdict before 20 games: early pairs can all look alike
MIN_VARIANCE = 0.01  # a floor for the pair-score variance, which can be 0 in a short run


def sprt_llr(pair_scores: list[float], elo0: float, elo1: float) -> float:
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0) from game-pair scores (0..1)."""
    n = len(pair_scores)
    if n < MIN_PAIRS:
        return 0.0
    mean = sum(pair_scores) / n
    var = max(MIN_VARIANCE, sum((s - mean) ** 2 for s in pair_scores) / (n - 1))
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return (s1 - s0) * (2 * sum(pair_scores) - n * (s0 + s1)) / (2 * var)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--movetime", type=float, default=0.1)
    parser.add_argument("--a", default="full")
    parser.add_argument("--b", default="baseline")
    parser.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    make_engine(args.a, args.movetime, 0)  # fail early on a bad spec
    make_engine(args.b, args.movetime, 0)

    pairs = max(1, args.games // 2)
    jobs = [(args.a, args.b, args.movetime, args.seed * 100003 + i) for i in range(pairs)]
    wins = draws = losses = 0
    pair_scores: list[float] = []
    verdict = ""
    lower, upper = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, Progress(transient=True) as bar:
        task = bar.add_task(f"{args.a} vs {args.b}", total=pairs * 2)
        for first, second in pool.map(play_pair, jobs):
            for s in (first, second):
                wins += s == 1.0
                draws += s == 0.5
                losses += s == 0.0
            pair_scores.append((first + second) / 2)
            bar.advance(task, 2)
            if args.sprt:
                llr = sprt_llr(pair_scores, *args.sprt)
                if llr >= upper or llr <= lower:
                    verdict = "H1 accepted" if llr >= upper else "H0 accepted"
                    pool.shutdown(wait=False, cancel_futures=True)
                    break

    games = wins + draws + losses
    score = (wins + 0.5 * draws) / games
    n = len(pair_scores)
    sd = math.sqrt(sum((p - score) ** 2 for p in pair_scores) / max(1, n - 1)) if n > 1 else 0.5
    err = 1.96 * sd / math.sqrt(n)
    table = Table(title=f"{args.a} against {args.b}, {args.movetime} s a move")
    for col in ("games", "wins", "draws", "losses", "score", "±95%", "Elo"):
        table.add_column(col, justify="right")
    table.add_row(
        str(games),
        str(wins),
        str(draws),
        str(losses),
        f"{score:.3f}",
        f"{err:.3f}",
        f"{elo(score):+.0f}",
    )
    Console().print(table)
    if verdict:
        print(f"SPRT [{args.sprt[0]:g}, {args.sprt[1]:g}]: {verdict}")
    print(f"games={games} score={score:.3f} err={err:.3f}")


if __name__ == "__main__":
    main()
