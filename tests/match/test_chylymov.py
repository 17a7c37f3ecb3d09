"""Chylymov's drawn position (seed 000 3.7, 8.4): the count of moves the code names is the rule.

3.7 «Партия считается оконченной ничьей, если на доске получается ничейная позиция
А.Чылымова (повторение позиции через 73 хода)» — "The game is drawn if the drawn position of
A. Chylymov arises on the board (the position repeated after 73 moves)."
8.4 «Игрок может потребовать ничью, если на доске ничейная позиция А.Чылымова.» — "A player
may claim a draw if the drawn position of A. Chylymov is on the board."
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.match import Claim, ClaimRejected, Match, Move, ToguzConduct

from .helpers import BLACK, WHITE, refused, started_toguz

# Five single korgools that walk around the board without a capture (kazans 76 and 81).
CYCLE_FEN = "0,0,0,0,1,0,0,0,1/0,0,1,0,0,1,0,0,1 w 76/81 -/- 32"
# These 18 moves bring the position back: a repetition, but not one after 73 moves.
CYCLE = [9, 9, 1, 3, 2, 4, 3, 1, 5, 6, 6, 7, 4, 8, 7, 2, 8, 5]
# These 146 moves (73 full moves, no capture) bring the same position back; found by a
# breadth-first search over the positions reachable without a capture.
WALK_73 = [
    *[5, 3, 6, 4, 7, 5, 8, 6, 9, 1, 9, 9, 1, 1, 2, 2, 3, 2, 4, 3, 5, 3, 6, 4, 7, 7, 8, 8, 9],
    *[9, 1, 1, 2, 2, 3, 3, 4, 4, 5, 4, 6, 5, 7, 7, 8, 8, 9, 9, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5],
    *[6, 5, 7, 6, 8, 6, 9, 9, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 6, 8, 8, 9, 9, 1, 1, 2],
    *[2, 3, 3, 4, 7, 5, 8, 6, 7, 7, 8, 8, 8, 9, 9, 1, 1, 2, 2, 2, 9, 1, 4, 2, 5, 3, 6, 3, 7],
    *[4, 8, 4, 9, 1, 3, 2, 4, 3, 5, 4, 6, 5, 7, 8, 8, 9, 1, 6, 2, 7, 3, 7, 4, 8, 5, 9, 1, 8],
    2,
]


def _play(m: Match, pits: list[int], t: float = 0.0) -> tuple[Match, float]:
    for pit in pits:
        t += 1
        m = m.apply(Move(pit), t, WHITE if m.to_move == "white" else BLACK)
    return m, t


def test_the_walk_is_73_full_moves_without_a_capture() -> None:
    """The test position's own check: 146 single moves (73 numbered moves of the record), the
    kazans unchanged, the start position back on the board."""
    m, _ = _play(started_toguz(start=CYCLE_FEN), WALK_73)
    assert len(WALK_73) == 146 and m.toguz.kazans == (76, 81)
    assert m.toguz.position.repetition_key() == m.toguz.start.repetition_key()


def test_a_position_repeated_after_73_moves_is_claimed_by_either_player() -> None:
    """3.7: «повторение позиции через 73 хода» — "the position repeated after 73 moves";
    8.4: «Игрок может потребовать ничью» — "a player may claim a draw"."""
    m, t = _play(started_toguz(start=CYCLE_FEN), WALK_73[:-1])
    refused(m, Claim("repetition"), t, WHITE, ClaimRejected)  # one move short of 73
    m, t = _play(m, WALK_73[-1:], t)
    assert "repetition" in m.claims("white") and "repetition" in m.claims("black")
    drawn = m.apply(Claim("repetition"), t, WHITE)
    assert drawn.result is not None
    assert drawn.result.termination == "repetition" and drawn.result.winner is None
    assert drawn.result.text == "1/2(76)-1/2(81)"
    assert m.apply(Claim("repetition"), t, BLACK).result == drawn.result


def test_the_claim_holds_only_while_the_position_is_on_the_board() -> None:
    """8.4: «если на доске ничейная позиция» — "if the drawn position is on the board": one
    move that leaves the cycle (pit 9, where 73 moves ago pit 5 was played) and the position
    has gone: the claim is refused."""
    m, t = _play(started_toguz(start=CYCLE_FEN), [*WALK_73, 9])
    assert m.claims("white") == () and m.claims("black") == ()
    error = refused(m, Claim("repetition"), t, BLACK, ClaimRejected)
    assert "73 moves ago" in str(error)


def test_a_shorter_cycle_is_not_chylymovs_position() -> None:
    """3.7: the position must repeat «через 73 хода» — "after 73 moves"; a position back on the
    board after 9 full moves is a repetition, not the drawn position of the code."""
    m, t = _play(started_toguz(start=CYCLE_FEN), CYCLE)
    assert m.toguz.repetitions() == 2
    assert m.claims("white") == ()
    error = refused(m, Claim("repetition"), t, WHITE, ClaimRejected)
    assert "seed 000 3.7, 8.4" in str(error)


def test_the_former_reading_is_an_event_option() -> None:
    """The reading arbiter had before (any recurrence, ``repetitions = 2``) is an event option
    that games stored with it replay under; 3.7: «ничейная позиция» — "a drawn position"."""
    m, t = _play(started_toguz(start=CYCLE_FEN, conduct=ToguzConduct(repetitions=2)), CYCLE)
    assert m.apply(Claim("repetition"), t, BLACK).result is not None


def test_an_event_may_turn_the_draw_off_or_count_other_moves() -> None:
    """3.7 names 73 moves; an event that reads the count otherwise sets it (here 9 full moves,
    the cycle's length), or turns the draw off (``None``)."""
    m, t = _play(started_toguz(start=CYCLE_FEN, conduct=ToguzConduct(chylymov_moves=9)), CYCLE)
    assert m.claims("white") == ("repetition",)
    off = ToguzConduct(chylymov_moves=None)
    m, t = _play(started_toguz(start=CYCLE_FEN, conduct=off), WALK_73)
    error = refused(m, Claim("repetition"), t, WHITE, ClaimRejected)
    assert "no repetition draw" in str(error)


@settings(max_examples=25, deadline=None)
@given(laps=st.integers(1, 9), extra=st.integers(0, 17))
def test_going_round_a_9_move_cycle_never_makes_chylymovs_position(laps: int, extra: int) -> None:
    """3.7: «через 73 хода» — "after 73 moves". 73 full moves are 146 single moves, never a
    whole number of laps of an 18-move cycle: however long the players go round it, no claim;
    under the former reading every lap could be claimed."""
    pits = (CYCLE * (laps + 1))[: laps * 18 + extra]
    m, _ = _play(started_toguz(start=CYCLE_FEN), pits)
    assert m.claims("white") == () and m.claims("black") == ()
    old, _ = _play(started_toguz(start=CYCLE_FEN, conduct=ToguzConduct(repetitions=2)), pits)
    assert "repetition" in old.claims("white")
