"""Hypothesis: for random results the standings are a total order consistent with the chosen
tiebreaks, and writing the event again changes nothing."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.events.document import dumps, loads
from arbiter.events.event import Event
from arbiter.events.results import Result
from arbiter.events.standings import KORGOOL_SUMS, Standings, criteria
from arbiter.events.tiebreaks import PRIMARY, TIEBREAKS
from tests.events.helpers import RESULTS, name

CODES = sorted(
    c for c in TIEBREAKS if c not in PRIMARY and c not in ("MP", "GP", "MSB", "GSB", "BRD")
)


@st.composite
def events(draw: st.DrawFn) -> Event:
    game = draw(st.sampled_from(["go", "toguz"]))
    system = draw(st.sampled_from(["round-robin", "double-round-robin", "scheveningen"]))
    n = draw(st.integers(2, 7))
    order = draw(st.lists(st.sampled_from(CODES), unique=True, max_size=5))
    policy = draw(st.sampled_from(["fide-2026", "fide-2023", "fide-2009", "egf"]))
    e = Event.create(game, system).set("unplayed", policy)  # type: ignore[arg-type]
    if order:
        e = e.set("tiebreaks", ",".join(order))
    for i in range(n):
        e, _ = e.add_player(name(i), rating=draw(st.integers(1000, 2000)))
    rounds = draw(st.integers(1, 7))
    for _ in range(rounds):
        try:
            e = e.pair_next_round()
        except Exception:
            break
        rnd = e.rounds[-1]
        for g in rnd.games:
            if g.result is None:
                text = draw(st.sampled_from(RESULTS[game]))
                if draw(st.booleans()) and text not in ("+-", "-+"):
                    text += "?"
                e = e.record_result(rnd.number, g.table, g.board, text)
    if draw(st.booleans()) and e.rounds:
        e = e.withdraw(draw(st.sampled_from(e.numbers)))
    return e


def keys(table: Standings, order: tuple[str, ...]) -> list[tuple[object, ...]]:
    out = []
    for row in table.rows:
        used = order
        if row.no in table.undecided:
            # a korgool sum with a count missing decides nothing: the group stays tied there
            used = order[: next(i for i, c in enumerate(order) if c in KORGOOL_SUMS)]
        values: list[object] = [row.points if c in PRIMARY else row.value(c) for c in used]
        out.append(tuple(v if isinstance(v, tuple) else (v,) for v in values))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_standings_are_a_total_order_consistent_with_the_tiebreaks(e: Event) -> None:
    table = e.standings()
    order = criteria(e)
    rows = table.rows
    groups = [r.group for r in rows]
    assert sorted(r.no for r in rows) == sorted(e.numbers)
    k = keys(table, order)
    for i in range(len(rows) - 1):
        if groups[i] != groups[i + 1]:
            continue
        assert k[i] >= k[i + 1]  # never a better participant below a worse one
        if k[i] == k[i + 1]:
            assert rows[i].shared and rows[i + 1].shared
            assert rows[i].no < rows[i + 1].no  # ties listed by number
    for i, row in enumerate(rows):
        tied = any(
            0 <= j < len(rows) and groups[j] == groups[i] and k[j] == k[i] for j in (i - 1, i + 1)
        )
        assert row.shared == tied
    by_group: dict[object, list[int]] = {}
    for r in rows:
        by_group.setdefault(r.group, []).append(r.place)
    assert all(places == list(range(1, len(places) + 1)) for places in by_group.values())
    assert all(isinstance(r.points, Fraction) for r in rows)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events())
def test_reserialising_changes_nothing(e: Event) -> None:
    text = dumps(e)
    again = loads(text)
    assert again == e
    assert dumps(again) == text
    assert again.standings() == e.standings()


_any_result = st.one_of(
    st.builds(
        lambda w, k1, k2, p: Result("toguz", w, korgools=(k1, k2), provisional=p),
        st.sampled_from(["white", "black", None]),
        st.none() | st.integers(0, 81),
        st.none() | st.integers(0, 81),
        st.booleans(),
    ),
    st.builds(
        lambda w, m, p: Result("go", w, margin=m, provisional=p),
        st.sampled_from(["white", "black"]),
        st.none() | st.integers(1, 200).map(lambda x: Fraction(x, 2)),
        st.booleans(),
    ),
    st.builds(
        lambda game, w, p: Result(game, w, "forfeit", provisional=p),
        st.sampled_from(["go", "toguz"]),
        st.sampled_from(["white", "black"]),
        st.booleans(),
    ),
)


@given(_any_result)
def test_result_grammar_round_trips(result: Result) -> None:
    text = str(result)
    assert Result.parse(text, result.game) == result
    assert str(Result.parse(text, result.game)) == text


OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(
            ["add", "pair", "result", "withdraw", "warn", "unpair", "set", "lineup", "extra"]
        ),
        st.integers(0, 40),
        st.sampled_from(
            ["1-0", "0-1", "=", "+-", "--", "B+R", "W+R", "0", "1(82)-0(60)", "x", "1-0?"]
        ),
    ),
    max_size=40,
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["go", "toguz"]),
    st.sampled_from(
        [
            "round-robin",
            "double-round-robin",
            "knockout",
            "double-elimination",
            "scheveningen",
            "swiss",
        ]
    ),
    st.sampled_from(["individual", "team"]),
    OPERATIONS,
)
def test_any_sequence_of_commands_fails_only_with_clear_errors(
    game, system, discipline, ops
) -> None:  # type: ignore[no-untyped-def]
    """Whatever a referee types, the engine either does it or refuses with an ArbiterError,
    and the event always writes and reads back."""
    from arbiter.errors import ArbiterError

    e = Event.create(game, system, discipline)
    for i in range(4 if discipline == "team" else 0):
        e, p1 = e.add_player(f"Team{i} One")
        e, p2 = e.add_player(f"Team{i} Two")
        e, _ = e.add_team(f"T{i}", [p1.no, p2.no])
    for op, k, text in ops:
        try:
            if op == "add":
                e, _ = e.add_player(name(k))
            elif op == "pair":
                e = e.pair_next_round()
            elif op in ("result", "extra") and e.rounds:
                rnd = e.rounds[k % len(e.rounds)]
                if rnd.games:
                    g = rnd.games[k % len(rnd.games)]
                    e = e.record_result(rnd.number, g.table, g.board, text, extra=op == "extra")
            elif op == "withdraw" and e.numbers:
                e = e.withdraw(e.numbers[k % len(e.numbers)])
            elif op == "warn" and e.players and e.rounds:
                e = e.warn(e.players[k % len(e.players)].no, len(e.rounds))
            elif op == "unpair":
                e = e.unpair_last_round()
            elif op == "set":
                key = ["third_place", "tiebreaks", "unplayed", "boards", "groups"][k % 5]
                value = {
                    "third_place": "yes",
                    "tiebreaks": "PTS,WIN,BH",
                    "unplayed": "fide-2009",
                    "boards": "1",
                    "groups": "1/2",
                }[key]
                e = e.set(key, value)
            elif op == "lineup" and e.teams and e.rounds:
                e = e.set_lineup(
                    len(e.rounds), e.teams[k % len(e.teams)].no, ["-", str(e.teams[0].players[0])]
                )
        except ArbiterError:
            pass
        assert loads(dumps(e)) == e
        e.standings()
