"""The two colours of Go stones.

>>> opponent("black")
'white'
>>> parse_color("W")
'white'
"""

from __future__ import annotations

from typing import Literal

from arbiter.errors import ArbiterError

Color = Literal["black", "white"]
COLORS: tuple[Color, Color] = ("black", "white")

_NAMES: dict[str, Color] = {"b": "black", "black": "black", "w": "white", "white": "white"}


class ColorError(ArbiterError):
    """A colour that is neither black nor white."""


def opponent(color: Color) -> Color:
    """The other colour."""
    return "white" if color == "black" else "black"


def parse_color(text: str) -> Color:
    """Read ``b``, ``black``, ``w`` or ``white`` in any case.

    >>> parse_color("Black")
    'black'
    >>> parse_color("red")
    Traceback (most recent call last):
    ...
    arbiter.games.go.color.ColorError: unknown colour 'red': expected black or white
    """
    try:
        return _NAMES[text.strip().lower()]
    except (KeyError, AttributeError):
        raise ColorError(f"unknown colour {text!r}: expected black or white") from None


def letter(color: Color) -> str:
    """``"B"`` or ``"W"``, as in SGF and in results."""
    return "B" if color == "black" else "W"
