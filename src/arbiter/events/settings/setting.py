"""One setting (:class:`Spec`) and the typed reading of its effective value.

A group of settings declares its :class:`Spec` entries and a class of typed attributes over
them (:class:`Typed`, :class:`Maybe`): ``Config.komi`` is the effective komi as a
``Fraction``, whatever was set. The attribute's name is the setting's key.

>>> from fractions import Fraction
>>> class Demo(Values):
...     komi = Typed(Fraction)
...     def value(self, key: str) -> object:
...         return Fraction(13, 2)
>>> Demo().komi
Fraction(13, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar, overload

from arbiter.events.errors import SettingError
from arbiter.events.results import GameName
from arbiter.events.settings.codecs import Codec
from arbiter.events.settings.kinds import GAMES, Kind

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Spec:
    """One setting: its key, help, codec, default and the games it applies to; ``fixed``
    settings shape the pairings and cannot change once round 1 is paired."""

    key: str
    help: str
    codec: Codec
    default: Callable[[Kind], object]
    games: tuple[GameName, ...] = GAMES
    fixed: bool = False


def const(value: object) -> Callable[[Kind], object]:
    """A default that is the same for every kind of event."""
    return lambda _kind: value


class Values:
    """What the typed attributes read: the effective value of a key, and the kind of event
    (:class:`~arbiter.events.settings.Config` gives both)."""

    __slots__ = ()
    kind: Kind

    def value(self, key: str) -> object:
        """The effective value of ``key``."""
        raise NotImplementedError

    def is_set(self, key: str) -> bool:
        """Whether the organiser set ``key`` (rather than leaving its default)."""
        raise NotImplementedError

    def typed(self, key: str, kind: type[T]) -> T:
        """The effective value of ``key``, which must be a ``kind``."""
        value = self.value(key)
        if not isinstance(value, kind):
            raise SettingError(f"setting {key} has no usable value ({value!r})")
        return value


class _Attribute(Generic[T]):
    """A typed attribute named after its setting's key."""

    def __init__(self, kind: type[T]) -> None:
        self.type = kind
        self.key = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = name


class Typed(_Attribute[T]):
    """A setting read as a ``T``; a value of another type is a :class:`SettingError`."""

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Typed[T]: ...
    @overload
    def __get__(self, obj: Values, owner: type | None = None) -> T: ...
    def __get__(self, obj: Values | None, owner: type | None = None) -> Typed[T] | T:
        if obj is None:
            return self
        return obj.typed(self.key, self.type)


class Maybe(_Attribute[T]):
    """A setting read as a ``T``, or ``None`` when it has no such value (not set, no
    default)."""

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Maybe[T]: ...
    @overload
    def __get__(self, obj: Values, owner: type | None = None) -> T | None: ...
    def __get__(self, obj: Values | None, owner: type | None = None) -> Maybe[T] | T | None:
        if obj is None:
            return self
        value = obj.value(self.key)
        return value if isinstance(value, self.type) else None
