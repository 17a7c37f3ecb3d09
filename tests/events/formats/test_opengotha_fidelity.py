"""The OpenGotha import read as OpenGotha reads its files (issue 19): announced absences for the
rounds still to pair, scores rounded down for pairing, two byes in one round, every result code,
files without ``dataVersion``; on the shared OpenGotha files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.events import dumps, loads
from arbiter.events.errors import ResultError
from arbiter.events.event import Event
from arbiter.events.formats.egf import write_h9
from arbiter.events.formats.opengotha import (
    RESULTS_IN,
    import_opengotha,
    player_key,
    read_opengotha,
    write_opengotha,
)
from arbiter.events.participants import Player
from arbiter.events.results import Result
from arbiter.events.scorecard import starting_scores
from arbiter.events.standings import standings
from arbiter.events.swiss.state import field
from tests.conftest import DATA

PAIRGOTH = DATA / "opengotha" / "pairgoth-tests"
MALAVASI = PAIRGOTH / "malavasi" / "malavasi.geobug.xml"
TOULOUSE = PAIRGOTH / "pairings" / "Toulouse2024.xml"


def only_round_one(path: Path) -> tuple[ET.Element, bytes]:
    """The file's XML and the file with the games of round 1 only (round 2 still to pair)."""
    root = ET.parse(path).getroot()
    kept = ET.fromstring(ET.tostring(root))
    games = kept.find("Games")
    assert games is not None
    for g in list(games):
        if g.get("roundNumber") != "1":
            games.remove(g)
    return root, ET.tostring(kept)


def participating(root: ET.Element) -> dict[str, str]:
    """Each finally registered player's participation string, by OpenGotha key."""
    return {
        player_key(el.get("name", ""), el.get("firstName", "")): el.get("participating", "")
        for el in root.iter("Player")
        if el.get("registeringStatus", "FIN") == "FIN"
    }


def key_of(event: Event, no: int) -> str:
    p = event.player(no)
    return player_key(p.surname, p.given)


def test_malavasi_absences_of_round_2_are_not_paired() -> None:
    """Malavasi after round 1: 9 players who play round 1 and a later round announced they miss
    round 2; OpenGotha pairs 716 players in round 2, not 725."""
    root, data = only_round_one(MALAVASI)
    event = import_opengotha(data).event
    flags = participating(root)
    skipping = [p for p in event.players if 2 in p.skips]
    assert len(skipping) == 9
    for p in skipping:
        flag = flags[player_key(p.surname, p.given)]
        assert flag[1] == "0" and "1" in flag[2:10]
        assert not p.plays_in(2)
        assert all(p.plays_in(r) == (flag[r - 1] != "0") for r in range(3, 11))
    assert len(event.active(2)) == 716
    # round 3 likewise: a 0 between rounds played, counted from the strings themselves
    gaps = sum(
        1 for f in flags.values() if "1" in f[:2] and f[2:3] == "0" and "1" in f[3:10]
    )  # 10 rounds
    assert sum(1 for p in event.players if 3 in p.skips) == gaps


def test_announced_absences_survive_the_event_file_and_the_export() -> None:
    _, data = only_round_one(MALAVASI)
    event = import_opengotha(data).event
    assert loads(dumps(event)) == event
    again = read_opengotha(write_opengotha(event))
    assert [p.skips for p in again.players] == [p.skips for p in event.players]


def test_toulouse_round_2_pairs_whom_opengotha_paired() -> None:
    """Toulouse 2024 re-paired from round 1: the players of arbiter's round 2 are exactly those
    OpenGotha paired (an announced absence and a withdrawal are left out, and score the file's
    absence value as in OpenGotha)."""
    root, data = only_round_one(TOULOUSE)
    theirs = {
        g.get(side)
        for g in root.iter("Game")
        if g.get("roundNumber") == "2"
        for side in ("blackPlayer", "whitePlayer")
    }
    event = import_opengotha(data).event
    paired = event.pair_next_round().round(2)
    ours = {key_of(event, no) for g in paired.games for no in (g.black, g.white)}
    assert ours == theirs
    assert len(ours) == 36
    # the two absentees score OpenGotha's absence value (genMMS2ValueAbsent 1: half a point)
    assert event.config.absence == Fraction(1, 2)
    assert [(b.kind, b.points) for b in paired.byes] == [("half", Fraction(1, 2))] * 2
    # one announced absence, one withdrawal: both 0 for round 2 in the file
    flags = participating(root)
    assert all(flags[key_of(event, b.no)][1] == "0" for b in paired.byes)
    assert sorted(bool(event.player(b.no).skips) for b in paired.byes) == [False, True]


def test_late_entrants_are_paired_at_the_rounded_down_score() -> None:
    """``genRoundDownNBWMMS=true``: malavasi's late entrants have a half-point absence in
    round 1 and are paired in round 2 at their starting McMahon score, as OpenGotha pairs them
    (32, not 32.5 for a 2k); without rounding down they keep the half point."""
    _, data = only_round_one(MALAVASI)
    event = import_opengotha(data).event
    assert event.config.round_down
    start = starting_scores(event)
    late = [c for c in field(event, 2).contestants if event.player(c.no).entered == 2]
    assert len(late) >= 19
    assert all(c.score == start[c.no] for c in late)
    assert all(b.points == Fraction(1, 2) for b in event.rounds[0].byes if b.kind == "half")
    exact = event.set("round_down", "no")
    assert all(
        c.score == start[c.no] + Fraction(1, 2)
        for c in field(exact, 2).contestants
        if exact.player(c.no).entered == 2
    )


