"""What the Toguz Korgool rules refuse: an illegal move, an impossible or unreadable position.

They sit below :mod:`~arbiter.games.toguz.position` so that the readers and checks it uses can
raise them without importing the position back.
"""

from arbiter.errors import ArbiterError


class IllegalMove(ArbiterError):
    """A move the rules do not allow; the message says why."""


class PositionError(ArbiterError):
    """A position that cannot arise or cannot be read."""
