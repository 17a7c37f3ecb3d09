"""The event document: exact round trips, versioning, clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arbiter.events.document import SCHEMA, dumps, load, loads, save, to_document
from arbiter.events.errors import DocumentError
from arbiter.events.event import Event
from tests.events.helpers import event_with, play_out


def rich_event() -> Event:
    e = Event.create("toguz", "knockout", "team", draw_lots=9, name="Кубок")
    e = e.set("third_place", "yes").set("time_control", "60m").set("tiebreaks", "MP,KLG")
    for t in range(3):
        members = []
        for b in range(3):
            e, p = e.add_player(
                f"Игрок{t}{b} Тест", born="2001-02-03", country="kg", medical=True, rating=1500 + t
            )
            members.append(p.no)
        e, _ = e.add_team(f"Команда {t}", members[:2], reserves=members[2:])
    e = e.pair_next_round()
    e = e.set_lineup(1, e.rounds[0].games[0].black, [None, "-"], override=True)
    e = e.warn(1, 1, "разговор")
    return e


def test_round_trip_is_exact() -> None:
    for e in (
        rich_event(),
        play_out(event_with("go", "double-round-robin", 5), rng=random.Random(1)),
    ):
        text = dumps(e)
        again = loads(text)
        assert again == e
        assert dumps(again) == text
    doc = to_document(rich_event())
    assert doc["schema"] == SCHEMA == 1
    assert doc["type"] == "arbiter-event"
    assert doc["draw"]["seed"] == 9  # type: ignore[index]
    assert doc["settings"]["third_place"] is True  # type: ignore[index]
    assert "Кубок" in dumps(rich_event())  # UTF-8, not escaped


def test_save_and_load(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    e = rich_event()
    save(path, e)
    assert load(path) == e
    assert [p.name for p in tmp_path.iterdir()] == ["event.json"]  # no temporary file left


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(schema=2), "schema 1"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d["settings"].update(komi=7), "settings.komi: not a setting of toguz"),
        (lambda d: d["settings"].update(nonsense=1), "unknown setting"),
        (
            lambda d: d["players"][0].update(rank="1d"),
            "player 1: Toguz Korgool players have no Go rank",
        ),
        (lambda d: d["players"][0].update(born="yesterday"), "players\\[0\\]"),
        (lambda d: d["players"][0].update(no="one"), "players\\[0\\].no"),
        (lambda d: d["rounds"][0]["games"][0].update(result="1-1"), "rounds\\[0\\].games\\[0\\]"),
        (lambda d: d["rounds"][0]["games"][0].update(black=99), "participant 99 is not entered"),
        (lambda d: d["rounds"][0].update(number=5), "number must be 1"),
        (lambda d: d["teams"][0].update(players=[1, 77]), "player 77"),
        (
            lambda d: d["rounds"][0]["byes"].append({"no": 1, "kind": "holiday", "points": 0}),
            "kind",
        ),
    ],
)
def test_bad_documents_are_refused_with_the_path(change, message: str) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(dumps(rich_event()))
    change(doc)
    with pytest.raises(DocumentError, match=message):
        loads(json.dumps(doc))


def test_not_json_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="not valid JSON"):
        loads("{")
    with pytest.raises(DocumentError, match="no such event file"):
        load(tmp_path / "missing.json")


def test_the_documented_example_reads() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "event-file.md"
    text = doc.read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    event = loads(example)
    assert event.player(1).name == "Asanov Bakyt" and event.config.korgools_required
    assert json.loads(dumps(event)) == json.loads(example)
    assert str(event.rounds[0].games[0].result) == "1(82)-0(60)"
