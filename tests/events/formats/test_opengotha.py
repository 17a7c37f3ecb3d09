"""OpenGotha tournament files: every file of the shared data imports; exports read back to the
same event; OpenGotha's own figures (the Juvisy results file) come out of the imported event."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings

from arbiter.events import dumps, loads
from arbiter.events.event import Event
from arbiter.events.formats import FormatError
from arbiter.events.formats.opengotha import (
    import_opengotha,
    opengotha_parameters,
    player_key,
    read_opengotha,
    write_opengotha,
)
from tests.conftest import DATA
from tests.events.formats.strategies import events

ROOT = DATA / "opengotha"
FILES = sorted(ROOT.rglob("*.xml"))
REPO = ROOT / "opengotha-repo"
TEAM_FILES = [REPO / "tournoi_equipe_LGO_2020.xml", REPO / "tournoi_equipe_LGO_2020LV.xml"]

#: For each file: system, players, rounds paired, games (as counted in the XML).
EXPECTED: dict[str, tuple[str, int, int, int]] = {
    "CdFA2020-essaiLV.xml": ("swiss", 16, 4, 32),
    "CdFA2020-essaiLV2.xml": ("swiss", 16, 4, 32),
    "CdFA2020-essaiLVCup.xml": ("swiss", 16, 4, 32),
    "CdFA2020-v5.xml": ("swiss", 16, 4, 32),
    "Tournoi de Juvisy.xml": ("mcmahon", 19, 4, 36),
    "TournoiChinois.xml": ("mcmahon", 24, 1, 12),
    "cdff2020test.xml": ("swiss", 24, 5, 60),
    "tournamentshortname.xml": ("mcmahon", 0, 0, 0),
    "tournoi_equipe_LGO_2020.xml": ("mcmahon", 42, 5, 105),
    "tournoi_equipe_LGO_2020LV.xml": ("mcmahon", 42, 5, 105),
    "bosp2024.xml": ("mcmahon", 71, 2, 38),
    "malavasi.geobug.xml": ("mcmahon", 985, 2, 370),
    "20240921-KPMC-Splitbug.xml": ("swiss", 60, 2, 59),
    "Toulouse2024.xml": ("mcmahon", 38, 6, 105),
    "notsimplemm.xml": ("mcmahon", 9, 5, 19),
    "notsosimpleswiss.xml": ("swiss", 35, 10, 170),
    "simplemm.xml": ("mcmahon", 16, 5, 40),
    "simpleswiss.xml": ("swiss", 32, 7, 112),
    "stage-ete-2021.xml": ("mcmahon", 76, 0, 0),
    "frioul-2018.xml": ("mcmahon", 58, 4, 99),
    "veterans-2021.xml": ("swiss", 43, 5, 101),
}

if not FILES:  # pragma: no cover - the shared data is part of the checkout's setup
    pytest.skip(f"no OpenGotha files under {ROOT}", allow_module_level=True)


def test_every_file_of_the_shared_data_is_listed() -> None:
    assert sorted(f.name for f in FILES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_imports_and_round_trips(path: Path) -> None:
    imported = import_opengotha(path.read_bytes())
    event = imported.event
    system, players, rounds, games = EXPECTED[path.name]
    assert (event.system, len(event.players), len(event.rounds)) == (system, players, rounds)
    assert sum(len(r.games) for r in event.rounds) == games
    assert loads(dumps(event)) == event  # a valid event file
    text = write_opengotha(event)
    again = read_opengotha(text)
    assert again == event
    assert write_opengotha(again) == text


def test_the_file_without_players_is_an_empty_event() -> None:
    event = read_opengotha(REPO / "tournamentshortname.xml")
    assert event.players == () and event.rounds == ()
    assert event.game == "go" and event.system == "mcmahon"


def test_players_games_results_and_byes_of_a_file() -> None:
    event = read_opengotha(ROOT / "pairgoth-tests" / "pairings" / "notsosimpleswiss.xml")
    assert event.system == "swiss" and event.config.rounds == 10
    # the first game of round 1 in the file: DUPRÉ William is a bye in round 1
    byes = [b for b in event.rounds[0].byes if b.kind == "bye"]
    assert [event.name_of(b.no) for b in byes] == ["Dupré William"]
    assert all(
        b.points == event.config.bye for r in event.rounds for b in r.byes if b.kind == "bye"
    )
    results = {str(g.result) for r in event.rounds for g in r.games}
    assert results <= {"B+", "W+", "None"}


def test_players_fields_and_names_surname_first() -> None:
    event = read_opengotha(REPO / "Tournoi de Juvisy.xml")
    nicita = event.find_player("Nicita Giovanni")
    assert (str(nicita.rank), nicita.rating, nicita.club, nicita.country) == (
        "10k",
        1114,
        "91SM",
        "FR",
    )
    assert nicita.id_in("egf") == "17033126"
    rebelo = event.find_player("Rebelo Manuela")
    assert rebelo.id_in("ffg") == "1500104"
    # participating="01111...": Vargas enters in round 2; "1000...": Daguenet leaves after round 1
    assert event.find_player("Vargas Olga").entered == 2
    assert event.find_player("Daguenet Mathieu").withdrawn == 2
    # their absent rounds count genMMS2ValueAbsent=1: half a point each
    half = [b for b in event.rounds[1].byes if b.kind == "half"]
    assert [event.name_of(b.no) for b in half] == ["Daguenet Mathieu"]
    assert half[0].points == Fraction(1, 2)


def test_settings_from_the_parameter_sets() -> None:
    event = read_opengotha(REPO / "Tournoi de Juvisy.xml")
    cfg = event.config
    assert (cfg.name, cfg.text("city"), cfg.text("chief_referee")) == (
        "Tournoi de Juvisy",
        "Juvisy",
        "Brice CHARTIER",
    )
    assert (cfg.text("start"), cfg.text("end"), cfg.rounds) == ("2019-10-26", "2019-10-28", 4)
    assert (cfg.text("komi"), cfg.text("bar"), cfg.text("floor")) == ("7.5", "4d", "20k")
    assert cfg.tiebreaks == ("MMS", "SOS", "SOSOS") and cfg.round_down
    assert cfg.text("time_control") == "60m+1x30s"  # STDBYOYOMI, 30 s
    assert (cfg.handicap, cfg.handicap_correction, cfg.handicap_max) == ("mms", 1, 9)
    assert cfg.bye == 1  # genMMS2ValueBye=2


def test_swiss_criteria_and_the_pairing_parameters() -> None:
    event = read_opengotha(REPO / "cdff2020test.xml")
    assert event.system == "swiss"
    params = opengotha_parameters(REPO / "cdff2020test.xml")
    assert params["PlacementCriteria"]["1"] == "NBW"
    assert "paiMaSeedSystem1" in params["PairingParameterSet"]
    toulouse = read_opengotha(ROOT / "pairgoth-tests" / "pairings" / "Toulouse2024.xml")
    assert toulouse.config.text("pairing_seeding") == "split-and-fold"
    assert toulouse.config.text("time_control") == "40m+20s"  # FISCHER 40 + 20


def test_imported_scores_are_opengothas() -> None:
    """The Juvisy file's own results file (written by OpenGotha from it) prints MMS, SOS and
    SOSOS; the imported event's standings give the same figures, place by place."""
    event = read_opengotha(REPO / "Tournoi de Juvisy.xml")
    printed: list[tuple[int, ...]] = []
    for line in (REPO / "Tournoi de Juvisy.h9").read_bytes().decode("latin-1").splitlines():
        if line.startswith(";") or not line.strip():
            continue
        printed.append(tuple(int(x) for x in line[47:].split()[:3]))
    table = event.standings()
    codes = ("MMS", "SOS", "SOSOS")
    ours = [tuple(int(row.value(c)) for c in codes) for row in table.rows]  # type: ignore[arg-type]
    assert ours == printed
    assert [event.name_of(r.no) for r in table.rows][:3] == [
        "Minieri Davide",
        "Daguenet Mathieu",
        "Lemoine Theo",
    ]


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.name)
def test_team_tournaments_import_as_team_events(path: Path) -> None:
    imported = import_opengotha(path, teams=True)
    event = imported.event
    assert (event.discipline, len(event.teams), event.config.boards) == ("team", 14, 3)
    assert all(len(t.players) == 3 for t in event.teams)
    for rnd in event.rounds:
        by_table: dict[int, list[int | None]] = {}
        for g in rnd.games:
            by_table.setdefault(g.table, []).append(g.board)
            assert event.team_of(g.black_player or 0) is not None
            assert event.team_of(g.black_player or 0).no == g.black  # type: ignore[union-attr]
        assert all(sorted(boards) == [1, 2, 3] for boards in by_table.values())
    assert event.config.tiebreaks[:2] == ("MP", "GP")
    assert loads(dumps(event)) == event
    assert event.standings().rows  # team standings compute
    with pytest.raises(FormatError, match="team"):
        write_opengotha(event)


