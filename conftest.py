"""Root pytest configuration: doctests run over src/, except entry points and migration scripts
(Alembic runs those itself; importing them outside Alembic fails)."""

collect_ignore = ["src/arbiter/__main__.py"]
collect_ignore_glob = ["src/arbiter/server/migrations/*"]
