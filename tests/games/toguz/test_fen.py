"""Our position string: examples, round trips, and refusals of malformed or impossible ones."""

from __future__ import annotations

import pytest

from arbiter.games.toguz import Position, PositionError

START = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 0/0 -/- 1"


def test_start_and_after_one_move() -> None:
    assert Position.initial().fen() == START
    after = "9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 b 10/0 -/- 1"
    assert Position.initial().play(7).fen() == after
    # The move number grows after Black's move.
    assert Position.initial().play(7).play(8).fullmove == 2


def test_tuzes_are_marked_on_the_rows_and_in_their_field() -> None:
    fen = "0,X,5,5,5,5,5,5,5/9,9,X,9,9,9,9,9,9 w 30/25 3/2 20"
    p = Position.from_fen(fen)
    assert p.tuz == (3, 2)
    assert p.fen() == fen
    assert p.fullmove == 20


def test_bestemshe_positions() -> None:
    p = Position.initial("bestemshe")
    assert p.fen() == "5,5,5,5,5/5,5,5,5,5 w 0/0 -/- 1"
    assert Position.from_fen(p.fen()).variant.name == "bestemshe"


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("", "malformed"),
        ("9,9,9 w", "malformed"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 x 0/0 -/- 1", "malformed"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,a w 0/0 -/- 1", "not a number"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9 w 0/9 -/- 1", "different lengths"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 1/0 -/- 1", "163 korgools"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,8 w 0/0 -/- 1", "161 korgools"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,X w 9/0 9/- 1", "9th pit"),
        ("9,X,9,9,9,9,9,9,9/9,X,9,9,9,9,9,9,9 w 9/9 2/2 1", "share a number"),
        ("9,9,9,9,9,9,9,9,9/9,X,9,9,9,9,9,9,9 w 9/0 3/- 1", "does not match"),
        ("X,X,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 9/9 -/1 1", "two tuzes"),
        ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 0/0 -/- 0", "move number"),
    ],
)
def test_malformed_or_impossible_fens_are_refused(fen: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_fen(fen)


def test_repr_and_pickle_round_trip() -> None:
    import pickle

    p = Position.initial().play(7).play(8)
    assert eval(repr(p), {"Position": Position}) == p
    assert pickle.loads(pickle.dumps(p)) == p
    later = Position.from_fen(p.fen().rsplit(" ", 1)[0] + " 99")
    assert later != p
    assert p.repetition_key() == later.repetition_key()