def test_an_individual_tournament_is_no_team_tournament() -> None:
    with pytest.raises(FormatError, match="not a team tournament"):
        import_opengotha(REPO / "cdff2020test.xml", teams=True)


def test_results_both_ways() -> None:
    xml = """<Tournament dataVersion="201"><Players>
    <Player name="A" firstName="a" rank="1D"/><Player name="B" firstName="b" rank="1D"/>
    <Player name="C" firstName="c" rank="1D"/><Player name="D" firstName="d" rank="1D"/>
    <Player name="E" firstName="e" rank="1D"/><Player name="F" firstName="f" rank="1D"/>
    </Players><Games>
    <Game roundNumber="1" tableNumber="1" blackPlayer="AA" whitePlayer="BB" result="RESULT_EQUAL"/>
    <Game roundNumber="1" tableNumber="2" blackPlayer="CC" whitePlayer="DD"
          result="RESULT_BLACKWINS_BYDEF"/>
    <Game roundNumber="1" tableNumber="3" blackPlayer="EE" whitePlayer="FF"
          result="RESULT_BOTHLOSE"/>
    <Game roundNumber="2" tableNumber="1" blackPlayer="aa" whitePlayer="c c"
          result="RESULT_WHITEWINS_BYDEF"/>
    <Game roundNumber="2" tableNumber="2" blackPlayer="BB" whitePlayer="DD"
          result="RESULT_BOTHLOSE_BYDEF"/>
    <Game roundNumber="2" tableNumber="3" blackPlayer="EE" whitePlayer="FF"
          result="RESULT_BOTHWIN"/>
    </Games></Tournament>"""
    imported = import_opengotha(xml)
    event = imported.event
    got = [[str(g.result) for g in r.games] for r in event.rounds]
    assert got == [["0", "+-", "Void"], ["-+", "--", "++"]]
    assert not any("RESULT_BOTHWIN" in note for note in imported.notes)
    text = write_opengotha(event)
    for name in (
        "RESULT_EQUAL",
        "RESULT_BLACKWINS_BYDEF",
        "RESULT_BOTHLOSE",
        "RESULT_WHITEWINS_BYDEF",
        "RESULT_BOTHLOSE_BYDEF",
        "RESULT_BOTHWIN",
    ):
        assert f'result="{name}"' in text


