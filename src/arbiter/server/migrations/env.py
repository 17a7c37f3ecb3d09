"""Alembic's environment: runs the migrations on the connection arbiter hands over.

:mod:`arbiter.server.migrate` builds the Alembic configuration in code and passes an open
connection in ``config.attributes["connection"]``; there is no ``alembic.ini``.
"""

from alembic import context

from arbiter.server.migrations import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through 'arbiter db upgrade'")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
