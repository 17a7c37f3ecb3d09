"""The event's identity: its name, venue, dates, chief referee and the language of its tables."""

from __future__ import annotations

from datetime import date

from arbiter.events.settings.codecs import choice, day, text
from arbiter.events.settings.setting import Maybe, Spec, Typed, Values, const
from arbiter.limits import MAX_NAME

SPECS: tuple[Spec, ...] = (
    Spec("name", "the event's name", text(MAX_NAME), const("")),
    Spec("city", "where it is played", text(), const("")),
    Spec("country", "country code of the venue", text(), const("")),
    Spec("start", "first day (age categories are checked against it)", day(), const(None)),
    Spec("end", "last day", day(), const(None)),
    Spec("chief_referee", "the chief referee's name", text(), const("")),
    Spec(
        "language",
        "language of printed tables: en, ru, ky, kk, mn",
        choice("en", "ru", "ky", "kk", "mn"),
        const("en"),
    ),
)


class IdentitySettings(Values):
    """The identity settings, typed."""

    __slots__ = ()

    #: The event's name.
    name = Typed(str)
    #: The language of printed tables: ``en``, ``ru``, ``ky``, ``kk`` or ``mn``.
    language = Typed(str)
    #: The first day, if set.
    start = Maybe(date)
