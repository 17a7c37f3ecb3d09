"""Properties of Swiss and McMahon pairings on random tournaments (hypothesis).

On random events of 2–400 players over 5–9 rounds (some with late entries, withdrawals and
forfeits), every round:

- every participant is paired or given the bye, once;
- nobody meets an opponent again while a pairing without rematches exists;
- nobody gets a second bye while a pairing without one (and without rematches) exists;
- no colour balance goes beyond ±2 while a pairing that keeps every balance within ±2 (without
  rematches and second byes) exists.

"Exists" is decided independently of the engine: by a maximum-cardinality matching of the graph
of the allowed pairs (rustworkx), the bye being a node joined to whoever may receive it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import rustworkx as rx
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.events.event import Event
from arbiter.events.results import Result
from arbiter.events.swiss import colours
from arbiter.events.swiss.state import field
from tests.events.pairing.helpers import field_event, play


def _pairable(
    people: list[int],
    allowed: dict[tuple[int, int], bool],
    bye_ok: set[int],
) -> bool:
    """Whether ``people`` can all be paired (one bye when odd) using allowed pairs only."""
    n = len(people)
    g: rx.PyGraph[int, int] = rx.PyGraph()
    g.add_nodes_from(range(n + 1))
    for a in range(n):
        for b in range(a + 1, n):
            if allowed[(people[a], people[b])]:
                g.add_edge(a, b, 1)
    if n % 2:
        for a in range(n):
            if people[a] in bye_ok:
                g.add_edge(a, n, 1)
    found = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
    return 2 * len(found) == n + n % 2


def check_round(before: Event, after: Event, number: int) -> None:
    """The four properties for round ``number`` (``before``: the event without it)."""
    rnd = after.round(number)
    f = field(before, number)
    people = [c.no for c in f.contestants]
    by_no = {c.no: c for c in f.contestants}
    seen = [no for g in rnd.games for no in g.participants] + [b.no for b in rnd.byes]
    assert sorted(seen) == sorted(after.numbers)  # everyone once: a game, the bye, or absent
    assert sorted(b.no for b in rnd.byes if b.kind == "bye") == sorted(
        set(people) - {no for g in rnd.games for no in g.participants}
    )

    met = {(a, b): b in by_no[a].opponents for a in people for b in people}
    no_rematch = {k: not v for k, v in met.items()}
    everyone = set(people)
    first_bye = {no for no in people if by_no[no].unearned == 0}

    rematches = [g for g in rnd.games if g.white in by_no[g.black].opponents]
    if rematches:
        assert not _pairable(people, no_rematch, everyone), "an avoidable rematch"

    second = [b.no for b in rnd.byes if b.kind == "bye" and by_no[b.no].unearned > 0]
    if second:
        assert not _pairable(people, no_rematch, first_bye), "an avoidable second bye"

    def keeps_balance(a: int, b: int) -> bool:
        ha, hb = by_no[a].colours, by_no[b].colours
        return any(colours.costs(ha, hb, first_is_a=first).balance == 0 for first in (True, False))

    broken = []
    for g in rnd.games:
        if g.handicap:
            continue
        for no, first in ((g.white, after.game == "toguz"), (g.black, after.game == "go")):
            balance = by_no[no].balance + (1 if first else -1)
            if abs(balance) > 2:
                broken.append(no)
    if broken:
        ok = {(a, b): no_rematch[(a, b)] and keeps_balance(a, b) for a in people for b in people}
        assert not _pairable(people, ok, first_bye), f"avoidable colour balance ±3: {broken}"


def _churn(e: Event, rng: random.Random) -> Event:
    """Late entries, withdrawals and forfeits, now and then."""
    if rng.random() < 0.3:
        e, _ = e.add_player(f"Late{len(e.players)} X", rating=rng.randrange(1200, 2400))
    active = e.active(len(e.rounds) + 1)
    if len(active) > 3 and rng.random() < 0.3:
        e = e.withdraw(rng.choice(active))
    return e


def _forfeits(e: Event, rng: random.Random) -> Event:
    rnd = e.rounds[-1]
    games = tuple(
        g.with_result(Result.parse(rng.choice(("+-", "-+")), e.game)) if rng.random() < 0.05 else g
        for g in rnd.games
    )
    return e.with_round(replace(rnd, games=games))


def tournament(n: int, rounds: int, game: str, seed: int, churn: bool = False) -> None:
    """Play a random event, checking the properties every round."""
    system = "mcmahon" if game == "go" and seed % 2 else "swiss"
    e = field_event(n, game=game, system=system, rounds=rounds, seed=seed, clubs=4)
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        if churn and number > 1:
            e = _churn(e, rng)
        before = e
        paired = e.pair_next_round()
        if churn:
            paired = _forfeits(paired, rng)
        e = play(paired, rng)
        check_round(before, e, number)


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 40),
    rounds=st.integers(5, 9),
    game=st.sampled_from(["toguz", "go"]),
    seed=st.integers(0, 100_000),
)
def test_properties_small_events(n: int, rounds: int, game: str, seed: int) -> None:
    tournament(n, rounds, game, seed)


@settings(max_examples=25, deadline=None)
@given(
    n=st.integers(2, 40),
    rounds=st.integers(5, 9),
    game=st.sampled_from(["toguz", "go"]),
    seed=st.integers(0, 100_000),
)
def test_properties_with_late_entries_withdrawals_and_forfeits(
    n: int, rounds: int, game: str, seed: int
) -> None:
    tournament(n, rounds, game, seed, churn=True)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(
    n=st.integers(41, 400),
    rounds=st.integers(5, 9),
    game=st.sampled_from(["toguz", "go"]),
    seed=st.integers(0, 100_000),
)
def test_properties_up_to_400_players(n: int, rounds: int, game: str, seed: int) -> None:
    tournament(n, rounds, game, seed, churn=seed % 2 == 0)
