"""The root of arbiter's exceptions for bad input.

Every error a user can cause (an illegal move, a malformed record, an unknown player) is an
:class:`ArbiterError`. Its message is one readable line that names the problem, so the command
line can print it as it stands and the server can send it as a 4xx message.
"""


class ArbiterError(ValueError):
    """Input that arbiter refuses, with a message that says why."""
