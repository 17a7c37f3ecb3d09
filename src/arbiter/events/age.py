"""Age categories (seed 002 2.1.3) and who may enter an event.

The youth categories up to 15 are counted by season (1 September to 31 August): a player's age
is the age reached by the end of the season in which the event starts. The categories 16–19
and 17–25 are counted by calendar year: the age reached in the year the event starts. ``u9``
is "under 9" (at most 8 by that count).

>>> age_in_category(date(2015, 10, 1), "9-11", date(2025, 3, 1))  # 9 on 1 Oct 2024: season 2024/25
9
>>> admits("9-11", date(2015, 10, 1), date(2025, 3, 1))
True
>>> admits("u9", date(2015, 10, 1), date(2025, 3, 1))
False
"""

from __future__ import annotations

from datetime import date

#: Category: (youngest, oldest, counted by season?)
CATEGORIES: dict[str, tuple[int, int, bool]] = {
    "u9": (0, 8, True),
    "9-11": (9, 11, True),
    "12-15": (12, 15, True),
    "16-19": (16, 19, False),
    "17-25": (17, 25, False),
}


def age_on(born: date, day: date) -> int:
    """Full years of a person born on ``born`` on ``day``."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def season_end(day: date) -> date:
    """The 31 August that ends the season (1 September – 31 August) containing ``day``."""
    return date(day.year + 1 if day.month >= 9 else day.year, 8, 31)


def age_in_category(born: date, category: str, start: date) -> int:
    """The age that counts for ``category`` in an event starting on ``start``."""
    _low, _high, by_season = CATEGORIES[category]
    if by_season:
        return age_on(born, season_end(start))
    return start.year - born.year


def admits(category: str, born: date, start: date) -> bool:
    """Whether a player born on ``born`` belongs to ``category`` (``open`` admits everyone)."""
    if category == "open":
        return True
    low, high, _ = CATEGORIES[category]
    return low <= age_in_category(born, category, start) <= high
