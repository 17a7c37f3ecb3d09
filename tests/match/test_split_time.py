"""A faulty Toguz Korgool clock replaced: the equal split of the time as one referee action.

Seed 000 6.7 «При замене неисправных часов судья должен установить точное время,
использованное каждым игроком. Если есть доказательство, что неисправность была на одних часах,
он исправляет только показания этих часов, иначе, исправляются показания часов обоих игроков,
общее время делиться на два и распределяется между игроками поровну. При установке времени если
у одного из игроков остается меньше 5 минут, то судья доводит его время до 5 минут, и прибавляет
дополнительно его сопернику столько же.» — "When a faulty clock is replaced the referee must
establish the exact time each player used. If there is proof that the fault was on one face he
corrects only that face; otherwise both faces are corrected: the total time is divided by two
and shared equally between the players. If, when the time is set, a player has less than 5
minutes left, the referee brings his time up to 5 minutes and adds the same to his opponent."
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.match import (
    ActionError,
    Arrive,
    Match,
    MatchSettings,
    Move,
    NotPermitted,
    Pause,
    SplitTime,
    Start,
    WrongPhase,
    action_from_json,
    replay,
)
from arbiter.match.state import MatchState

from .helpers import BLACK, REF, WHITE, refused, started_toguz


def _mains(m: Match | MatchState, t: float) -> tuple[float, float]:
    assert m.clock_state("white", t) is not None and m.clock_state("black", t) is not None
    return m.clock_state("white", t).main, m.clock_state("black", t).main


def test_the_total_time_is_divided_by_two_and_shared_equally() -> None:
    """6.7: «общее время делиться на два и распределяется между игроками поровну» — "the
    total time is divided by two and shared equally between the players"."""
    m = started_toguz("60m").apply(Move(7), 1000, WHITE).apply(Move(8), 1400, BLACK)
    assert _mains(m, 1400) == (2600.0, 3200.0)
    split = m.apply(SplitTime(), 1400, REF)
    assert _mains(split, 1400) == (2900.0, 2900.0)
    assert split.clock.running_side == "white"  # play goes on, White's time runs
    assert split.clock_state("white", 1500).main == 2800.0
    assert replay(split.settings, split.log) == split


def test_the_referee_gives_the_total_time_used_that_he_established() -> None:
    """6.7: «судья должен установить точное время, использованное каждым игроком» — "the
    referee must establish the exact time each player used": 50 minutes in all, 25 each."""
    m = started_toguz("60m").apply(Move(7), 1000, WHITE)
    split = m.apply(Pause("the clock stopped"), 1200, REF).apply(SplitTime(used=3000), 1300, REF)
    assert _mains(split, 1300) == (2100.0, 2100.0)


def test_a_share_under_5_minutes_is_brought_up_to_5_for_both() -> None:
    """6.7: «если у одного из игроков остается меньше 5 минут, то судья доводит его время до 5
    минут, и прибавляет дополнительно его сопернику столько же» — "a player left with under 5
    minutes gets 5, and the opponent as much added": with equal shares both get 5 minutes."""
    m = started_toguz("60m").apply(Move(7), 100, WHITE)
    split = m.apply(SplitTime(used=7000), 200, REF)
    assert _mains(split, 200) == (300.0, 300.0)


def test_only_a_referee_splits_and_only_in_toguz_korgool() -> None:
    """6.7 is the Toguz Korgool code's rule; 6.12 «Запрещается самостоятельно менять показания
    часов, при необходимости надо приглашать судью» — "players must not change the clock
    themselves; the referee is called"."""
    m = started_toguz("60m")
    refused(m, SplitTime(), 10, WHITE, NotPermitted)
    go = Match.new(MatchSettings.go("60m", size=9))
    go = go.apply(Arrive(), 0, BLACK).apply(Arrive(), 0, WHITE).apply(Start(), 0, REF)
    refused(go, SplitTime(), 10, REF, WrongPhase)
    with pytest.raises(ActionError, match="used must be at least 0"):
        SplitTime(used=-5)
    assert action_from_json({"type": "split-time", "used": 600}) == SplitTime(used=600)


def test_a_game_without_clocks_has_none_to_split() -> None:
    """6.15: a game begun without clocks gets them by its own rule (introduce-clocks)."""
    m = Match.new(MatchSettings.toguz("60m", white="A", black="B"))
    m = m.apply(Arrive(), 0, WHITE).apply(Arrive(), 0, BLACK).apply(Start(clocks=False), 0, REF)
    refused(m, SplitTime(), 10, REF, WrongPhase)


@settings(max_examples=60, deadline=None)
@given(
    thinks=st.lists(st.integers(1, 400), min_size=1, max_size=12),
    used=st.one_of(st.none(), st.integers(0, 9000)),
)
def test_after_a_split_both_times_are_equal_and_at_least_5_minutes(
    thinks: list[int], used: int | None
) -> None:
    """6.7: both faces are set equal («поровну»), never under 5 minutes; without the referee's
    figure the total left on the two faces is kept (or raised to 10 minutes)."""
    m = started_toguz("60m")
    t = 0
    for think in thinks:
        t += think
        m = m.apply(
            Move(m.toguz.position.legal_moves()[0]), t, WHITE if m.to_move == "white" else BLACK
        )
        if m.result is not None:
            return
    before = sum(_mains(m, t))
    white, black = _mains(m.apply(SplitTime(used=used), t, REF), t)
    assert white == black >= 300
    if used is None:
        assert white + black == max(before, 600)
    else:
        assert white == max(3600 - used / 2, 300)


def test_the_split_is_a_referee_s_note_the_players_read() -> None:
    """6.7: the referee «исправляет показания часов обоих игроков» — "corrects both clocks":
    the players and the records are told so."""
    from arbiter.match.notes import referee_notes

    m = started_toguz("60m").apply(Move(7), 100, WHITE)
    m = m.apply(SplitTime(), 200, REF).apply(SplitTime(used=4000), 300, REF)
    texts = [str(note.sentence()) for note in referee_notes(m.log)]
    assert texts == [
        "Clock replaced: the main time shared equally",
        "Clock replaced: 1:06:40 used in all, shared equally",
    ]
