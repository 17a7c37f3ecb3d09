"""Entries: players, pairs, teams, CSV lists, admission rules, withdrawals, late entries."""

from __future__ import annotations

from datetime import date

import pytest

from arbiter.events.entries import import_players
from arbiter.events.errors import EventError, UnknownEntry
from arbiter.events.event import Event
from tests.events.helpers import event_with, play_out


def test_numbers_and_names() -> None:
    e = Event.create("go", "round-robin")
    e, a = e.add_player("Ivanov  Ivan Petrovich", rank="2 dan", club="Spartak", city="Moscow")
    e, b = e.add_player("van der Berg, Jan", rank="5k")
    assert (a.no, a.surname, a.given, str(a.rank)) == (1, "Ivanov", "Ivan Petrovich", "2d")
    assert (b.no, b.surname, b.given) == (2, "van der Berg", "Jan")
    assert e.find("2") == b and e.find("ivanov ivan petrovich") == a and e.find(1) == a
    assert e.find("van der Berg Jan") == b
    with pytest.raises(UnknownEntry, match="no player named"):
        e.find("Petrov")
    with pytest.raises(UnknownEntry, match="number 7"):
        e.find("7")
    with pytest.raises(EventError, match="already entered"):
        e.add_player("Ivanov Ivan Petrovich", club="Spartak", city="Moscow")
    with pytest.raises(EventError, match="out of range"):
        e.add_player("Kim Ji", rank="10d")


def test_toguz_players_have_ratings_not_ranks() -> None:
    with pytest.raises(EventError, match="rating"):
        Event.create("toguz", "round-robin").add_player("Asanov Bakyt", rank="1d")


def test_pair_go_pairs_are_a_man_and_a_woman() -> None:
    e = Event.create("go", "round-robin", "pair")
    e, m = e.add_player("Kim Min", gender="m", rank="3d")
    e, w = e.add_player("Lee Sun", gender="f", rank="1k")
    e, m2 = e.add_player("Park Ho", gender="m", rank="1d")
    with pytest.raises(EventError, match="not entered as a woman"):
        e.add_pair(m.no, m2.no)
    e, pair = e.add_pair("Kim Min", "Lee Sun")
    assert (pair.no, pair.name, pair.members) == (1, "Kim & Lee", (1, 2))
    with pytest.raises(EventError, match="already plays in pair 1"):
        e.add_pair(m2.no, w.no)
    anyone = e.set("pair_composition", "any")
    anyone, p2 = anyone.add_player("Cho Un", gender="m")
    anyone, _ = anyone.add_pair(m2.no, p2.no, "Men")
    with pytest.raises(EventError, match="pair events"):
        Event.create("go", "round-robin").add_pair(1, 2)


def test_pair_go_handicap_from_pair_points() -> None:
    e = Event.create("go", "round-robin", "pair")
    ranks = [("m", "5d"), ("f", "1d"), ("m", "2d"), ("f", "5k")]
    for i, (g, r) in enumerate(ranks):
        e, _ = e.add_player(f"P{i} X", gender=g, rank=r)
    e, _ = e.add_pair(1, 2)  # (5 + 1) / 2 = 3 points
    e, _ = e.add_pair(3, 4)  # (2 - 4) / 2 = -1 point: 4 stones (spec pair-go.md table)
    g = e.pair_next_round().rounds[0].games[0]
    assert (g.black, g.white, g.handicap, g.komi) == (2, 1, 4, 0)


def test_teams() -> None:
    e = Event.create("toguz", "round-robin", "team")
    for i in range(5):
        e, _ = e.add_player(f"Player{i} X")
    e, t = e.add_team("Bishkek", ["1", "Player1 X"], reserves=["3"])
    assert (t.no, t.players, t.reserves) == (1, (1, 2), (3,))
    with pytest.raises(EventError, match="already plays for Bishkek"):
        e.add_team("Osh", [3, 4])
    with pytest.raises(EventError, match="twice"):
        e.add_team("Osh", [4, 4])


