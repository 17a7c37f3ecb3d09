"""The JSON game record: round trips, what it holds, and refusals."""

from __future__ import annotations

import json

import pytest

from arbiter.games.toguz import Position
from arbiter.records.game_json import read_json, to_document, write_json
from arbiter.records.toguz_record import GameResult, RecordError, record_from_moves


def finished_game() -> list[int]:
    import random

    rng = random.Random(3)
    p, pits = Position.initial(), []
    while not p.is_over:
        pit = rng.choice(p.legal_moves())
        pits.append(pit)
        p = p.play(pit)
    return pits


def test_round_trip_of_a_finished_game_with_clocks() -> None:
    pits = finished_game()
    clocks = [3600.0 - i for i in range(len(pits))]
    rec = record_from_moves(
        Position.initial(),
        pits,
        {
            "White": "Асанов Бакыт",
            "Black": "Токтогулов Нурлан",
            "Event": "Кубок",
            "Round": "2",
            "Date": "2026-05-01",
            "WhiteElo": "1650",
        },
        clocks=clocks,
    )
    text = write_json(rec)
    assert read_json(text) == rec
    doc = json.loads(text)
    assert doc["white"] == {"name": "Асанов Бакыт", "rating": 1650}
    assert doc["event"] == "Кубок" and doc["round"] == "2"
    assert doc["moves"][0]["clock"] == 3600.0
    assert doc["result"]["korgools"] == list(rec.result.korgools)  # type: ignore[union-attr]
    assert doc["result"]["termination"] in ("kazan", "atsyz-kalu", "draw-81")


def test_resignation_and_start_position_and_time_control() -> None:
    start = Position.initial().play(7)
    rec = record_from_moves(start, [8, 9], result=GameResult("white"))
    rec = type(rec)(
        **{**{f: getattr(rec, f) for f in rec.__dataclass_fields__}, "time_control": "60m"}
    )
    doc = to_document(rec)
    assert doc["start"] == start.fen()
    assert doc["time_control"] == "60m"
    assert doc["result"]["termination"] is None
    assert read_json(write_json(rec)) == rec


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "must be an object"),
        ('{"format": "x"}', '"format"'),
        ('{"format": "arbiter-game", "version": 9}', "unsupported version"),
        ('{"format": "arbiter-game", "version": 1, "game": "go"}', "Toguz Korgool"),
        (
            '{"format": "arbiter-game", "version": 1, "game": "toguz", "moves": [{"move": "7"}]}',
            "not a move",
        ),
        (
            '{"format": "arbiter-game", "version": 1, "game": "toguz", "moves": [{"move": "75"}]}',
            "lands in pit 6",
        ),
        (
            '{"format": "arbiter-game", "version": 1, "game": "toguz", "moves": [],'
            ' "result": {"text": "2-0"}}',
            "not a result",
        ),
    ],
)
def test_bad_documents(doc: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read_json(doc)