def test_two_byes_in_one_round_keep_the_last_as_opengotha() -> None:
    """Malavasi's round 1 lists two ``<ByePlayer>``; OpenGotha's tournament has one bye player a
    round and keeps the last one read."""
    imported = import_opengotha(MALAVASI)
    byes = [b for b in imported.event.rounds[0].byes if b.kind == "bye"]
    assert [imported.event.player(b.no).name for b in byes] == ["Albert_Ledun Soline"]
    assert any("two byes" in n and "Ceron Elisa" in n for n in imported.notes)


RESULT_CODES = {
    "RESULT_UNKNOWN": (None, Fraction(0), Fraction(0)),
    "RESULT_BLACKWINS": ("B+", Fraction(1), Fraction(0)),
    "RESULT_WHITEWINS": ("W+", Fraction(0), Fraction(1)),
    "RESULT_EQUAL": ("0", Fraction(1, 2), Fraction(1, 2)),
    "RESULT_BOTHLOSE": ("Void", Fraction(0), Fraction(0)),
    "RESULT_BOTHWIN": ("++", Fraction(1), Fraction(1)),
    "RESULT_BLACKWINS_BYDEF": ("+-", Fraction(1), Fraction(0)),
    "RESULT_WHITEWINS_BYDEF": ("-+", Fraction(0), Fraction(1)),
    "RESULT_BOTHLOSE_BYDEF": ("--", Fraction(0), Fraction(0)),
    "RESULT_EQUAL_BYDEF": ("0", Fraction(1, 2), Fraction(1, 2)),
    "RESULT_BOTHWIN_BYDEF": ("++", Fraction(1), Fraction(1)),
}


def one_game(code: str) -> str:
    return f"""<Tournament dataVersion="201"><Players>
    <Player name="Aa" firstName="" rank="1D"/><Player name="Bb" firstName="" rank="1D"/>
    </Players><Games><Game roundNumber="1" tableNumber="1" blackPlayer="AA" whitePlayer="BB"
    result="{code}"/></Games></Tournament>"""


@pytest.mark.parametrize("code", sorted(RESULT_CODES))
def test_every_result_code_scores_as_opengotha(code: str) -> None:
    """Each code counts as OpenGotha's ``fillBaseScoringInfo`` counts it (points of Black,
    White); the export writes it back (the ``_BYDEF`` draw and double win as played)."""
    text, black, white = RESULT_CODES[code]
    assert RESULTS_IN[code] == text
    event = read_opengotha(one_game(code))
    game = event.rounds[0].games[0]
    assert (str(game.result) if game.result else None) == text
    table = standings(event)
    assert (table.row(game.black).points, table.row(game.white).points) == (black, white)
    again = read_opengotha(write_opengotha(event))
    assert again.rounds[0].games[0].result == game.result


def test_both_win_is_a_go_result_of_its_own() -> None:
    both = Result.parse("++", "go")
    assert both.kind == "double-win" and both.played
    assert both.outcome("black") == both.outcome("white") == "win"
    with pytest.raises(ResultError):
        Result.parse("++", "toguz")
    # the EGF results file shows it as OpenGotha's does: a game each player won
    h9 = write_h9(read_opengotha(one_game("RESULT_BOTHWIN")))
    assert "2+/b0" in h9 and "1+/w0" in h9


def test_a_file_without_data_version_is_read_as_opengotha_3_51_02_writes_it() -> None:
    """Toulouse 2024 was saved by OpenGotha 3.51.02 (``fullVersionNumber``), which writes no
    ``dataVersion``: its ratings are on today's scale (1d about 2100), not the old one."""
    root = ET.parse(TOULOUSE).getroot()
    assert root.get("dataVersion") is None and root.get("fullVersionNumber") == "3.51.02"
    event = read_opengotha(TOULOUSE)
    by_key = {key_of(event, p.no): p for p in event.players}
    for el in root.iter("Player"):
        p = by_key[player_key(el.get("name", ""), el.get("firstName", ""))]
        rating = int(el.get("rating", "0"))
        # the file's ratings as they are; those below 0 (weaker than 21k) are left unknown
        assert p.rating == (rating if 0 <= rating <= 4000 else None)
    assert read_opengotha(write_opengotha(event)) == event


@given(st.lists(st.booleans(), min_size=3, max_size=12))
def test_skips_are_the_gaps_of_the_participation_string(flags: list[bool]) -> None:
    """Property: after round 1, the rounds the string leaves out between the first and the last
    round played are skips, the rounds outside them entry and withdrawal; a skipped round is
    never paired."""
    digits = "1" + "".join("1" if f else "0" for f in flags)
    xml = f"""<Tournament dataVersion="201"><Players>
    <Player name="Aa" firstName="" rank="1D" participating="{digits}"/>
    <Player name="Bb" firstName="" rank="1D"/><Player name="Cc" firstName="" rank="1D"/>
    </Players><Games><Game roundNumber="1" tableNumber="1" blackPlayer="BB" whitePlayer="CC"
    result="RESULT_BLACKWINS"/></Games><TournamentParameterSet><GeneralParameterSet
    numberOfRounds="{len(digits)}"/></TournamentParameterSet></Tournament>"""
    event = read_opengotha(xml)
    player: Player = event.player(1)
    last = max(i for i, d in enumerate(digits, start=1) if d == "1")
    assert player.skips == tuple(r for r in range(2, last) if digits[r - 1] == "0")
    for r in range(2, len(digits) + 1):
        assert player.plays_in(r) == (digits[r - 1] == "1")
