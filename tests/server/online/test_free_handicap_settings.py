"""Where free handicap placement is chosen for games on the server: the event's setting
``handicap_placement`` and a casual game's spec (seed 002, appendix 1, note 1: «При игре по
китайским правилам форовые камни выставляются черными на доску произвольным образом» — with
Chinese rules Black places the handicap stones freely; otherwise the fixed points)."""

from __future__ import annotations

import pytest

from arbiter.events.errors import SettingError
from arbiter.events.event import Event
from arbiter.server.play.casual import GameSpec
from arbiter.server.play.services import event_game_settings
from arbiter.server.services.errors import Invalid


def _event(**values: str) -> Event:
    event = Event.create("go", "round-robin")
    for key, value in values.items():
        event = event.set(key, value)
    for name in ("Asanov Bakyt", "Bekova Aida"):
        event, _player = event.add_player(name)
    return event.pair_next_round()


def test_an_events_games_take_its_handicap_placement() -> None:
    """«При игре по китайским правилам …»: an event with Chinese rules may let Black place the
    stones; its live games then open with the placement (fixed by default)."""
    event = _event(ruleset="chinese", handicap_placement="free")
    settings, _options = event_game_settings(event, event.rounds[0].games[0])
    assert settings.to_json()["handicap_placement"] == "free"
    assert settings.to_json()["rules"]["scoring"] == "chinese"
    default = _event()
    fixed, _ = event_game_settings(default, default.rounds[0].games[0])
    assert "handicap_placement" not in fixed.to_json()


def test_free_placement_is_refused_for_an_event_with_japanese_rules() -> None:
    """Only with Chinese rules: the setting is refused under Japanese rules, and so is going
    back to Japanese rules while it is on."""
    with pytest.raises(SettingError, match="only for Chinese rules"):
        Event.create("go", "round-robin").set("handicap_placement", "free")
    chinese = Event.create("go", "round-robin").set("ruleset", "chinese")
    with pytest.raises(SettingError, match="only for Chinese rules"):
        chinese.set("handicap_placement", "free").set("ruleset", "japanese")


def test_a_casual_game_with_free_placement_needs_chinese_counting() -> None:
    """A game with a friend: *Placed by Black* with Japanese counting is a 4xx, not a game."""
    spec = GameSpec(game="go", size=9, handicap=3, scoring="chinese", handicap_placement="free")
    assert spec.settings().first == "black"  # Black's clock runs while Black places
    with pytest.raises(Invalid, match="Chinese"):
        GameSpec(game="go", size=9, handicap=3, handicap_placement="free").settings()
