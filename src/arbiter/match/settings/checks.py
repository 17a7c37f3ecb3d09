"""The checks every group of match settings makes, and the error that names what is wrong."""

from __future__ import annotations

import math

from arbiter.match.errors import ActionError


class SettingsError(ActionError):
    """Match settings that do not make sense; the message names the problem."""


def need(cond: bool, message: str) -> None:
    """Refuse the settings with ``message`` unless ``cond`` holds."""
    if not cond:
        raise SettingsError(message)


def opt_seconds(value: object, what: str) -> None:
    """Refuse ``value`` unless it is ``None`` or a finite number of seconds ≥ 0."""
    need(
        value is None
        or (
            not isinstance(value, bool)
            and isinstance(value, int | float)
            and math.isfinite(value)
            and value >= 0
        ),
        f"{what} must be a number of seconds ≥ 0 or null, not {value!r}",
    )


def opt_count(value: object, what: str, least: int) -> None:
    """Refuse ``value`` unless it is ``None`` or a whole number ≥ ``least``."""
    need(
        value is None
        or (not isinstance(value, bool) and isinstance(value, int) and value >= least),
        f"{what} must be a whole number ≥ {least} or null, not {value!r}",
    )


def flag(value: object, what: str) -> None:
    """Refuse ``value`` unless it is ``True`` or ``False``."""
    need(isinstance(value, bool), f"{what} must be true or false, not {value!r}")
