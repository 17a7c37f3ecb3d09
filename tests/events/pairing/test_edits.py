"""Explaining a round, and editing a proposed round by hand (swap, force, forbid, skip)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arbiter.cli import main
from arbiter.events.errors import EventError, PairingError
from arbiter.events.event import Event
from arbiter.events.swiss import edits
from arbiter.events.swiss.explain import explain, render
from tests.events.pairing.helpers import field_event, meetings, play, run


def eight() -> Event:
    e = Event.create("toguz", "swiss", rounds=4)
    for i in range(8):
        e, _ = e.add_player(f"P{i + 1} X", rating=2400 - 10 * i, club="A" if i < 2 else "")
    return e.pair_next_round()  # 1-5 2-6 3-7 4-8


def test_explain_is_plain_data_with_every_pair() -> None:
    e = run(field_event(11, seed=4), 2, seed=4)
    doc = explain(e, 2)
    assert json.loads(json.dumps(doc)) == doc  # JSON-serialisable as it is
    assert doc["optimal"] is True and doc["total"] == doc["best"]
    assert len(doc["pairs"]) == 5 and doc["bye"] is not None
    assert {c["name"] for c in doc["components"]} >= {"rematch", "score_difference", "seeding"}
    pair = doc["pairs"][0]
    assert pair["table"] == 1 and set(pair) >= {"first", "second", "components", "tiers"}
    text = render(doc)
    assert "table 1:" in text and "bye:" in text and "best pairing" in text


def test_explain_refuses_other_systems_and_unpaired_rounds() -> None:
    rr = Event.create("toguz", "round-robin")
    for n in ("A a", "B b"):
        rr, _ = rr.add_player(n)
    with pytest.raises(EventError, match="Swiss and McMahon"):
        explain(rr.pair_next_round(), 1)
    with pytest.raises(EventError, match="not paired"):
        explain(eight(), 2)


def test_swap_exchanges_places_and_warns() -> None:
    e = eight()
    e, notes = edits.swap(e, 5, 6)
    assert meetings(e, 1) == {frozenset(p) for p in ((1, 6), (2, 5), (3, 7), (4, 8))}
    assert any("not the best pairing" in n for n in notes)
    e, notes = edits.swap(e, 6, 2)
    assert frozenset((1, 2)) in meetings(e, 1)
    assert any("same club" in n for n in notes) is False  # avoid_club is off by default


def test_force_pairs_the_former_opponents() -> None:
    e, notes = edits.force(eight(), 1, 2)
    assert meetings(e, 1) == {frozenset(p) for p in ((1, 2), (5, 6), (3, 7), (4, 8))}
    again, notes = edits.force(e, 1, 2)
    assert again == e and "already meet" in notes[0]


def test_forbid_repairs_and_keeps_hand_made_pairs() -> None:
    e, _ = edits.force(eight(), 3, 4)  # 3-4 and 7-8 made by hand
    e, notes = edits.forbid(e, 1, 5)
    pairs = meetings(e, 1)
    assert frozenset((1, 5)) not in pairs
    assert frozenset((3, 4)) in pairs and frozenset((7, 8)) in pairs
    same, notes = edits.forbid(e, 1, 8)
    assert same == e and "do not meet" in notes[0]


def test_skip_gives_the_bye_asked_for() -> None:
    e, notes = edits.skip(eight(), 8)
    r1 = e.rounds[0]
    assert {b.no: b.kind for b in r1.byes}[8] == "zero"
    assert any(b.kind == "bye" for b in r1.byes) and len(r1.games) == 3
    e, notes = edits.skip(e, 8)
    assert "already skips" in notes[0]


def test_warnings_name_the_broken_rule() -> None:
    e = play(eight(), random.Random(1)).pair_next_round()
    first = next(iter(meetings(e, 1)))
    a, b = sorted(first)
    e, notes = edits.force(e, a, b)
    assert any("have already met" in n for n in notes)


def test_edits_are_refused_once_played_or_in_other_systems() -> None:
    e = play(eight(), random.Random(2))
    with pytest.raises(PairingError, match="no longer be edited"):
        edits.swap(e, 1, 2)
    rr = Event.create("toguz", "round-robin")
    for n in ("A a", "B b", "C c", "D d"):
        rr, _ = rr.add_player(n)
    with pytest.raises(PairingError, match="Swiss and McMahon"):
        edits.swap(rr.pair_next_round(), 1, 2)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(["event", *args])
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "cup.json")
    assert _run(capsys, "new", "--file", f, "--game", "go", "--system", "mcmahon")[0] == 0
    for i, rank in enumerate(["3d", "1d", "1k", "3k", "5k", "8k"]):
        assert _run(capsys, "add", "--file", f, "--name", f"P{i} X", "--rank", rank)[0] == 0
    _run(capsys, "set", "--file", f, "rounds=4")
    assert _run(capsys, "pair", "--file", f)[0] == 0
    code, out, _ = _run(capsys, "explain", "--file", f)
    assert code == 0 and "table 1:" in out
    code, out, _ = _run(capsys, "explain", "--file", f, "--round", "1", "--format", "json")
    assert json.loads(out)["round"] == 1
    code, out, _ = _run(capsys, "force", "--file", f, "1", "6")
    assert code == 0 and "1 and 6 meet" in out and "warning:" in out
    code, out, _ = _run(capsys, "swap", "--file", f, "1", "2")
    assert code == 0
    code, out, _ = _run(capsys, "forbid", "--file", f, "2", "6")
    assert code == 0 and "no longer meet" in out
    code, out, _ = _run(capsys, "skip", "--file", f, "P5 X", "--half")
    assert code == 0 and "skips round 1" in out
    before = Path(f).read_bytes()
    code, _, err = _run(capsys, "explain", "--file", f, "--round", "3")
    assert code == 2 and err.startswith("arbiter: ") and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "swap", "--file", f, "1", "99")
    assert code == 2 and "99" in err and Path(f).read_bytes() == before
