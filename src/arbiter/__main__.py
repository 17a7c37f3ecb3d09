"""``python -m arbiter`` is the same as the ``arbiter`` command."""

from arbiter.cli import main

main()
