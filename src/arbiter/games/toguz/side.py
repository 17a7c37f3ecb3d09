"""The two sides of a Toguz Korgool board: White moves first unless the event says otherwise.

>>> SIDES
('white', 'black')
"""

from typing import Literal

Side = Literal["white", "black"]
SIDES: tuple[Side, Side] = ("white", "black")
