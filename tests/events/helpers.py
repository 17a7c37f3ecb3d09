"""Small builders shared by the events tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from arbiter.events.event import Event
from arbiter.events.results import GameName
from arbiter.events.settings import Discipline, System

NAMES = [
    "Asanov Bakyt",
    "Bekova Aida",
    "Chynybaev Daniyar",
    "Duisheeva Elnura",
    "Ermekov Farid",
    "Gulova Gulnara",
    "Isakov Ilyas",
    "Jumabaeva Jyldyz",
    "Kadyrov Kanat",
    "Luchko Lidiya",
    "Mamytov Marat",
    "Nurova Nazira",
]


def name(i: int) -> str:
    """A distinct "Surname Given" for any index."""
    base = NAMES[i % len(NAMES)]
    return base if i < len(NAMES) else f"{base.split()[0]}{i} {base.split()[1]}"


def event_with(
    game: GameName,
    system: System,
    n: int,
    *,
    discipline: Discipline = "individual",
    ratings: Sequence[int] | None = None,
    **settings: str,
) -> Event:
    """An event with ``n`` players (or teams of two) entered."""
    e = Event.create(game, system, discipline)
    for key, value in settings.items():
        e = e.set(key, value)
    if discipline == "team":
        for t in range(n):
            members = []
            for b in range(2):
                e, p = e.add_player(f"Team{t}x{b} Player")
                members.append(p.no)
            e, _ = e.add_team(f"Team {t + 1}", members)
        return e
    for i in range(n):
        rating = ratings[i] if ratings is not None else None
        e, _ = e.add_player(name(i), rating=rating)
    return e


RESULTS = {
    "toguz": ["1(82)-0(60)", "0(70)-1(85)", "1/2(81)-1/2(81)", "1-0", "0-1", "=", "+-", "-+"],
    "go": ["B+R", "W+3.5", "B+T", "W+R", "0", "+-", "-+"],
}
DECISIVE = {
    "toguz": ["1(82)-0(60)", "0(70)-1(85)", "1-0", "0-1", "+-", "-+"],
    "go": ["B+R", "W+3.5", "+-", "-+"],
}
#: Toguz Korgool team matches: every played loss with its count, as a drawn match is decided by
#: the korgools in lost games (seed 000 10.2) and a missing count leaves it undecided.
DECISIVE_TOGUZ_TEAMS = ["1(82)-0(60)", "0(70)-1(85)", "1-0(55)", "0(64)-1", "+-", "-+"]


def play_out(
    e: Event,
    choose: Callable[[Event, int, int, int | None], str] | None = None,
    *,
    rng: random.Random | None = None,
    max_rounds: int = 200,
) -> Event:
    """Pair and fill every round until the system is done (random decisive results by default)."""
    from arbiter.events.systems import system_for

    rng = rng or random.Random(0)
    for _ in range(max_rounds):
        if e.rounds and system_for(e).finished(e):
            break
        e = e.pair_next_round()
        rnd = e.rounds[-1]
        for g in rnd.games:
            if g.result is not None:
                continue
            decisive = (
                DECISIVE_TOGUZ_TEAMS
                if e.game == "toguz" and e.discipline == "team"
                else DECISIVE[e.game]
            )
            text = choose(e, rnd.number, g.table, g.board) if choose else rng.choice(decisive)
            e = e.record_result(rnd.number, g.table, g.board, text)
    return e
