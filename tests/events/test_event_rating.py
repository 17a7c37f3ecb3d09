"""Rating whole events: a finished McMahon tournament (OpenGotha's "Tournoi de Juvisy") rated
with the EGF system and checked against an independent computation from the EGF results file
OpenGotha wrote for it; a Toguz Korgool Swiss event rated with Glicko-2; forfeits and byes."""

from __future__ import annotations

import math
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from arbiter.events import Event
from arbiter.events.formats.egf import write_h9
from arbiter.events.formats.opengotha import read_opengotha
from arbiter.events.ratings import (
    EgfChange,
    Glicko2Rating,
    GlickoChange,
    GlickoGame,
    RatingError,
    rate_event,
    rating_system,
)
from tests.conftest import DATA

JUVISY = DATA / "opengotha" / "opengotha-repo" / "Tournoi de Juvisy"


# -- an independent EGF computation, written from the EGF's description --------------------


def egf_after(rating: float, games: list[tuple[float, float, int]], weight: float) -> float:
    """The EGF formula on its own: ``games`` are (opponent's rating, result, handicap) with the
    handicap positive when this player took it, negative when they gave it."""

    def beta(r: float) -> float:
        return -7 * math.log(3300 - r)

    total = 0.0
    for opponent, result, handicap in games:
        mine, theirs = rating, opponent
        if handicap > 0:
            mine += 100 * (handicap - 0.5)
        elif handicap < 0:
            theirs += 100 * (-handicap - 0.5)
        expected = 1 / (1 + math.exp(beta(theirs) - beta(mine)))
        con = ((3300 - rating) / 200) ** 1.6
        bonus = math.log(1 + math.exp((2300 - rating) / 80)) / 5
        total += con * (result - expected) + bonus
    return rating + weight * total


def h9_games(path: Path) -> tuple[str, dict[str, list[tuple[str, float, int]]]]:
    """The class and every player's games in an EGF results file: name → (opponent's name,
    result, signed handicap). Free rounds (``0+``, ``0=``, ``0-``) are no games."""
    text = path.read_bytes().decode("iso8859_15")
    cls = ""
    names: dict[int, str] = {}
    entries: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.startswith("; CL["):
            cls = line[5]
        if line.startswith(";") or not line.strip():
            continue
        place = len(names) + 1  # the lines are numbered in order; tied places are left blank
        name = " ".join(line[5:35].split())
        names[place] = name
        tokens = line[35:].split("|")[0].split()
        entries[name] = tokens[-4:]  # Juvisy: four rounds
    games: dict[str, list[tuple[str, float, int]]] = {n: [] for n in entries}
    for name, rounds in entries.items():
        for entry in rounds:
            if entry.startswith("0"):
                continue
            head, _, tail = entry.partition("/")
            opponent, sign = int(head[:-1]), head[-1]
            result = {"+": 1.0, "-": 0.0, "=": 0.5}[sign]
            colour, stones = tail[0], int(tail[1:] or 0)
            games[name].append((names[opponent], result, stones if colour == "b" else -stones))
    return cls, games


def xml_ratings(path: Path) -> dict[str, float]:
    """Each player's rating in the OpenGotha file (data version 201: EGF ratings)."""
    root = ET.parse(path).getroot()
    return {
        f"{p.get('name')} {p.get('firstName')}": float(p.get("rating", "0"))
        for p in root.iter("Player")
    }


@pytest.fixture(scope="module")
def juvisy() -> Event:
    return read_opengotha(JUVISY.with_suffix(".xml").read_bytes())


def test_a_whole_mcmahon_event_rated_as_the_egf_would(juvisy: Event) -> None:
    cls, games = h9_games(JUVISY.with_suffix(".h9"))
    start = xml_ratings(JUVISY.with_suffix(".xml"))
    weight = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25}[cls]
    rated = rate_event(juvisy)
    assert (rated.system, rated.cls) == ("egf", cls) == ("egf", "A")
    by_name = {c.name: c for c in rated.changes}
    assert set(by_name) == {n for n, g in games.items() if g} and len(by_name) == 19
    for name, played in games.items():
        expected = egf_after(start[name], [(start[o], r, h) for o, r, h in played], weight)
        change = by_name[name]
        assert isinstance(change, EgfChange)
        assert change.before == start[name] and change.source == "entry"
        assert change.games == len(played)
        assert change.after == pytest.approx(expected, abs=1e-9), name
    # The winner of all four rounds gains; some players lose rating.
    assert by_name["Minieri Davide"].after > by_name["Minieri Davide"].before
    assert any(c.after < c.before for c in rated.changes)


