"""The declarative base of every table of the server and the column types they share: a module
of its own, imported by each table module (:mod:`.models`, :mod:`.ratings`,
:mod:`arbiter.server.play.tables`, :mod:`arbiter.server.rooms.tables`) and importing none of
them. The schema as a whole — every table in one metadata, what the migrations build — is
:data:`arbiter.server.migrations.metadata`.
"""

from __future__ import annotations

from sqlalchemy import JSON, MetaData
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase

__all__ = ["NAMING", "Base", "Json"]

#: JSONB on PostgreSQL, JSON text elsewhere.
Json = JSON().with_variant(JSONB(), "postgresql")

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""The constraint names the migrations use."""


class Base(DeclarativeBase):
    """The declarative base with the naming convention the migrations use."""

    metadata = MetaData(naming_convention=NAMING)
