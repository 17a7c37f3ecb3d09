"""What every action is: an immutable value with a JSON ``type``, whose fields are checked
when it is made, and its JSON form.

A field's type says how it is checked: :data:`SideField`, :data:`Seconds`, :data:`Text` and the
others are the field types with their check attached (``Annotated``), so an action class lists
its fields and nothing else; :func:`action` makes the class a frozen dataclass under its JSON
``type`` and registers it in :data:`ACTION_TYPES`.

>>> from arbiter.match.actions import SetClock
>>> SetClock("black", 300).seconds
300.0
>>> SetClock("red", 300)
Traceback (most recent call last):
...
arbiter.match.errors.ActionError: side must be 'black' or 'white', not 'red'
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import (
    Annotated,
    Any,
    ClassVar,
    TypeAlias,
    TypeVar,
    Union,
    cast,
    dataclass_transform,
    get_args,
    get_origin,
    get_type_hints,
)

from arbiter.clock import Side
from arbiter.match.errors import ActionError

#: A field's check: the value and the field's name in, the value to keep out (or an error).
Check: TypeAlias = Callable[[Any, str], Any]


def side(value: object, what: str) -> Side:
    """``value`` if it is a side; ``what`` names the field in the error."""
    if value == "black":
        return "black"
    if value == "white":
        return "white"
    raise ActionError(f"{what} must be 'black' or 'white', not {value!r}")


def _seconds(value: object, what: str, *, positive: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ActionError(f"{what} must be a number of seconds, not {value!r}")
    if value < 0 or (positive and value == 0):
        raise ActionError(f"{what} must be {'above' if positive else 'at least'} 0, not {value}")
    return float(value)


def _positive_seconds(value: object, what: str) -> float:
    return _seconds(value, what, positive=True)


def _count(value: object, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ActionError(f"{what} must be a whole number ≥ {least}, not {value!r}")
    return value


def _positive_count(value: object, what: str) -> int:
    return _count(value, what, 1)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ActionError(f"{what} must be text, not {value!r}")
    return value


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ActionError(f"{what} must be true or false, not {value!r}")
    return value


SideField: TypeAlias = Annotated[Side, side]
"""``"black"`` or ``"white"``."""
Seconds: TypeAlias = Annotated[float, _seconds]
"""A number of seconds, at least 0 (kept as a float)."""
PositiveSeconds: TypeAlias = Annotated[float, _positive_seconds]
"""A number of seconds above 0."""
Count: TypeAlias = Annotated[int, _count]
"""A whole number, at least 0."""
PositiveCount: TypeAlias = Annotated[int, _positive_count]
"""A whole number, at least 1."""
Text: TypeAlias = Annotated[str, _text]
"""Text."""
Flag: TypeAlias = Annotated[bool, _flag]
"""``True`` or ``False``."""


@dataclass(frozen=True, slots=True)
class Action:
    """The base of all actions. ``type`` is the name in JSON; ``referee`` says the action is
    a referee's (only referees may take it)."""

    type: ClassVar[str] = ""
    referee: ClassVar[bool] = False
    # (field name, check, whether None is allowed), in the order of the fields.
    checks: ClassVar[tuple[tuple[str, Check, bool], ...]] = ()

    def __post_init__(self) -> None:
        for name, check, optional in self.checks:
            value = getattr(self, name)
            if value is None and optional:
                continue
            object.__setattr__(self, name, check(value, name))

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``type`` and the fields that are not at their default."""
        doc: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.default is not dataclasses.MISSING and value == f.default:
                continue
            doc[f.name] = list(value) if isinstance(value, tuple) else value
        return doc


ACTION_TYPES: dict[str, type[Action]] = {}
"""Every action class by its JSON ``type``."""

_A = TypeVar("_A", bound=type[Action])


@dataclass_transform(frozen_default=True)
def action(name: str, *, referee: bool = False) -> Callable[[_A], _A]:
    """Make the decorated class an action called ``name`` in JSON (a referee's if
    ``referee``): a frozen dataclass whose fields are checked as their types say."""

    def make(cls: _A) -> _A:
        # slots=True builds a new class: that one is the action.
        made = cast(_A, dataclass(frozen=True, slots=True)(cls))
        made.type = name
        made.referee = referee
        hints = get_type_hints(made, include_extras=True)
        made.checks = tuple(_check_of(hints[f.name], f.name) for f in dataclasses.fields(made))
        ACTION_TYPES[name] = made
        return made

    return make


def _check_of(hint: object, name: str) -> tuple[str, Check, bool]:
    """The check a field's type carries, and whether the type allows ``None``."""
    optional = False
    if get_origin(hint) in (Union, types.UnionType):
        members = [a for a in get_args(hint) if a is not type(None)]
        optional = len(members) < len(get_args(hint))
        if len(members) == 1:
            hint = members[0]
    checks = [m for m in getattr(hint, "__metadata__", ()) if callable(m)]
    if len(checks) != 1:
        raise TypeError(f"action field {name!r} needs a checked type such as Text or Seconds")
    return name, checks[0], optional


def action_from_json(doc: Any) -> Action:
    """Read an action's JSON form; :class:`~arbiter.match.errors.ActionError` if malformed."""
    if not isinstance(doc, dict) or not isinstance(doc.get("type"), str):
        raise ActionError(f'an action is an object with a "type", not {doc!r}')
    cls = ACTION_TYPES.get(doc["type"])
    if cls is None:
        raise ActionError(f"unknown action type {doc['type']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    fields = {k: v for k, v in doc.items() if k != "type"}
    unknown = set(fields) - names
    if unknown:
        raise ActionError(f"action {cls.type!r} has no field {sorted(unknown)[0]!r}")
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    try:
        return cls(**fields)
    except TypeError:
        missing = sorted(
            f.name
            for f in dataclasses.fields(cls)
            if f.default is dataclasses.MISSING and f.name not in fields
        )
        raise ActionError(f"action {cls.type!r} needs {', '.join(missing)}") from None
