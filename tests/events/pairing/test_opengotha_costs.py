"""The OpenGotha-compatible cost mode reproduces OpenGotha's own cost dumps, part by part.

Every pair of every dumped round of the test tournaments (Swiss and McMahon): the nine parts
and the total must be those OpenGotha wrote.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter.events.swiss.opengotha_costs import (
    PARTS,
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
