"""Replaying the OpenGotha test tournaments: round N paired again from rounds 1…N−1 with
OpenGotha's cost function is never worse, under that function, than the pairing OpenGotha made
(the full report: ``python bench/pairing.py --replay``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.events.formats.opengotha import opengotha_parameters, read_opengotha
from arbiter.events.swiss.opengotha_costs import OpenGothaParameters
from arbiter.events.swiss.replay import replay
from tests.conftest import DATA

FILES = sorted(
    p
    for p in [
        *(DATA / "opengotha" / "pairgoth-tests").rglob("*.xml"),
        *(DATA / "opengotha" / "opengotha-repo").glob("*.xml"),
    ]
    if "malavasi" not in p.name and "equipe" not in p.name  # malavasi: bench/pairing.py
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replay_is_never_worse_under_opengothas_costs(path: Path) -> None:
    event = read_opengotha(path)
    if not event.rounds:
        pytest.skip("no round paired in this file")
    params = OpenGothaParameters.from_file(opengotha_parameters(path))
    for r in replay(event, params, arbiter=False):
        assert r.our_cost >= r.stored_cost, f"round {r.number}"
        assert 0 <= r.agree <= r.pairs


def test_replay_finds_opengothas_own_pairings() -> None:
    # simpleswiss: OpenGotha's pairing is the unique best one in every round
    path = DATA / "opengotha" / "pairgoth-tests" / "pairings" / "simpleswiss.xml"
    event = read_opengotha(path)
    params = OpenGothaParameters.from_file(opengotha_parameters(path))
    report = replay(event, params, arbiter=False)
    assert [(r.agree, r.pairs) for r in report] == [(16, 16)] * 7
    assert all(r.our_cost == r.stored_cost for r in report)
