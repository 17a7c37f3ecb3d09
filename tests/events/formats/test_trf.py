"""FIDE TRF: the columns, colours (``w`` is the first mover) and results both ways, the
TRF-2026 records, and round trips of caissify-pairings' TRF fixtures that change no pairing."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

from arbiter.events.event import Event
from arbiter.events.formats import FormatError
from arbiter.events.formats.trf import import_trf, read_trf, write_trf
from arbiter.events.results import Result
from arbiter.events.rounds import Bye, Game, Round
from tests.events.formats.strategies import events


def field(line: str, start: int, end: int) -> str:
    return line[start - 1 : end].strip()


def trf_line(
    no: int,
    name: str,
    *blocks: str,
    sex: str = " ",
    rating: str = "",
    fed: str = "",
    fide: str = "",
    born: str = "",
) -> str:
    """A 001 record with its fields in their columns."""
    head = (
        f"001 {no:>4} {sex}    {name:<33} {rating:>4} {fed:<3} {fide:>11} {born:<10}  0.0 {no:>4}"
    )
    return head + "".join(f"  {b:<8}" for b in blocks)


def two_player_event(game: str, result: str | None) -> Event:
    e = Event.create(game, "swiss", name="Cup", rounds=3)  # type: ignore[arg-type]
    e, _ = e.add_player("Asanov Bakyt", rating=1850, country="KGZ", gender="m", born="2001-05-04")
    e, _ = e.add_player("van der Berg, Jan", rating=1790, gender="f")
    res = Result.parse(result, game) if result else None  # type: ignore[arg-type]
    return replace(e, rounds=(Round(1, (Game(1, 1, None, 1, 2, result=res),)),))


def player_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("001")]


def test_player_columns() -> None:
    line = player_lines(write_trf(two_player_event("toguz", "1-0")))[0]
    assert field(line, 1, 3) == "001" and field(line, 5, 8) == "1"
    assert (field(line, 10, 10), field(line, 15, 47)) == ("m", "Asanov, Bakyt")
    assert (field(line, 49, 52), field(line, 54, 56)) == ("1850", "KGZ")
    assert (field(line, 70, 79), field(line, 81, 84), field(line, 86, 89)) == (
        "2001/05/04",
        "0.0",
        "2",
    )
    # game 1: black 1, white 2; in Toguz Korgool White moves first (w), and won
    assert (field(line, 92, 95), field(line, 97, 97), field(line, 99, 99)) == ("2", "b", "0")
    second = player_lines(write_trf(two_player_event("toguz", "1-0")))[1]
    assert field(second, 15, 47) == "van der Berg, Jan" and field(second, 10, 10) == "w"


def test_w_is_the_first_mover() -> None:
    go = player_lines(write_trf(two_player_event("go", "B+R")))
    toguz = player_lines(write_trf(two_player_event("toguz", "0-1")))
    # the same game, black 1 and white 2, won by Black: in Go Black is w
    assert [field(line, 92, 99) for line in go] == ["2 w 1", "1 b 0"]
    assert [field(line, 92, 99) for line in toguz] == ["2 b 1", "1 w 0"]
    assert "092 Go swiss: w is Black, the first mover" in write_trf(two_player_event("go", None))
    for game, text in (("go", go), ("toguz", toguz)):
        back = read_trf("\n".join(text) + "\n012 Cup\n", game=game)  # type: ignore[arg-type]
        g = back.rounds[0].games[0]
        assert (g.black, g.white, g.result.winner if g.result else None) == (1, 2, "black")


@pytest.mark.parametrize(
    ("game", "result", "codes"),
    [
        ("toguz", "1(82)-0(60)", ("0", "1")),
        ("toguz", "1/2-1/2", ("=", "=")),
        ("toguz", "+-", ("-", "+")),
        ("toguz", "-+", ("+", "-")),
        ("toguz", "--", ("-", "-")),
        ("toguz", None, ("", "")),
        ("go", "W+3.5", ("0", "1")),
        ("go", "0", ("=", "=")),
        ("go", "+-", ("+", "-")),
        ("go", "Void", ("0", "0")),
    ],
)
def test_results_map_onto_trf_codes(game: str, result: str | None, codes: tuple[str, str]) -> None:
    text = write_trf(two_player_event(game, result))
    assert tuple(field(line, 99, 99) for line in player_lines(text)) == codes
    back = read_trf(text).rounds[0].games[0].result
    original = Result.parse(result, game) if result else None  # type: ignore[arg-type]
    if original is None:
        assert back is None
    else:  # korgool counts, margins and reasons have no TRF form
        assert back is not None
        assert (back.winner, back.kind) == (original.winner, original.kind)


def test_byes_and_records() -> None:
    e = Event.create("toguz", "swiss-dutch", name="Cup", rounds=5).set("scoring", "3,1,0")
    for n in ("A a", "B b", "C c", "D d", "E e"):
        e, _ = e.add_player(n)
    byes = (
        Bye(3, "bye", e.config.bye),
        Bye(4, "half", Fraction(1)),
        Bye(5, "zero", Fraction(0)),
    )
    game = Game(1, 1, None, 1, 2, result=Result.parse("1-0", "toguz"))
    e = replace(e, rounds=(Round(1, (game,), byes),))
    text = write_trf(e)
    assert "142 5" in text and "XXR 5" in text and "192 FIDE_DUTCH" in text
    assert "162  W 3.0    D 1.0    L 0.0    P 1.0" in text
    assert "240 H 001    4" in text and "240 Z 001    5" in text
    blocks = [field(line, 92, 99) for line in player_lines(text)]
    assert blocks[2:] == ["0000 - U", "0000 - H", "0000 - Z"]
    back = read_trf(text)
    assert back.system == "swiss-dutch" and back.config.text("scoring") == "3,1,0"
    assert back.rounds[0].byes == byes
    assert back == e


def test_trf_2026_records_are_read() -> None:
    text = "\n".join(
        [
            "012 Open",
            "022 Bishkek",
            "042 2026/05/01",
            "052 2026/05/03",
            "102 Arbiter Name",
            "142 7",
            "152 W",
            "162  W 1.0    D 0.5    L 0.0    P 0.5",
            "192 BERGER_ROUNDROBIN",
            "212 PTS,BH/C1,SB",
            trf_line(
                1,
                "Asanov, Bakyt",
                sex="m",
                rating="1850",
                fed="KGZ",
                fide="24100005",
                born="2001/05/04",
            ),
            trf_line(2, "Bekova, Aida", sex="w", rating="1790", fed="KGZ", born="1999"),
            "240 H 002    2",
        ]
    )
    imported = import_trf(text)
    event = imported.event
    assert (event.system, event.config.rounds, event.config.bye) == (
        "round-robin",
        7,
        Fraction(1, 2),
    )
    assert event.config.tiebreaks == ("PTS", "BH-C1", "SB")
    assert (event.config.text("start"), event.config.text("city")) == ("2026-05-01", "Bishkek")
    p = event.player(1)
    assert (p.name, p.gender, p.born, p.id_in("fide")) == (
        "Asanov Bakyt",
        "m",
        date(2001, 5, 4),
        "24100005",
    )
    assert event.player(2).born is None  # a year alone is no date
    # a 240 record for a round not paired yet cannot be kept: arbiter has no such round
    assert len(event.rounds) == 2 and event.rounds[1].byes == (Bye(2, "half", Fraction(1, 2)),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("012 Empty\n", "no player record"),
        (
            trf_line(1, "A, a", "   2 w 1") + "\n" + trf_line(2, "B, b", "   3 b 0"),
            "names another opponent",
        ),
        (
            trf_line(1, "A, a", "   2 w 1") + "\n" + trf_line(2, "B, b", "   1 w 0"),
            "both have colour w",
        ),
        (trf_line(1, "A, a", "   2 w X"), "not one of"),
        (
            trf_line(1, "A, a", "   2 w 1") + "\n" + trf_line(2, "B, b", "   1 b 1"),
            "do not fit together",
        ),
        ("001 abcd      A, a\n", "start number"),
    ],
)
def test_bad_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        read_trf(text)


def test_points_that_disagree_are_noted() -> None:
    text = write_trf(two_player_event("toguz", "1-0")).replace(" 1.0    1", " 5.0    1")
    assert any("points" in note for note in import_trf(text).notes)


def test_team_events_are_not_exported() -> None:
    with pytest.raises(FormatError, match="team"):
        write_trf(Event.create("toguz", "round-robin", "team"))


@settings(max_examples=40)
@given(events(games=("go", "toguz"), systems=("swiss", "swiss-dutch", "mcmahon"), trf_fields=True))
def test_random_events_round_trip(event: Event) -> None:
    text = write_trf(event)
    again = read_trf(text, game=event.game, system=event.system)
    assert write_trf(again) == text
    assert without_komi(again.rounds) == without_komi(event.rounds)  # TRF has no komi
    fields = ("surname", "given", "gender", "born", "country", "rating", "ids")
    for a, b in zip(event.players, again.players, strict=True):
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
        assert b.title == (a.title if len(a.title) <= 3 else "")
    assert [r.points for r in again.standings().rows] == [r.points for r in event.standings().rows]


def without_komi(rounds: tuple[Round, ...]) -> tuple[Round, ...]:
    return tuple(replace(r, games=tuple(replace(g, komi=None) for g in r.games)) for r in rounds)


# -- caissify-pairings' fixtures: the round trip changes nothing the Dutch engine sees ----------


def engine_view(text: str) -> Any:
    """Everything caissify-pairings derives from a TRF to pair each of its rounds."""
    from caissify_pairings import fpc  # type: ignore[import-untyped]
    from caissify_pairings.trf import TRFParser  # type: ignore[import-untyped]

    parsed = TRFParser(text).parse()
    players = {p["starting_number"]: p for p in parsed["players"]}
    last = fpc._max_round(parsed["players"])
    view = []
    for rnd in range(1, last + 1):
        given_players = [
            {k: v for k, v in p.items() if k not in ("name", "title")}
            for p in fpc._build_engine_players(players, rnd)
        ]
        view.append(
            (
                sorted(given_players, key=lambda p: p["id"]),
                sorted(fpc._build_previous_pairings(players, rnd)),
                fpc._extract_trf_round(players, rnd),
                sorted(p["rating"] for p in parsed["players"]),
            )
        )
    total = parsed["tournament"].get("total_rounds") or last
    return total, fpc._infer_initial_color(players), view


def test_fixtures_round_trip_without_changing_a_pairing(trf_fixtures: dict[str, str]) -> None:
    """For every fixture (27, bbpPairings' among them), arbiter's import then export gives a TRF
    in which caissify-pairings sees the same players, scores, colours, floats, byes, rounds
    and pairings for every round as in the original; the Dutch engine, a function of those,
    therefore pairs every round the same (test_swiss_dutch replays the rounds)."""
    assert len(trf_fixtures) >= 20
    for name, text in trf_fixtures.items():
        imported = import_trf(text)
        event = imported.event
        again = write_trf(event)
        assert engine_view(again) == engine_view(text), name
        assert read_trf(again) == event, name
