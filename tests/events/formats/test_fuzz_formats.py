"""Every reader of events and entries under hostile input: OpenGotha XML, FIDE TRF, CSV player
lists, the JSON event file. Each reads its input or refuses it with an ArbiterError on one line,
in bounded time; the limits of the API (arbiter.limits) hold on every path; XML entity bombs
and external entities are refused whatever the encoding."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.errors import ArbiterError
from arbiter.events.document import dumps, loads
from arbiter.events.entries import import_players
from arbiter.events.event import Event
from arbiter.events.formats.opengotha import import_opengotha, write_opengotha
from arbiter.events.formats.trf import import_trf, write_trf
from arbiter.events.participants import Player
from tests.conftest import DATA
from tests.events.formats.strategies import events
from tests.hostile import (
    ANY_TEXT,
    DEEP,
    FEW,
    HUGE,
    bad_unicode,
    encodings,
    mutated,
    read_or_refuse,
    xml_attacks,
)

REPO = DATA / "opengotha" / "opengotha-repo"
OPENGOTHA_SAMPLES = [
    (REPO / name).read_bytes()
    for name in ("tournamentshortname.xml", "CdFA2020-v5.xml", "TournoiChinois.xml")
]
TRF_SAMPLES = [(DATA / "swiss" / "p50c.trf").read_bytes()[:6000]]
CSV_SAMPLE = (
    "name,rank,rating,club,country,gender,born,medical\n"
    "Lee Chang,5d,2400,Seoul,KR,m,1990-01-02,yes\n"
    '"van der Berg, Jan",1k,,Amsterdam,NL,m,,no\n'
)


def _opengotha(data: Any) -> object:
    return import_opengotha(data if isinstance(data, bytes) else data.encode("utf-8", "replace"))


def _trf(data: Any) -> object:
    return import_trf(data if isinstance(data, bytes) else data.encode("utf-8", "replace"))


def _csv(data: Any) -> object:
    text = data if isinstance(data, str) else data.decode("utf-8", "replace")
    return import_players(Event.create("go", "mcmahon"), text)


def _event_file(data: Any) -> object:
    return loads(data if isinstance(data, str) else data.decode("utf-8", "replace"))


READERS = {"opengotha": _opengotha, "trf": _trf, "csv": _csv, "event file": _event_file}


@FEW
@given(data=st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    for read in READERS.values():
        read_or_refuse(read, data)


@FEW
@given(text=ANY_TEXT)
def test_random_text(text: str) -> None:
    for read in READERS.values():
        read_or_refuse(read, text)
    read_or_refuse(_csv, "name,club\n" + text)
    read_or_refuse(_trf, "001    1 m    " + text)


@FEW
@given(data=mutated(OPENGOTHA_SAMPLES))
def test_mutated_opengotha_files(data: bytes) -> None:
    read_or_refuse(_opengotha, data)


@FEW
@given(data=mutated(TRF_SAMPLES))
def test_mutated_trf(data: bytes) -> None:
    read_or_refuse(_trf, data)


@FEW
@given(data=mutated([CSV_SAMPLE.encode()]))
def test_mutated_player_lists(data: bytes) -> None:
    read_or_refuse(_csv, data)


@FEW
@given(event=events(), data=st.data())
def test_mutated_exports(event: Event, data: st.DataObject) -> None:
    for sample, read in (
        (dumps(event).encode(), _event_file),
        (write_trf(event).encode(), _trf),
    ):
        read_or_refuse(read, data.draw(mutated([sample])))
    if event.game == "go":
        read_or_refuse(_opengotha, data.draw(mutated([write_opengotha(event).encode()])))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=20,
)


@FEW
@given(value=JSON_VALUES, key=st.sampled_from(["players", "settings", "rounds", "teams", "name"]))
def test_event_documents_with_random_values(value: object, key: str) -> None:
    doc = json.loads(dumps(Event.create("go", "mcmahon", name="Cup").add_player("Lee Chang")[0]))
    doc[key] = value
    read_or_refuse(_event_file, json.dumps(doc))


# -- hand-made attacks ----------------------------------------------------------------------------


def _player_xml(name: str) -> str:
    return f'<Player name="{name}" firstName="A" rank="1D"/>'


def _opengotha_of(players: str, general: str = "") -> bytes:
    return (
        f'<Tournament dataVersion="201"><Players>{players}</Players>'
        f"<TournamentParameterSet><GeneralParameterSet {general}/></TournamentParameterSet>"
        "</Tournament>"
    ).encode()


_TRF_PLAYER = "001    1 m    Asanov, Bakyt                     1850 KGZ"
OPENGOTHA_ATTACKS = {
    "huge name": _opengotha_of(_player_xml("x" * HUGE)),
    "huge tournament name": _opengotha_of(_player_xml("A"), f'name="{"x" * HUGE}"'),
    "huge number": _opengotha_of(_player_xml("A"), f'numberOfRounds="{"9" * HUGE}"'),
    "huge rank": _opengotha_of(f'<Player name="A" rank="{"1" * HUGE}"/>'),
    "many players": _opengotha_of("".join(_player_xml(f"P{i}") for i in range(25_000))),
    "deep elements": b"<Tournament>" + b"<a>" * DEEP + b"</a>" * DEEP + b"</Tournament>",
    "NUL reference": _opengotha_of(_player_xml("a&#0;b")),
    "control character": _opengotha_of(_player_xml("a&#x9b;b")),
    "unclosed": b"<Tournament><Players>" + b"<Player " * 10_000,
    # str.isdigit() takes superscripts and other digits that int() refuses
    "odd digits": (
        '<Tournament dataVersion="²"><Players><Player name="A" rank="²"/></Players>'
        "<TournamentParameterSet><PlacementParameterSet><PlacementCriteria>"
        '<PlacementCriterion number="က" name="MMS"/></PlacementCriteria>'
        "</PlacementParameterSet></TournamentParameterSet></Tournament>"
    ).encode(),
}
TRF_ATTACKS = {
    "huge event name": ("012 " + "x" * HUGE + "\n" + _TRF_PLAYER + "\n").encode(),
    "huge city": ("022 " + "x" * HUGE + "\n" + _TRF_PLAYER + "\n").encode(),
    "huge line": (_TRF_PLAYER.ljust(91) + "   2 w 1  " * 100_000 + "\n").encode(),
    "blank huge line": (_TRF_PLAYER + " " * HUGE + "\n").encode(),
    "many rows": "".join(f"001 {i % 9999 + 1:>4} m    P{i}\n" for i in range(100_000)).encode(),
    "many records": ("999 x\n" * 100_000 + _TRF_PLAYER + "\n").encode(),
    "NUL name": b"001    1 m    Asa\x00ov, Bakyt\n",
    "huge points": (_TRF_PLAYER.ljust(80) + "9" * 4 + "\n").encode(),
    "huge dates": ("042 " + "1" * HUGE + "\n" + _TRF_PLAYER + "\n").encode(),
    "odd digits": ("001    ² m    Asanov, Bakyt                     ²850\n240 H ² ³\n").encode(),
}
CSV_ATTACKS = {
    "huge field": "name\n" + "x" * HUGE + "\n",
    "huge quoted field": 'name\n"' + "x" * HUGE + '"\n',
    "unclosed quote": 'name\n"' + "x\n" * 50_000,
    "huge name": "name\n" + "x" * 300 + "\n",
    "huge club": "name,club\nLee Chang," + "x" * 300 + "\n",
    "long country": "name,country\nLee Chang,Korea\n",
    "huge rating": "name,rating\nLee Chang," + "9" * 5000 + "\n",
    "huge born": "name,born\nLee Chang," + "1" * 5000 + "\n",
    "huge rank": "name,rank\nLee Chang," + "1" * 5000 + "\n",
    "huge medical": "name,medical\nLee Chang," + "x" * 5000 + "\n",
    "many rows": "name\n" + "".join(f"P{i} G\n" for i in range(100_000)),
    "many columns": ",".join(f"c{i}" for i in range(50_000)) + "\n",
    "NUL": "name\nLee\x00Chang\n",
    "surrogate": "name\nLee\ud800Chang\n",
    "comma surname": "name\n, " + "x" * HUGE + "\n",
}
_DOC = json.loads(dumps(Event.create("go", "mcmahon", name="Cup").add_player("Lee Chang")[0]))


def _doc_with(path: tuple[Any, ...], value: object) -> str:
    doc = json.loads(json.dumps(_DOC))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(doc)


EVENT_FILE_ATTACKS = {
    "deep arrays": "[" * DEEP,
    "deep players": _doc_with(("players",), 0).replace(
        '"players": 0', '"players": ' + "[" * DEEP + "]" * DEEP
    ),
    "huge name": _doc_with(("settings", "name"), "x" * HUGE),
    "huge player name": _doc_with(("players", 0, "surname"), "x" * HUGE),
    "huge club": _doc_with(("players", 0, "club"), "x" * 300),
    "many players": _doc_with(
        ("players",), [{**_DOC["players"][0], "no": i} for i in range(1, 25_001)]
    ),
    "many rounds": _doc_with(
        ("rounds",), [{"number": i, "games": [], "byes": []} for i in range(1, 200)]
    ),
    "huge number": _doc_with(("players", 0, "no"), 0).replace('"no": 0', '"no": ' + "9" * HUGE),
    "huge born": _doc_with(("players", 0, "born"), "1" * HUGE),
    "huge rank": _doc_with(("players", 0, "rank"), "1" * HUGE),
    "huge type": _doc_with(("type",), "x" * HUGE),
    "surrogate name": _doc_with(("players", 0, "surname"), "\ud800"),
    "NUL name": _doc_with(("players", 0, "given"), "a\x00b"),
    "escaped quotes": '"' + '\\"' * HUGE,
}


@pytest.mark.parametrize("name", sorted(OPENGOTHA_ATTACKS))
def test_opengotha_attacks(name: str) -> None:
    read_or_refuse(import_opengotha, OPENGOTHA_ATTACKS[name])


@pytest.mark.parametrize("name", sorted(xml_attacks()))
def test_xml_entity_bombs_and_external_entities(name: str) -> None:
    data = xml_attacks()[name]
    start = time.perf_counter()
    try:
        imported = import_opengotha(data)
    except ArbiterError as exc:
        assert "\n" not in str(exc)
    else:  # only a DTD that names no entity may be read, and nothing outside is fetched
        assert "entity" not in name and "laughs" not in name and "blowup" not in name
        assert all("root" not in p.name for p in imported.event.players)
    assert time.perf_counter() - start < 2


def test_entity_declarations_are_refused_in_any_encoding() -> None:
    for name in ("billion laughs (UTF-16)", "external file (UTF-16)", "quadratic blowup"):
        with pytest.raises(ArbiterError, match="entity declarations are not accepted"):
            import_opengotha(xml_attacks()[name])


@pytest.mark.parametrize("name", sorted(TRF_ATTACKS))
def test_trf_attacks(name: str) -> None:
    read_or_refuse(import_trf, TRF_ATTACKS[name])


@pytest.mark.parametrize("name", sorted(CSV_ATTACKS))
def test_player_list_attacks(name: str) -> None:
    read_or_refuse(_csv, CSV_ATTACKS[name])


@pytest.mark.parametrize("name", sorted(EVENT_FILE_ATTACKS))
def test_event_file_attacks(name: str) -> None:
    read_or_refuse(loads, EVENT_FILE_ATTACKS[name])


@pytest.mark.parametrize("name", ["opengotha", "trf", "csv", "event file"])
def test_bad_unicode_and_encodings(name: str) -> None:
    sample = {
        "opengotha": OPENGOTHA_SAMPLES[0].decode(),
        "trf": TRF_SAMPLES[0].decode(),
        "csv": CSV_SAMPLE,
        "event file": dumps(Event.create("go", "mcmahon").add_player("Lee Chang")[0]),
    }[name]
    for data in [*bad_unicode(sample), *encodings(sample)]:
        read_or_refuse(READERS[name], data)


# -- the API's limits on every path ------------------------------------------------------------


@pytest.mark.parametrize(
    ("read", "data"),
    [
        (_csv, CSV_ATTACKS["huge name"]),
        (_csv, CSV_ATTACKS["huge club"]),
        (_csv, CSV_ATTACKS["long country"]),
        (_csv, CSV_ATTACKS["huge field"]),
        (_csv, CSV_ATTACKS["NUL"]),
        (import_opengotha, OPENGOTHA_ATTACKS["huge name"]),
        (import_opengotha, OPENGOTHA_ATTACKS["huge tournament name"]),
        (import_opengotha, OPENGOTHA_ATTACKS["control character"]),
        (import_trf, TRF_ATTACKS["huge event name"]),
        (import_trf, TRF_ATTACKS["huge city"]),
        (import_trf, TRF_ATTACKS["NUL name"]),
        (loads, EVENT_FILE_ATTACKS["huge name"]),
        (loads, EVENT_FILE_ATTACKS["huge player name"]),
        (loads, EVENT_FILE_ATTACKS["huge club"]),
        (loads, EVENT_FILE_ATTACKS["surrogate name"]),
        (loads, EVENT_FILE_ATTACKS["NUL name"]),
    ],
)
def test_every_path_applies_the_api_limits(read: Any, data: Any) -> None:
    with pytest.raises(ArbiterError, match=r"longer than|control character|lone surrogate|at most"):
        read(data)


@pytest.mark.parametrize(
    ("read", "data"),
    [
        (_csv, CSV_ATTACKS["many rows"]),
        (import_opengotha, OPENGOTHA_ATTACKS["many players"]),
        (import_trf, TRF_ATTACKS["many rows"]),
        (loads, EVENT_FILE_ATTACKS["many players"]),
    ],
)
def test_players_per_event_are_capped(read: Any, data: Any) -> None:
    with pytest.raises(ArbiterError, match="at most 20000 players"):
        read(data)


def test_rounds_per_event_are_capped() -> None:
    for read, data in (
        (loads, EVENT_FILE_ATTACKS["many rounds"]),
        (import_trf, TRF_ATTACKS["huge line"]),
    ):
        with pytest.raises(ArbiterError, match="at most 99 rounds"):
            read(data)


def test_names_at_the_limit_are_kept() -> None:
    name = "S" * 100 + " " + "G" * 99  # 200 characters, the API's most
    event, added = import_players(Event.create("go", "mcmahon"), f"name,club\n{name},{'c' * 200}\n")
    assert added[0].name == name
    assert loads(dumps(event)) == event
    xml = _opengotha_of(f'<Player name="{"S" * 100}" firstName="{"G" * 99}" rank="1D"/>')
    assert import_opengotha(xml).event.players[0].name == name


# -- linear time -------------------------------------------------------------------------------


def _player_list(n: int) -> str:
    rows = [f"Player{i} Given{i},{i % 30 + 1}k,Club{i % 50}" for i in range(n)]
    return "name,rank,club\n" + "\n".join(rows) + "\n"


def _seconds(call: Any) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def test_ten_thousand_players_are_entered_in_linear_time() -> None:
    # Each player used to be added to a new copy of the event and compared with every other:
    # 2,000 players took 1.3 s, 10,000 over 30 s.
    base = Event.create("go", "mcmahon")
    assert _seconds(lambda: import_players(base, _player_list(10_000))) < 3
    # a TRF numbers players in four columns: 9,999 at most
    players = tuple(Player(i, f"Surname{i}", f"Given{i}", rating=1500) for i in range(1, 10_000))
    big = replace(Event.create("toguz", "swiss"), players=players)
    for write, read in ((write_trf, import_trf), (dumps, loads)):
        text = write(big)
        assert _seconds(lambda text=text, read=read: read(text)) < 3
    go = replace(Event.create("go", "mcmahon"), players=players)
    xml = write_opengotha(go)
    assert _seconds(lambda: import_opengotha(xml)) < 3
    # and a late entry into a big event costs one pass, not one for each entered player
    event, _ = import_players(base, _player_list(10_000))
    assert _seconds(lambda: event.add_player("Late Comer")) < 0.5


def _tied_trf(players: int, rounds: int) -> str:
    """Every odd player beats the even one after them in every round: two big tied groups."""
    lines = ["012 Tied", "202 DE"]
    for p in range(1, players + 1):
        opponent, colour, result = (p + 1, "w", "1") if p % 2 else (p - 1, "b", "0")
        head = f"001 {p:>4} m    {f'Name{p}, X':<33} 1500 KGZ"
        lines.append(head.ljust(91) + f"{opponent:>4} {colour} {result}  " * rounds)
    return "\n".join(lines) + "\n"


def test_a_tied_group_costs_one_pass_for_head_to_head() -> None:
    # the TRF reader checks the file's points with the standings; head-to-head (DE) used to
    # look at the whole tied group for each of its members: g² rounds for a group of g
    text = _tied_trf(1500, 30)
    imported = read_or_refuse(import_trf, text)
    assert imported is not None and len(imported.event.rounds) == 30  # type: ignore[attr-defined]