def test_import_players_all_or_nothing() -> None:
    e = Event.create("go", "round-robin")
    text = (
        "name,rank,rating,club,country,gender,born\n"
        "Lee Chang,5d,2500,Seoul,KR,m,1990-01-02\nPark Su,1k,,,KR,f,\n"
    )
    _, added = import_players(e, text)
    assert [(p.no, p.name, str(p.rank), p.rating, p.country, p.gender) for p in added] == [
        (1, "Lee Chang", "5d", 2500, "KR", "m"),
        (2, "Park Su", "1k", None, "KR", "f"),
    ]
    assert added[0].born == date(1990, 1, 2)
    with pytest.raises(EventError, match=r"line 3: .*rank"):
        import_players(e, "name,rank\nA B,1d\nC D,99k\n")
    with pytest.raises(EventError, match="unknown column"):
        import_players(e, "name,strength\nA B,1\n")


def test_age_category_and_gender_admission() -> None:
    e = Event.create("toguz", "round-robin").set("age_category", "12-15")
    with pytest.raises(EventError, match="start="):
        e.add_player("Young One", born="2012-05-01")
    e = e.set("start", "2025-10-10")  # season 2025/26 ends 2026-08-31
    e, _ = e.add_player("Young One", born="2012-05-01")  # 14 by the end of the season
    with pytest.raises(EventError, match="not in the age category"):
        e.add_player("Too Old", born="2010-01-01")  # 16
    with pytest.raises(EventError, match="not in the age category"):
        e.set("age_category", "9-11")  # the entered player would not fit
    women = Event.create("toguz", "round-robin").set("gender", "f")
    with pytest.raises(EventError, match="for women"):
        women.add_player("Asanov Bakyt", gender="m")
    Event.create("toguz", "round-robin").set("gender", "m").add_player("Bekova Aida", gender="f")


def test_withdrawal_forfeits_remaining_round_robin_games() -> None:
    e = event_with("toguz", "round-robin", 4).pair_next_round()
    e = e.record_result(1, 1, None, "1-0").record_result(1, 2, None, "0-1")
    e = e.withdraw("1")
    assert e.player(1).withdrawn == 2
    e = e.pair_next_round()
    game = e.rounds[1].games_of(1)[0]
    assert (
        game.result is not None and not game.result.played and game.result.winner != game.side_of(1)
    )
    with pytest.raises(EventError, match="already withdrawn"):
        e.withdraw(1)
    with pytest.raises(EventError, match="played in round 1"):
        e.withdraw(2, from_round=1)


def test_late_entries_only_where_the_system_allows() -> None:
    e = event_with("toguz", "knockout", 4).pair_next_round()
    with pytest.raises(EventError, match="late entries"):
        e.add_player("Late Comer")
    swiss = Event.create("toguz", "swiss")
    swiss, _ = swiss.add_player("A B")
    from dataclasses import replace

    from arbiter.events.rounds import Round

    swiss = replace(swiss, rounds=(Round(1),))
    swiss, late = swiss.add_player("Late Comer")
    assert late.entered == 2


def test_swiss_and_mcmahon_need_their_number_of_rounds() -> None:
    from arbiter.events.errors import PairingError

    for system in ("swiss", "mcmahon"):
        e = event_with("go", system, 4)  # type: ignore[arg-type]
        with pytest.raises(PairingError, match="set the number of rounds"):
            e.pair_next_round()
        assert len(e.set("rounds", "3").pair_next_round().rounds[0].games) == 2
    with pytest.raises(EventError, match="McMahon is a Go system"):
        Event.create("toguz", "mcmahon")


def test_unpair_last_round() -> None:
    e = event_with("go", "round-robin", 4).pair_next_round()
    assert e.unpair_last_round().rounds == ()
    e = e.record_result(1, 1, None, "B+R")
    with pytest.raises(EventError, match="cannot be unpaired"):
        e.unpair_last_round()
    assert len(play_out(event_with("go", "round-robin", 3)).rounds) == 3
