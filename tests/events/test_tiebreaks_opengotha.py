"""OpenGotha's criteria and SOS conventions against OpenGotha's own results files (.h9).

``TournoiChinois.h9`` is OpenGotha's standings of ``TournoiChinois.xml`` (one round paired of
five: every player has four rounds not assigned; one game without a result, one
``RESULT_BOTHWIN``); ``ioct_20_02.h9`` holds OpenGotha's ``EXT`` and ``EXR`` columns.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction as F

from hypothesis import given
from hypothesis import strategies as st

from arbiter.events.event import Event
from arbiter.events.formats.opengotha import read_opengotha
from arbiter.events.participants import Player
from arbiter.events.results import Result
from arbiter.events.rounds import Bye, Game, Round
from arbiter.events.settings import Settings
from arbiter.events.standings import context, standings
from arbiter.events.tiebreaks import TIEBREAKS
from arbiter.games.go.rank import Rank
from tests.conftest import DATA

REPO = DATA / "opengotha" / "opengotha-repo"
_ROW = re.compile(
    r"^\s*(\d+)?\s+(.{30})\s*(\d+[kKdDpP])\s+\S+\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(.*)$"
)


def h9_rows(name: str) -> list[tuple[str, ...]]:
    """The player lines of an OpenGotha results file: name, rank, the three criteria columns
    after the club, and the round cells."""
    rows = []
    for line in (REPO / name).read_bytes().decode("latin-1").splitlines():
        if line.startswith(";"):
            continue
        m = _ROW.match(line)
        if m:
            rows.append(m.groups()[1:])
    return rows


def test_sos_conventions_and_both_win_match_opengotha() -> None:
    """OpenGotha counts, in SOS, the opponent of a game without a result, and the own starting
    McMahon score for each round in which a player was not paired; ``RESULT_BOTHWIN`` is a win
    for both (the file's two 12k players at 18 + 1 = 19). OpenGotha printed the standings after
    the fifth (planned) round, so rounds 2 to 5 are there, paired with nobody."""
    event = read_opengotha(REPO / "TournoiChinois.xml")
    assert event.config.unplayed == "egf"
    both = [g for g in event.rounds[0].games if g.result is not None and str(g.result) == "++"]
    assert len(both) == 1
    unknown = [g for g in event.rounds[0].games if g.result is None]
    assert len(unknown) == 1
    event = replace(event, rounds=event.rounds + tuple(Round(r, (), ()) for r in range(2, 6)))
    table = standings(event)
    ours = [tuple(int(row.value(c)) for c in ("MMS", "SOS", "SOSOS")) for row in table.rows]
    theirs = [(int(r[3]), int(r[4]), int(r[5])) for r in h9_rows("TournoiChinois.h9")]
    assert len(theirs) == 24
    assert ours == theirs
    # the both-win pair: a point each, and each counts the other's 19 in SOS
    for g in both:
        assert table.row(g.black).value("MMS") == table.row(g.white).value("MMS") == 19
    # the game without a result: its players score nothing, yet count each other
    a, b = unknown[0].black, unknown[0].white
    sos_a = table.row(a).value("SOS")
    start_a = table.row(a).value("MMS")
    assert sos_a == table.row(b).value("MMS") + 4 * start_a


def test_fide_policy_counts_no_unassigned_round() -> None:
    """The same file under a FIDE policy (as for Toguz Korgool): rounds without a game or bye
    and games without a result add nothing; OpenGotha's values are then not reached."""
    event = read_opengotha(REPO / "TournoiChinois.xml")
    event = replace(event, settings=event.settings.with_text("unplayed", "fide-2009"))
    table = standings(event)
    unknown = next(g for g in event.rounds[0].games if g.result is None)
    assert table.row(unknown.black).value("SOS") == 0


def ioct() -> tuple[Event, dict[str, tuple[int, int, int]]]:
    """``ioct_20_02.h9`` as an arbiter Swiss (players in the file's order, games with their
    colours and handicaps) and OpenGotha's NBW, EXT and EXR by name."""
    rows = h9_rows("ioct_20_02.h9")
    players = tuple(
        Player(i, r[0].strip(), rank=Rank.parse(r[1])) for i, r in enumerate(rows, start=1)
    )
    # the columns are CAT, NBW, EXT, EXR: the last one starts the rest of the line
    printed = {r[0].strip(): (int(r[4]), int(r[5]), int(r[6].split()[0])) for r in rows}
    games: dict[int, dict[frozenset[int], Game]] = {}
    for i, r in enumerate(rows, start=1):
        for rnd, cell in enumerate(r[6].split()[1:], start=1):
            m = re.match(r"(\d+)([+=-])/([bw])(\d+)", cell)
            assert m is not None, cell
            opp, sign, colour, hd = m.groups()
            key = frozenset((i, int(opp)))
            if key in games.setdefault(rnd, {}):
                continue
            black, white = (i, int(opp)) if colour == "b" else (int(opp), i)
            winner_black = (black == i) == (sign == "+")
            games[rnd][key] = Game(
                rnd,
                len(games[rnd]) + 1,
                None,
                black,
                white,
                handicap=int(hd),
                result=Result.parse("B+R" if winner_black else "W+R", "go"),
            )
    rounds = tuple(Round(n, tuple(games[n].values()), ()) for n in sorted(games))
    settings = Settings().with_text("tiebreaks", "PTS,EXT,EXR")
    return Event("go", "swiss", "individual", settings, players, rounds=rounds), printed


def test_exploits_match_opengotha() -> None:
    """EXT and EXR: the opponents' wins weighted by the game's difficulty (OpenGotha's
    ``Tournament.fillBaseScoringInfo``), as in OpenGotha's results file."""
    event, printed = ioct()
    table = standings(event)
    got = {
        row.name: (int(row.points), int(row.value("EXT")), int(row.value("EXR")))
        for row in table.rows
    }
    assert got == printed
    assert [row.name for row in table.rows] == list(printed)


def test_exploit_weight_by_handicap_and_ranks() -> None:
    """The weight of a game: the handicap given less the rank difference; below 0 counts 0,
    0 counts 1, 1 counts 2, 2 and more 3 (the opponent's wins times the weight)."""
    players = (Player(1, "A", rank=Rank.parse("3k")), Player(2, "B", rank=Rank.parse("1d")))
    players += (Player(3, "C", rank=Rank.parse("5k")), Player(4, "D", rank=Rank.parse("5k")))
    r1 = Round(
        1,
        (
            # A (3k) takes Black against 1d with 1 stone: natural -3, given -1: gap 2, weight 3
            Game(1, 1, None, 1, 2, handicap=1, result=Result.parse("B+R", "go")),
            Game(1, 2, None, 3, 4, result=Result.parse("B+R", "go")),
        ),
        (),
    )
    r2 = Round(
        2,
        (
            Game(2, 1, None, 2, 3, result=Result.parse("B+R", "go")),
            Game(2, 2, None, 4, 1, result=Result.parse("W+R", "go")),
        ),
        (),
    )
    event = Event("go", "swiss", "individual", Settings(), players, rounds=(r1, r2))
    ctx = context(event, 2)
    # A: vs B (1 win) weight 3, vs D (0 wins) as White, natural 2, given 0: gap -2 -> 0
    assert TIEBREAKS["EXT"](ctx, 1, frozenset()) == 3
    assert TIEBREAKS["EXR"](ctx, 1, frozenset()) == 3
    # B (1d) vs A with White giving 1: natural 3, given 1 -> 0; vs C (1 win) even: natural 5 -> 0
    assert TIEBREAKS["EXT"](ctx, 2, frozenset()) == 0


def test_cup_score_doubles_each_round() -> None:
    """CPS: ``2 × CPS(r − 1) + points(r)``; an early win outweighs every later one; byes are
    added as they are."""
    players = tuple(Player(n, name) for n, name in enumerate("ABCD", start=1))
    r1 = Round(
        1,
        (
            Game(1, 1, None, 1, 2, result=Result.parse("B+R", "go")),
            Game(1, 2, None, 3, 4, result=Result.parse("W+R", "go")),
        ),
        (),
    )
    r2 = Round(
        2,
        (
            Game(2, 1, None, 1, 4, result=Result.parse("W+R", "go")),
            Game(2, 2, None, 2, 3, result=Result.parse("B+R", "go")),
        ),
        (),
    )
    r3 = Round(3, (Game(3, 1, None, 1, 3, result=Result.parse("B+R", "go")),), ())
    r3 = replace(r3, byes=(Bye(2, "bye", F(1)), Bye(4, "absent", F(0))))
    settings = Settings().with_text("tiebreaks", "CPS")
    event = Event("go", "swiss", "individual", settings, players, rounds=(r1, r2, r3))
    ctx = context(event, 3)
    # A: won, lost, won: 1*4 + 0*2 + 1 = 5; B: lost, won, bye: 0 + 2 + 1 = 3
    # C: lost, lost, lost = 0; D: won, won, absent: 4 + 2 = 6
    assert [TIEBREAKS["CPS"](ctx, n, frozenset()) for n in (1, 2, 3, 4)] == [5, 3, 0, 6]
    # the cup score is a main score: the standings go by it alone
    assert [r.no for r in standings(event).rows] == [4, 1, 2, 3]


@given(st.lists(st.sampled_from(["B+R", "W+R"]), min_size=1, max_size=8))
def test_cup_score_orders_as_the_binary_number_of_the_wins(results: list[str]) -> None:
    """Property: with one game a round, CPS is the player's wins read as a binary number,
    round 1 the most significant digit."""
    players = (Player(1, "A"), Player(2, "B"))
    rounds = tuple(
        Round(n, (Game(n, 1, None, 1, 2, result=Result.parse(text, "go")),), ())
        for n, text in enumerate(results, start=1)
    )
    event = Event("go", "swiss", "individual", Settings(), players, rounds=rounds)
    ctx = context(event, len(rounds))
    bits = "".join("1" if text == "B+R" else "0" for text in results)
    assert TIEBREAKS["CPS"](ctx, 1, frozenset()) == int(bits, 2)
    assert TIEBREAKS["CPS"](ctx, 1, frozenset()) + TIEBREAKS["CPS"](ctx, 2, frozenset()) == (
        2 ** len(results) - 1
    )


def test_rating_criterion_and_the_files_criteria() -> None:
    """``cdff2020test.xml`` ranks by NBW, SOSW, EXR, Rating: all four are kept now."""
    event = read_opengotha(REPO / "cdff2020test.xml")
    assert event.config.tiebreaks == ("MMS", "SOS", "EXR", "RATING")
    cup = read_opengotha(REPO / "CdFA2020-essaiLVCup.xml")
    assert cup.config.tiebreaks == ("CPS",)
    ctx = context(event, len(event.rounds))
    for p in event.players[:20]:
        expected = p.rating if p.rating is not None else p.rank.egf_rating()  # type: ignore[union-attr]
        assert TIEBREAKS["RATING"](ctx, p.no, frozenset()) == expected
