"""Alembic migrations of the server's database, shipped inside the package so that
``arbiter db upgrade`` works from an installed arbiter (see :mod:`arbiter.server.migrate`)."""
