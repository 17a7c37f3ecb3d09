"""What a match is played with: the game and its options, the time control, the players and
the conduct rules, all immutable and JSON-serialisable; one module per group
(:mod:`~arbiter.match.settings.games`, :mod:`~arbiter.match.settings.conduct`,
:mod:`~arbiter.match.settings.players`, :mod:`~arbiter.match.settings.match_settings`).

>>> s = MatchSettings.toguz(white="Asanov Bakyt", black="Toktogulov Nurlan")
>>> str(s.time_control), s.conduct.max_draw_offers, s.first
('60m', 3, 'white')
>>> MatchSettings.from_json(s.to_json()) == s
True
>>> g = MatchSettings.go("60m+3x30s", size=19, handicap=2)
>>> g.first, g.conduct.warnings_to_forfeit
('white', 2)
"""

from arbiter.match.settings.checks import SettingsError
from arbiter.match.settings.conduct import GoConduct, ToguzConduct
from arbiter.match.settings.games import GameKind, GoGame, ToguzGame
from arbiter.match.settings.match_settings import MatchSettings
from arbiter.match.settings.players import Player

__all__ = [
    "GameKind",
    "GoConduct",
    "GoGame",
    "MatchSettings",
    "Player",
    "SettingsError",
    "ToguzConduct",
    "ToguzGame",
]
