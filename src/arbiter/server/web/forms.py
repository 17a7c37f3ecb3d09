"""A form as a page shows it: the values typed (kept when the server refuses them) and the
errors, each next to the field it concerns.

A service names the field at fault (``name``, ``settings.komi``, ``games[0].black``); the page
shows its message next to the input of that name, or above the form when no input has it.

>>> from arbiter.server.services.errors import Invalid
>>> form = Form({"name": "Cup", "komi": "x"}).refused(Invalid("komi: bad", "settings.komi"))
>>> form.errors, form.message
({'komi': 'komi: bad'}, None)
>>> Form({"name": "Cup"}).refused(Invalid("no", "games")).message
'no'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from arbiter.server.services.errors import ServiceError


@dataclass(frozen=True)
class Form:
    """Values by input name, errors by input name, a message for the whole form."""

    values: Mapping[str, str] = field(default_factory=dict)
    errors: Mapping[str, str] = field(default_factory=dict)
    message: str | None = None

    def value(self, name: str, default: str = "") -> str:
        """The value of input ``name`` (``default`` when absent)."""
        return self.values.get(name, default)

    def error(self, name: str) -> str | None:
        """The error shown next to input ``name``."""
        return self.errors.get(name)

    def refused(self, exc: ServiceError, inputs: Iterable[str] | None = None) -> Form:
        """This form with the service's refusal placed next to its field (``inputs``: the
        names the form has; default: the names it holds values for)."""
        names = set(inputs) if inputs is not None else set(self.values)
        found = exc.field
        if found is not None:
            for candidate in (found, found.removeprefix("settings."), found.split(".")[-1]):
                if candidate in names:
                    return replace(self, errors={**self.errors, candidate: exc.message})
        return replace(self, message=exc.message)

    @property
    def failed(self) -> bool:
        """Whether the form shows an error."""
        return bool(self.errors) or self.message is not None


EMPTY = Form()
