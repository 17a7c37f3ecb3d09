"""The tables of the federations' rating lists loaded on the server (EGF, FFG, AGA), which
organisers search while they register players.

- ``rating_lists``: one row a load of a list: its ``federation`` (``egf``, ``ffg``, ``aga``:
  the registry of :attr:`arbiter.events.participants.Player.ids`), the file's name, the date
  the list gives, how many players it holds, when and by whom it was loaded. ``active`` marks
  the list searched now; a list being loaded is not active yet (its entries are written in
  short transactions), and the one it replaces is deleted once the new one is active.
- ``rating_list_entries``: the players of a list: the id in the registry (``pin``: the EGF
  PIN, the FFG licence, the AGA id; ``""`` when the list gives none), the name, its folded
  search key (:func:`arbiter.events.formats.rating_lists.search_key`: every word after a space,
  so that ``search_key LIKE '% word%'`` finds a word's beginning), country, club, the rank as
  text and the list's own rating (:class:`~arbiter.events.formats.rating_lists.ListedPlayer`).

The functions write and delete entries in bulk: one ``INSERT`` with many rows, a ``DELETE`` of
at most ``limit`` rows, so that the caller decides how long each transaction holds the lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any, cast

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    delete,
    insert,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from arbiter.server.storage.base import Base

__all__ = [
    "ENTRY_COLUMNS",
    "REGISTRIES",
    "RatingListEntry",
    "RatingListRow",
    "delete_entries",
    "insert_entries",
]

REGISTRIES = ("egf", "ffg", "aga")
_FEDERATION_CHECK = "federation IN ('egf', 'ffg', 'aga')"
#: The columns of an entry that :func:`insert_entries` takes, by name.
ENTRY_COLUMNS = ("pin", "surname", "given", "search_key", "country", "club", "rank", "rating")


class RatingListRow(Base):
    """A rating list loaded (``active``) or being loaded."""

    __tablename__ = "rating_lists"
    __table_args__ = (
        CheckConstraint(_FEDERATION_CHECK, name="federation"),
        Index("ix_rating_lists_federation", "federation"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    federation: Mapped[str] = mapped_column(String(8))
    file_name: Mapped[str] = mapped_column(String(200))
    list_date: Mapped[date | None] = mapped_column(Date)
    players: Mapped[int] = mapped_column(Integer)
    active: Mapped[bool] = mapped_column(Boolean, default=False)
    loaded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    loaded_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class RatingListEntry(Base):
    """A player of a rating list."""

    __tablename__ = "rating_list_entries"
    __table_args__ = (
        CheckConstraint(_FEDERATION_CHECK, name="federation"),
        Index("ix_rating_list_entries_list_id", "list_id"),
        Index("ix_rating_list_entries_federation", "federation", "pin"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("rating_lists.id", ondelete="CASCADE"))
    federation: Mapped[str] = mapped_column(String(8))
    pin: Mapped[str] = mapped_column(String(16))
    surname: Mapped[str] = mapped_column(String(200))
    given: Mapped[str] = mapped_column(String(200))
    search_key: Mapped[str] = mapped_column(String(420))
    country: Mapped[str] = mapped_column(String(3))
    club: Mapped[str] = mapped_column(String(200))
    rank: Mapped[str | None] = mapped_column(String(10))
    rating: Mapped[int | None] = mapped_column(Integer)


def insert_entries(
    session: Session, list_id: int, federation: str, rows: Sequence[dict[str, Any]]
) -> None:
    """Add ``rows`` (dicts of :data:`ENTRY_COLUMNS`) to list ``list_id``, in one statement
    executed for many rows."""
    if rows:
        session.execute(
            # the table itself: a plain executemany, without the ORM fetching the new ids
            insert(cast(Table, RatingListEntry.__table__)),
            [{**row, "list_id": list_id, "federation": federation} for row in rows],
        )


def delete_entries(session: Session, list_id: int, limit: int) -> int:
    """Delete at most ``limit`` entries of list ``list_id``; how many were deleted."""
    chosen = (
        select(RatingListEntry.id).where(RatingListEntry.list_id == list_id).limit(limit)
    ).scalar_subquery()
    result = session.execute(
        delete(RatingListEntry)
        .where(RatingListEntry.id.in_(chosen))
        .execution_options(synchronize_session=False)
    )
    return int(getattr(result, "rowcount", 0) or 0)
