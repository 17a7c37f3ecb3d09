"""Property tests of the clock: a differential test against an independent second-by-second
model of the rules, and the invariants of the issue: time never goes negative nor grows except
by rule (increment, a new period), and a flag falls exactly when the rules say."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.clock import (
    Absolute,
    ByoYomi,
    Canadian,
    Clock,
    ClockError,
    ClockState,
    Fischer,
    Side,
    TimeControl,
)

# ----- an independent model: whole seconds, one tick at a time


@dataclass
class Player:
    main: int
    periods: int
    moves: int
    period_left: int
    extra: int
    flagged: bool = False


class Model:
    """The rules of seed 002 2.5 restated tick by tick, as a timekeeper would count."""

    def __init__(self, control: TimeControl) -> None:
        self.c = control
        self.players = {side: self._fresh() for side in ("black", "white")}
        self.to_move: Side = "black"

    def _fresh(self) -> Player:
        c = self.c
        if isinstance(c, ByoYomi):
            return Player(int(c.main), c.periods, 0, int(c.period), 0)
        if isinstance(c, Canadian):
            return Player(int(c.main), 0, c.moves, int(c.period), c.extra)
        return Player(int(c.main), 0, 0, 0, 0)

    def tick(self) -> None:
        p = self.players[self.to_move]
        if p.flagged:
            return
        if p.main > 0:
            p.main -= 1
            if p.main == 0 and isinstance(self.c, Absolute | Fischer):
                p.flagged = True
            return
        p.period_left -= 1
        if p.period_left > 0:
            return
        if isinstance(self.c, ByoYomi):
            p.periods -= 1  # this period is used up; the next one begins
            if p.periods == 0:
                p.flagged = True
            else:
                p.period_left = int(self.c.period)
        elif isinstance(self.c, Canadian):
            if p.extra:
                p.extra -= 1
                p.moves, p.period_left = self.c.moves, int(self.c.period)
            else:
                p.flagged = True

    def press(self) -> None:
        p = self.players[self.to_move]
        assert not p.flagged
        c = self.c
        if isinstance(c, Fischer):
            if c.cap is None or p.main < c.cap:
                p.main += int(c.increment)
                if c.cap is not None:
                    p.main = min(p.main, int(c.cap))
        elif isinstance(c, ByoYomi) and p.main == 0:
            p.period_left = int(c.period)
        elif isinstance(c, Canadian) and p.main == 0:
            p.moves -= 1
            if p.moves == 0:
                p.moves, p.period_left = c.moves, int(c.period)
        self.to_move = "white" if self.to_move == "black" else "black"

    def reading(self, side: Side) -> ClockState:
        p = self.players[side]
        if p.flagged:
            return ClockState(0.0, 0, 0, 0.0, True, 0)
        c = self.c
        return ClockState(
            float(p.main),
            p.periods if isinstance(c, ByoYomi) else 0,
            p.moves if isinstance(c, Canadian) else 0,
            float(p.period_left) if isinstance(c, ByoYomi | Canadian) else 0.0,
            False,
            p.extra if isinstance(c, Canadian) else 0,
        )

    def ticks_to_flag(self) -> int:
        saved = {s: Player(**vars(p)) for s, p in self.players.items()}
        p = self.players[self.to_move]
        n = 0
        while not p.flagged:
            self.tick()
            n += 1
        self.players = saved
        return n


@st.composite
def small_controls(draw: st.DrawFn) -> TimeControl:
    kind = draw(st.sampled_from(["absolute", "byo-yomi", "canadian", "fischer"]))
    if kind == "absolute":
        return Absolute(draw(st.integers(1, 20)))
    if kind == "byo-yomi":
        return ByoYomi(draw(st.integers(0, 15)), draw(st.integers(1, 3)), draw(st.integers(1, 6)))
    if kind == "canadian":
        return Canadian(
            draw(st.integers(0, 15)),
            draw(st.integers(1, 3)),
            draw(st.integers(1, 8)),
            draw(st.integers(0, 2)),
        )
    main = draw(st.integers(1, 15))
    cap = draw(st.none() | st.integers(main, main + 10))
    return Fischer(main, draw(st.integers(1, 5)), cap)


operations = st.lists(
    st.tuples(st.sampled_from(["press", "press", "press", "pause", "look"]), st.integers(0, 9)),
    max_size=40,
)


@settings(max_examples=300)
@given(small_controls(), operations)
def test_clock_agrees_with_the_tick_model(control: TimeControl, ops: list[tuple[str, int]]) -> None:
    clock = Clock(control).start(0)
    model = Model(control)
    t = 0
    for op, wait in ops:
        assert clock.deadline(t) == t + model.ticks_to_flag()
        for _ in range(wait):
            model.tick()
        t += wait
        flagged = model.players[model.to_move].flagged
        assert clock.flagged(t) == (model.to_move if flagged else None)
        if flagged:
            for side in ("black", "white"):
                assert clock.state(side, t) == model.reading(side)  # type: ignore[arg-type]
            with pytest.raises(ClockError, match="flag has fallen"):
                clock = clock.press(t)
            break
        if op == "press":
            clock = clock.press(t)
            model.press()
        elif op == "pause":
            clock = clock.pause(t)
            t += 100  # nobody's time runs meanwhile
            clock = clock.resume(t)
        for side in ("black", "white"):
            assert clock.state(side, t) == model.reading(side)  # type: ignore[arg-type]


# ----- invariants on finer (dyadic) times, exact in floats


@st.composite
def controls(draw: st.DrawFn) -> TimeControl:
    eighths = st.integers(1, 8 * 120).map(lambda n: n / 8)
    main = draw(st.integers(0, 8 * 120).map(lambda n: n / 8))
    kind = draw(st.sampled_from(["absolute", "byo-yomi", "canadian", "fischer"]))
    if kind == "byo-yomi":
        return ByoYomi(main, draw(st.integers(1, 5)), draw(eighths))
    if kind == "canadian":
        return Canadian(main, draw(st.integers(1, 5)), draw(eighths), draw(st.integers(0, 2)))
    main = max(main, 1.0)
    if kind == "absolute":
        return Absolute(main)
    cap = draw(st.none() | eighths.map(lambda s: main + s))
    return Fischer(main, draw(eighths), cap)


steps = st.lists(
    st.tuples(st.sampled_from(["press", "pause", "look"]), st.integers(0, 8 * 60)), max_size=30
)


def gain(control: TimeControl, before: ClockState) -> float:
    """What a move made adds to the mover's time left, by rule."""
    if isinstance(control, Fischer):
        if control.cap is None:
            return control.increment
        return max(0.0, min(control.increment, control.cap - before.main))
    if isinstance(control, ByoYomi) and before.main == 0:
        return control.period - before.period_left  # the period is refilled
    if isinstance(control, Canadian) and before.main == 0 and before.moves_left == 1:
        return control.period - before.period_left  # the last move of the period: a fresh one
    return 0.0