def test_ratings_on_the_list_come_before_the_entry(juvisy: Event) -> None:
    listed = rate_event(juvisy, {16: 2400.0})  # Minieri Davide
    change = listed.change_of(16)
    assert isinstance(change, EgfChange) and (change.before, change.source) == (2400.0, "list")
    plain = rate_event(juvisy)
    # His opponents are rated against 2400 now: their expectations, so their changes, differ.
    opponent = juvisy.rounds[0].games[0].opponent_of(16)
    a, b = listed.change_of(opponent), plain.change_of(opponent)
    assert a is not None and b is not None and a.after != b.after


def test_ranks_give_the_start_and_the_online_setting_class_d(juvisy: Event) -> None:
    from dataclasses import replace

    players = tuple(replace(p, rating=None) for p in juvisy.players)
    by_rank = rate_event(replace(juvisy, players=players))
    change = by_rank.change_of(1)  # Rebelo Manuela, 18k
    assert isinstance(change, EgfChange) and (change.before, change.source) == (300.0, "rank")
    online = juvisy.set("online", "yes")
    assert rating_system(online) == ("egf", "D")
    full, quarter = rate_event(juvisy), rate_event(online)
    for a, b in zip(full.changes, quarter.changes, strict=True):
        assert b.after - b.before == pytest.approx(0.25 * (a.after - a.before))
    assert "; CL[D]" in write_h9(online).splitlines()


def _toguz_event() -> Event:
    event = Event.create("toguz", "swiss", rounds=3, name="Cup").set("time_control", "25m+10s")
    for name, rating in (
        ("Asanov B", 1850),
        ("Bekova A", 1700),
        ("Omarov R", None),
        ("Ulan M", 1600),
    ):
        event, _ = event.add_player(name, rating=rating)
    return event


def test_a_toguz_event_is_one_glicko2_period_in_its_speed_class() -> None:
    event = _toguz_event().pair_next_round()
    outcomes = iter(["1-0", "-+"])  # a played game and a forfeit
    for g in event.rounds[0].games:
        event = event.record_result(1, g.table, None, next(outcomes))
    event = event.pair_next_round()
    for g in event.rounds[1].games:
        event = event.record_result(2, g.table, None, "1/2-1/2")
    rated = rate_event(event, {1: Glicko2Rating(1900, 80, 0.05)})
    assert (rated.system, rated.cls) == ("toguz-rapid", "rapid")  # 25 + 60·10 s = 35 minutes
    start = {
        1: Glicko2Rating(1900, 80, 0.05),
        2: Glicko2Rating(1700),
        3: Glicko2Rating(1500),
        4: Glicko2Rating(1600),
    }
    # The same games, collected here from the results: forfeits left out.
    expected_games: dict[int, list[GlickoGame]] = {no: [] for no in start}
    for rnd in event.rounds:
        for g in rnd.games:
            assert g.result is not None
            if not g.result.played:
                continue
            for no in g.participants:
                opp = start[g.opponent_of(no)]
                score = g.result.points(g.side_of(no))
                expected_games[no].append(GlickoGame(opp.rating, opp.rd, float(score)))
    for no, rating in start.items():
        change = rated.change_of(no)
        if not expected_games[no]:
            assert change is None
            continue
        assert isinstance(change, GlickoChange)
        assert change.before == rating and change.games == len(expected_games[no])
        assert change.after == rating.update(expected_games[no])
    assert sum(c.games for c in rated.changes) == 2 * 3  # one game in round 1, two in round 2


def test_unfinished_and_unratable_events_are_refused(juvisy: Event) -> None:
    event = _toguz_event().pair_next_round()
    with pytest.raises(RatingError, match="round 1 table 1 has no final result"):
        rate_event(event)
    for g in event.rounds[0].games:
        event = event.record_result(1, g.table, None, "1-0")
    with pytest.raises(RatingError, match="no time control"):
        rate_event(event.set("time_control", ""))
    with pytest.raises(RatingError, match="Bestemshe events are not rated"):
        rate_event(event.set("ruleset", "bestemshe").set("time_control", "60m"))
    with pytest.raises(RatingError, match="too fast for the EGF"):
        rate_event(juvisy.set("time_control", "10m+3x10s"))
    with pytest.raises(RatingError, match="no round is played"):
        rate_event(Event.create("go", "mcmahon").set("time_control", "60m"))
    from dataclasses import replace

    nameless = tuple(replace(p, rating=None, rank=None) if p.no == 1 else p for p in juvisy.players)
    with pytest.raises(RatingError, match="Rebelo Manuela: neither a rating nor a rank"):
        rate_event(replace(juvisy, players=nameless))
