"""Every setting, group by group, in the order ``arbiter event settings`` lists them.

>>> spec("Third-Place").key, "seed" in FIXED_AFTER_START
('third_place', True)
"""

from __future__ import annotations

from arbiter.events.errors import SettingError
from arbiter.events.settings.conduct import SPECS as CONDUCT
from arbiter.events.settings.entries import SPECS as ENTRIES
from arbiter.events.settings.identity import SPECS as IDENTITY
from arbiter.events.settings.pairing import SPECS as PAIRING
from arbiter.events.settings.ranking import SPECS as RANKING
from arbiter.events.settings.rules import SPECS as RULES
from arbiter.events.settings.schedule import SPECS as SCHEDULE
from arbiter.events.settings.scoring import SPECS as POINTS
from arbiter.events.settings.setting import Spec
from arbiter.events.settings.time_control import SPECS as TIME
from arbiter.i18n import N_

SPECS: tuple[Spec, ...] = (
    *IDENTITY,
    *POINTS,
    *RANKING,
    *TIME,
    *RULES,
    *PAIRING,
    *CONDUCT,
    *SCHEDULE,
    *ENTRIES,
)
SPEC_BY_KEY: dict[str, Spec] = {s.key: s for s in SPECS}

#: Settings that shape the pairings: fixed once round 1 is paired.
FIXED_AFTER_START = frozenset(s.key for s in SPECS if s.fixed)


def spec(key: str) -> Spec:
    """The setting ``key``, or a :class:`SettingError` listing the keys."""
    found = SPEC_BY_KEY.get(key.strip().lower().replace("-", "_"))
    if found is None:
        raise SettingError(
            N_("unknown setting {key!r}; settings: {keys}"), key=key, keys=", ".join(SPEC_BY_KEY)
        )
    return found
