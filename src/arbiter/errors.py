"""The root of arbiter's exceptions for bad input.

Every error a user can cause (an illegal move, a malformed record, an unknown player) is an
:class:`ArbiterError`. Its message is one readable line that names the problem, so the command
line can print it as it stands and the server can send it as a 4xx message.

An error may carry its message as a **message id with parameters**, so that the edges (the
command line, the web pages) can print it in the reader's language while the core stays free of
languages: the id is the English text with named ``{placeholders}``, marked for the translators
with :func:`arbiter.i18n.N_`, and ``str()`` of the error is always the English line.

>>> from arbiter.i18n import N_
>>> exc = ArbiterError(N_("pit {pit} is empty"), pit=3)
>>> str(exc), exc.template, exc.params
('pit 3 is empty', 'pit {pit} is empty', {'pit': 3})
>>> str(ArbiterError("a plain message, not translated"))
'a plain message, not translated'

:func:`arbiter.i18n.error_text` gives the message in the current language. A parameter that is
itself text for people (a colour, a reason) is a :class:`Text`, translated with the message:

>>> str(ArbiterError(N_("{colour} {point} is illegal"), colour=Text(N_("Black")), point="D4"))
'Black D4 is illegal'
"""

from __future__ import annotations

from collections.abc import Mapping


class Text:
    """Text for people that the edges translate: a message id (English, with ``{name}``
    placeholders) and its parameters; ``str()`` is the English."""

    __slots__ = ("params", "template")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params: Mapping[str, object] = params

    def __str__(self) -> str:
        return self.template.format(**self.params) if self.params else self.template

    def __repr__(self) -> str:
        return f"Text({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return (self.template, dict(self.params)) == (other.template, dict(other.params))

    def __hash__(self) -> int:
        return hash(self.template)


class ArbiterError(ValueError):
    """Input that arbiter refuses, with a message that says why.

    ``template`` is the message id (English, with ``{name}`` placeholders) and ``params`` the
    values filled in; a message given without parameters is its own id.
    """

    template: str
    params: dict[str, object]

    def __init__(self, message: str = "", /, **params: object) -> None:
        text = message.format(**params) if params else message
        super().__init__(text)
        self.template = message
        self.params = params

    @property
    def text(self) -> Text:
        """The message as :class:`Text`, to put inside another message (``"{file}: {error}"``)
        and still be translated."""
        return Text(self.template, **self.params)
