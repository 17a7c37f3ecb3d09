"""Differential tests against GNU Go (Debian package gnugo, installed by .ci/run).

Random games are played through ``arbiter go gtp`` and ``gnugo --mode gtp --chinese-rules``
with the same moves. At every move both engines are asked whether the move and a sample of
other points are legal (for both colours), then play it, then list the stones of both colours
and the captures. A game that ends because neither side has a legal move that does not fill its
own one-point eye is scored by both, where GNU Go finds no dead stones (it applies its own
judgement of life and death otherwise). Games are capped at 3·N² moves: basic ko lets random
play cycle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from arbiter.games.go import handicap_points, max_fixed_handicap
from arbiter.games.go.coords import GTP_COLUMNS

from .gtp_client import ARBITER_GTP, GNUGO, GtpProcess

pytestmark = pytest.mark.skipif(
    not GNUGO.exists(), reason=f"GNU Go is not installed at {GNUGO} (Debian package gnugo)"
)

GAMES = {9: 170, 19: 40}
KOMI = "7.5"


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    queries: int = 0
    refused_empty: int = 0  # empty points both engines call illegal: suicide or ko
    captures: int = 0
    scored: int = 0
    gnugo_dead: int = 0
    capped: int = 0
    disagreements: list[str] = field(default_factory=list)


def vertices(size: int) -> list[str]:
    return [f"{GTP_COLUMNS[c]}{r + 1}" for r in range(size) for c in range(size)]


def neighbours(vertex: str, size: int) -> list[str]:
    col, row = GTP_COLUMNS.index(vertex[0]), int(vertex[1:]) - 1
    return [
        f"{GTP_COLUMNS[c]}{r + 1}"
        for r, c in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1))
        if 0 <= r < size and 0 <= c < size
    ]


def normalise(command: str, response: tuple[bool, str]) -> tuple[bool, str]:
    ok, text = response
    if command.startswith("list_stones"):
        return ok, " ".join(sorted(text.split()))
    if command == "final_score":
        return ok, text.replace(".0", "")
    return ok, text


def compare(
    ours: GtpProcess, gnugo: GtpProcess, commands: list[str], tally: Tally, where: str
) -> list[tuple[bool, str]]:
    a = ours.batch(commands)
    b = gnugo.batch(commands)
    tally.queries += len(commands)
    for command, x, y in zip(commands, a, b, strict=True):
        x, y = normalise(command, x), normalise(command, y)
        if x != y:
            tally.disagreements.append(f"{where}: {command!r}: arbiter {x}, GNU Go {y}")
    return a


def play_game(
    ours: GtpProcess, gnugo: GtpProcess, size: int, rng: random.Random, tally: Tally
) -> None:
    for engine in (ours, gnugo):
        engine.batch([f"boardsize {size}", "clear_board", f"komi {KOMI}"])
    board = vertices(size)
    stones: set[str] = set()
    color, other = "black", "white"
    passes = 0
    last: str | None = None
    tally.games += 1
    for number in range(1, 3 * size * size + 1):
        where = f"{size}×{size} game {tally.games} move {number}"
        move = ours.ask(f"genmove {color}")
        ours.ask("undo")
        empty = [v for v in board if v not in stones]
        # Points where the rules bite: empty points without empty neighbours (suicide, ko,
        # captures) and the neighbours of the last move, plus a few anywhere.
        enclosed = [v for v in empty if all(n in stones for n in neighbours(v, size))]
        sample = rng.sample(board, 3) + rng.sample(enclosed, min(4, len(enclosed)))
        if last is not None:
            sample += neighbours(last, size)
        checks = ([move] if move != "pass" else []) + sample
        commands = [f"is_legal {color} {v}" for v in checks]
        commands += [f"is_legal {other} {v}" for v in sample[:4]]
        commands += [
            f"play {color} {move}",
            "list_stones black",
            "list_stones white",
            "captures black",
            "captures white",
        ]
        answers = compare(ours, gnugo, commands, tally, where)
        for command, (_, text) in zip(commands, answers, strict=True):
            if command.startswith("is_legal") and text == "0" and command.split()[2] in empty:
                tally.refused_empty += 1
        stones = set(answers[-4][1].split()) | set(answers[-3][1].split())
        tally.captures = max(tally.captures, int(answers[-2][1]) + int(answers[-1][1]))
        tally.moves += 1
        if move == "pass":
            passes += 1
            if passes == 2:
                if gnugo.ask("final_status_list dead").strip():
                    tally.gnugo_dead += 1
                else:
                    compare(ours, gnugo, ["final_score"], tally, f"{where} (end)")
                    tally.scored += 1
                return
        else:
            passes = 0
            last = move
        color, other = other, color
    tally.capped += 1


@pytest.mark.slow
def test_random_games_agree_with_gnugo() -> None:
    tally = Tally()
    rng = random.Random(20_240_601)
    ours = GtpProcess([*ARBITER_GTP, "--seed", "20240601"])
    gnugo = GtpProcess([str(GNUGO), "--mode", "gtp", "--chinese-rules"])
    try:
        for size, games in GAMES.items():
            for _ in range(games):
                play_game(ours, gnugo, size, rng, tally)
    finally:
        ours.close()
        gnugo.close()
    assert tally.disagreements == [], "\n".join(tally.disagreements[:20])
    # The comparison is not vacuous: it covered many games, refusals and final scores.
    assert tally.games >= 200
    assert tally.refused_empty > 1000
    assert tally.scored >= 30
    print(
        f"\n{tally.games} games, {tally.moves} moves, {tally.queries} commands compared, "
        f"{tally.refused_empty} refusals of empty points, {tally.scored} final scores "
        f"({tally.gnugo_dead} games with GNU Go dead stones, {tally.capped} capped)"
    )


def test_fixed_handicap_matches_gnugo() -> None:
    ours = GtpProcess(ARBITER_GTP)
    gnugo = GtpProcess([str(GNUGO), "--mode", "gtp"])
    try:
        for size in range(7, 20):
            for stones in range(2, 10):
                commands = [f"boardsize {size}", "clear_board", f"fixed_handicap {stones}"]
                (ok_a, a) = ours.batch(commands)[-1]
                (ok_b, b) = gnugo.batch(commands)[-1]
                assert ok_a == ok_b, (size, stones, a, b)
                if ok_a:
                    assert sorted(a.split()) == sorted(b.split()), (size, stones)
                    expected = handicap_points(size, stones, layout="gtp")
                    assert a.split() == [p.gtp() for p in expected]
                else:
                    assert stones > max_fixed_handicap(size, "gtp")
    finally:
        ours.close()
        gnugo.close()
