"""Team matches by boards: colours by board, line-ups, absent players, the tie chain."""

from __future__ import annotations

import pytest

from arbiter.events.errors import EventError
from arbiter.events.event import Event
from arbiter.events.teams import meeting_winner, summarize


def teams_event(
    game: str = "toguz", system: str = "round-robin", size: int = 4, n: int = 2
) -> Event:
    e = Event.create(game, system, "team")  # type: ignore[arg-type]
    for t in range(n):
        members = []
        for b in range(size):
            e, p = e.add_player(f"T{t}B{b} Player")
            members.append(p.no)
        e, _ = e.add_team(f"Team {t + 1}", members[:size], reserves=[])
    return e


def test_boards_alternate_colours() -> None:
    e = teams_event("toguz").pair_next_round()
    games = e.rounds[0].games
    assert [g.board for g in games] == [1, 2, 3, 4]
    # round robin of 2: team 1 moves first on board 1 (Toguz: White), second on board 2, ...
    assert [g.white for g in games] == [1, 2, 1, 2]
    assert [(g.white_player, g.black_player) for g in games[:2]] == [(1, 5), (6, 2)]
    go = teams_event("go").pair_next_round()
    assert [g.black for g in go.rounds[0].games] == [1, 2, 1, 2]


def test_match_points_and_board_points() -> None:
    e = teams_event("toguz").pair_next_round()
    for board, text in zip(
        (1, 2, 3, 4), ("1(82)-0(60)", "1(90)-0(40)", "1/2-1/2", "0(70)-1(85)"), strict=True
    ):
        e = e.record_result(1, 1, board, text)
    # team 1 is White on boards 1 and 3: 1 + 0 + 1/2 + 1 = 2.5 against 1.5; team 1 lost
    # board 2 with 40 korgools, team 2 boards 1 and 4 with 60 + 70
    s = summarize(e, e.rounds[0].games)
    assert s.board_points == {1: 2.5, 2: 1.5}
    assert s.korgools_lost == {1: 40, 2: 130}
    rows = e.standings().rows
    assert [(r.no, r.points) for r in rows] == [(1, 2), (2, 0)]


def test_a_team_with_fewer_than_half_present_forfeits() -> None:
    e = teams_event("toguz").pair_next_round()
    e = e.set_lineup(1, "Team 2", ["5", "-", "-", "-"])
    results = [str(g.result) for g in e.rounds[0].games]
    # team 2 (Black on boards 1, 3; White on 2, 4) loses every board by forfeit
    assert results == ["+-", "-+", "+-", "-+"]
    overridden = e.set_lineup(1, "Team 2", ["5", "-", "-", "-"], override=True)
    # the referee lets them play: only the empty boards are forfeited
    assert [str(g.result) if g.result else None for g in overridden.rounds[0].games] == [
        None,
        "-+",
        "+-",
        "-+",
    ]
    half = e.set_lineup(1, "Team 2", ["5", "6", "-", "-"])
    assert [str(g.result) if g.result else None for g in half.rounds[0].games] == [
        None,
        None,
        "+-",
        "-+",
    ]


def test_lineup_checks() -> None:
    e = teams_event("toguz").pair_next_round()
    with pytest.raises(EventError, match="not in Team 2"):
        e.set_lineup(1, 2, ["1"])
    with pytest.raises(EventError, match="one board only"):
        e.set_lineup(1, 2, ["5", "5"])
    e = e.record_result(1, 1, 1, "1-0")
    with pytest.raises(EventError, match="before play"):
        e.set_lineup(1, 2, ["6", "5"])


def test_toguz_knockout_tie_chain() -> None:
    # seed 000 10.2: match drawn 2:2 -> korgools in lost games, then board 1, then an extra game
    e = teams_event("toguz", "knockout").pair_next_round()
    first = e.rounds[0].games[0]
    lead = first.white  # the team with White on board 1
    results = ["1(82)-0(70)", "1(82)-0(50)", "0(60)-1(82)", "0(40)-1(82)"]
    for board, text in enumerate(results, start=1):
        e = e.record_result(1, 1, board, text)
    games = e.rounds[0].games
    # lead team: wins board 1 (White), loses board 2 (Black, 50), board 3 (White, 60), wins 4
    # other team lost boards 1 (70) and 4 (40): 110 korgools against 110 -> board 1 decides
    s = summarize(e, games)
    assert s.board_points[lead] == 2 and s.korgools_lost[lead] == 110
    assert meeting_winner(e, games) == lead
    # with equal board 1 (both draw) an extra game is needed
    e2 = teams_event("toguz", "knockout").pair_next_round()
    # boards 2 and 3: White wins with the loser on 50 -> one board each, 50 korgools each
    for board, text in enumerate(["1/2-1/2", "1(82)-0(50)", "1(82)-0(50)", "1/2-1/2"], start=1):
        e2 = e2.record_result(1, 1, board, text)
    assert meeting_winner(e2, e2.rounds[0].games) is None
    e2 = e2.record_result(1, 1, None, "0-1", extra=True)
    g1 = e2.rounds[0].games[0]
    assert meeting_winner(e2, e2.rounds[0].games) == g1.black


def test_go_knockout_tie_goes_by_boards_in_order() -> None:
    e = teams_event("go", "knockout").pair_next_round()
    games = e.rounds[0].games
    for board, text in enumerate(["0", "B+R", "W+R", "0"], start=1):
        e = e.record_result(1, 1, board, text)
    # board 1 drawn; board 2 won by its Black team -> that team goes on
    assert meeting_winner(e, e.rounds[0].games) == games[1].black
