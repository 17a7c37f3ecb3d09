"""The federations' rating lists: what is loaded, and the players a search finds."""

from __future__ import annotations

from datetime import date, datetime

from pydantic import Field

from arbiter.server.api.schemas.common import Output

__all__ = ["FoundOut", "RatingListOut"]


class RatingListOut(Output):
    """A loaded list: ``registry`` is the federation (``egf``, ``ffg``, ``aga``)."""

    registry: str
    name: str
    file_name: str
    list_date: date | None = Field(description="the date the list gives (the AGA's gives none)")
    players: int
    loaded_at: datetime


class FoundOut(Output):
    """A player a search found, with what their entry gets: ``form_name`` for the entry's
    name, ``rank``, ``entry_rating`` (the list's rating on the EGF's scale for Go, when an
    entry can hold it), and ``id`` to keep as the entry's id in ``id_registry`` (the EGF PIN,
    the FFG licence, the AGA id; empty for the server's own Toguz Korgool lists)."""

    registry: str = Field(description="egf, ffg, aga, or a Toguz Korgool list of this server")
    list_name: str
    id: str
    id_registry: str
    name: str
    form_name: str
    surname: str
    given: str
    country: str
    club: str
    rank: str | None
    rating: int | None = Field(
        description="the list's own number: GoR, FFG échelle, AGA rating × 100, Glicko-2"
    )
    entry_rating: int | None
