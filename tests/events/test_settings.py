"""Event settings: every key, its text form, defaults by game and system."""

from __future__ import annotations

import pytest

from arbiter.events.errors import SettingError
from arbiter.events.event import Event
from arbiter.events.settings import SPECS, Config, Settings
from tests.events.helpers import event_with

EXAMPLES = {
    "name": "Кубок Бишкека",
    "city": "Bishkek",
    "country": "KG",
    "start": "2026-09-01",
    "end": "2026-09-05",
    "chief_referee": "Asanov B.",
    "language": "ru",
    "rounds": "7",
    "scoring": "1,0.5,0",
    "match_points": "2,1,0",
    "bye": "0.5",
    "absence": "0.5",
    "tiebreaks": "PTS,BH-C1,DE,WIN",
    "unplayed": "fide-2023",
    "time_control": "60m+30s",
    "online": "yes",
    "ruleset": "chinese",
    "komi": "7.5",
    "handicap": "rank",
    "handicap_threshold": "2d",
    "handicap_correction": "0",
    "handicap_max": "5",
    "handicap_komi": "0.5",
    "handicap_placement": "fixed",
    "bar": "4d",
    "round_down": "yes",
    "floor": "20k",
    "mms_corrections": "1:+1,7:-2",
    "pairing_seeding": "split-and-random,split-and-fold",
    "avoid_club": "3",
    "avoid_country": "1",
    "pairing_weights": "opengotha",
    "korgools": "required",
    "reconnect_window": "300",
    "postpone_within": "48",
    "late_forfeit": "no",
    "late_limit": "20",
    "max_draw_offers": "5",
    "move_cap": "150",
    "seeding": "in-order",
    "third_place": "yes",
    "consolation": "yes",
    "full_placement": "no",
    "groups": "1,2/3,4",
    "group_standings": "yes",
    "boards": "4",
    "pair_composition": "any",
    "age_category": "16-19",
    "gender": "f",
    "seed": "12345",
    "draw_lots": "yes",
}


def test_every_setting_has_an_example() -> None:
    assert set(EXAMPLES) == {s.key for s in SPECS}


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_each_setting_round_trips(spec) -> None:  # type: ignore[no-untyped-def]
    s = Settings().with_text(spec.key, EXAMPLES[spec.key])
    assert Settings.from_json(s.to_json()) == s
    assert Settings().with_text(spec.key, s.text(spec.key)) == s
    assert Settings().with_text(spec.key, "") == Settings()


def test_defaults_by_kind() -> None:
    assert Config(Settings(), "go", "round-robin", "individual").tiebreaks == ("PTS", "SB", "DE")
    assert Config(Settings(), "go", "mcmahon", "individual").tiebreaks == ("MMS", "SOS", "SOSOS")
    assert Config(Settings(), "toguz", "round-robin", "individual").tiebreaks == (
        "PTS",
        "BH",
        "DE",
        "PS",
        "SB",
    )
    assert Config(Settings(), "toguz", "double-elimination", "team").tiebreaks == ()
    assert Config(Settings(), "toguz", "round-robin", "team").tiebreaks == (
        "MP",
        "DE",
        "KLG",
        "BRD",
    )
    assert Config(Settings(), "go", "round-robin", "team").tiebreaks == (
        "MP",
        "GP",
        "MSB",
        "DE",
        "GSB",
        "BRD",
    )
    assert Config(Settings(), "go", "swiss", "individual").unplayed == "egf"
    assert Config(Settings(), "toguz", "swiss", "individual").unplayed == "fide-2026"
    assert Config(Settings(), "go", "round-robin", "pair").handicap == "pair-table"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("komi", "6.3", "multiple of 0.5"),
        ("tiebreaks", "PTS,XYZ", "unknown tiebreak"),
        ("tiebreaks", "BH,BH", "twice"),
        ("third_place", "maybe", "yes or no"),
        ("unplayed", "fide-1999", "expected one of"),
        ("groups", "1,2,3", "two lists"),
        ("groups", "1,2/2,3", "one group only"),
        ("rounds", "0", "1 to 99"),
        ("time_control", "sixty", "not a duration"),
        ("colour", "white", "unknown setting"),
        ("ruleset", "bestemshe", "japanese or chinese"),
    ],
)
def test_bad_values_are_refused(key: str, value: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        Event.create("go", "round-robin").set(key, value)


def test_settings_that_shape_pairings_are_fixed_after_round_one() -> None:
    e = event_with("toguz", "knockout", 4).pair_next_round()
    with pytest.raises(SettingError, match="cannot change once round 1"):
        e.set("third_place", "yes")
    assert e.set("tiebreaks", "PTS,WIN").config.tiebreaks == ("PTS", "WIN")


def test_go_settings_refused_for_toguz() -> None:
    with pytest.raises(SettingError, match="Go setting"):
        Event.create("toguz", "swiss").set("bar", "4d")
    with pytest.raises(SettingError, match="Toguz Korgool setting"):
        Event.create("go", "swiss").set("korgools", "required")
