"""The JSON forms: actions, actors, log entries, settings and whole match documents read back
equal, and malformed input is refused with a reason."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arbiter.games.go import Rules
from arbiter.match import (
    ACTION_TYPES,
    AcceptDraw,
    AcceptMarking,
    Action,
    ActionError,
    Actor,
    AddTime,
    Adjourn,
    Adjudicate,
    Arrive,
    BothFlagsDown,
    Claim,
    ConsentResignation,
    CorrectSetup,
    DeclineDraw,
    Excuse,
    FlagFall,
    GoConduct,
    IntroduceClocks,
    LateForfeit,
    LogEntry,
    MarkDead,
    Match,
    MatchError,
    MatchSettings,
    Move,
    OutOfTurnMove,
    Pause,
    Penalise,
    PlaceHandicap,
    Player,
    ProposeResignation,
    RefuseResignation,
    Resign,
    RestorePosition,
    Resume,
    ResumePlay,
    SetClock,
    SetClocks,
    SetResult,
    SettingsError,
    SplitTime,
    Start,
    ToguzConduct,
    Warn,
    action_from_json,
    match_from_json,
    match_to_json,
)

from .helpers import REF, WHITE

EXAMPLES: list[Action] = [
    Move(7),
    Move("Q16", lag=0.25),
    Move(3, draw_offer=True),
    PlaceHandicap("D4"),
    AcceptDraw(),
    DeclineDraw(),
    Resign(),
    ProposeResignation(),
    ConsentResignation(),
    RefuseResignation(),
    Claim("repetition"),
    MarkDead("C3"),
    AcceptMarking(),
    ResumePlay(),
    Arrive(),
    FlagFall("black"),
    LateForfeit(("white", "black")),
    Start(),
    Start(clocks=False),
    Pause("dispute"),
    Adjourn(),
    Resume(),
    SetClock("black", 300, periods=2),
    SetClock("white", 0, moves_left=5, period_left=120.5),
    SetClocks(black=600, white=1200.5),
    SplitTime(),
    SplitTime(used=4200.5),
    AddTime("white", 60),
    IntroduceClocks(),
    Warn("black", "talking"),
    Penalise("white", 3, "out of turn"),
    RestorePosition(12),
    CorrectSetup(colours_swapped=True, handicap=2),
    OutOfTurnMove("man", "D4"),
    BothFlagsDown(),
    Excuse("white"),
    Adjudicate(None),
    Adjudicate("white"),
    SetResult("--", "double-forfeit"),
]


def test_every_action_type_has_an_example() -> None:
    assert {type(a) for a in EXAMPLES} == set(ACTION_TYPES.values())


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.type)
def test_actions_read_back_equal_through_json_text(action: Action) -> None:
    text = json.dumps(action.to_json())
    assert action_from_json(json.loads(text)) == action


def test_a_late_forfeit_names_the_sides_in_one_order() -> None:
    assert LateForfeit(("white", "black")) == LateForfeit(("black", "white"))


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"type": "castle"}, "unknown action type"),
        ({"move": 7}, '"type"'),
        ({"type": "move"}, "needs move"),
        ({"type": "move", "move": 7, "speed": 1}, "no field 'speed'"),
        ({"type": "move", "move": True}, "pit number"),
        ({"type": "move", "move": 7, "lag": -1}, "lag"),
        ({"type": "set-clock", "side": "red", "seconds": 5}, "side"),
        ({"type": "set-clock", "side": "black", "seconds": "5"}, "seconds"),
        ({"type": "penalise", "side": "black", "points": 0}, "above 0"),
        ({"type": "claim", "ground": "boredom"}, "claim"),
        ({"type": "restore-position", "ply": -1}, "ply"),
        ({"type": "late-forfeit", "sides": []}, "one side"),
        ({"type": "out-of-turn-move", "role": "child", "move": "D4"}, "role"),
        ("move", '"type"'),
    ],
)
def test_malformed_actions_are_refused_with_the_reason(doc: Any, message: str) -> None:
    with pytest.raises(ActionError, match=message):
        action_from_json(doc)


def test_actors_and_log_entries() -> None:
    for actor in (Actor.player("black", "woman"), Actor.referee("Ivanova"), Actor("system")):
        assert Actor.from_json(json.loads(json.dumps(actor.to_json()))) == actor
    for bad in ({"kind": "coach"}, {"kind": "player"}, {"kind": "referee", "side": "black"}, 5):
        with pytest.raises(ActionError):
            Actor.from_json(bad)
    entry = LogEntry(0, 0, REF, Start())
    assert entry.t == 0.0 and isinstance(entry.t, float)
    for bad_entry in (
        {"seq": 0, "t": 0, "actor": {"kind": "referee"}},
        {"seq": -1, "t": 0, "actor": {"kind": "referee"}, "action": {"type": "start"}},
        {"seq": 0, "t": "noon", "actor": {"kind": "referee"}, "action": {"type": "start"}},
        {"seq": 0, "t": 0, "actor": {"kind": "referee"}, "action": {"type": "start"}, "x": 1},
    ):
        with pytest.raises(ActionError):
            LogEntry.from_json(bad_entry)


def test_settings_read_back_equal() -> None:
    toguz = MatchSettings.toguz(
        "90m",
        white=Player("A", rating=1500),
        black="B",
        conduct=ToguzConduct(max_draw_offers=2, move_cap=150, late_limit=900),
        event="E",
        round="1",
        start="0,0,0,0,1,0,0,0,1/0,0,1,0,0,1,0,0,1 w 76/81 -/- 32",
    )
    go = MatchSettings.go(
        "60m+25/10m extra 1",
        size=13,
        rules=Rules.chinese(komi=7.5, white_wins_ties=True),
        handicap=3,
        pair=True,
        black=[Player("M", "1d", role="man"), Player("W", "3k", role="woman")],
        conduct=GoConduct(extra_period_penalty=2, warnings_to_forfeit=3),
        site="Ulaanbaatar",
    )
    for settings in (toguz, go):
        assert MatchSettings.from_json(json.loads(json.dumps(settings.to_json()))) == settings


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"game": "chess", "time_control": "60m"}, "toguz"),
        ({"game": "toguz"}, "time_control"),
        ({"game": "toguz", "time_control": "60"}, "unit"),
        ({"game": "toguz", "time_control": "60m", "size": 19}, "no field 'size'"),
        ({"game": "toguz", "time_control": "60m", "conduct": {"max_offers": 3}}, "no setting"),
        ({"game": "toguz", "time_control": "60m", "conduct": {"repetitions": 1}}, "repetitions"),
        ({"game": "go", "time_control": "60m", "size": 3}, "board size"),
        ({"game": "go", "time_control": "60m", "size": 9, "handicap": 7}, "at most 5"),
        ({"game": "go", "time_control": "60m", "rules": {"komi": "six"}}, "komi"),
        ({"game": "toguz", "time_control": "60m", "start": "1,2,3"}, "start position"),
    ],
)
def test_bad_settings_are_refused_with_the_reason(doc: Any, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        MatchSettings.from_json(doc)


def test_a_match_document_round_trips_and_a_tampered_one_is_refused() -> None:
    m = Match.new(MatchSettings.toguz()).apply(Start(), 0, REF)
    m = m.apply(Move(7, draw_offer=True), 10, WHITE)
    doc = json.loads(json.dumps(match_to_json(m)))
    assert match_from_json(doc) == m
    doc["log"][1]["action"]["move"] = 10
    with pytest.raises(MatchError, match="log entry 1"):
        match_from_json(doc)
    doc["log"][1]["seq"] = 5
    with pytest.raises(ActionError, match="out of order"):
        match_from_json(doc)
    with pytest.raises(ActionError):
        match_from_json({"format": "arbiter-game", "version": 1})