@settings(max_examples=300)
@given(controls(), steps)
def test_time_never_negative_and_grows_only_by_rule(
    control: TimeControl, script: list[tuple[str, int]]
) -> None:
    clock = Clock(control).start(0)
    t = 0.0
    for op, wait in script:
        mover = clock.to_move
        idle: Side = "white" if mover == "black" else "black"
        left_before = clock.time_left(mover, t)
        idle_before = clock.state(idle, t)
        t += wait / 8
        for side in ("black", "white"):
            reading = clock.state(side, t)  # type: ignore[arg-type]
            assert reading.main >= 0 and reading.period_left >= 0
            assert reading.periods >= 0 and reading.moves_left >= 0
        # While a side's time runs, it loses exactly the time elapsed; the other side's is still.
        assert clock.time_left(mover, t) == max(0.0, left_before - wait / 8)
        assert clock.state(idle, t) == idle_before
        if clock.flagged(t):
            assert clock.time_left(mover, t) == 0
            assert clock.deadline() is not None and clock.deadline() <= t  # type: ignore[operator]
            break
        if op == "press":
            before = clock.state(mover, t)
            left = clock.time_left(mover, t)
            clock = clock.press(t)
            assert clock.time_left(mover, t) == left + gain(control, before)
        elif op == "pause":
            state = clock.state(mover, t)
            clock = clock.pause(t).resume(t + 1000)
            assert clock.state(mover, t + 1000) == state
            t += 1000


@settings(max_examples=300)
@given(
    controls(),
    st.floats(-1e9, 1e9, allow_nan=False),
    st.lists(st.floats(0, 1e4, allow_nan=False), max_size=6),
    st.floats(0, 5, allow_nan=False),
)
def test_flag_falls_exactly_at_the_deadline(
    control: TimeControl, start: float, thinking: list[float], grace: float
) -> None:
    """With arbitrary float times, the deadline is the first instant the flag is down."""
    clock = Clock(control).start(start)
    t = start
    for think in thinking:
        if clock.flagged(t + think):
            break
        t += think
        clock = clock.press(t)
    deadline = clock.deadline()
    assert deadline is not None
    side = clock.to_move
    assert clock.flagged(deadline) == side
    assert clock.state(side, deadline).flagged
    before = math.nextafter(deadline, -math.inf)
    if before >= t:
        assert clock.flagged(before) is None
        assert not clock.state(side, before).flagged
        with pytest.raises(ClockError):
            clock.copy().press(deadline)
        clock.copy().press(before)  # the last instant at which a move is in time
    late = clock.deadline(grace=grace)
    assert late is not None and late >= deadline
    assert clock.flagged(late, lag=grace) == side
    before_late = math.nextafter(late, -math.inf)
    if before_late >= t and before_late - t >= grace:
        assert clock.flagged(before_late, lag=grace) is None


@given(controls(), st.lists(st.integers(0, 8 * 60), max_size=20))
def test_replay_is_exact(control: TimeControl, waits: list[int]) -> None:
    """Replaying the same presses at the same times gives an equal clock."""
    log: list[float] = []
    clock = Clock(control).start(0)
    t = 0.0
    for wait in waits:
        t += wait / 7  # not dyadic: floats that round
        if clock.flagged(t):
            break
        clock = clock.press(t)
        log.append(t)
    replayed = Clock(control).start(0)
    for at in log:
        replayed = replayed.press(at)
    assert replayed == clock
    assert replayed.deadline() == clock.deadline()


@given(st.integers(1, 8 * 7200), st.integers(0, 8 * 7200), st.integers(0, 8 * 7200))
def test_go_floor_never_cuts_below_five_minutes(main8: int, used8: int, asked8: int) -> None:
    clock = Clock(Absolute(main8 / 8)).start(0)
    t = min(used8, main8 - 1) / 8
    current = clock.state("black", t).main
    asked = asked8 / 8
    clock = clock.set_remaining("black", asked, t)
    got = clock.state("black", t).main
    if asked >= current:
        assert got == asked
    else:
        assert got == max(asked, min(current, 300.0))
        assert got >= min(current, 300.0)


@given(st.integers(1, 8 * 3600), st.integers(1, 8 * 3600))
def test_toguz_correction_keeps_the_difference(white8: int, black8: int) -> None:
    clock = Clock(Absolute(3600), first="white").start(0)
    clock = clock.set_times(0, white=white8 / 8, black=black8 / 8, rule="toguz")
    white, black = clock.state("white", 0).main, clock.state("black", 0).main
    assert min(white, black) >= 300
    assert white - black == (white8 - black8) / 8
