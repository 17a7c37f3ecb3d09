"""Every game-record reader under hostile input: SGF, Toguz Korgool text (the federation's
notation, PlayOK's export), the JSON game record, move notation, positions. Each either reads
its input or refuses it with an ArbiterError on one line, in bounded time: random bytes and
text, mutations of real records, and hand-made attacks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.games.toguz import Position
from arbiter.games.toguz.notation import parse_move
from arbiter.records.game_json import from_json_unchecked, read_json, write_json
from arbiter.records.playstrategy import from_playstrategy
from arbiter.records.sgf import read_sgf
from arbiter.records.toguz_record import record_from_moves
from arbiter.records.toguz_text import read_games
from tests.conftest import DATA
from tests.hostile import (
    ANY_TEXT,
    DEEP,
    FEW,
    HUGE,
    bad_unicode,
    encodings,
    mutated,
    read_or_refuse,
)

FIXTURES = Path(__file__).parent / "fixtures"
SGF_SAMPLES = [p.read_bytes() for p in sorted(FIXTURES.glob("*.sgf"))]
PLAYOK = sorted((DATA / "toguz" / "playok").glob("*.txt"))
TEXT_SAMPLES = [(FIXTURES / "federation.txt").read_bytes()] + [
    p.read_bytes()[:3000] for p in PLAYOK[:3]
]
_GAME = record_from_moves(Position.initial(), [7, 8, 9, 1, 2], {"White": "Asanov Bakyt"})
JSON_SAMPLES = [write_json(_GAME).encode()]


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _json(data: Any) -> object:
    return read_json(data if isinstance(data, str) else _text(data))


def _games(data: Any) -> object:
    return read_games(data if isinstance(data, str) else _text(data))


READERS = {
    "sgf": lambda data: read_sgf(data),
    "toguz text": _games,
    "json record": _json,
    "json record unchecked": lambda data: from_json_unchecked(
        data if isinstance(data, str) else _text(data)
    ),
}


TEXT_READERS = {
    **READERS,
    "move": parse_move,
    "FEN": Position.from_fen,
    "PlayStrategy": from_playstrategy,
}


@pytest.mark.parametrize("name", sorted(READERS))
@FEW
@given(data=st.binary(max_size=3000))
def test_random_bytes(name: str, data: bytes) -> None:
    read_or_refuse(READERS[name], data)


@pytest.mark.parametrize("name", sorted(TEXT_READERS))
@FEW
@given(text=ANY_TEXT)
def test_random_text(name: str, text: str) -> None:
    read_or_refuse(TEXT_READERS[name], text)


@FEW
@given(data=mutated(SGF_SAMPLES))
def test_mutated_sgf(data: bytes) -> None:
    read_or_refuse(read_sgf, data)


@FEW
@given(data=mutated(TEXT_SAMPLES))
def test_mutated_toguz_text(data: bytes) -> None:
    read_or_refuse(_games, data)


@FEW
@given(data=mutated(JSON_SAMPLES))
def test_mutated_json_record(data: bytes) -> None:
    read_or_refuse(_json, data)


# -- hand-made attacks ----------------------------------------------------------------------------

_JSON_HEAD = '{"format": "arbiter-game", "version": 1, "game": "toguz", '
_MOVE = '{"move": "76", "pit": 7}'
SGF_ATTACKS = {
    "deep variations": b"(;GM[1]SZ[19]" + b"(;B[aa]" * DEEP + b")" * (DEEP + 1),
    "deep variations, unclosed": b"(;GM[1]SZ[19]" + b"(;W[bb]" * DEEP,
    "many nodes": b"(;GM[1]SZ[19]" + b";B[aa];W[bb]" * 60_000 + b")",
    "many moves": b"(;GM[1]SZ[19]" + b";B[]" * 20_000 + b")",
    "huge comment": b"(;GM[1]SZ[19]C[" + b"x" * HUGE + b"];B[aa])",
    "escapes": b"(;GM[1]SZ[19]C[" + b"\\]" * HUGE + b"])",
    "unterminated value": b"(;GM[1]SZ[19]C[" + b"\\" * HUGE,
    "brackets": b"[" * HUGE,
    "parentheses": b"(" * HUGE,
    "NUL": b"(;GM[1]SZ[19]PB[\x00\x00];B[aa])",
    "huge size": b"(;GM[1]SZ[999999999999])",
}
TEXT_ATTACKS = {
    "many moves": "1. " + " ".join(["76", "87"] * 60_000),
    "huge tag": '[White "' + "x" * HUGE + '"]\n1. 76 *',
    "unclosed tag": '[White "' + "x" * HUGE,
    "unclosed comment": "1. 76 {" + "x" * HUGE,
    "braces": "{" * HUGE,
    "brackets": "[" * HUGE,
    "huge word": "9" * HUGE,
    "huge number": "1" * HUGE + ". 76",
    "many games": '[White "a"]\n1. 76 *\n' * 20_000,
    "huge FEN": '[FEN "' + "9," * HUGE + '"]\n1. 76 *',
}
JSON_ATTACKS = {
    "deep arrays": "[" * DEEP,
    "deep objects": '{"a":' * DEEP,
    "deep moves": _JSON_HEAD + '"moves": ' + "[" * DEEP + "]" * DEEP + "}",
    "deep tags": _JSON_HEAD + '"tags": ' + '{"a":' * DEEP + "1" + "}" * DEEP + "}",
    "many moves": _JSON_HEAD + '"moves": [' + ",".join([_MOVE] * 100_000) + "]}",
    "huge move": _JSON_HEAD + '"moves": [{"move": "' + "7" * HUGE + '"}]}',
    "huge result": _JSON_HEAD + '"result": {"text": "' + "1" * HUGE + '"}}',
    "escaped quotes": '"' + '\\"' * HUGE,
    "huge number": _JSON_HEAD + '"version": ' + "9" * HUGE + "}",
    "wrong types": _JSON_HEAD + '"start": [1], "moves": [{"move": "76", "comment": {}}]}',
    "huge start": _JSON_HEAD + '"start": "' + "9," * HUGE + '"}',
    "odd digits": _JSON_HEAD + '"start": "²,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 w 0/0 -/- 1"}',
}


@pytest.mark.parametrize("name", sorted(SGF_ATTACKS))
def test_sgf_attacks(name: str) -> None:
    read_or_refuse(read_sgf, SGF_ATTACKS[name])


def test_deeply_nested_variations_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="nest deeper than 1000 levels"):
        read_sgf(SGF_ATTACKS["deep variations"])
    with pytest.raises(ValueError, match="more than 50000 nodes"):
        read_sgf(SGF_ATTACKS["many nodes"])


@pytest.mark.parametrize("name", sorted(TEXT_ATTACKS))
def test_toguz_text_attacks(name: str) -> None:
    read_or_refuse(read_games, TEXT_ATTACKS[name])


@pytest.mark.parametrize("name", sorted(JSON_ATTACKS))
def test_json_record_attacks(name: str) -> None:
    read_or_refuse(read_json, JSON_ATTACKS[name])
    read_or_refuse(from_json_unchecked, JSON_ATTACKS[name])


def test_records_with_too_many_moves_are_refused() -> None:
    for read, data in (
        (read_games, TEXT_ATTACKS["many moves"]),
        (read_json, JSON_ATTACKS["many moves"]),
        (read_sgf, b"(;GM[1]SZ[19]" + b";B[];W[]" * 2600 + b")"),
    ):
        with pytest.raises(ValueError, match="at most 5000 moves"):
            read(data)


@pytest.mark.parametrize("name", ["sgf", "toguz text", "json record"])
def test_bad_unicode_and_encodings(name: str) -> None:
    read = READERS[name]
    sample = {
        "sgf": SGF_SAMPLES[-1].decode("utf-8", "replace"),
        "toguz text": TEXT_SAMPLES[0].decode(),
        "json record": JSON_SAMPLES[0].decode(),
    }[name]
    for data in [*bad_unicode(sample), *encodings(sample)]:
        read_or_refuse(read, data)


def test_playstrategy_runs_of_empty_pits_are_bounded() -> None:
    # a run of a billion empty pits would be a list of a billion zeros
    read_or_refuse(from_playstrategy, "1000000000/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1")
    read_or_refuse(from_playstrategy, "9S," * HUGE)
