"""Corrections of the entries: deleting an entry that has taken no part, merging a player
entered twice, renaming pairs and teams — and the pairings and standings unchanged."""

from __future__ import annotations

from datetime import date

import pytest

from arbiter.events.corrections import delete_entry, first_use, merge_players, rename_pair
from arbiter.events.document import from_document, to_document
from arbiter.events.errors import EventError, UnknownEntry
from arbiter.events.event import Event
from arbiter.events.integrity import check


def swiss(players: int = 4) -> Event:
    event = Event.create("toguz", "swiss", rounds=3)
    for i in range(players):
        event, _ = event.add_player(f"Player{i} Test", rating=1800 - 10 * i)
    return event


def test_delete_before_round_one_leaves_the_other_numbers() -> None:
    event, gone = delete_entry(swiss(), "player", 2)
    assert gone.name == "Player1 Test"
    assert [p.no for p in event.players] == [1, 3, 4]
    check(event)
    assert from_document(to_document(event)) == event
    paired = event.pair_next_round().rounds[0]
    seen = {n for g in paired.games for n in g.participants} | {b.no for b in paired.byes}
    assert seen == {1, 3, 4}


def test_an_entry_that_played_cannot_be_deleted_only_withdrawn() -> None:
    event = swiss().pair_next_round()
    with pytest.raises(EventError, match=r"paired in round 1.*only withdrawn"):
        delete_entry(event, "player", 1)
    assert first_use(event, "player", 1) is not None
    with pytest.raises(UnknownEntry):
        delete_entry(event, "player", 9)


def test_a_late_entry_not_yet_paired_can_be_deleted_and_an_absent_bye_goes_with_it() -> None:
    event = swiss(4).withdraw(4, 1).pair_next_round()
    assert any(b.no == 4 and b.kind == "absent" for b in event.rounds[0].byes)
    event, late = event.add_player("Late Comer")
    assert late.entered == 2
    standings = [(r.no, r.points) for r in event.standings().rows if r.no != 5]
    event, _ = delete_entry(event, "player", 5)
    event, _ = delete_entry(event, "player", 4)
    assert [p.no for p in event.players] == [1, 2, 3]
    assert all(b.no != 4 for b in event.rounds[0].byes)
    assert [(r.no, r.points) for r in event.standings().rows] == [s for s in standings if s[0] != 4]
    check(event)


def test_a_player_of_a_pair_is_deleted_after_the_pair() -> None:
    event = Event.create("go", "round-robin", "pair")
    event, _ = event.add_player("Lee Chang", gender="m")
    event, _ = event.add_player("Kim Ji", gender="f")
    event, pair = event.add_pair(1, 2)
    with pytest.raises(EventError, match="plays in the pair"):
        delete_entry(event, "player", 1)
    renamed, new = rename_pair(event, pair.no, "  Seoul   Stars ")
    assert new.name == "Seoul Stars"
    event, _ = delete_entry(renamed, "pair", pair.no)
    event, _ = delete_entry(event, "player", 1)
    assert ([p.no for p in event.players], event.pairs) == ([2], ())


def test_merge_keeps_the_one_that_played_and_fills_its_empty_fields() -> None:
    event = swiss(4).pair_next_round()
    event, late = event.add_player(
        "Player0, Test", club="Bishkek", born="2001-02-03", rating=1750, ids=(("fide", "123"),)
    )
    before = [(r.no, r.points) for r in event.standings().rows if r.no != late.no]
    merged, kept = merge_players(event, late.no, 1)  # the URL names the late one first
    assert kept.no == 1 and kept.rating == 1800  # the one that played, its own rating
    assert (kept.club, kept.born, kept.id_in("fide")) == ("Bishkek", date(2001, 2, 3), "123")
    assert [p.no for p in merged.players] == [1, 2, 3, 4]
    assert merged.rounds == event.rounds
    assert [(r.no, r.points) for r in merged.standings().rows] == before
    _, kept = merge_players(event, 1, late.no, take=("rating",))
    assert (kept.no, kept.rating, kept.club) == (1, 1750, "Bishkek")  # chosen from the other


def test_merge_of_two_that_played_is_refused() -> None:
    event = swiss(4).pair_next_round()
    with pytest.raises(EventError, match="both take part"):
        merge_players(event, 1, 2)
    with pytest.raises(EventError, match="itself"):
        merge_players(event, 1, 1)
    with pytest.raises(EventError, match="unknown field"):
        merge_players(swiss(), 1, 2, take=("shoe size",))
