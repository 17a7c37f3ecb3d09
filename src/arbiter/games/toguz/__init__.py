"""Toguz Korgool: the rules engine (pure, immutable positions) and its notations.

>>> from arbiter.games.toguz import Position
>>> pos = Position.initial()
>>> len(pos.legal_moves())
9
>>> pos.play(7).fen()
'9,9,9,9,9,9,1,10,10/10,10,10,10,10,0,9,9,9 b 10/0 -/- 1'
"""

from arbiter.games.toguz.position import (
    SIDES,
    IllegalMove,
    Position,
    PositionError,
    Result,
    Side,
)
from arbiter.games.toguz.variant import BESTEMSHE, TOGUZ, VARIANTS, Variant

__all__ = [
    "BESTEMSHE",
    "SIDES",
    "TOGUZ",
    "VARIANTS",
    "IllegalMove",
    "Position",
    "PositionError",
    "Result",
    "Side",
    "Variant",
]
