"""Random events for the round-trip properties of the interchange formats."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

from hypothesis import strategies as st

from arbiter.events.event import Event
from arbiter.events.participants import Player
from arbiter.events.results import Result
from arbiter.events.rounds import Bye, Game, Round
from arbiter.games.go.rank import Rank

GO_RESULTS = ("B+", "W+", "0", "Void", "+-", "-+", "--", None)
TOGUZ_RESULTS = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--", None)


@st.composite
def events(
    draw: st.DrawFn,
    *,
    games: tuple[str, ...] = ("go", "toguz"),
    systems: tuple[str, ...] = ("swiss", "swiss-dutch", "mcmahon"),
    handicaps: bool = False,
    trf_fields: bool = False,
) -> Event:
    """An individual event with 2 to 12 players and up to 4 rounds of games and byes."""
    game = draw(st.sampled_from(games))
    system = draw(st.sampled_from([s for s in systems if game == "go" or s != "mcmahon"]))
    n = draw(st.integers(2, 12))
    rounds = draw(st.integers(0, 4))
    event = Event.create(game, system, rounds=max(rounds, 1) + draw(st.integers(0, 2)))  # type: ignore[arg-type]
    if game == "go":
        event = event.set("komi", draw(st.sampled_from(["6.5", "7.5", "0.5"])))
        if handicaps and draw(st.booleans()):
            event = event.set("handicap", "rank")
    event = event.set("bye", draw(st.sampled_from(["1", "0.5", "0"])))
    event = event.set("name", draw(st.sampled_from(["Cup", "Bishkek Open", "Кубок Бишкека"])))
    if draw(st.booleans()):
        event = event.set("start", "2026-05-01").set("end", "2026-05-03")
    players: list[Player] = []
    for i in range(1, n + 1):
        # a TRF has no Go rank
        rank = Rank(draw(st.integers(-30, 8))) if game == "go" and not trf_fields else None
        rating = draw(st.none() | st.integers(100, 2900))
        fields: dict[str, object] = {}
        if trf_fields:
            fields = {
                "gender": draw(st.sampled_from([None, "m", "f"])),
                "born": draw(st.none() | st.dates(date(1940, 1, 1), date(2020, 12, 31))),
                "title": draw(st.sampled_from(["", "GM", "КМС", "MS"])),
                "ids": draw(st.sampled_from([(), (("fide", str(24100000 + i)),)])),
                "country": draw(st.sampled_from(["", "KGZ", "KAZ", "MGL"])),
            }
        else:
            fields = {
                "club": draw(st.sampled_from(["", "75Ju", "Osh", "Bishkek GC"])),
                "country": draw(st.sampled_from(["", "KG", "FR"])),
                "ids": draw(st.sampled_from([(), (("egf", str(10000000 + i)),)])),
            }
        players.append(
            Player(
                i,
                f"Surname{i}",
                f"Given {i}" if i % 3 else f"G{i}",
                rank=rank,
                rating=rating,
                **fields,
            )  # type: ignore[arg-type]
        )
    event = replace(event, players=tuple(players))
    results = GO_RESULTS if game == "go" else TOGUZ_RESULTS
    config = event.config
    made: list[Round] = []
    for r in range(1, rounds + 1):
        order = draw(st.permutations(list(range(1, n + 1))))
        byes = []
        if len(order) % 2:
            byes.append(Bye(order[-1], "bye", config.bye))
            order = order[:-1]
        pairs = sorted((order[k], order[k + 1]) for k in range(0, len(order), 2))
        pairs.sort(key=lambda p: min(p))
        round_games = []
        for table, (a, b) in enumerate(pairs, start=1):
            text = draw(st.sampled_from(results))
            handicap = draw(st.integers(0, 9)) if handicaps and game == "go" else 0
            komi = None
            if game == "go":
                # handicap 1 has no komi (seed 002 appendix 1: «фора 1 — ... без коми»)
                komi = config.komi_for(handicap)
            result = Result.parse(text, game) if text is not None else None  # type: ignore[arg-type]
            round_games.append(
                Game(r, table, None, a, b, handicap=handicap, komi=komi, result=result)
            )
        made.append(Round(r, tuple(round_games), tuple(sorted(byes, key=lambda b: b.no))))
    return replace(event, rounds=tuple(made))


def same_points(a: Event, b: Event) -> bool:
    """Whether two events give every participant the same points."""
    pa = {row.no: row.points for row in a.standings().rows}
    pb = {row.no: row.points for row in b.standings().rows}
    return pa == pb


ZERO = Fraction(0)
