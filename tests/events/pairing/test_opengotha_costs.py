"""The OpenGotha-compatible cost mode reproduces OpenGotha's own cost dumps, part by part.

Every pair of every dumped round of the test tournaments (Swiss and McMahon): the nine parts
and the total must be those OpenGotha wrote.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.events.event import Event
from arbiter.events.swiss.opengotha_costs import (
    PARTS,
    OpenGothaParameters,
    cost_parts,
    fill_pairing_info,
    scored_players,
)
from tests.events.pairing.opengotha_files import DUMPED, ROOT, dumps, load, read_dump


@pytest.mark.parametrize("name", DUMPED)
def test_every_part_of_every_pair(name: str) -> None:
    t = load(name)
    by_name = {p.name: p.no for p in t.event.players}
    rounds = dumps(name)
    assert rounds, f"no dumps for {name}"
    checked = 0
    for number, path in rounds:
        before = replace(t.event, rounds=t.event.rounds[: number - 1])
        players = scored_players(before, t.params)
        fill_pairing_info(players, number, t.params, t.present_in(number))
        for block in read_dump(path):
            a, b = by_name[block["Player1Name"]], by_name[block["Player2Name"]]
            got = cost_parts(players[a], players[b], number, t.params)
            expected = {k: int(block[k]) for k in (*PARTS, "totalCost")}
            assert got == expected, (number, block["Player1Name"], block["Player2Name"])
            checked += 1
    assert checked > 100


def test_weights_only_dump_of_round_one() -> None:
    t = load("simpleswiss")
    by_name = {p.name: p.no for p in t.event.players}
    before = replace(t.event, rounds=())
    players = scored_players(before, t.params)
    fill_pairing_info(players, 1, t.params, t.present_in(1))
    blocks = read_dump(ROOT / "simpleswiss_weightsonly_R1.txt")
    assert len(blocks) == 496
    for block in blocks:
        a, b = by_name[block["Player1Name"]], by_name[block["Player2Name"]]
        assert cost_parts(players[a], players[b], 1, t.params)["totalCost"] == int(
            block["totalCost"]
        )


def strong_pairs(weights: str) -> tuple[Event, dict[str, int]]:
    """Four 5-dan players (above the bar: OpenGotha's thresholds) of two countries, seeded so
    that split-and-slip pairs compatriots, paired with ``pairing_weights=weights``; and the
    geographical cost of the two French players."""
    e = Event.create("go", "mcmahon", rounds=3).set("pairing_seeding", "slip")
    e = e.set("bar", "3d").set("pairing_weights", weights)
    for i, country in enumerate(("FR", "DE", "FR", "DE")):
        e, _ = e.add_player(f"P{i + 1} X", rank="5d", rating=2600 - 10 * i, country=country)
    params = OpenGothaParameters.for_event(e)
    players = scored_players(e, params)
    fill_pairing_info(players, 1, params, [1, 2, 3, 4])
    return e.pair_next_round(), cost_parts(players[1], players[3], 1, params)


def test_geography_by_version() -> None:
    """OpenGotha 3.52 gives players above the thresholds the whole geographical weight (the
    compatriots meet as seeded); 3.51.02 keeps the same cost for every pair (they are kept
    apart). ``opengotha`` is 3.52; below the thresholds both versions agree."""
    e52, parts52 = strong_pairs("opengotha-3.52")
    e51, parts51 = strong_pairs("opengotha-3.51")
    alias, parts = strong_pairs("opengotha")
    geo = OpenGothaParameters.for_event(e52).geo
    assert parts52["secGeoCost"] == geo > parts51["secGeoCost"]
    assert parts == parts52
    countries = {p.no: p.country for p in e52.players}

    def compatriots(e: Event) -> int:
        return sum(countries[g.black] == countries[g.white] for g in e.rounds[0].games)

    assert compatriots(e52) == compatriots(alias) == 2
    assert compatriots(e51) == 0
    weak = Event.create("go", "mcmahon", rounds=3)
    for i, country in enumerate(("FR", "FR")):
        weak, _ = weak.add_player(f"W{i} X", rank="10k", country=country)
    costs = []
    for version in ("3.51", "3.52"):
        params = replace(OpenGothaParameters.for_event(weak), geo_version=version)
        players = scored_players(weak, params)
        fill_pairing_info(players, 1, params, [1, 2])
        costs.append(cost_parts(players[1], players[2], 1, params)["secGeoCost"])
    assert costs[0] == costs[1] < geo


def test_the_versions_are_settings() -> None:
    e = Event.create("go", "mcmahon", rounds=3)
    assert e.config.opengotha_version is None
    assert e.set("pairing_weights", "opengotha").config.opengotha_version == "3.52"
    assert e.set("pairing_weights", "opengotha-3.51").config.opengotha_version == "3.51"
    assert e.set("pairing_weights", "OpenGotha-3.52").config.opengotha_version == "3.52"
