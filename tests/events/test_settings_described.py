"""The settings' description for forms: every setting described, every value named, only the
groups an event's game, system and discipline need."""

from __future__ import annotations

import itertools

import pytest

from arbiter.events.settings import DISCIPLINES, GAMES, SPECS, SYSTEMS, Kind
from arbiter.events.settings.described import ABOUT, ABOUT_BY_KEY, GROUPS, relevant
from arbiter.events.settings.ranking import default_tiebreaks
from arbiter.events.settings.value_names import VALUE_NAMES, choices, value_name
from arbiter.events.tiebreak_codes import CODES

KINDS = [Kind(g, s, d) for g, s, d in itertools.product(GAMES, SYSTEMS, DISCIPLINES)]


def keys(kind: Kind) -> set[str]:
    return {a.key for _, items in relevant(kind) for a in items}


def test_every_setting_is_described_once_in_a_known_group() -> None:
    assert sorted(a.key for a in ABOUT) == sorted(s.key for s in SPECS)
    assert len(ABOUT_BY_KEY) == len(ABOUT)
    assert {a.group for a in ABOUT} == set(GROUPS)
    assert all(a.label and a.help.endswith(".") for a in ABOUT)


def test_every_value_of_a_choice_has_a_name() -> None:
    for spec in SPECS:
        if spec.codec.shape in ("choice", "list") and spec.key != "language":
            unnamed = [v for v in spec.codec.choices if v not in VALUE_NAMES.get(spec.key, {})]
            assert not unnamed, (spec.key, unnamed)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: f"{k.game}-{k.system}-{k.discipline}")
def test_the_defaults_are_among_the_values_offered(kind: Kind) -> None:
    for spec in SPECS:
        if spec.codec.choices and spec.key in keys(kind) and kind.game in spec.games:
            offered = choices(spec.key, kind, spec.codec.choices)
            default = spec.default(kind)
            held = default if isinstance(default, tuple) else (default,)
            assert set(held) <= set(offered), (spec.key, default, offered)
    assert set(default_tiebreaks(kind)) <= set(choices("tiebreaks", kind, CODES))


def test_only_what_applies_is_shown() -> None:
    mcmahon = keys(Kind("go", "mcmahon", "individual"))
    assert {"bar", "komi", "pairing_seeding", "tiebreaks"} <= mcmahon
    assert not {"third_place", "groups", "boards", "korgools", "pair_composition"} & mcmahon
    knockout = keys(Kind("toguz", "knockout", "team"))
    assert {"third_place", "seeding", "boards", "korgools"} <= knockout
    assert not {"tiebreaks", "rounds", "bye", "komi", "pairing_weights"} & knockout
    dutch = keys(Kind("toguz", "swiss-dutch", "individual"))
    assert "rounds" in dutch and "pairing_seeding" not in dutch  # the Dutch engine's own rules
    assert "pair_composition" in keys(Kind("go", "round-robin", "pair"))
    assert "groups" in keys(Kind("go", "scheveningen", "individual"))


def test_tiebreaks_are_offered_by_game_and_discipline() -> None:
    go = choices("tiebreaks", Kind("go", "swiss", "individual"), CODES)
    toguz_teams = choices("tiebreaks", Kind("toguz", "round-robin", "team"), CODES)
    assert "SOS" in go and "KLG" not in go and "MP" not in go
    assert "KLG" in toguz_teams and "MP" in toguz_teams and "SOS" not in toguz_teams
    assert value_name("tiebreaks", "DE") == "Head-to-head"
    assert value_name("komi", "") == ""  # not the catalogue's header
