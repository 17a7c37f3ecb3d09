"""PlayStrategy's FEN: the examples from the issue, tuzes, Bestemshe, round trips, refusals."""

from __future__ import annotations

import random

import pytest

from arbiter.games.toguz import Position, PositionError
from arbiter.records.playstrategy import from_playstrategy, to_playstrategy

START = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
AFTER_76 = "9S,9S,9S,1,10S,10S,10S,10S,10S/9S,9S,9S,9S,9S,9S,1S,10S,10S 10 0 N 1"


def test_the_issue_examples() -> None:
    assert to_playstrategy(Position.initial()) == START
    assert from_playstrategy(START) == Position.initial()
    after = Position.initial().play(7)
    assert to_playstrategy(after) == AFTER_76
    assert from_playstrategy(AFTER_76) == after


def test_tuz_and_runs_of_empty_pits() -> None:
    # White owns Black's pit 3, Black owns White's pit 2; Black's pits 8, 9 and 5 are empty.
    p = Position.setup(
        [4, 0, 6, 6, 6, 6, 6, 6, 6, 5, 5, 0, 5, 0, 5, 5, 0, 0], kazans=(55, 36), tuz=(3, 2)
    )
    text = to_playstrategy(p)
    assert text == "2,5S,5S,1,5S,t,5S,5S/4S,t,6S,6S,6S,6S,6S,6S,6S 55 36 S 1"
    assert from_playstrategy(text) == p


def test_bestemshe() -> None:
    assert to_playstrategy(Position.initial("bestemshe")) == "5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1"


def test_random_positions_round_trip() -> None:
    rng = random.Random(7)
    for _ in range(200):
        p = Position.initial()
        for _ in range(rng.randrange(0, 150)):
            if p.is_over:
                break
            p = p.play(rng.choice(p.legal_moves()))
        assert from_playstrategy(to_playstrategy(p)) == p


@pytest.mark.parametrize(
    "text",
    [
        "",
        "9S,9S/9S,9S 0 0 S",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9Q 0 0 S 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 W 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 5 0 S 1",
    ],
)
def test_malformed(text: str) -> None:
    with pytest.raises(PositionError):
        from_playstrategy(text)
