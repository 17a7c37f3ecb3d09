"""The settings an organiser chose: only what was set is kept, as values, in text and in JSON.

>>> s = Settings().with_text("komi", "7.5").with_text("third_place", "yes")
>>> s.text("komi"), s.get("third_place"), s.to_json()
('7.5', True, {'komi': 7.5, 'third_place': True})
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from arbiter.events.errors import SettingError
from arbiter.events.settings.codecs import Json, reason
from arbiter.events.settings.registry import SPEC_BY_KEY, spec
from arbiter.i18n import N_


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings an organiser set explicitly, as ``(key, value)`` pairs sorted by key."""

    values: tuple[tuple[str, object], ...] = ()

    def get(self, key: str) -> object:
        """The value set for ``key``, or ``None``."""
        for k, v in self.values:
            if k == key:
                return v
        return None

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.values)

    def __iter__(self) -> Iterator[tuple[str, object]]:
        return iter(self.values)

    def with_value(self, key: str, value: object) -> Settings:
        """These settings with ``key`` set to ``value`` (``None`` removes it)."""
        rest = [(k, v) for k, v in self.values if k != key]
        if value is not None:
            rest.append((key, value))
        return Settings(tuple(sorted(rest, key=lambda kv: kv[0])))

    def with_text(self, key: str, text: str) -> Settings:
        """These settings with ``key`` read from ``text``; an empty text restores the default."""
        s = spec(key)
        if not text.strip():
            return self.with_value(s.key, None)
        try:
            value = s.codec.parse(text)
        except (ValueError, ArithmeticError) as exc:
            raise SettingError(N_("{key}: {error}"), key=s.key, error=reason(exc)) from None
        return self.with_value(s.key, value)

    def text(self, key: str) -> str:
        """The text form of the value set for ``key`` ("" when not set)."""
        value = self.get(key)
        return "" if value is None else spec(key).codec.show(value)

    def to_json(self) -> dict[str, Json]:
        """The JSON object of the set values."""
        return {k: SPEC_BY_KEY[k].codec.dump(v) for k, v in self.values}

    @classmethod
    def from_json(cls, doc: object) -> Settings:
        """Read the JSON object written by :meth:`to_json`."""
        if not isinstance(doc, dict):
            raise SettingError("'settings' must be an object")
        result = cls()
        for key, raw in doc.items():
            s = spec(str(key))
            try:
                value = s.codec.load(raw)
            except (ValueError, ArithmeticError) as exc:
                raise SettingError(N_("{key}: {error}"), key=s.key, error=reason(exc)) from None
            result = result.with_value(s.key, value)
        return result
