"""The rules behind the weights: colours, floats, seeding, tiers, handicaps, the progress bar."""

from __future__ import annotations

import pytest

from arbiter.commands.event_pairing import progress_bar
from arbiter.events.event import Event
from arbiter.events.swiss import colours, system
from arbiter.events.swiss.floats import HISTORY_SCALE, float_cost, history_cost
from arbiter.events.swiss.seeding import METHODS, labels, seeding_cost, targets
from arbiter.events.swiss.state import field
from arbiter.events.swiss.weights import (
    COMPONENTS,
    multipliers,
    pair_values,
    tier_sums,
    tiers_of,
)


def test_colour_preferences() -> None:
    assert colours.preference(()) == (0, colours.NONE)
    assert colours.preference(((1, 1),)) == (-1, colours.STRONG)
    assert colours.preference(((1, 1), (2, -1))) == (1, colours.MILD)
    assert colours.preference(((1, 1), (2, 1))) == (-1, colours.ABSOLUTE)  # balance +2
    assert colours.preference(((1, 1), (2, -1), (3, -1))) == (1, colours.ABSOLUTE)  # twice


def test_colour_allocation_rules() -> None:
    strong_second = ((1, 1),)
    mild_first = ((1, 1), (2, -1))
    # compatible preferences: both granted
    assert colours.allocate(mild_first, strong_second, 0, 3, (1, 2)) == (1, 2)
    # the stronger preference wins over the higher pairing order
    absolute_first = ((1, -1), (2, -1))
    assert colours.allocate(mild_first, absolute_first, 0, 3, (1, 2)) == (2, 1)
    # equal strength: the one who differed most recently alternates
    a = ((1, -1), (2, 1))
    b = ((1, 1), (2, -1))
    assert colours.allocate(a, b, 0, 3, (1, 2)) == (2, 1)


def test_float_history_rules() -> None:
    assert history_cost((), -1, 2) == 1
    assert history_cost(((1, -1),), -1, 2) == 1 + 4 + 1  # again, and more down than up
    assert history_cost(((1, -1),), -1, 3) == 1 + 2 + 1  # two rounds ago
    assert history_cost(((1, 1),), -1, 2) == 0  # compensates
    assert float_cost((), 1, 300) == HISTORY_SCALE + 255  # the order is capped below a step


@pytest.mark.parametrize("method", METHODS)
def test_seeding_cost_is_zero_at_the_ideal(method: str) -> None:
    size = 10
    lot = (7, 5, 9, 6, 8) if method == "split-and-random" else ()
    lab = labels(method, size, lot)
    for k in range(size // 2):
        best = min(range(size), key=lambda t: (seeding_cost(method, k, t, size, lot), t))
        assert seeding_cost(method, k, best, size, lot) == 0
        assert any(abs(lab[best] - t) < 1 for t in targets(method, lab[k], size))


def test_multipliers_make_tiers_lexicographic() -> None:
    mult, top = multipliers([2, 5, 15], pairs=10)
    # the most a whole pairing can cost below a tier is less than one unit of it
    assert mult[2] == 1
    assert mult[1] > 10 * 15 * mult[2]
    assert mult[0] > 10 * 5 * mult[1] + 10 * 15 * mult[2]
    assert top > 10 * (2 * mult[0] + 5 * mult[1] + 15 * mult[2])


def test_components_in_order() -> None:
    e = Event.create("toguz", "swiss", rounds=3)
    for n in ("A a", "B b"):
        e, _ = e.add_player(n)
    ctx = system.context(e, field(e, 1))
    v, _ = pair_values(ctx, 0, 1)
    assert len(v) == len(COMPONENTS)
    assert len(tier_sums(v, "toguz")) == len(tiers_of("toguz"))
    # Go: colours after floats (komi) but before seeding, as OpenGotha's colour cost outweighs
    # a fifth of its seeding weight; Toguz Korgool: FIDE's Dutch order, colours before floats
    go = tiers_of("go")
    assert go.index("floats") < go.index("colour") < go.index("seeding")
    assert tiers_of("toguz").index("colour") < tiers_of("toguz").index("floats")


def test_handicap_rules() -> None:
    e = Event.create("go", "mcmahon", rounds=3)
    e, _ = e.add_player("A a", rank="3d")
    e, _ = e.add_player("B b", rank="6k")
    assert system.handicap_rule(e) is None
    by_rank = system.handicap_rule(e.set("handicap", "rank"))
    assert by_rank is not None
    f = field(e, 1)
    a, b = f.contestants
    assert by_rank.stones(by_rank.level(a), by_rank.level(b)) == 5  # 1d (threshold) - 6k - 1
    by_mms = system.handicap_rule(e.set("handicap", "mms"))
    assert by_mms is not None
    assert by_mms.stones(by_mms.level(a), by_mms.level(b)) == 5


def test_progress_reports_reach_the_listener() -> None:
    heard: list[str] = []
    with system.listening(heard.append):
        system.report("matching")
    system.report("nobody listens")
    assert heard == ["matching"]
    with progress_bar(patience=0):
        system.report("still fine without a terminal")
