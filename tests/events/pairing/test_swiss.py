"""Swiss and McMahon pairing: seeding, score groups, floats, byes, colours, clubs, McMahon
scores and handicaps, late entries, withdrawals, provisional results."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from arbiter.events.errors import PairingError
from arbiter.events.event import Event
from arbiter.events.swiss import edits
from arbiter.events.swiss.state import field
from arbiter.events.swiss.system import propose
from tests.events.pairing.helpers import field_event, meetings, play, run


def rated(n: int, *, rounds: int = 5, **settings: str) -> Event:
    """``n`` Toguz Korgool players rated strictly downwards (number 1 strongest)."""
    e = Event.create("toguz", "swiss", rounds=rounds)
    for key, value in settings.items():
        e = e.set(key, value)
    for i in range(n):
        e, _ = e.add_player(f"P{i + 1:02d} X", rating=2400 - 10 * i)
    return e


def pairs_of(e: Event, number: int = 1) -> set[frozenset[int]]:
    return meetings(e, number)


def fs(*pairs: tuple[int, int]) -> set[frozenset[int]]:
    return {frozenset(p) for p in pairs}


def result(e: Event, a: int, b: int, text: str, number: int | None = None) -> Event:
    """Record ``text`` (first mover's side first) for the game of ``a`` and ``b``."""
    number = number or len(e.rounds)
    for g in e.round(number).games:
        if {g.black, g.white} == {a, b}:
            return e.record_result(number, g.table, None, text)
    raise AssertionError(f"{a} and {b} do not meet")


def win(e: Event, winner: int, loser: int, number: int | None = None) -> Event:
    """``winner`` beats ``loser`` (Toguz: White is the first mover)."""
    number = number or len(e.rounds)
    for g in e.round(number).games:
        if {g.black, g.white} == {winner, loser}:
            return result(e, winner, loser, "1-0" if g.white == winner else "0-1", number)
    raise AssertionError


def test_round_one_seeding_methods() -> None:
    slip = rated(8).pair_next_round()
    assert pairs_of(slip) == fs((1, 5), (2, 6), (3, 7), (4, 8))
    fold = rated(8, pairing_seeding="split-and-fold").pair_next_round()
    assert pairs_of(fold) == fs((1, 8), (2, 7), (3, 6), (4, 5))
    for seed in range(4):
        rnd = rated(8, pairing_seeding="random", seed=str(seed)).pair_next_round()
        assert all(min(p) <= 4 < max(p) for p in pairs_of(rnd))  # top half against bottom half
    draws = {
        frozenset(pairs_of(rated(8, pairing_seeding="random", seed=str(s)).pair_next_round()))
        for s in range(8)
    }
    assert len(draws) > 1  # the lot depends on the seed


def test_tables_start_with_the_top_pair() -> None:
    e = rated(8).pair_next_round()
    tables = {g.table: frozenset(g.participants) for g in e.rounds[0].games}
    assert tables[1] == frozenset({1, 5}) and tables[4] == frozenset({4, 8})


def test_winners_meet_winners_and_nobody_twice() -> None:
    e = rated(8).pair_next_round()
    for a, b in ((1, 5), (2, 6), (3, 7), (4, 8)):
        e = win(e, a, b)
    e = e.pair_next_round()
    r2 = pairs_of(e, 2)
    assert r2 == fs((1, 3), (2, 4), (5, 7), (6, 8))  # slip inside each score group
    assert not r2 & pairs_of(e, 1)


def test_odd_group_floats_one_player_to_the_next_group() -> None:
    e = rated(10).pair_next_round()  # 1-6 2-7 3-8 4-9 5-10
    for a, b in ((1, 6), (2, 7), (3, 8)):
        e = win(e, a, b)
    e = result(e, 4, 9, "1/2-1/2")
    e = result(e, 5, 10, "1/2-1/2")
    e = e.pair_next_round()
    scores = {r.no: r.points for r in e.standings(1).rows}
    r2 = pairs_of(e, 2)
    inside = [p for p in r2 if p <= {1, 2, 3}]
    assert len(inside) == 1  # two of the leaders meet, the third floats
    floater = ({1, 2, 3} - inside[0]).pop()
    partner = next(next(iter(p - {floater})) for p in r2 if floater in p)
    assert scores[partner] == Fraction(1, 2)  # down by half a point only
    assert max(abs(scores[a] - scores[b]) for a, b in map(tuple, r2)) == Fraction(1, 2)
    e = play(e, random.Random(1))  # floats are read from played games
    floats = {c.no: c.floats for c in field(e, 3).contestants}
    assert floats[floater] == ((2, -1),) and floats[partner] == ((2, 1),)


def test_the_floater_is_the_lowest_when_colours_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    # without colour history (every game of round 1 drawn by lot the same way) the lowest of
    # an odd score group floats down
    from arbiter.events.swiss import colours

    monkeypatch.setattr(colours, "coin", lambda seed, *keys: True)
    e = rated(10).pair_next_round()
    firsts = {g.white for g in e.rounds[0].games}
    assert firsts in ({1, 2, 3, 4, 5}, {6, 7, 8, 9, 10})
    for a, b in ((1, 6), (2, 7), (3, 8)):
        e = win(e, a, b)
    e = result(e, 4, 9, "1/2-1/2")
    e = result(e, 5, 10, "1/2-1/2")
    e = e.pair_next_round()
    assert frozenset({1, 2}) in pairs_of(e, 2)


def test_bye_to_the_weakest_of_the_lowest_group_once() -> None:
    e = rated(7).pair_next_round()
    assert [(b.no, b.kind, b.points) for b in e.rounds[0].byes] == [(7, "bye", Fraction(1))]
    for g in e.rounds[0].games:
        # the stronger player wins
        winner = min(g.participants)
        e = result(e, g.white, g.black, "1-0" if g.white == winner else "0-1")
    e = e.pair_next_round()
    bye = e.rounds[1].byes[0]
    assert bye.kind == "bye" and bye.no != 7
    assert bye.no == 6  # the weakest of those with no point and no bye


def test_bye_value_setting() -> None:
    e = rated(5, bye="1/2").pair_next_round()
    assert e.rounds[0].byes[0].points == Fraction(1, 2)


def test_colours_alternate() -> None:
    e = rated(8).pair_next_round()
    first = {g.white for g in e.rounds[0].games}
    for a, b in ((1, 5), (2, 6), (3, 7), (4, 8)):
        e = win(e, a, b)
    e = e.pair_next_round()
    for g in e.rounds[1].games:
        # both wanted to alternate: at most one of the two cannot
        assert not ({g.white} <= first and {g.black}.isdisjoint(first))


def test_same_club_traded_against_seeding() -> None:
    e = Event.create("toguz", "swiss", rounds=3)
    for i, club in enumerate(("A", "B", "A", "B")):
        e, _ = e.add_player(f"P{i} X", rating=2000 - i, club=club)
    assert pairs_of(e.pair_next_round()) == fs((1, 3), (2, 4))
    avoid = e.set("avoid_club", "1").pair_next_round()
    assert pairs_of(avoid) == fs((1, 4), (2, 3))


def test_same_club_costs_like_two_score_gaps() -> None:
    """Avoiding a same-club pair takes two players floating: the pair costs two gaps of
    ``avoid_club`` points plus one (a gap of 1 point is 2 half-point steps, cost 2²)."""
    from arbiter.events.swiss.system import context

    e = Event.create("toguz", "swiss", rounds=3).set("avoid_club", "1")
    for i, club in enumerate(("A", "A", "B")):
        e, _ = e.add_player(f"P{i} X", rating=2000 - i, club=club)
    ctx = context(e, field(e, 1))
    from arbiter.events.swiss.weights import describe, pair_values

    same = describe(pair_values(ctx, 0, 1)[0])
    assert same["same_club"] == 2 * 2**2 + 1
    assert "same_club" not in describe(pair_values(ctx, 0, 2)[0])


def test_clubmates_are_split_when_two_floats_of_avoid_club_do_it() -> None:
    """Two clubmates lead on 1 point, two others trail on 0: with ``avoid_club=1`` the leaders
    each meet a trailer (two pairs 1 point apart) rather than each other."""
    e = Event.create("toguz", "swiss", rounds=3)
    for i, club in enumerate(("A", "A", "B", "C")):
        e, _ = e.add_player(f"P{i + 1} X", rating=2000 - 10 * i, club=club)
    e = e.pair_next_round()
    assert pairs_of(e) == fs((1, 3), (2, 4))
    e = win(win(e, 1, 3), 2, 4)
    assert pairs_of(e.pair_next_round(), 2) == fs((1, 2), (3, 4))
    assert pairs_of(e.set("avoid_club", "1").pair_next_round(), 2) == fs((1, 4), (2, 3))


def test_deterministic_for_the_same_input() -> None:
    e = field_event(60, seed=3)
    e = run(e, 2, seed=3)
    a = propose(e, 3)
    b = propose(e, 3)
    assert [(p.first, p.second, p.table) for p in a.pairs] == [
        (p.first, p.second, p.table) for p in b.pairs
    ]


def test_late_entry_and_withdrawal() -> None:
    e = rated(6).pair_next_round()
    for a, b in ((1, 4), (2, 5), (3, 6)):
        e = win(e, a, b)
    e, late = e.add_player("Late Comer", rating=2500)
    assert late.entered == 2
    e = e.withdraw(2)
    e = e.pair_next_round()
    r2 = e.rounds[1]
    playing = {no for g in r2.games for no in g.participants}
    assert late.no in playing and 2 not in playing
    kinds = {b.no: b.kind for b in r2.byes}
    assert kinds[2] == "absent"
    assert field(e, 2).contestants[0].no == 1  # the late entry starts on 0 points
    assert kinds.get(late.no) is None
    assert {b.no: b.kind for b in e.rounds[0].byes}.get(late.no) is None


def test_skip_a_round_half_bye() -> None:
    e = rated(6).pair_next_round()
    e, notes = edits.skip(e, 2, "half")
    assert notes == [] or all("best" in n for n in notes)
    r1 = e.rounds[0]
    assert {b.no: (b.kind, b.points) for b in r1.byes}[2] == ("half", Fraction(1, 2))
    assert 2 not in {no for g in r1.games for no in g.participants}
    assert len(r1.games) == 2 and any(b.kind == "bye" for b in r1.byes)


def test_provisional_result_then_correction_records_a_float() -> None:
    e = rated(4).pair_next_round()  # 1-3, 2-4
    e = result(e, 1, 3, "1/2-1/2?")
    e = win(e, 2, 4)
    e = e.pair_next_round()  # paired on the provisional draw: 2 (1 point) meets 1 or 3 (½)
    partner = next(next(iter(p - {2})) for p in pairs_of(e, 2) if 2 in p)
    assert partner in (1, 3)
    e = play(e, random.Random(2))
    floats = {c.no: c.floats for c in field(e, 3).contestants}
    other = ({1, 3} - {partner}).pop()
    # on the provisional draw: the partner (½) was drawn up against 2 (1), the other (½) down
    # against 4 (0)
    assert floats[partner] == ((2, 1),) and floats[other] == ((2, -1),)
    # the real result of round 1 (seed 002 2.8.8): the partner of 2 had won, so both games of
    # round 2 were between equal scores; the next pairing knows it
    e = win(e, partner, other, 1)
    floats = {c.no: c.floats for c in field(e, 3).contestants}
    assert floats[partner] == floats[other] == floats[4] == floats[2] == ()


def test_mcmahon_starting_scores_bar_floor_and_corrections() -> None:
    e = Event.create("go", "mcmahon", rounds=4)
    for name, rank in (("A a", "5d"), ("B b", "4d"), ("C c", "1k"), ("D d", "25k")):
        e, _ = e.add_player(name, rank=rank)
    scores = {c.no: c.score for c in field(e, 1).contestants}
    assert scores == {1: 33, 2: 33, 3: 29, 4: 10}  # bar 4d (value 3), floor 20k (value -20)
    assert frozenset({1, 2}) in pairs_of(e.pair_next_round())
    corrected = e.set("mms_corrections", "1:+1,4:+2")
    scores = {c.no: c.score for c in field(corrected, 1).contestants}
    assert scores[1] == 34 and scores[4] == 12
    with pytest.raises(Exception, match="correction"):
        e.set("mms_corrections", "1:+12")


def test_mcmahon_handicap_from_the_scores() -> None:
    e = Event.create("go", "mcmahon", rounds=3).set("handicap", "mms")
    e, _ = e.add_player("Strong One", rank="1d")
    e, _ = e.add_player("Weak One", rank="4k")
    e = e.pair_next_round()
    g = e.rounds[0].games[0]
    # MMS 30 (1d) and 26 (4k): 4 ranks less the correction 1
    assert g.handicap == 3 and g.black == 2 and g.white == 1
    assert g.komi == Fraction(1, 2)


def test_team_and_pair_events() -> None:
    e = Event.create("toguz", "swiss", "team", rounds=3)
    for t in range(4):
        members = []
        for b in range(2):
            e, p = e.add_player(f"T{t}x{b} Player")
            members.append(p.no)
        e, _ = e.add_team(f"Team {t}", members)
    e = e.pair_next_round()
    assert len({g.table for g in e.rounds[0].games}) == 2
    assert len(e.rounds[0].games) == 4  # two boards each
    p = Event.create("go", "swiss", "pair", rounds=3).set("pair_composition", "any")
    for i in range(4):
        p, a = p.add_player(f"M{i} X")
        p, b = p.add_player(f"W{i} X")
        p, _ = p.add_pair(a.no, b.no)
    assert len(p.pair_next_round().rounds[0].games) == 2


def test_opengotha_weights_mode_pairs_and_explains() -> None:
    from arbiter.events.swiss.explain import explain

    e = field_event(12, game="go", system="mcmahon", seed=5, pairing_weights="opengotha")
    e = run(e, 2, seed=5)
    doc = explain(e, 2)
    assert doc["weights"] == "opengotha" and len(doc["pairs"]) == 6
    assert all(p["components"]["totalCost"] > 1 for p in doc["pairs"])
    assert not pairs_of(e, 1) & pairs_of(e, 2)


def test_rematch_only_when_unavoidable() -> None:
    e = rated(2, rounds=3)
    e = run(e, 2)
    assert pairs_of(e, 1) == pairs_of(e, 2) == fs((1, 2))
    doc = propose(e, 3)
    assert doc.solution is not None and doc.solution.stage == "rematch"


def test_forbidden_pairs_that_leave_no_pairing_are_refused() -> None:
    e = rated(2)
    with pytest.raises(PairingError, match="forbidden"):
        propose(e, 1, forbidden=[(1, 2)])


def test_all_rounds_paired() -> None:
    e = run(rated(4, rounds=2), 2)
    with pytest.raises(PairingError, match="complete"):
        e.pair_next_round()


@pytest.mark.parametrize("n", [3, 9, 16])
def test_small_events_every_round(n: int) -> None:
    rng = random.Random(n)
    e = rated(n, rounds=n + 1)
    for number in range(1, n + 2):
        e = play(e.pair_next_round(), rng)
        seen = [no for g in e.round(number).games for no in g.participants]
        seen += [b.no for b in e.round(number).byes]
        assert sorted(seen) == list(range(1, n + 1))


def test_pairing_settings_round_trip_through_the_file() -> None:
    from arbiter.events import document

    e = Event.create("go", "mcmahon", rounds=5)
    for key, value in (
        ("mms_corrections", "1:+1,3:-2"),
        ("pairing_seeding", "random,fold"),
        ("avoid_club", "2"),
        ("avoid_country", "0"),
        ("pairing_weights", "opengotha"),
        ("handicap", "mms"),
    ):
        e = e.set(key, value)
    again = document.loads(document.dumps(e))
    assert again == e
    cfg = again.config
    assert cfg.mms_corrections == {1: 1, 3: -2}
    assert [cfg.pairing_seeding(r) for r in (1, 2, 3)] == [
        "split-and-random",
        "split-and-fold",
        "split-and-fold",
    ]
    assert (cfg.avoid_club, cfg.avoid_country, cfg.pairing_weights) == (2, 0, "opengotha")
    defaults = Event.create("toguz", "swiss").config
    assert (defaults.pairing_seeding(1), defaults.avoid_club, defaults.avoid_country) == (
        "split-and-slip",
        0,
        0,
    )
    with pytest.raises(Exception, match="seeding methods"):
        e.set("pairing_seeding", "zigzag")
