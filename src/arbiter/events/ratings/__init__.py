"""Ratings: the EGF's Go rating (GoR) and Glicko-2 for Toguz Korgool.

- :mod:`arbiter.events.ratings.egf`: the European Go Federation's rating system (in use since
  2021), with handicap and tournament classes.
- :mod:`arbiter.events.ratings.glicko2`: Glickman's Glicko-2, per time-control class.
- :mod:`arbiter.events.ratings.event_rating`: a finished event rated (EGF for Go, Glicko-2 per
  speed class for Toguz Korgool).
"""

from arbiter.events.ratings.egf import (
    CLASS_WEIGHTS,
    EgfGame,
    control_class,
    egf_change,
    egf_expected,
    egf_update,
    tournament_class,
)
from arbiter.events.ratings.event_rating import (
    SPEED_CLASSES,
    SYSTEMS,
    EgfChange,
    EventRating,
    GlickoChange,
    rate_event,
    rate_go_event,
    rate_toguz_event,
    rated_games,
    rating_system,
)
from arbiter.events.ratings.glicko2 import (
    Glicko2Rating,
    GlickoGame,
    RatingError,
    speed_class,
)

__all__ = [
    "CLASS_WEIGHTS",
    "SPEED_CLASSES",
    "SYSTEMS",
    "EgfChange",
    "EgfGame",
    "EventRating",
    "Glicko2Rating",
    "GlickoChange",
    "GlickoGame",
    "RatingError",
    "control_class",
    "egf_change",
    "egf_expected",
    "egf_update",
    "rate_event",
    "rate_go_event",
    "rate_toguz_event",
    "rated_games",
    "rating_system",
    "speed_class",
    "tournament_class",
]
