"""Go handicaps in events: by rank difference, and the pair-go table."""

from __future__ import annotations

from fractions import Fraction

from arbiter.events.event import Event
from arbiter.events.handicap import rank_handicap
from arbiter.games.go.rank import Rank


def test_rank_difference_with_threshold_correction_and_cap() -> None:
    r = Rank.parse
    assert rank_handicap(r("1d"), r("3k"), threshold=r("1d"), correction=1, most=9) == 2
    assert (
        rank_handicap(r("5d"), r("3k"), threshold=r("1d"), correction=1, most=9) == 2
    )  # 5d counts as 1d
    assert rank_handicap(r("5d"), r("3k"), threshold=r("9d"), correction=0, most=9) == 7
    assert rank_handicap(r("5d"), r("20k"), threshold=r("9d"), correction=0, most=9) == 9
    assert rank_handicap(r("2k"), r("3k"), threshold=r("1d"), correction=1, most=9) == 0


def test_round_robin_with_handicaps_gives_black_to_the_weaker() -> None:
    e = Event.create("go", "round-robin").set("handicap", "rank").set("handicap_komi", "0.5")
    e, _ = e.add_player("Strong One", rank="1d")
    e, _ = e.add_player("Weak One", rank="4k")
    g = e.pair_next_round().rounds[0].games[0]
    # the table gives 1 the first move (Black); the handicap gives Black to the weaker player
    assert (g.black, g.white, g.handicap, g.komi) == (2, 1, 3, Fraction(1, 2))
    even = Event.create("go", "round-robin")
    even, _ = even.add_player("Strong One", rank="1d")
    even, _ = even.add_player("Weak One", rank="4k")
    g = even.pair_next_round().rounds[0].games[0]
    assert (g.black, g.white, g.handicap, g.komi) == (1, 2, 0, Fraction(13, 2))
