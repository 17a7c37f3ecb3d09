"""The FIDE Dutch colour allocation (arbiter.events.systems.dutch_colours), C.04.3 Article 5.

The properties hold for any colour histories; the examples are the rules caissify-pairings
applied differently from bbpPairings (test_swiss_dutch_bbp.py replays bbpPairings' files).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbiter.events.systems.dutch_colours import (
    BLACK,
    WHITE,
    Seat,
    Strength,
    first_colour,
    other,
)

colours = st.lists(st.sampled_from([WHITE, BLACK]), max_size=9).map(tuple)
seats = st.builds(Seat, colours, st.integers(0, 18).map(lambda n: n / 2), st.integers(1, 300))
initials = st.sampled_from([WHITE, BLACK])


@given(seats, seats, initials)
def test_the_colours_do_not_depend_on_the_order_of_the_pair(a: Seat, b: Seat, initial: str) -> None:
    if a.number == b.number:
        b = Seat(b.colours, b.score, b.number + 1)
    assert first_colour(b, a, initial) == other(first_colour(a, b, initial))


@given(seats, seats, initials)
def test_different_preferences_are_both_granted(a: Seat, b: Seat, initial: str) -> None:
    if a.preference is not None and b.preference is not None and a.preference != b.preference:
        assert first_colour(a, b, initial) == a.preference


@given(seats, seats, initials)
def test_an_absolute_preference_wins_over_a_weaker_one(a: Seat, b: Seat, initial: str) -> None:
    if a.strength is Strength.ABSOLUTE and b.strength is not Strength.ABSOLUTE:
        got = first_colour(a, b, initial)
        assert got == a.preference
        after = Seat((*a.colours, got), a.score, a.number)
        if a.imbalance > 1:  # the difference shrinks
            assert after.imbalance < a.imbalance
        else:  # no third game in a row with one colour
            assert after.run <= 2


@given(seats, initials)
def test_a_player_without_games_follows_the_other(b: Seat, initial: str) -> None:
    a = Seat((), b.score, b.number + 1)
    if b.preference is not None:
        assert first_colour(b, a, initial) == b.preference


def test_the_higher_ranked_by_score_gets_his_preference() -> None:
    # both want black mildly, no colour difference in their history: number 9 has more points
    leader = Seat((WHITE,), 1.0, 9)
    other_seat = Seat((WHITE,), 0.0, 2)
    assert first_colour(leader, other_seat, WHITE) == BLACK
    assert first_colour(other_seat, leader, WHITE) == WHITE


def test_two_absolute_preferences_go_to_the_larger_colour_difference() -> None:
    # both had black twice in a row; the difference of one player is 2, of the other 0
    wide = Seat((BLACK, BLACK), 0.0, 5)
    narrow = Seat((WHITE, WHITE, BLACK, BLACK), 0.0, 1)
    assert first_colour(wide, narrow, WHITE) == WHITE


def test_equal_absolute_preferences_alternate_to_the_last_difference() -> None:
    # both +1 with black twice in a row (absolute, equal difference): go back to the
    # most recent game in which they differed
    a = Seat((WHITE, WHITE, WHITE, BLACK, BLACK), 0.0, 1)
    b = Seat((WHITE, BLACK, WHITE, BLACK, BLACK), 0.0, 2)
    # four games back a had white and b black: now a gets black
    assert first_colour(a, b, WHITE) == BLACK


def test_a_difference_of_two_outranks_a_repeated_colour() -> None:
    # four whites then two blacks: two blacks in a row, but still two whites too many
    assert Seat((WHITE,) * 4 + (BLACK,) * 2, 0.0, 1).preference == BLACK


def test_without_preferences_the_number_of_the_higher_ranked_decides() -> None:
    odd, even = Seat((), 0.0, 3), Seat((), 0.0, 4)
    assert first_colour(odd, even, WHITE) == WHITE
    assert first_colour(Seat((), 0.0, 2), Seat((), 0.0, 5), WHITE) == BLACK
    assert first_colour(Seat((), 1.0, 6), odd, BLACK) == WHITE
