"""Warnings: Toguz Korgool's third costs a point, the fourth excludes; Go's second in a game
loses it."""

from __future__ import annotations

from arbiter.events.event import Event
from tests.events.helpers import event_with


def test_toguz_warnings() -> None:
    e = event_with("toguz", "round-robin", 4).pair_next_round()
    e = e.record_result(1, 1, None, "1-0").record_result(1, 2, None, "1-0")
    before = e.standings().row(1).points
    e = e.warn(1, 1, "talking").warn("1", 1)
    assert e.standings().row(1).points == before
    e = e.warn(1, 1, "left the hall")
    assert e.standings().row(1).points == before - 1  # the third warning costs a point
    e = e.warn(1, 1)
    assert e.player(1).excluded and e.player(1).withdrawn == 2  # the fourth excludes
    e = e.pair_next_round()
    game = e.rounds[1].games_of(1)[0]
    assert game.result is not None and game.result.kind == "forfeit"
    assert [w.reason for w in e.warnings[:3]] == ["talking", "", "left the hall"]


def test_go_second_warning_in_a_game_loses_it() -> None:
    e = event_with("go", "round-robin", 2).pair_next_round()
    g = e.rounds[0].games[0]
    e = e.warn(g.black, 1)
    assert e.rounds[0].games[0].result is None
    e = e.warn(g.black, 1)
    assert str(e.rounds[0].games[0].result) == "W+F"
    assert e.rounds[0].games[0].result.played  # type: ignore[union-attr]


def test_team_player_warning_in_go() -> None:
    e = Event.create("go", "round-robin", "team")
    for i in range(4):
        e, _ = e.add_player(f"P{i} X")
    e, _ = e.add_team("A", [1, 2])
    e, _ = e.add_team("B", [3, 4])
    e = e.pair_next_round()
    e = e.warn(4, 1).warn(4, 1)  # player 4 sits on board 2
    board2 = e.game_at(1, 1, 2)
    assert board2.result is not None and board2.result.reason == "F"
    assert board2.participant_of(board2.result.winner) == 1  # type: ignore[arg-type]
