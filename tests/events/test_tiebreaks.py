"""Every tiebreak on small events worked out by hand, the unplayed-games policies, and the
EGF/OpenGotha rule checked against OpenGotha's own results file."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from arbiter.events.event import Event
from arbiter.events.participants import Player, Team
from arbiter.events.results import Result
from arbiter.events.rounds import Bye, Game, Round
from arbiter.events.settings import Settings
from arbiter.events.standings import context, standings
from arbiter.events.tiebreaks import TIEBREAKS
from arbiter.games.go.rank import Rank
from tests.conftest import DATA

F = Fraction


def toguz(r: int, t: int, white: int, black: int, text: str) -> Game:
    return Game(r, t, None, black=black, white=white, result=Result.parse(text, "toguz"))


def swiss_like(policy: str) -> Event:
    """Five players, three rounds, Toguz Korgool (White first in results), no pairing system:
    the rounds are given.

        R1: A-B 1(85)-0(70)   C-D 1/2-1/2   E: pairing bye (1)
        R2: E-A 0(50)-1(90)   B-C 1-0       D: pairing bye (1)
        R3: C-E +- (E does not come)   A-D 0(40)-1(82)   B: requested half-point bye

    Points: A 2, B 1.5, C 1.5, D 2.5, E 1.
    """
    players = tuple(Player(i, name) for i, name in enumerate(["A", "B", "C", "D", "E"], start=1))
    rounds = (
        Round(
            1,
            (toguz(1, 1, 1, 2, "1(85)-0(70)"), toguz(1, 2, 3, 4, "1/2-1/2")),
            (Bye(5, "bye", F(1)),),
        ),
        Round(
            2, (toguz(2, 1, 5, 1, "0(50)-1(90)"), toguz(2, 2, 2, 3, "1-0")), (Bye(4, "bye", F(1)),)
        ),
        Round(
            3,
            (toguz(3, 1, 3, 5, "+-"), toguz(3, 2, 1, 4, "0(40)-1(82)")),
            (Bye(2, "half", F(1, 2)),),
        ),
    )
    settings = Settings().with_text("unplayed", policy).with_text("rounds", "3")
    return Event("toguz", "swiss", "individual", settings, players, rounds=rounds)


def values(event: Event, code: str) -> list[Fraction]:
    ctx = context(event, len(event.rounds))
    return [TIEBREAKS[code](ctx, no, frozenset({no})) for no in event.numbers]  # type: ignore[misc]


def test_points_progress_wins_and_korgools() -> None:
    e = swiss_like("fide-2026")
    assert values(e, "PTS") == [2, F(3, 2), F(3, 2), F(5, 2), 1]
    # PS: running scores A 1,2,2; B 0,1,1.5; C .5,.5,1.5; D .5,1.5,2.5; E 1,1,1
    assert values(e, "PS") == [5, F(5, 2), F(5, 2), F(9, 2), 3]
    # WIN counts forfeit wins and full-point byes; WON only wins over the board
    assert values(e, "WIN") == [2, 1, 1, 2, 1]
    assert values(e, "WON") == [2, 1, 0, 1, 0]
    # KLG: korgools in lost games: A 40 (R3), B 70 (R1), E 50 (R2)
    assert values(e, "KLG") == [40, 70, 0, 0, 50]


def test_buchholz_by_policy() -> None:
    # FIDE 2026: dummy = own score, capped (16.4) by the scheduled opponent's score for forfeits
    # and by draw x rounds = 1.5 for byes.
    #   A: B 1.5 + E 1 + D 2.5 = 5
    #   B: A 2 + C 1.5 + half bye min(1.5, 1.5) = 5
    #   C: D 2.5 + B 1.5 + forfeit win min(1.5, E 1) = 5
    #   D: C 1.5 + bye min(2.5, 1.5) + A 2 = 5
    #   E: bye min(1, 1.5) + A 2 + forfeit loss min(1, C 1.5) = 4
    assert values(swiss_like("fide-2026"), "BH") == [5, 5, 5, 5, 4]
    # FIDE 2023, no caps: C 2.5+1.5+1.5 = 5.5, D 1.5+2.5+2 = 6
    assert values(swiss_like("fide-2023"), "BH") == [5, 5, F(11, 2), 6, 4]
    # FIDE 2009: opponents' unplayed rounds count as draws (C 1, D 2, E 1 as opponents);
    # own unplayed round R: S_before + (1 - S_R) + 0.5 (n - R), n = 3
    #   A: B 1.5 + E 1 + D 2 = 4.5
    #   B: A 2 + C 1 + virtual(R3: 1 + 0.5 + 0) 1.5 = 4.5
    #   C: D 2 + B 1.5 + virtual(R3: 0.5 + 0 + 0) 0.5 = 4
    #   D: C 1 + virtual(R2: 0.5 + 0 + 0.5) 1 + A 2 = 4
    #   E: virtual(R1: 0 + 0 + 1) 1 + A 2 + virtual(R3: 1 + 1 + 0) 2 = 5
    assert values(swiss_like("fide-2009"), "BH") == [F(9, 2), F(9, 2), 4, 4, 5]
    # EGF: byes add the starting score (0 in Swiss); forfeits count their opponent
    #   A 5; B 2 + 1.5 + 0 = 3.5; C 2.5 + 1.5 + E 1 = 5; D 1.5 + 0 + 2 = 3.5; E 0 + 2 + C 1.5
    assert values(swiss_like("egf"), "BH") == [5, F(7, 2), 5, F(7, 2), F(7, 2)]


def test_buchholz_cut_and_median() -> None:
    # FIDE 16.5: cut the lowest VUR contribution first (B's half bye, E's forfeit loss)
    #   A [1.5, 1, 2.5] -> 4;  B [2, 1.5, 1.5*] -> 3.5;  C [2.5, 1.5, 1] -> 4
    #   D [1.5, 1.5, 2] -> 3.5;  E [1, 2, 1*] -> 3
    e = swiss_like("fide-2026")
    assert values(e, "BH-C1") == [4, F(7, 2), 4, F(7, 2), 3]
    # Median-1: then cut the highest: A 1.5, B [2, 1.5] -> 1.5, C [2.5, 1.5] -> 1.5,
    # D [1.5, 2] -> 1.5, E [1, 2] -> 1
    assert values(e, "BH-M1") == [F(3, 2), F(3, 2), F(3, 2), F(3, 2), 1]


def test_berger() -> None:
    # SB = beaten opponents' scores + half the drawn ones'; unplayed rounds against the dummy:
    #   A: beat B 1.5 + beat E 1 = 2.5
    #   B: beat C 1.5 + half bye 1/2 x 1.5 = 2.25
    #   C: drew D 1/2 x 2.5 + forfeit win 1 x min(1.5, 1) = 2.25
    #   D: drew C 0.75 + bye 1 x min(2.5, 1.5) + beat A 2 = 4.25
    #   E: bye 1 x min(1, 1.5) = 1
    assert values(swiss_like("fide-2026"), "SB") == [F(5, 2), F(9, 4), F(9, 4), F(17, 4), 1]


def test_default_toguz_order_uses_head_to_head_only_among_the_tied() -> None:
    # PTS, BH, DE, PS, SB: D 2.5, A 2, then B and C tie on 1.5 points and BH 5; B beat C in R2
    table = standings(swiss_like("fide-2026"))
    assert [r.no for r in table.rows] == [4, 1, 2, 3, 5]
    assert [r.place for r in table.rows] == [1, 2, 3, 4, 5]
    assert not any(r.shared for r in table.rows)
    assert table.row(2).value("DE") == 1 and table.row(3).value("DE") == 0
    assert table.row(4).value("DE") == 0  # alone on its points: DE does not apply
    assert table.to_json()[2] == {
        "place": 3,
        "no": 2,
        "name": "B",
        "points": 1.5,
        "tiebreaks": {"BH": 5.0, "DE": 1.0, "PS": 2.5, "SB": 2.25},
        "shared": False,
    }


def go(r: int, t: int, black: int, white: int, text: str, handicap: int = 0) -> Game:
    return Game(r, t, None, black, white, handicap=handicap, result=Result.parse(text, "go"))


def test_mcmahon_scores_and_go_tiebreaks() -> None:
    """Four players in a McMahon event with bar 2d: starting scores 3d -> 31 (bar), 1d -> 30,
    1k -> 29, 5k -> 25.

        R1: P1-P2 B+R    P3-P4 W+R
        R2: P1-P4 0      P2-P3 B+5.5
    Points 1.5, 1, 0, 1.5; MMS 32.5, 31, 29, 26.5.
    """
    ranks = ["3d", "1d", "1k", "5k"]
    players = tuple(Player(i + 1, f"P{i + 1}", rank=Rank.parse(r)) for i, r in enumerate(ranks))
    rounds = (
        Round(1, (go(1, 1, 1, 2, "B+R"), go(1, 2, 3, 4, "W+R"))),
        Round(2, (go(2, 1, 1, 4, "0"), go(2, 2, 2, 3, "B+5.5"))),
    )
    settings = Settings().with_text("bar", "2d").with_text("floor", "20k")
    e = Event("go", "mcmahon", "individual", settings, players, rounds=rounds)
    assert values(e, "MMS") == [F(65, 2), 31, 29, F(53, 2)]
    # SOS: P1 31 + 26.5; P2 32.5 + 29; P3 26.5 + 31; P4 29 + 32.5
    assert values(e, "SOS") == [F(115, 2), F(123, 2), F(115, 2), F(123, 2)]
    # SOS-1 drops the lowest: P1 31, P2 32.5, P3 31, P4 32.5
    assert values(e, "SOS-1") == [31, F(65, 2), 31, F(65, 2)]
    # SOSOS: P1 = SOS(P2) + SOS(P4) = 61.5 + 61.5; P2 = SOS(P1) + SOS(P3) = 57.5 + 57.5
    assert values(e, "SOSOS") == [123, 115, 123, 115]
    # SODOS: P1 beat P2 (31) + jigo with P4 (26.5 / 2); P4 beat P3 (29) + jigo with P1 (32.5 / 2)
    assert values(e, "SODOS") == [F(177, 4), 29, 0, F(181, 4)]
    # CUSS: the running MMS after each round: P1 32 + 32.5, P2 30 + 31, P3 29 + 29, P4 26 + 26.5
    assert values(e, "CUSS") == [F(129, 2), 61, 58, F(105, 2)]
    rows = standings(e).rows
    assert [r.no for r in rows] == [1, 2, 3, 4]
    assert rows[0].to_json()["tiebreaks"] == {"MMS": 32.5, "SOS": 57.5, "SOSOS": 123.0}
    assert rows[0].to_json()["points"] == 1.5  # game points; MMS is a criterion


def test_team_tiebreaks() -> None:
    """Three teams of two boards, Go, a round robin (one team rests each round).

        R1: T1-T2  board 1 T1 (Black) wins, board 2 T2 (Black) wins   -> 1:1, match drawn
        R2: T3-T1  board 1 T1 (White) wins, board 2 T1 (Black) wins   -> T1 2:0
        R3: T2-T3  board 1 T2 (Black) wins, board 2 jigo              -> T2 1.5:0.5
    MP: T1 3, T2 3, T3 0.  GP: T1 3, T2 2.5, T3 0.5.
    """
    players = tuple(Player(i, f"P{i}") for i in range(1, 7))
    teams = (Team(1, "T1", (1, 2)), Team(2, "T2", (3, 4)), Team(3, "T3", (5, 6)))

    def board(r: int, b: int, black: int, white: int, text: str) -> Game:
        return Game(r, 1, b, black, white, result=Result.parse(text, "go"))

    rounds = (
        Round(1, (board(1, 1, 1, 2, "B+R"), board(1, 2, 2, 1, "B+R")), (Bye(3, "rest"),)),
        Round(2, (board(2, 1, 3, 1, "W+R"), board(2, 2, 1, 3, "B+R")), (Bye(2, "rest"),)),
        Round(3, (board(3, 1, 2, 3, "B+R"), board(3, 2, 3, 2, "0")), (Bye(1, "rest"),)),
    )
    e = Event("go", "round-robin", "team", Settings(), players, teams=teams, rounds=rounds)
    assert values(e, "MP") == [3, 3, 0]
    assert values(e, "GP") == [3, F(5, 2), F(1, 2)]
    # MSB: drawn match with a 3-point team counts 1.5, a win over T3 (0 points) nothing
    assert values(e, "MSB") == [F(3, 2), F(3, 2), 0]
    # GSB: T1 = 1/2 x GP(T2) 2.5 + GP(T3) 0.5 = 1.75; T2 = 1/2 x 3 + 0.5 = 2
    assert values(e, "GSB") == [F(7, 4), 2, 0]
    # BRD: board 1, board 2 sums: T1 (2, 1), T2 (1, 1.5), T3 (0, 0.5)
    assert values(e, "BRD") == [(2, 1), (1, F(3, 2)), (0, F(1, 2))]
    rows = standings(e).rows
    assert [r.no for r in rows] == [1, 2, 3]  # T1 ahead of T2 on board points
    assert rows[0].points == 3 and rows[0].to_json()["tiebreaks"]["BRD"] == [2.0, 1.0]


def test_head_to_head_only_when_all_tied_have_met() -> None:
    players = tuple(Player(i, f"P{i}") for i in range(1, 5))
    # everyone ends on 1 point; P2-P3 and P1-P4 never met, so DE separates nobody
    rounds = (
        Round(1, (toguz(1, 1, 1, 2, "1-0"), toguz(1, 2, 3, 4, "0-1"))),
        Round(2, (toguz(2, 1, 1, 3, "0-1"), toguz(2, 2, 2, 4, "1-0"))),
    )
    settings = Settings().with_text("tiebreaks", "PTS,DE")
    e = Event("toguz", "swiss", "individual", settings, players, rounds=rounds)
    rows = standings(e).rows
    assert [r.no for r in rows] == [1, 2, 3, 4]
    assert all(r.shared for r in rows)
    assert all(r.value("DE") == 0 for r in rows)
    # another 1-1-1-1 finish: P1 beat P2, P3 beat P4, P2 beat P3, P4 beat P1
    rounds2 = (
        Round(1, (toguz(1, 1, 1, 2, "1-0"), toguz(1, 2, 3, 4, "1-0"))),
        Round(2, (toguz(2, 1, 2, 3, "1-0"), toguz(2, 2, 4, 1, "1-0"))),
    )
    # P1-P3 and P2-P4 never met: no DE
    e2 = Event("toguz", "swiss", "individual", settings, players, rounds=rounds2)
    assert all(r.value("DE") == 0 for r in standings(e2).rows)


def test_head_to_head_is_computed_within_the_group_tied_at_that_point() -> None:
    players = tuple(Player(i, f"P{i}") for i in range(1, 5))
    rounds = (
        Round(1, (toguz(1, 1, 1, 4, "1-0"), toguz(1, 2, 2, 3, "0-1"))),
        Round(2, (toguz(2, 1, 4, 3, "1-0"), toguz(2, 2, 1, 2, "0-1"))),
        Round(3, (toguz(3, 1, 2, 4, "1-0"), toguz(3, 2, 3, 1, "0-1"))),
    )

    # P1: beat P4, lost to P2, beat P3 -> 2;  P2: lost to P3, beat P1, beat P4 -> 2
    # P3: beat P2, lost to P4, lost to P1 -> 1;  P4: lost to P1, beat P3, lost to P2 -> 1
    # SB: P1 = P4 1 + P3 1 = 2;  P2 = P1 2 + P4 1 = 3;  P3 = P2 2 = 2;  P4 = P3 1 = 1
    def table(order: str) -> list[tuple[int, Fraction, Fraction]]:
        settings = Settings().with_text("tiebreaks", order)
        e = Event("toguz", "round-robin", "individual", settings, players, rounds=rounds)
        return [(r.no, r.value("DE"), r.value("SB")) for r in standings(e).rows]  # type: ignore[misc]

    # DE first: P2 beat P1 (DE 1 : 0); P4 beat P3 (DE 1 : 0) although P3's Berger is higher
    assert table("PTS,DE,SB") == [(2, 1, 3), (1, 0, 2), (4, 1, 1), (3, 0, 2)]
    # Berger first: it separates both pairs, so DE never applies (0 for everyone)
    assert table("PTS,SB,DE") == [(2, 0, 3), (1, 0, 2), (3, 0, 2), (4, 0, 1)]


# -- EGF / OpenGotha: SOS and SOSOS against OpenGotha's results file --------------------------

H9 = DATA / "opengotha" / "opengotha-repo" / "Tournoi de Juvisy.h9"
_LINE = re.compile(
    r"^\s*(\d+)\s+(.{30})\s*(\d+[kKdD])\s+\S+\s+\S+\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+\s+(.*)$"
)


def juvisy() -> tuple[Event, dict[int, tuple[int, int, int]]]:
    """The Juvisy tournament as an arbiter event with OpenGotha's settings for it (bar 4d,
    floor 20k, scores rounded down: Tournoi de Juvisy.xml), and OpenGotha's MMS, SOS, SOSOS
    columns by place."""
    printed: dict[int, tuple[int, int, int]] = {}
    players = []
    games: dict[int, dict[frozenset[int], Game]] = {}
    byes: dict[int, list[Bye]] = {}
    for line in H9.read_bytes().decode("latin-1").splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        place = int(m.group(1))
        players.append(Player(place, m.group(2).strip(), rank=Rank.parse(m.group(3))))
        printed[place] = (int(m.group(4)), int(m.group(5)), int(m.group(6)))
        for r, cell in enumerate(m.group(7).split(), start=1):
            opp, sign, colour, hd = re.match(r"(\d+)([+=-])(?:/([bw])(\d+))?", cell).groups()  # type: ignore[union-attr]
            if opp == "0":
                kind, pts = {"+": ("bye", F(1)), "=": ("half", F(1, 2)), "-": ("absent", F(0))}[
                    sign
                ]
                byes.setdefault(r, []).append(Bye(place, kind, pts))  # type: ignore[arg-type]
                continue
            key = frozenset((place, int(opp)))
            if key in games.setdefault(r, {}):
                continue
            black, white = (place, int(opp)) if colour == "b" else (int(opp), place)
            won = sign == "+"
            text = (
                ("B+R" if black == place else "W+R")
                if won
                else ("W+R" if black == place else "B+R")
            )
            games[r][key] = Game(
                r,
                len(games[r]) + 1,
                None,
                black,
                white,
                handicap=int(hd),
                result=Result.parse(text, "go"),
            )
    rounds = tuple(
        Round(r, tuple(games[r].values()), tuple(byes.get(r, []))) for r in sorted(games)
    )
    settings = (
        Settings().with_text("bar", "4d").with_text("floor", "20k").with_text("round_down", "yes")
    )
    settings = settings.with_text("tiebreaks", "MMS,SOS,SOSOS")
    return Event("go", "mcmahon", "individual", settings, tuple(players), rounds=rounds), printed


def test_sos_and_sosos_match_opengotha() -> None:
    event, printed = juvisy()
    assert len(event.players) == 19
    table = standings(event)
    for row in table.rows:
        assert tuple(row.value(c) for c in ("MMS", "SOS", "SOSOS")) == printed[row.no], row.name
    # OpenGotha's places are the file's order
    assert [r.no for r in table.rows][:5] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("code", sorted(TIEBREAKS))
def test_every_tiebreak_runs_on_every_kind_of_event(code: str) -> None:
    for event in (swiss_like("fide-2026"), swiss_like("egf"), juvisy()[0]):
        ctx = context(event, len(event.rounds))
        for no in event.numbers:
            TIEBREAKS[code](ctx, no, frozenset(event.numbers))
