"""Free placement of handicap stones in a match (seed 002, appendix 1, note 1):

«При игре по китайским правилам форовые камни выставляются черными на доску произвольным
образом.» — With Chinese rules Black places the handicap stones on the board freely.

The match opens in a placement phase: Black puts the stones one by one on empty points with
Black's clock running, White cannot move until they are all down, then White moves first (seed
002 1.4: in a handicap game White makes the first move after the stones).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.games.go import Rules
from arbiter.match import (
    Arrive,
    CorrectSetup,
    IllegalMatchMove,
    Match,
    MatchSettings,
    Move,
    NotYourTurn,
    PlaceHandicap,
    SettingsError,
    Start,
    WrongPhase,
    match_from_json,
    match_to_json,
    replay,
)
from arbiter.match.export import sgf

from .helpers import BLACK, REF, WHITE, refused

CHINESE = Rules(scoring="chinese", komi=0.5)


def free(stones: int = 3, size: int = 9, control: str = "10m") -> Match:
    """A started game with ``stones`` free handicap stones, both players present."""
    settings = MatchSettings.go(
        control,
        size=size,
        handicap=stones,
        handicap_placement="free",
        rules=CHINESE,
        black="Bolot",
        white="Wang",
    )
    m = Match.new(settings).apply(Start(), 0.0, REF)
    m = m.apply(Arrive(), 0.0, BLACK)
    return m.apply(Arrive(), 0.0, WHITE)


def test_black_places_stones_one_by_one_on_any_points_with_blacks_clock_running() -> None:
    """Appendix 1, note 1: «форовые камни выставляются черными на доску произвольным образом»
    — Black places the handicap stones on any points, not the star points; the time it takes
    is Black's, then White moves first."""
    m = free(3)
    assert m.go.phase == "placing" and m.to_move == "black"
    assert m.view(1.0)["running"] == "black"
    for t, where in ((10.0, "A1"), (20.0, "B2"), (30.0, "J9")):
        m = m.apply(PlaceHandicap(where), t, BLACK)
    # Black's 30 seconds were spent from Black's clock; White's clock then runs.
    black = m.clock_state("black", 30.0)
    white = m.clock_state("white", 40.0)
    assert black is not None and white is not None
    assert black.main == 600 - 30 and white.main == 600 - 10
    assert m.view(40.0)["running"] == "white" and m.to_move == "white"
    assert sorted(p.gtp() for p in m.go.start.stones("black")) == ["A1", "B2", "J9"]
    assert m.go.handicap == 3 and m.moves == ()
    m = m.apply(Move("E5"), 45.0, WHITE)
    assert [r.text for r in m.moves] == ["E5"] and m.moves[0].side == "white"


def test_white_cannot_move_and_black_cannot_play_a_move_until_placement_is_done() -> None:
    """Appendix 1, note 1 and 1.4: the stones are placed «перед игрой» (before play) — White's
    first move comes after all of them; Black's ordinary move or pass is refused meanwhile."""
    m = free(2).apply(PlaceHandicap("C3"), 5.0, BLACK)
    refused(m, Move("E5"), 6.0, WHITE, NotYourTurn)
    refused(m, PlaceHandicap("E5"), 6.0, WHITE, NotYourTurn)
    error = refused(m, Move("E5"), 6.0, BLACK, WrongPhase)
    assert "1 of 2 placed" in str(error)
    refused(m, Move("pass"), 6.0, BLACK, WrongPhase)


def test_a_placement_on_an_occupied_point_or_off_the_board_is_refused() -> None:
    """Appendix 1, note 1: stones go on points of the board («на доску»), one on each; a second
    stone on the same point, or a point off the board, is refused and nothing changes."""
    m = free(3).apply(PlaceHandicap("D4"), 5.0, BLACK)
    assert "occupied" in str(refused(m, PlaceHandicap("d4"), 6.0, BLACK, IllegalMatchMove))
    refused(m, PlaceHandicap("Z99"), 6.0, BLACK, IllegalMatchMove)


