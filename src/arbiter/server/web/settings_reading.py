"""Reading the posted settings form: every field validated, each refusal in the reader's
language next to its field, and the changes to make when nothing is refused.

A field is first read as its control sends it (a number within its bounds, a value of its
list, places of an order each used once, win ≥ draw ≥ loss); then each change is tried on the
event by the core, on its own, so that every refused field gets its message, not only the
first. A core message that has no translation in the reader's language gives way to a message
of this module's (the page says nothing in English outside English).

>>> from arbiter.events.event import Event
>>> event = Event.create("go", "mcmahon", rounds=5)
>>> reading = read(event, {"o.komi": "6.5", "s.komi": "7.5", "o.rounds": "5", "s.rounds": "x"})
>>> reading.changes, sorted(reading.errors)
({'komi': '7.5'}, ['rounds'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from arbiter import i18n
from arbiter.errors import ArbiterError, Text
from arbiter.events.event import Event
from arbiter.events.exact import parse_half
from arbiter.events.settings import SPEC_BY_KEY
from arbiter.events.settings.described import ABOUT_BY_KEY
from arbiter.events.settings.value_names import value_name
from arbiter.i18n import N_, error_text, gettext, translate
from arbiter.server.web.settings_form import Control, groups_of, text_of

#: Settings whose new value every participant already entered must fit.
ADMISSION = frozenset({"age_category", "gender", "start"})


@dataclass
class Reading:
    """What the posted form asks: the changes (key → text; "" restores the default) and, by
    key, why a field is refused."""

    changes: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)


class Refused(Exception):
    """A field's value that cannot be read; its message is in the reader's language."""


def _say(template: str, c: Control, **params: object) -> Refused:
    return Refused(translate(template, {"label": c.label, **params}))


def translated(exc: BaseException) -> bool:
    """Whether the core's message has a translation in the current language (English always)."""
    if i18n.current() == i18n.DEFAULT:
        return True

    def known(template: object, params: Mapping[str, object]) -> bool:
        if not isinstance(template, str) or not template or gettext(template) == template:
            return False
        return all(known(v.template, v.params) for v in params.values() if isinstance(v, Text))

    return known(getattr(exc, "template", None), getattr(exc, "params", None) or {})


def _number(c: Control, raw: str) -> str:
    text = raw.strip()
    if not text:
        return ""
    if c.step == "0.5":
        try:
            return SPEC_BY_KEY[c.key].codec.show(parse_half(text, c.key))
        except ValueError:
            raise _say(N_("{label}: write a number such as 6.5 (a multiple of 0.5)."), c) from None
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or (c.low and value < int(c.low)) or (c.high and value > int(c.high)):
        raise _say(
            N_("{label}: write a whole number from {low} to {high}."), c, low=c.low, high=c.high
        )
    return str(value)


def _select(c: Control, raw: str) -> str:
    if raw not in {o.value for o in c.options}:
        raise _say(N_("{label}: choose one of the values in the list."), c)
    return raw


def _order(c: Control, fields: Mapping[str, str]) -> str:
    offered = {o.value for o in c.options}
    chosen: list[str] = []
    for n in range(1, 41):
        raw = fields.get(f"{c.name}.{n}")
        if raw is None:
            break
        if not raw:
            continue  # an empty place is skipped: the order closes up
        if raw not in offered:
            raise _say(N_("{label}: choose one of the values in the list."), c)
        if raw in chosen:
            raise _say(N_("{label}: {value} is chosen twice."), c, value=value_name(c.key, raw))
        chosen.append(raw)
    return ",".join(chosen)


def _points(c: Control, fields: Mapping[str, str]) -> str:
    raws = [fields.get(f"{c.name}.{n}", "").strip() for n in (1, 2, 3)]
    if not any(raws):
        return ""
    try:
        values = [parse_half(r, c.key) for r in raws]
    except ValueError:
        raise _say(N_("{label}: write three numbers such as 1, 0.5 and 0."), c) from None
    if c.step == "1" and any(v.denominator != 1 for v in values):
        raise _say(N_("{label}: the points are whole numbers."), c)
    if not values[0] >= values[1] >= values[2]:
        raise _say(N_("{label}: a win must score at least a draw, a draw at least a loss."), c)
    return SPEC_BY_KEY[c.key].codec.show(tuple(values))


def _text(c: Control, raw: str) -> str:
    text = raw.strip()
    if not text:
        return ""
    spec = SPEC_BY_KEY[c.key]
    if c.widget == "date":
        try:
            date.fromisoformat(text)
        except ValueError:
            raise _say(
                N_("{label}: write the day as year-month-day, e.g. 2026-05-01."), c
            ) from None
    try:
        value = spec.codec.parse(text)
    except (ValueError, ArithmeticError) as exc:
        if translated(exc):
            raise _say(N_("{label}: {reason}"), c, reason=error_text(exc)) from None
        example = ABOUT_BY_KEY[c.key].example
        if example:
            raise _say(
                N_("{label}: cannot read {value!r}; write it as in {example}."),
                c,
                value=text,
                example=example,
            ) from None
        raise _say(N_("{label}: cannot read {value!r}."), c, value=text) from None
    return text_of(c.key, value)


def compose(c: Control, fields: Mapping[str, str]) -> str:
    """The text of control ``c`` as posted, checked; :class:`Refused` says what is wrong."""
    if c.widget == "order":
        return _order(c, fields)
    if c.widget == "points":
        return _points(c, fields)
    raw = fields.get(c.name, "")
    if c.widget == "checkbox":
        if raw not in ("yes", "no"):
            raise _say(N_("{label}: tick the box or leave it empty."), c)
        return raw
    if c.widget == "select":
        return _select(c, raw)
    if c.widget == "number":
        return _number(c, raw)
    return _text(c, raw)


def _refusal(c: Control, exc: ArbiterError) -> str:
    """The core's refusal of a change, in the reader's language."""
    if translated(exc):
        return translate(N_("{label}: {reason}"), {"label": c.label, "reason": error_text(exc)})
    if c.key in ADMISSION:
        return translate(
            N_("{label}: a participant already entered does not fit this value."),
            {"label": c.label},
        )
    return translate(N_("{label}: the event's rules refuse this value."), {"label": c.label})


def read(event: Event, fields: Mapping[str, str]) -> Reading:
    """Every field of the posted form checked (only the settings the form shows, and not those
    fixed now); the changes, and why each refused field is refused."""
    reading = Reading()
    controls = [c for g in groups_of(event) for c in g.controls if not c.fixed]
    for c in controls:
        original = fields.get(f"o.{c.key}")
        if original is None:
            continue  # not on the form that was sent
        try:
            text = compose(c, fields)
        except Refused as exc:
            reading.errors[c.key] = str(exc)
            continue
        if text != original:
            reading.changes[c.key] = text
    by_key = {c.key: c for c in controls}
    for key, text in reading.changes.items():
        try:  # each change on its own: every refused field is named, not only the first
            event.set(key, text)
        except ArbiterError as exc:
            reading.errors[key] = _refusal(by_key[key], exc)
    return reading