def test_keys_are_upper_case_without_blanks() -> None:
    event = read_opengotha(REPO / "Tournoi de Juvisy.xml")
    text = write_opengotha(event)
    assert 'blackPlayer="DAGUENETMATHIEU"' in text and 'whitePlayer="NEMOANDRÉ"' in text
    assert player_key("de Saxcé", "Hugues") == "DESAXCÉHUGUES"


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        ("<Tournament><Players>", "malformed"),
        ("<Tourney/>", "root element is <Tourney>"),
        (
            '<Tournament><Players><Player name="A" firstName="a"/></Players><Games>'
            '<Game roundNumber="1" tableNumber="1" blackPlayer="AA" whitePlayer="ZZ"/>'
            "</Games></Tournament>",
            "'ZZ' is not a player of the file",
        ),
        (
            '<Tournament><Players><Player name="A" firstName="a" rank="12X"/></Players>'
            "</Tournament>",
            "not a Go rank",
        ),
        (
            '<Tournament><Players><Player name="A" firstName="a"/>'
            '<Player name="a" firstName="A"/></Players></Tournament>',
            "same OpenGotha key",
        ),
        ('<!DOCTYPE t [<!ENTITY x "y">]><Tournament/>', "entity declarations"),
    ],
)
def test_bad_files_are_refused_with_a_reason(xml: str, message: str) -> None:
    with pytest.raises(FormatError, match=message):
        read_opengotha(xml)


def test_only_individual_go_events_are_exported() -> None:
    with pytest.raises(FormatError, match="Toguz"):
        write_opengotha(Event.create("toguz", "swiss"))
    with pytest.raises(FormatError, match="team"):
        write_opengotha(Event.create("go", "swiss", "team"))
    same, _ = Event.create("go", "swiss").add_player("Kim Ji", club="A")
    same, _ = same.add_player("Kim Ji", club="B")
    with pytest.raises(FormatError, match="same OpenGotha key"):
        write_opengotha(same)


@settings(max_examples=40)
@given(events(games=("go",), systems=("swiss", "mcmahon"), handicaps=True))
def test_random_go_events_round_trip(event: Event) -> None:
    text = write_opengotha(event)
    again = read_opengotha(text)
    assert write_opengotha(again) == text
    assert again.system == event.system
    assert again.rounds == event.rounds
    fields = ("surname", "given", "rank", "rating", "club", "country", "ids")
    for a, b in zip(event.players, again.players, strict=True):
        assert [getattr(a, f) for f in fields] == [getattr(b, f) for f in fields]
    same = replace(again, settings=event.settings)
    assert same.standings() == event.standings()