def test_free_placement_is_only_for_chinese_rules() -> None:
    """Appendix 1, note 1: «При игре по китайским правилам …» — only with Chinese rules; with
    Japanese rules the stones stand on the fixed points (the list above the note)."""
    try:
        MatchSettings.go("10m", size=9, handicap=3, handicap_placement="free")
    except SettingsError as exc:
        assert "Chinese" in str(exc)
    else:  # pragma: no cover - the assertion of the test
        raise AssertionError("Japanese rules accepted free placement")
    fixed = Match.new(MatchSettings.go("10m", size=9, handicap=3, rules=CHINESE))
    assert fixed.go.phase == "playing" and fixed.go.placing == 0
    assert len(fixed.go.start.stones("black")) == 3
    refused(fixed.apply(Start(), 0, REF), PlaceHandicap("A1"), 1.0, BLACK, WrongPhase)


def test_free_placement_allows_more_stones_than_the_fixed_points_of_a_small_board() -> None:
    """Appendix 1 lists nine fixed points; a 9×9 board has five of them (corners and centre),
    but placed freely any number up to nine fits (the note sets no points)."""
    m = free(7, size=9)
    for i, where in enumerate(["A1", "A3", "A5", "A7", "A9", "C1", "C3"]):
        m = m.apply(PlaceHandicap(where), float(i + 1), BLACK)
    assert m.to_move == "white" and m.go.handicap == 7


def test_the_record_has_the_chosen_points_as_setup_stones() -> None:
    """SGF: the handicap stones Black chose are the root's AB (with HA), not moves."""
    m = free(3)
    for t, where in ((1.0, "A1"), (2.0, "B2"), (3.0, "J9")):
        m = m.apply(PlaceHandicap(where), t, BLACK)
    m = m.apply(Move("E5"), 4.0, WHITE)
    text = sgf(m).decode()
    assert "HA[3]" in text and "AB[ai][bh][ia]" in text and "RU[Chinese]" in text
    assert ";W[ee]" in text and ";B[" not in text


def test_the_log_replays_and_the_settings_round_trip_in_json() -> None:
    """A server restores a game from its settings and log: the placement phase too."""
    m = free(2).apply(PlaceHandicap("C3"), 1.0, BLACK)
    assert replay(m.settings, m.log) == m
    assert match_from_json(match_to_json(m)) == m
    doc = m.settings.to_json()
    assert doc["handicap_placement"] == "free"
    assert MatchSettings.from_json(doc) == m.settings


def test_a_referees_restart_places_the_stones_again() -> None:
    """Seed 002 2.6.12: a wrong handicap is corrected and the game starts again; with free
    placement Black places the corrected number of stones again, Black's clock running."""
    m = free(3)
    m = m.apply(PlaceHandicap("A1"), 1.0, BLACK)
    m = m.apply(CorrectSetup(handicap=2), 2.0, REF)
    assert m.go.phase == "placing" and m.go.placing == 2 and m.go.placed == ()
    assert m.view(3.0)["running"] == "black"


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=2, max_value=9),
    st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=30),
)
def test_any_distinct_points_are_accepted_and_repeats_refused(
    stones: int, points: list[tuple[int, int]]
) -> None:
    """Property: placing freely accepts every empty point of the board and refuses every point
    already taken; after ``stones`` distinct points White is to move with exactly those."""
    m = free(stones)
    taken: list[str] = []
    t = 0.0
    for col, row in points:
        if m.to_move == "white":
            break
        where = "ABCDEFGHJ"[col] + str(row + 1)
        t += 1.0
        if where in taken:
            refused(m, PlaceHandicap(where), t, BLACK, IllegalMatchMove)
            continue
        m = m.apply(PlaceHandicap(where), t, BLACK)
        taken.append(where)
    if len(taken) == stones:
        assert m.to_move == "white"
        assert sorted(p.gtp() for p in m.go.start.stones("black")) == sorted(taken)
    else:
        assert m.go.phase == "placing" and list(m.go.placed) == taken
        assert sorted(p.gtp() for p in m.go.position.stones("black")) == sorted(taken)
