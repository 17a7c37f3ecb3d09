"""The federations' rating lists on the server: an administrator loads one (the EGF's, the
FFG's échelle, the AGA's TDListA); everybody sees which are loaded; organisers search them
while they register players (:mod:`.rating_search`).

A list is read whole before anything is stored (a file with one bad line is refused, naming
the line, and the list loaded before stays). It is then stored as OpenGotha keeps it, in
three steps, none of which holds the database's write lock for long (a 22,000-player list
would hold it for a second or more in one transaction, and SQLite has one lock for every
writer — the referees entering results meanwhile):

1. a new list, not active, is written in transactions of :data:`CHUNK` players each;
2. one short transaction makes it the active list of its federation and the old one inactive:
   a search sees the old list or the new one, whole, never a mix;
3. the old list's players are deleted in chunks too (searches no longer see them).

A load that fails half-way deletes what it wrote; a load that died with its process leaves a
list that is never active, deleted by the next load of its federation a day later.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from arbiter.events.formats.rating_lists import (
    LIST_NAMES,
    REGISTRIES,
    RatingList,
    read_rating_list,
)
from arbiter.i18n import gettext
from arbiter.server.refusals import ServiceError
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, aware, require_admin
from arbiter.server.services.errors import Invalid, NotFound, domain
from arbiter.server.services.text import check_text
from arbiter.server.storage.rating_lists import (
    RatingListRow,
    delete_entries,
    insert_entries,
)

__all__ = [
    "CHUNK",
    "ListInfo",
    "TooLarge",
    "check_registry",
    "load_list",
    "loaded_lists",
    "read_list",
    "store_list",
]

CHUNK = 2_000
"""Players written (or deleted) in one transaction."""
STALE = timedelta(days=1)
"""A list not made active this long after its load began was left by a load that died."""

Progress = Callable[[int, int], None]
"""Told ``(players stored, players in all)`` after each chunk."""


class TooLarge(ServiceError):
    """An uploaded list larger than the server takes (413, as the guard answers a body too
    large)."""

    status = 413


@dataclass(frozen=True, slots=True)
class ListInfo:
    """A loaded list: its federation (``registry``), its name, the file it came from, the date
    it gives, its players, and when it was loaded."""

    registry: str
    name: str
    file_name: str
    list_date: date | None
    players: int
    loaded_at: datetime

    @classmethod
    def of(cls, row: RatingListRow) -> ListInfo:
        """From a list's row."""
        return cls(
            row.federation,
            LIST_NAMES[row.federation],
            row.file_name,
            row.list_date,
            row.players,
            aware(row.loaded_at),
        )


def check_registry(registry: str) -> str:
    """``registry`` when it is a federation's list (``egf``, ``ffg``, ``aga``), else 404."""
    if registry not in REGISTRIES:
        raise NotFound(
            gettext("No rating list %(name)s: the lists are %(lists)s.")
            % {"name": repr(registry[:20]), "lists": ", ".join(REGISTRIES)}
        )
    return registry


def loaded_lists(rt: Runtime) -> list[ListInfo]:
    """The lists loaded now, one a federation at most, in the order EGF, FFG, AGA."""
    with rt.db.read() as session:
        rows = session.scalars(select(RatingListRow).where(RatingListRow.active)).all()
    return sorted((ListInfo.of(r) for r in rows), key=lambda i: REGISTRIES.index(i.registry))


def read_list(registry: str, data: bytes, limit: int) -> RatingList:
    """The list a file of ``registry`` holds: 413 beyond ``limit`` bytes, 422 naming the line
    when a line cannot be read."""
    check_registry(registry)
    if len(data) > limit:
        raise TooLarge(
            gettext("The file is larger than %(n)s MB.") % {"n": f"{limit / 1e6:g}"}, "file"
        )
    if not data.strip():
        raise Invalid(gettext("The file is empty."), "file")
    with domain("file"):
        return read_rating_list(registry, data)


def load_list(
    rt: Runtime,
    actor: CurrentUser | None,
    registry: str,
    data: bytes,
    file_name: str,
    progress: Progress | None = None,
) -> ListInfo:
    """Load a federation's list from an uploaded file (administrators only), replacing the
    list of that federation loaded before."""
    user = require_admin(actor)
    check_text(file_name, "file", limit=1000)
    listing = read_list(registry, data, rt.settings.quotas.upload_bytes)
    return store_list(rt, listing, file_name, loaded_by=user.id, progress=progress)


def _rows(listing: RatingList) -> Iterator[dict[str, Any]]:
    for p in listing.players:
        yield {
            "pin": p.id,
            "surname": p.surname,
            "given": p.given,
            "search_key": p.key,
            "country": p.country,
            "club": p.club,
            "rank": str(p.rank) if p.rank is not None else None,
            "rating": p.rating,
        }


def store_list(
    rt: Runtime,
    listing: RatingList,
    file_name: str,
    *,
    loaded_by: int | None = None,
    progress: Progress | None = None,
) -> ListInfo:
    """Store ``listing`` as its federation's active list, replacing the one before (see the
    module: in chunks, made active at once). The command line calls it directly."""
    federation = listing.registry
    started = rt.now()
    with rt.db.write() as session:
        row = RatingListRow(
            federation=federation,
            file_name=file_name[-200:],
            list_date=listing.published,
            players=len(listing),
            active=False,
            loaded_at=started,
            loaded_by=loaded_by,
        )
        session.add(row)
        session.flush()
        list_id = row.id
    try:
        rows = list(_rows(listing))
        for start in range(0, len(rows), CHUNK):
            with rt.db.write() as session:
                insert_entries(session, list_id, federation, rows[start : start + CHUNK])
            if progress is not None:
                progress(min(start + CHUNK, len(rows)), len(rows))
        with rt.db.write() as session:
            old = list(
                session.scalars(
                    select(RatingListRow.id).where(
                        RatingListRow.federation == federation,
                        RatingListRow.id != list_id,
                        RatingListRow.active | (RatingListRow.loaded_at < started - STALE),
                    )
                )
            )
            session.execute(
                update(RatingListRow).where(RatingListRow.id.in_(old)).values(active=False)
            )
            session.execute(
                update(RatingListRow).where(RatingListRow.id == list_id).values(active=True)
            )
            info = ListInfo.of(session.get_one(RatingListRow, list_id))
    except BaseException:
        _drop(rt, [list_id])
        raise
    _drop(rt, old)
    return info


def _drop(rt: Runtime, list_ids: list[int]) -> None:
    """Delete lists (not active) and their players, a chunk a transaction."""
    for list_id in list_ids:
        while True:
            with rt.db.write() as session:
                if delete_entries(session, list_id, CHUNK) < CHUNK:
                    row = session.get(RatingListRow, list_id)
                    if row is not None:
                        session.delete(row)
                    break
