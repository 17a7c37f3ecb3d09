"""Builders for the Swiss and McMahon tests: random fields and random results."""

from __future__ import annotations

import random
from dataclasses import replace

from arbiter.events.event import Event
from arbiter.events.results import Result

TOGUZ_RESULTS = ("1-0", "0-1", "1/2-1/2")
GO_RESULTS = ("B+R", "W+R")


def field_event(
    n: int,
    *,
    game: str = "toguz",
    system: str = "swiss",
    rounds: int = 5,
    seed: int = 0,
    clubs: int = 0,
    **settings: str,
) -> Event:
    """An event of ``n`` players with random ratings (Toguz) or ranks (Go)."""
    rng = random.Random(seed)
    e = Event.create(game, system, rounds=rounds)  # type: ignore[arg-type]
    for key, value in settings.items():
        e = e.set(key, value)
    for i in range(n):
        club = f"Club{rng.randrange(clubs)}" if clubs else ""
        if game == "go":
            rank = rng.choice([f"{k}k" for k in range(1, 21)] + [f"{d}d" for d in range(1, 6)])
            e, _ = e.add_player(f"P{i:03d} X", rank=rank, club=club)
        else:
            e, _ = e.add_player(f"P{i:03d} X", rating=rng.randrange(1200, 2400), club=club)
    return e


def play(event: Event, rng: random.Random, *, draws: bool = True) -> Event:
    """The event with random results for every game of its last round."""
    rnd = event.rounds[-1]
    choices = GO_RESULTS if event.game == "go" else TOGUZ_RESULTS[: 3 if draws else 2]
    games = tuple(
        g if g.result is not None else g.with_result(Result.parse(rng.choice(choices), event.game))
        for g in rnd.games
    )
    return event.with_round(replace(rnd, games=games))


def run(event: Event, rounds: int, seed: int = 0) -> Event:
    """Pair and play ``rounds`` rounds."""
    rng = random.Random(seed)
    for _ in range(rounds):
        event = play(event.pair_next_round(), rng)
    return event


def meetings(event: Event, number: int) -> set[frozenset[int]]:
    """The pairs of round ``number``."""
    return {frozenset(g.participants) for g in event.round(number).games}
