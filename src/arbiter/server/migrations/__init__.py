"""Alembic migrations of the server's database, shipped inside the package so that
``arbiter db upgrade`` works from an installed arbiter (see :mod:`arbiter.server.migrate`).

:data:`metadata` is the schema the migrations build: every table module of the server joins
:class:`~arbiter.server.storage.base.Base`'s metadata when it is imported, and this package
imports them all (:data:`TABLE_MODULES`). A new table module is added there.
"""

from arbiter.server.play import tables as live_tables
from arbiter.server.rooms import tables as room_tables
from arbiter.server.storage import links, models, rating_lists, ratings
from arbiter.server.storage.base import Base

__all__ = ["TABLE_MODULES", "metadata"]

TABLE_MODULES = (models, ratings, links, live_tables, room_tables, rating_lists)
"""The modules whose tables make the schema: the storage core's, the ratings', accounts'
links, live play's, online competitions', the federations' rating lists'."""

metadata = Base.metadata
"""Every table of the server (what ``env.py`` compares the database with)."""
