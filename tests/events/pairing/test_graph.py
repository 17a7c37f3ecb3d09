"""The candidate graph gives the same pairing cost as the full graph (events up to 200)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.events.swiss.system import propose
from arbiter.events.swiss.weights import tiers_of
from tests.events.pairing.helpers import field_event, run

CASES = [
    # (players, rounds played before, game, system, settings)
    (21, 3, "toguz", "swiss", {}),
    (40, 4, "toguz", "swiss", {"pairing_seeding": "split-and-fold"}),
    (64, 2, "go", "mcmahon", {"avoid_club": "2"}),
    (99, 5, "toguz", "swiss", {"avoid_club": "1"}),
    (120, 3, "go", "swiss", {"pairing_seeding": "split-and-random"}),
    (150, 6, "toguz", "swiss", {}),
    (200, 4, "go", "mcmahon", {"handicap": "mms"}),
    (200, 7, "toguz", "swiss", {"pairing_seeding": "split-and-fold,split-and-slip"}),
]


@pytest.mark.parametrize(("n", "played", "game", "system", "settings"), CASES)
def test_restricted_equals_full(
    n: int, played: int, game: str, system: str, settings: dict[str, str]
) -> None:
    e = field_event(n, game=game, system=system, rounds=9, seed=n, clubs=6, **settings)
    e = run(e, played, seed=n)
    restricted = propose(e, played + 1, graph="restricted")
    full = propose(e, played + 1, graph="full")
    assert restricted.solution is not None and full.solution is not None
    assert restricted.solution.graph == "restricted"  # no fallback was needed
    assert restricted.solution.edges < full.solution.edges
    order = tiers_of(game)
    r, f = restricted.solution.totals(game), full.solution.totals(game)
    assert dict(zip(order, r, strict=True)) == dict(zip(order, f, strict=True))


def test_full_graph_fallback_when_the_candidates_cannot_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from arbiter.events.swiss import graph

    match = graph._match

    def restricted_fails(*args: object, **kw: bool) -> object:
        return None if kw["restricted"] else match(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(graph, "_match", restricted_fails)
    e = run(field_event(60, rounds=5, seed=1), 2, seed=1)
    p = propose(e, 3, graph="restricted")
    assert p.solution is not None and p.solution.graph == "full"
    assert p.solution.stage == "strict"


def test_rematch_stage_only_when_nothing_else_pairs() -> None:
    e = run(field_event(2, rounds=3), 1)
    p = propose(e, 2, graph="restricted")
    assert p.solution is not None and p.solution.stage == "rematch"


SETTINGS = st.fixed_dictionaries(
    {
        "pairing_seeding": st.sampled_from(
            ["split-and-slip", "split-and-fold", "split-and-random", "fold,slip"]
        ),
        "avoid_club": st.sampled_from(["0", "1", "3"]),
    }
)


def _same_cost(n: int, played: int, game: str, seed: int, settings: dict[str, str]) -> None:
    system = "mcmahon" if game == "go" and seed % 2 else "swiss"
    e = field_event(n, game=game, system=system, rounds=9, seed=seed, clubs=5, **settings)
    e = run(e, played, seed=seed)
    restricted = propose(e, played + 1, graph="restricted")
    full = propose(e, played + 1, graph="full")
    assert restricted.solution is not None and full.solution is not None
    assert restricted.solution.totals(game) == full.solution.totals(game)


def _random_events(sizes: tuple[int, int], played: tuple[int, int]) -> Any:
    """Hypothesis' random events of ``sizes`` players after ``played`` rounds."""
    return given(
        n=st.integers(*sizes),
        played=st.integers(*played),
        game=st.sampled_from(["toguz", "go"]),
        seed=st.integers(0, 10_000),
        settings=SETTINGS,
    )


@settings(max_examples=12, deadline=None)
@_random_events((2, 80), (0, 6))
def test_restricted_equals_full_on_random_events(
    n: int, played: int, game: str, seed: int, settings: dict[str, str]
) -> None:
    _same_cost(n, played, game, seed, settings)


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@_random_events((100, 200), (1, 8))
def test_restricted_equals_full_on_random_events_up_to_200(
    n: int, played: int, game: str, seed: int, settings: dict[str, str]
) -> None:
    _same_cost(n, played, game, seed, settings)
