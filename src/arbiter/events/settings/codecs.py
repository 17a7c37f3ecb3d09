"""How a setting's value is read from text, printed back and kept in the event file.

Each setting has one text form, used by ``arbiter event set`` and printed by ``event
settings``, and one JSON form used in the event file; a :class:`Codec` holds the four
conversions. This module has the codecs that several settings share; a group of settings
keeps its own special ones (tiebreak codes, Scheveningen groups, McMahon corrections, ...).

>>> flag().parse("on"), integer(1, 9).show(3), half("komi").parse("6.5")
(True, '3', Fraction(13, 2))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import Literal, cast

from arbiter.errors import ArbiterError, Text
from arbiter.events.errors import SettingError
from arbiter.events.exact import from_json, parse_half, show, to_json
from arbiter.games.go.rank import Rank
from arbiter.i18n import N_
from arbiter.limits import MAX_FIELD, check_field

Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]
#: What kind of value a codec reads, for a form to pick its control: one of ``choices``, a whole
#: number within ``bounds``, yes or no, a multiple of 0.5, a date, a Go rank, a list of words
#: (of ``choices`` when it has them), three points (win, draw, loss), or free text.
Shape = Literal["text", "choice", "integer", "flag", "half", "date", "rank", "list", "triple"]


@dataclass(frozen=True, slots=True)
class Codec:
    """How one setting's value is read from text, written as text and stored in JSON; its
    ``shape``, ``choices`` and ``bounds`` tell a form which control to show."""

    parse: Callable[[str], object]
    show: Callable[[object], str]
    dump: Callable[[object], Json]
    load: Callable[[Json], object]
    form: str
    shape: Shape = "text"
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None


def same(value: object) -> Json:
    """A value stored in JSON as it is (text, numbers, flags)."""
    return cast(Json, value)


def words(parse: Callable[[str], object], form: str) -> Codec:
    """A codec whose value is printed and stored as the text it was read from."""
    return Codec(parse, str, same, lambda j: parse(str(j)), form)


def listed(
    parse: Callable[[str], object], form: str, what: str, choices: tuple[str, ...] = ()
) -> Codec:
    """A codec for a tuple of words, printed with commas and stored as a JSON list
    (``choices``: the words it may hold, when a form should offer them)."""

    def show_items(v: object) -> str:
        return ",".join(cast(tuple[str, ...], v))

    def load(j: Json) -> object:
        if not isinstance(j, list):
            raise ValueError(f"expected a list of {what}, not {j!r}")
        return parse(",".join(str(x) for x in j))

    def dump(v: object) -> Json:
        return list(cast(tuple[str, ...], v))

    return Codec(parse, show_items, dump, load, form, "list", choices)


def text(limit: int = MAX_FIELD) -> Codec:
    """Free text: blanks folded, at most ``limit`` characters."""

    # The same limits as the API's, however the text comes (a command, a file, an import).
    def parse(raw: str) -> object:
        return check_field(" ".join(raw.split()), Text(N_("the value")), limit)

    def load(j: Json) -> object:
        return check_field(str(j), Text(N_("the value")), limit)

    return Codec(parse, str, same, load, "text")


def choice(*values: str) -> Codec:
    """One of ``values`` (case ignored)."""

    def parse(raw: str) -> object:
        value = raw.strip().lower()
        if value not in values:
            raise SettingError(
                N_("expected one of {values}, not {text!r}"), values=", ".join(values), text=raw
            )
        return value

    return replace(words(parse, "|".join(values)), shape="choice", choices=values)


def integer(low: int, high: int) -> Codec:
    """A whole number from ``low`` to ``high``."""

    def parse(raw: str) -> object:
        try:
            value = int(raw.strip())
        except ValueError:
            raise SettingError(N_("expected a whole number, not {text!r}"), text=raw) from None
        if not low <= value <= high:
            raise SettingError(
                N_("expected a number from {low} to {high}, not {value}"),
                low=low,
                high=high,
                value=value,
            )
        return value

    def load(j: Json) -> object:
        if isinstance(j, bool) or not isinstance(j, int):
            raise ValueError(f"expected a whole number, not {j!r}")
        return parse(str(j))

    return Codec(parse, str, same, load, f"{low}..{high}", "integer", bounds=(low, high))


_TRUE = {"yes", "y", "true", "on", "1"}
_FALSE = {"no", "n", "false", "off", "0"}


def flag() -> Codec:
    """Yes or no (``on``/``off``, ``true``/``false``, ``1``/``0`` too)."""

    def parse(raw: str) -> object:
        value = raw.strip().lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise SettingError(N_("expected yes or no, not {text!r}"), text=raw)

    def load(j: Json) -> object:
        if not isinstance(j, bool):
            raise ValueError(f"expected true or false, not {j!r}")
        return j

    return Codec(parse, lambda v: "yes" if v else "no", same, load, "yes|no", "flag")


def half(what: str) -> Codec:
    """A number that is a multiple of 0.5, kept exact."""

    def dump(v: object) -> Json:
        return to_json(cast(Fraction, v))

    return Codec(
        lambda t: parse_half(t, what),
        lambda v: show(cast(Fraction, v)),
        dump,
        lambda j: parse_half(str(from_json(j, what)), what),
        "number (multiple of 0.5)",
        "half",
    )


def day() -> Codec:
    """A date written YYYY-MM-DD."""

    def parse(raw: str) -> object:
        try:
            return date.fromisoformat(raw.strip())
        except ValueError:
            raise SettingError(
                N_("expected a date as YYYY-MM-DD, not {text!r}"), text=raw
            ) from None

    def show_date(v: object) -> str:
        return cast(date, v).isoformat()

    return Codec(parse, show_date, show_date, lambda j: parse(str(j)), "YYYY-MM-DD", "date")


def rank() -> Codec:
    """A Go rank, 30k to 9d."""

    def parse(raw: str) -> object:
        return Rank.parse(raw)  # a RankError is a ValueError, with its message

    return Codec(parse, str, str, lambda j: parse(str(j)), "rank (30k..9d)", "rank")


def reason(exc: BaseException) -> object:
    """Why a value was refused, translatable when it can be."""
    return exc.text if isinstance(exc, ArbiterError) else str(exc)
