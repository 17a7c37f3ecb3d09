"""Ratings: the EGF's Go rating (GoR) and Glicko-2 for Toguz Korgool.

- :mod:`arbiter.events.ratings.egf`: the European Go Federation's rating system (in use since
  2021), with handicap and tournament classes.
- :mod:`arbiter.events.ratings.glicko2`: Glickman's Glicko-2, per time-control class.
"""

from arbiter.events.ratings.egf import (
    CLASS_WEIGHTS,
    EgfGame,
    egf_change,
    egf_expected,
    egf_update,
    tournament_class,
)
from arbiter.events.ratings.glicko2 import (
    Glicko2Rating,
    GlickoGame,
    RatingError,
    speed_class,
)

__all__ = [
    "CLASS_WEIGHTS",
    "EgfGame",
    "Glicko2Rating",
    "GlickoGame",
    "RatingError",
    "egf_change",
    "egf_expected",
    "egf_update",
    "speed_class",
    "tournament_class",
]
