"""Standings and the crosstable."""

from __future__ import annotations

from pydantic import BaseModel

from arbiter.events.standings import Standings

__all__ = [
    "CrosstableOut",
    "StandingRow",
    "StandingsOut",
]


class StandingRow(BaseModel):
    """One line of the standings (as ``arbiter event standings --format json``)."""

    place: int
    no: int
    name: str
    points: float
    tiebreaks: dict[str, float | list[float]]
    shared: bool
    group: int | None = None
    provisional: bool = False


class StandingsOut(BaseModel):
    """The standings after a round; ``order`` is every criterion, the points first."""

    after_round: int
    order: list[str]
    rows: list[StandingRow]

    @classmethod
    def of(cls, table: Standings) -> StandingsOut:
        """From the events core's standings."""
        return cls(
            after_round=table.after_round,
            order=list(table.order),
            rows=[StandingRow.model_validate(r) for r in table.to_json()],
        )


class CrosstableOut(BaseModel):
    """The crosstable of seed 002 appendix 3: headers and rows of cells."""

    title: str
    headers: list[str]
    rows: list[list[str]]
