"""Changing an event's settings: which settings apply to its game, which may change once
round 1 is paired, and what a new value must agree with (rulesets, rounds already paired, the
entries an age category or gender admits).

>>> from arbiter.events.competition import Competition
>>> change_setting(Competition("go", "round-robin"), "komi", "7.5").config.komi
Fraction(15, 2)
>>> change_setting(Competition("toguz", "round-robin"), "komi", "7.5")
Traceback (most recent call last):
...
arbiter.events.errors.SettingError: komi is a Go setting; this event is toguz
"""

from __future__ import annotations

from dataclasses import replace

from arbiter.events.competition import E
from arbiter.events.errors import SettingError
from arbiter.events.registration import check_admission
from arbiter.events.settings import FIXED_AFTER_START, RULESETS, spec
from arbiter.i18n import N_

#: Settings whose new value every entered player must still satisfy.
ADMISSION = ("age_category", "gender", "start")


def change_setting(event: E, key: str, text: str) -> E:
    """The event with setting ``key`` read from ``text`` (empty text: back to the default)."""
    s = spec(key)
    if event.game not in s.games:
        owner = "a Go" if s.games == ("go",) else "a Toguz Korgool"
        raise SettingError(f"{s.key} is {owner} setting; this event is {event.game}")
    if event.rounds and s.key in FIXED_AFTER_START:
        raise SettingError(N_("{key} cannot change once round 1 is paired"), key=s.key)
    settings = event.settings.with_text(s.key, text)
    ruleset = settings.get("ruleset")
    if s.key == "ruleset" and ruleset is not None and ruleset not in RULESETS[event.game]:
        raise SettingError(f"ruleset of a {event.game} event: {' or '.join(RULESETS[event.game])}")
    changed = replace(event, settings=settings)
    if (
        s.key in ("ruleset", "handicap_placement")
        and event.game == "go"
        and changed.config.value("handicap_placement") == "free"
        and changed.config.value("ruleset") != "chinese"
    ):
        # Seed 002 appendix 1, note: free placement is a rule of Chinese counting only.
        raise SettingError(
            N_("free placement of handicap stones is only for Chinese rules (seed 002, appendix 1)")
        )
    chosen = changed.config.rounds
    if s.key == "rounds" and chosen is not None and chosen < len(event.rounds):
        raise SettingError(f"{len(event.rounds)} rounds are already paired")
    if s.key in ADMISSION:
        for player in event.players:
            check_admission(changed, player)
    return changed
