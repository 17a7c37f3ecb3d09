"""``swiss-dutch`` against bbpPairings' own tournaments (../shared/data/swiss, README there).

Every round of those files is bbpPairings' pairing of the rounds before it, so arbiter, given
rounds 1..N-1, must pair round N as the file does: the same pairs, colours and bye. The colours
are arbiter's (arbiter.events.systems.dutch_colours): caissify-pairings' own differed from
bbpPairings' in one or two pairs of 27 rounds.

Rounds in which the file gives someone a half- or zero-point bye are left out: those are
absences announced before the pairing, which an arbiter event does not record
(test_swiss_dutch.py skips them too), so arbiter pairs that player.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arbiter.events.competition import Competition
from arbiter.events.formats.trf import read_trf
from arbiter.events.systems.swiss_dutch import SwissDutch, dutch_pairs, initial_colour
from tests.conftest import DATA

SWISS = DATA / "swiss"

#: The files up to 300 players; the ones taking more than a few seconds are marked slow.
QUICK = ("p50c", "p51d", "p80h", "p100d", "p101c")
SLOW = ("s150", "s175", "s200", "s250", "p300d")

Pairs = set[tuple[int, int | None]]


def event_of(name: str) -> Competition:
    path = SWISS / f"{name}.trf"
    if not path.exists():
        pytest.skip(f"{path} is not here (../shared/data)")
    return read_trf(path.read_text(encoding="utf-8"))


def with_files_initial_colour(event: Competition) -> Competition:
    """``event`` with a seed whose lot gives the file's initial colour (arbiter draws it)."""
    top = SwissDutch().start_order(event)[0]
    game = next(g for g in event.rounds[0].games if top in (g.white, g.black))
    wanted = "white" if game.white == top else "black"
    for seed in range(64):
        candidate = replace(event, settings=event.settings.with_text("seed", str(seed)))
        if initial_colour(candidate) == wanted:
            return candidate
    raise AssertionError("no seed draws the file's initial colour")  # pragma: no cover


def files_round(event: Competition, number: int) -> Pairs:
    rnd = event.rounds[number - 1]
    games: Pairs = {(g.white, g.black) for g in rnd.games}
    return games | {(b.no, None) for b in rnd.byes if b.kind == "bye"}


def unordered(pairs: Pairs) -> set[frozenset[int | None]]:
    return {frozenset(p) for p in pairs}


def replay(name: str) -> tuple[list[int], list[int], list[int]]:
    """(rounds whose pairs or bye differ, rounds where only colours differ, rounds left out)."""
    event = with_files_initial_colour(event_of(name))
    wrong, colours, left_out = [], [], []
    for number in range(1, len(event.rounds) + 1):
        if any(b.kind in ("half", "zero") for b in event.rounds[number - 1].byes):
            left_out.append(number)
            continue
        got = set(dutch_pairs(replace(event, rounds=event.rounds[: number - 1]), number))
        want = files_round(event, number)
        if unordered(got) != unordered(want):
            wrong.append(number)
        elif got != want:
            colours.append(number)
    return wrong, colours, left_out


def check(name: str) -> None:
    wrong, colours, _ = replay(name)
    assert wrong == [], f"{name}: rounds {wrong} are not bbpPairings' pairs"
    assert colours == [], f"{name}: rounds {colours} have bbpPairings' pairs in other colours"


@pytest.mark.parametrize("name", QUICK)
def test_rounds_are_bbppairings_rounds(name: str) -> None:
    check(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_rounds_of_bigger_events_are_bbppairings_rounds(name: str) -> None:
    check(name)


def test_the_files_are_described() -> None:
    if not SWISS.exists():
        pytest.skip(f"{SWISS} is not here (../shared/data)")
    names = {p.stem for p in Path(SWISS).glob("*.trf")}
    assert set(QUICK) | set(SLOW) | {"p1000c"} == names  # p1000c: bench/pairing.py
