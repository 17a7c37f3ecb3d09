"""Property tests: a random match (legal and illegal actions by players and referees, at random
instants, with the clock ticking) replays from its log, and from its JSON, to an equal match;
refused actions change nothing; the match's invariants hold after every action."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.games.go import random_move
from arbiter.match import (
    Action,
    Actor,
    Match,
    MatchError,
    MatchSettings,
    Player,
    ToguzConduct,
    match_from_json,
    match_to_json,
    replay,
)
from arbiter.match import actions as A

CONTROLS = ["60m", "20m+3x10s", "15m+5/1m extra 1", "10m+2s"]
REF = Actor.referee()
STEPS = 150  # actions tried per match
RESTORE_WEIGHT = 1.0  # how often a referee restores a position (raised when hunting bugs)
# Seconds between actions: mostly a move's thinking time, sometimes long enough for a flag.
DELAYS = [0.0, 0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 20.0, 45.0, 400.0]


def _players(m: Match) -> list[Actor]:
    if m.settings.pair:
        return [Actor.player(s, r) for s in ("black", "white") for r in ("man", "woman")]  # type: ignore[arg-type]
    return [Actor.player("black"), Actor.player("white")]


def _candidates(m: Match, rng: random.Random) -> list[tuple[Action, Actor, float]]:
    """Actions to try now, with weights: mostly what players and referees would do in this
    state, now and then something that must be refused or that ends the game."""
    players = _players(m)
    anyone = rng.choice(players)
    turn = m.turn or anyone
    side = turn.side or "black"
    other = rng.choice(players)
    out: list[tuple[Action, Actor, float]] = []
    if m.status == "ready":
        out += [(A.Arrive(), p, 5.0) for p in players]
        out += [(A.Start(clocks=rng.random() < 0.9), REF, 8.0)]
    if m.kind == "toguz":
        legal = m.toguz.position.legal_moves() or (1,)
        out += [(A.Move(rng.choice(legal), draw_offer=rng.random() < 0.15), turn, 40.0)]
        out += [(A.Move(rng.randint(1, 10)), other, 1.0), (A.Claim("repetition"), other, 1.0)]
        out += [(A.Claim("draw-offers"), other, 1.0), (A.Claim("move-cap"), other, 1.0)]
        out += [(A.Adjudicate(rng.choice([None, "white", "black"])), REF, 0.5)]
        out += [(A.IntroduceClocks(), REF, 1.0)]
        out += [(A.AcceptDraw(), other, 1.0), (A.DeclineDraw(), other, 3.0)]
    else:
        point = random_move(m.go.position, rng) if m.status == "playing" else None
        text = "pass" if point is None or rng.random() < 0.05 else point.gtp()
        out += [(A.Move(text), turn, 40.0), (A.Move(text), other, 1.0)]
        stones = m.go.position.stones("black") + m.go.position.stones("white")
        marking = 10.0 if m.status == "marking" else 0.5
        if stones:
            out += [(A.MarkDead(rng.choice(stones).gtp()), anyone, marking)]
        out += [(A.AcceptMarking(), anyone, marking), (A.ResumePlay(), anyone, marking / 4)]
        out += [(A.Penalise(side, rng.choice([0.5, 1, 3])), REF, 1.0)]
        out += [(A.CorrectSetup(rng.random() < 0.5, rng.choice([None, 0, 2])), REF, 1.0)]
        if m.settings.pair:
            role = rng.choice(["man", "woman"])
            out += [(A.OutOfTurnMove(role, text), REF, 2.0)]  # type: ignore[arg-type]
            out += [(A.ProposeResignation(), turn, 1.0), (A.ConsentResignation(), other, 2.0)]
            out += [(A.RefuseResignation(), other, 1.0)]
    out += [(A.Resign(), other, 0.3), (A.Arrive(), anyone, 1.0)]
    out += [(A.Pause(), REF, 1.0), (A.Adjourn(), REF, 0.5), (A.Resume(), REF, 3.0)]
    out += [(A.SetClock(side, rng.choice([0, 60, 200, 900])), REF, 1.0)]
    out += [(A.SetClocks(black=rng.choice([100, 600]), white=rng.choice([200, 900])), REF, 0.5)]
    out += [(A.AddTime(side, 30), REF, 1.0), (A.Warn(side, "noise"), REF, 0.3)]
    out += [(A.RestorePosition(rng.randint(0, max(m.ply, 1))), REF, RESTORE_WEIGHT)]
    out += [(A.BothFlagsDown(), REF, 0.2), (A.Excuse(side), REF, 0.5), (A.Move(1), REF, 0.2)]
    result = A.SetResult(rng.choice(["+-", "--", "Void"]), rng.choice(["forfeit", "void"]))
    out += [(result, REF, 0.2)]
    return out


def _check_invariants(m: Match) -> None:
    assert [e.seq for e in m.log] == list(range(len(m.log)))
    assert all(a.t <= b.t for a, b in zip(m.log, m.log[1:], strict=False))
    assert (m.status == "over") == (m.result is not None)
    if m.status == "playing" and m.clocked:
        assert m.clock.status == "running"
        assert m.clock.to_move == m.board.to_move
    if m.status in ("paused", "adjourned", "marking") and m.clocked:
        assert m.clock.status == "paused"
    if m.status == "over" and m.clocked and m.started_at is not None:
        assert m.clock.status == "stopped"
    assert len(m.moves) == m.board.ply


def _run(m: Match, data: st.DataObject) -> Match:
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    t = 0.0
    for _ in range(STEPS):
        if m.is_over:
            break
        t += rng.choice(DELAYS)
        if rng.random() < 0.08:
            m = m.tick(t)
            _check_invariants(m)
            continue
        candidates = _candidates(m, rng)
        action, actor, _ = rng.choices(candidates, weights=[w for _, _, w in candidates])[0]
        before = m
        try:
            m = m.apply(action, t, actor)
        except MatchError:
            assert m is before
            continue
        assert m.log[:-1] == before.log and m.last_entry is not None
        assert m.last_entry.action == action and m.last_entry.actor == actor
        _check_invariants(m)
    return m


def _assert_rebuilds(m: Match) -> None:
    assert replay(m.settings, m.log) == m
    doc = json.loads(json.dumps(match_to_json(m)))
    assert match_from_json(doc) == m


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), control=st.sampled_from(CONTROLS), cap=st.sampled_from([None, 3]))
def test_a_random_toguz_match_replays_exactly(
    data: st.DataObject, control: str, cap: int | None
) -> None:
    conduct = ToguzConduct(move_cap=cap, max_draw_offers=1)
    m = Match.new(MatchSettings.toguz(control, conduct=conduct))
    _assert_rebuilds(_run(m, data))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    control=st.sampled_from(CONTROLS),
    handicap=st.sampled_from([0, 2]),
    pair=st.booleans(),
)
def test_a_random_go_match_replays_exactly(
    data: st.DataObject, control: str, handicap: int, pair: bool
) -> None:
    players = {}
    if pair:
        players = {
            "black": [Player("a", role="man"), Player("b", role="woman")],
            "white": [Player("c", role="man"), Player("d", role="woman")],
        }
    settings_ = MatchSettings.go(control, size=7, handicap=handicap, pair=pair, **players)  # type: ignore[arg-type]
    m = Match.new(settings_)
    _assert_rebuilds(_run(m, data))
