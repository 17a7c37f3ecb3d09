"""The errors of the competition engine; each names the problem in one line.

All of them are :class:`arbiter.errors.ArbiterError` (a ``ValueError``), so the command line
prints them as ``arbiter: <message>`` and the server can answer them as a 4xx message.
"""

from arbiter.errors import ArbiterError


class EventError(ArbiterError):
    """An event operation that the rules or the event's state do not allow."""


class UnknownEntry(EventError):
    """A participant, player, round, table or board that the event does not have."""


class ResultError(EventError):
    """A result that cannot be read in the result grammar or does not fit the game."""


class SettingError(EventError):
    """An event setting that does not exist or whose value cannot be used."""


class PairingError(EventError):
    """The next round cannot be paired (previous round unfinished, system exhausted, ...)."""


class DocumentError(EventError):
    """An event document (JSON) that cannot be read."""
