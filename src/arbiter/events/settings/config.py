"""The effective settings of one event: what the organiser set, else the default for its kind.

>>> from arbiter.events.settings.chosen import Settings
>>> cfg = Config(Settings().with_text("komi", "7.5"), "go", "knockout", "individual")
>>> cfg.komi, cfg.third_place, cfg.tiebreaks
(Fraction(15, 2), False, ())
"""

from __future__ import annotations

from arbiter.events.results import GameName
from arbiter.events.settings.chosen import Settings
from arbiter.events.settings.conduct import ConductSettings
from arbiter.events.settings.entries import EntrySettings
from arbiter.events.settings.identity import IdentitySettings
from arbiter.events.settings.kinds import Discipline, Kind, System
from arbiter.events.settings.pairing import PairingSettings
from arbiter.events.settings.ranking import RankingSettings
from arbiter.events.settings.registry import spec
from arbiter.events.settings.rules import RulesSettings
from arbiter.events.settings.schedule import ScheduleSettings
from arbiter.events.settings.scoring import PointsSettings
from arbiter.events.settings.time_control import TimeSettings


class Config(
    IdentitySettings,
    PointsSettings,
    RankingSettings,
    TimeSettings,
    RulesSettings,
    PairingSettings,
    ConductSettings,
    ScheduleSettings,
    EntrySettings,
):
    """The effective settings of one event; each group's typed attributes come from its
    module (``cfg.komi`` from :mod:`~arbiter.events.settings.rules`, ...)."""

    __slots__ = ("kind", "settings")

    def __init__(
        self, settings: Settings, game: GameName, system: System, discipline: Discipline
    ) -> None:
        self.settings = settings
        self.kind = Kind(game, system, discipline)

    def value(self, key: str) -> object:
        """The effective value of ``key``."""
        s = spec(key)
        if s.key in self.settings:
            return self.settings.get(s.key)
        return s.default(self.kind)

    def is_set(self, key: str) -> bool:
        """Whether the organiser set ``key`` (rather than leaving its default)."""
        return spec(key).key in self.settings

    def text(self, key: str) -> str:
        """The effective value of ``key`` as text."""
        value = self.value(key)
        return "" if value is None else spec(key).codec.show(value)

    def applies(self, key: str) -> bool:
        """Whether ``key`` means anything for this event's game."""
        return self.kind.game in spec(key).games
