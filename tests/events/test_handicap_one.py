"""Handicap 1 in events: no stones, Black moves first, and no komi unless the event sets one.

Seed 002 appendix 1 (Russian): «фора 1 — просто первый ход без коми (компенсация белым в равной
игре за право первого хода)» — "handicap 1: simply the first move without komi (the
compensation White gets in an even game for the first move)". Spec go.md: "Handicap 1: Black
moves first with no komi (or the komi the event sets)."
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from arbiter.events.event import Event
from arbiter.games.go.rank import Rank

RANKS = [str(Rank(v)) for v in range(-30, 9)]


def _first_game(*ranks: str, **settings: str) -> tuple[int, int, int, Fraction | None]:
    e = Event.create("go", "round-robin").set("handicap", "rank")
    for key, value in settings.items():
        e = e.set(key, value)
    for i, rank in enumerate(ranks, start=1):
        e, _ = e.add_player(f"Player {i}", rank=rank)
    g = e.pair_next_round().rounds[0].games[0]
    return g.black, g.white, g.handicap, g.komi


def test_handicap_one_is_the_first_move_without_komi() -> None:
    """Seed 002 appendix 1: «фора 1 — просто первый ход без коми» — "handicap 1: simply the
    first move without komi". 1d against 2k (rank difference 2, less the correction 1) is
    handicap 1: the 2k takes Black and no komi is given."""
    black, white, handicap, komi = _first_game("1d", "2k")
    assert (black, white, handicap) == (2, 1, 1)
    assert komi == 0


def test_the_event_may_set_a_handicap_komi_for_handicap_one() -> None:
    """Seed 002 1.14: «коми ... как элемент корректировки форы» — "komi ... as a part of the
    handicap": a komi the organiser sets for handicap games applies to handicap 1 too."""
    assert _first_game("1d", "2k", handicap_komi="0.5")[3] == Fraction(1, 2)
    assert _first_game("1d", "2k", handicap_komi="-2")[3] == Fraction(-2)


@given(st.sampled_from(RANKS), st.sampled_from(RANKS))
def test_only_handicap_one_drops_the_komi(a: str, b: str) -> None:
    """Seed 002 appendix 1 (quoted above): without a handicap komi of the event's, a game of
    handicap 1 has komi 0, an even game the even komi and 2 stones or more the handicap komi."""
    _, _, handicap, komi = _first_game(a, b)
    expected = {0: Fraction(13, 2), 1: Fraction(0)}.get(handicap, Fraction(1, 2))
    assert komi == expected
