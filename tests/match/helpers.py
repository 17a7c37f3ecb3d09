"""Shared helpers for the match tests: actors, a fake time source, random play."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from arbiter.match import (
    Action,
    Actor,
    Arrive,
    Match,
    MatchError,
    MatchSettings,
    Move,
    Start,
    ToguzConduct,
)

WHITE = Actor.player("white")
BLACK = Actor.player("black")
REF = Actor.referee("Chief")
BW = Actor.player("black", "woman")
BM = Actor.player("black", "man")
WW = Actor.player("white", "woman")
WM = Actor.player("white", "man")


class FakeTime:
    """A monotonic time source the tests move by hand; nothing sleeps."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def player(side: str, role: str | None = None) -> Actor:
    return Actor.player(side, role)  # type: ignore[arg-type]


def refused(
    m: Match, action: Action, t: float, actor: Actor, error: type[MatchError]
) -> MatchError:
    """Assert that ``action`` is refused with ``error`` and that nothing changed."""
    before = m
    log = m.log
    with pytest.raises(error) as info:
        m.apply(action, t, actor)
    assert m == before and m.log is log
    assert str(info.value), "a refusal says why"
    return info.value


def play_random_toguz(
    m: Match,
    clock: FakeTime,
    rng: random.Random,
    *,
    think: Callable[[random.Random], float] = lambda r: r.uniform(0.5, 20.0),
    max_moves: int = 1000,
) -> Match:
    """Random legal moves by the players, each after some thinking time, to the end."""
    for _ in range(max_moves):
        if m.is_over:
            break
        side = m.to_move
        assert side is not None
        pit = rng.choice(m.toguz.position.legal_moves())
        m = m.apply(Move(pit), clock.advance(think(rng)), Actor.player(side))
    return m


def started_toguz(
    control: str = "60m",
    t: float = 0.0,
    conduct: ToguzConduct | None = None,
    start: str | None = None,
) -> Match:
    """A game both players attended, started at ``t``."""
    settings = MatchSettings.toguz(
        control, white="Asanov", black="Toktogulov", conduct=conduct, start=start
    )
    m = Match.new(settings)
    m = m.apply(Arrive(), t, WHITE).apply(Arrive(), t, BLACK)
    return m.apply(Start(), t, REF)
