"""Ratings on the server: finalising an event rates it once (:mod:`.finalising`); a finished
casual game rates its two players (:mod:`.casual`); the rating lists, a player's history, the
CSV export (:mod:`.lists`); who is who among rated players and their stored ratings
(:mod:`.players`).

Every name is importable from this package too, where the pages, the API and live play take
them from.
"""

from arbiter.events.participants import name_key
from arbiter.server.services.ratings.casual import CasualRating, casual_system, rate_casual_game
from arbiter.server.services.ratings.finalising import (
    EventRatings,
    RatedEntry,
    event_ratings,
    finalise_event,
)
from arbiter.server.services.ratings.lists import (
    LIST_NAMES,
    HistoryRow,
    ListRow,
    PlayerView,
    check_system,
    list_csv,
    list_name,
    list_sizes,
    player_view,
    rating_list,
)
from arbiter.server.services.ratings.players import identify

__all__ = [
    "LIST_NAMES",
    "CasualRating",
    "EventRatings",
    "HistoryRow",
    "ListRow",
    "PlayerView",
    "RatedEntry",
    "casual_system",
    "check_system",
    "event_ratings",
    "finalise_event",
    "identify",
    "list_csv",
    "list_name",
    "list_sizes",
    "name_key",
    "player_view",
    "rate_casual_game",
    "rating_list",
]
