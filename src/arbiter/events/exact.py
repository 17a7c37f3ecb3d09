"""Exact numbers for points, komi and tiebreaks, and how they are written.

Points and tiebreaks are :class:`fractions.Fraction` inside (halves, quarters: no rounding ever
decides a place); they are written as decimals (``4.5``, ``12.25``) and stored in JSON as numbers.

>>> show(Fraction(49, 4)), show(Fraction(-6)), show(Fraction(1, 3))
('12.25', '-6', '0.3333')
>>> to_json(Fraction(9, 2)), to_json(Fraction(3)), from_json(6.5)
(4.5, 3, Fraction(13, 2))
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["Fraction", "from_json", "parse_half", "show", "to_json"]


def show(value: Fraction) -> str:
    """A decimal without trailing zeros; exact for every fraction whose denominator is a power
    of two (all points and tiebreaks), four decimals otherwise."""
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    if den & (den - 1) == 0:
        text = format(Decimal(value.numerator) / Decimal(den), "f")
    else:
        text = f"{float(value):.4f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def to_json(value: Fraction) -> int | float:
    """An ``int`` for whole values, else a ``float`` (exact for halves and quarters)."""
    if value.denominator == 1:
        return value.numerator
    return float(value)


def from_json(value: object, what: str = "number") -> Fraction:
    """Read a JSON number (or a decimal string) back as an exact fraction."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"{what} must be a number, not {value!r}")
    if isinstance(value, float):
        return Fraction(value).limit_denominator(1 << 20)
    return Fraction(value)


def parse_half(text: str, what: str) -> Fraction:
    """Read a number that must be a multiple of one half: ``6.5``, ``-6``, ``1/2``, ``½``.

    >>> parse_half("½", "bye"), parse_half("7.5", "komi")
    (Fraction(1, 2), Fraction(15, 2))
    """
    cleaned = text.strip().replace("½", "1/2").replace(",", ".")
    try:
        value = Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{what} must be a number such as 6.5 or 1/2, not {text!r}") from None
    if (2 * value).denominator != 1:
        raise ValueError(f"{what} must be a multiple of 0.5, not {text!r}")
    return value
