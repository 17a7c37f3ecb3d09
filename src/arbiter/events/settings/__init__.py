"""Event settings: every ``arbiter event set KEY=VALUE`` key, its meaning, value and default.

Only values the organiser set are stored (:class:`Settings`); :class:`Config` gives the
effective value of every key for an event's game, system and discipline, defaults included.
Each key has one text form, used by ``event set`` and printed back by ``event settings``, and
one JSON form used in the event file (:mod:`~arbiter.events.settings.codecs`).

The settings come in groups, one module each: the event's identity
(:mod:`~arbiter.events.settings.identity`), rounds and points
(:mod:`~arbiter.events.settings.scoring`), ranking (:mod:`~arbiter.events.settings.ranking`),
the time control (:mod:`~arbiter.events.settings.time_control`), the game's rules
(:mod:`~arbiter.events.settings.rules`), Swiss and McMahon pairing
(:mod:`~arbiter.events.settings.pairing`), the conduct of games
(:mod:`~arbiter.events.settings.conduct`), the schedule's shape
(:mod:`~arbiter.events.settings.schedule`) and entries
(:mod:`~arbiter.events.settings.entries`); :mod:`~arbiter.events.settings.registry` knows
them all.

>>> s = Settings().with_text("komi", "7.5").with_text("third_place", "yes")
>>> s.text("komi"), s.get("third_place")
('7.5', True)
>>> cfg = Config(s, "go", "knockout", "individual")
>>> cfg.komi, cfg.third_place, cfg.tiebreaks
(Fraction(15, 2), True, ())
>>> Config(Settings(), "toguz", "swiss", "individual").tiebreaks
('PTS', 'BH', 'DE', 'PS', 'SB')
"""

from arbiter.events.settings.chosen import Settings
from arbiter.events.settings.codecs import Codec, Json
from arbiter.events.settings.config import Config
from arbiter.events.settings.kinds import (
    BRACKET_SYSTEMS,
    DISCIPLINES,
    GAMES,
    SYSTEM_NAMES,
    SYSTEMS,
    Discipline,
    Kind,
    System,
)
from arbiter.events.settings.ranking import POLICIES, Policy, default_tiebreaks
from arbiter.events.settings.registry import FIXED_AFTER_START, SPEC_BY_KEY, SPECS, spec
from arbiter.events.settings.rules import RULESETS
from arbiter.events.settings.schedule import Groups
from arbiter.events.settings.setting import Spec

__all__ = [
    "BRACKET_SYSTEMS",
    "DISCIPLINES",
    "FIXED_AFTER_START",
    "GAMES",
    "POLICIES",
    "RULESETS",
    "SPECS",
    "SPEC_BY_KEY",
    "SYSTEMS",
    "SYSTEM_NAMES",
    "Codec",
    "Config",
    "Discipline",
    "Groups",
    "Json",
    "Kind",
    "Policy",
    "Settings",
    "Spec",
    "System",
    "default_tiebreaks",
    "spec",
]
