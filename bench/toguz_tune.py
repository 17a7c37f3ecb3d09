"""Fit the Toguz Korgool evaluation's weights on real games (PlayOK's, ../shared/data).

    .venv/bin/python bench/toguz_tune.py [--write]

Every position of every game (after the opening moves, before the end) becomes a sample: the
evaluation's features from the side to move's view, and the game's result for that side
(1, 1/2, 0). A logistic regression of result on features (Newton's method, a little L2) gives
weights; scaled so that one korgool in the kazan is worth 100, they are the evaluation's weights
in centi-korgools. Games are split by parity into a fitting and a held-out half; the table shows
the held-out log-loss of the fitted weights against the kazan difference alone. ``--write``
stores the weights in src/arbiter/engines/toguz_weights.py. Needs numpy (a dev dependency).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiter.engines import _toguz_search  # noqa: E402
from arbiter.records.toguz_record import replay  # noqa: E402
from arbiter.records.toguz_text import read_games  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "toguz" / "playok"
NAMES = (
    "kazan difference",
    "tuz owned",
    "korgools on own row",
    "playable pits",
    "best immediate gain",
    "pits holding 2",
    "capturing moves",
    "tuz pit number",
    "pits of 12 or more",
    "korgools in pits 6-9",
    "kazan at 70 or more",
    "side to move",
)


def samples() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, result for the side to move, and game index, over every usable position."""
    xs: list[tuple[int, ...]] = []
    ys: list[float] = []
    gs: list[int] = []
    seen: set[tuple[str, ...]] = set()
    game_no = 0
    for path in sorted(DATA.glob("*.txt")):
        for record in read_games(path.read_text(encoding="utf-8")):
            key = tuple(str(m) for m in record.moves)
            if record.result is None or key in seen:
                continue  # unknown results and duplicated games teach nothing
            seen.add(key)
            game_no += 1
            winner = record.result.winner
            for ply, pos in enumerate(replay(record).positions):
                if ply < 6 or pos.is_over:
                    continue
                score = 0.5 if winner is None else 1.0 if winner == pos.to_move else 0.0
                xs.append(_toguz_search.features(pos._s))
                ys.append(score)
                gs.append(game_no)
    return np.array(xs, dtype=float), np.array(ys), np.array(gs)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method (y may be 1/2 for draws)."""
    beta = np.zeros(x.shape[1])
    beta[0] = 0.05
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ beta)))
        grad = x.T @ (p - y) + l2 * beta
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return beta


def log_loss(x: np.ndarray, y: np.ndarray, beta: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-(x @ beta))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the weights")
    args = parser.parse_args()
    x, y, g = samples()
    train, test = g % 2 == 0, g % 2 == 1
    beta = fit(x[train], y[train])
    kazan_only = np.zeros_like(beta)
    kazan_only[0] = fit(x[train][:, :1], y[train])[0]
    weights = tuple(round(100 * b / beta[0]) for b in beta)

    table = Table(
        title=f"Evaluation fitted on {int(train.sum()):,} positions ({int(test.sum()):,} held out)"
    )
    table.add_column("feature")
    table.add_column("weight (centi-korgools)", justify="right")
    for name, w in zip(NAMES, weights, strict=True):
        table.add_row(name, str(w))
    table.add_row("held-out log-loss, fitted", f"{log_loss(x[test], y[test], beta):.4f}")
    table.add_row("held-out log-loss, kazan only", f"{log_loss(x[test], y[test], kazan_only):.4f}")
    Console().print(table)
    if args.write:
        target = ROOT / "src" / "arbiter" / "engines" / "toguz_weights.py"
        text = target.read_text(encoding="utf-8")
        head = text[: text.index("WEIGHTS")]
        target.write_text(head + f"WEIGHTS: tuple[int, ...] = {weights}\n", encoding="utf-8")
        print(f"written to {target.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
