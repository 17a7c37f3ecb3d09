"""The event's settings page as form controls, built from the settings' own metadata.

Each setting's codec says what kind of value it reads (:data:`~arbiter.events.settings.codecs.
Shape`) and the core's description (:mod:`~arbiter.events.settings.described`) its group, label
and help; from them each setting gets its control:

- one of a list (a choice, a Go rank): a ``<select>``;
- a whole number: a number input with the codec's bounds; a multiple of 0.5: step 0.5;
- yes or no: a check box (after a hidden ``no``, so that an unticked box says so);
- a list in order (tiebreaks, seeding by round): numbered ``<select>`` places, no script needed;
- win, draw, loss points: three number inputs;
- a date: a date input; anything else: a text input.

Every input is named ``s.KEY`` (``s.KEY.N`` for the N-th place of a list), beside a hidden
``o.KEY`` with the value the page showed: only the settings whose value differs from it are
changed, so that a form left open does not undo another organiser's change.

Reading the posted form (every field validated, the refusals next to their fields) is
:mod:`~arbiter.server.web.settings_reading`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from arbiter import i18n
from arbiter.events.event import FIXED_AFTER_START, Event
from arbiter.events.settings import SPEC_BY_KEY, Spec
from arbiter.events.settings.codecs import Shape
from arbiter.events.settings.described import GROUPS, About, relevant
from arbiter.events.settings.value_names import choices, flag_name, value_name
from arbiter.games.go.rank import Rank
from arbiter.i18n import N_, gettext

Widget = Literal["select", "number", "checkbox", "text", "date", "order", "points"]
WIDGETS: dict[Shape, Widget] = {
    "choice": "select",
    "rank": "select",
    "integer": "number",
    "half": "number",
    "flag": "checkbox",
    "date": "date",
    "list": "order",
    "triple": "points",
    "text": "text",
}
#: The amateur ranks a McMahon bar or a handicap threshold is chosen from, weakest first.
RANKS: tuple[str, ...] = tuple(str(Rank(v)) for v in range(-30, 9))
#: The three places of a win-draw-loss setting.
POINTS_PARTS = (N_("Win"), N_("Draw"), N_("Loss"))
#: Settings whose points are whole numbers.
WHOLE_POINTS = frozenset({"match_points"})


@dataclass(frozen=True, slots=True)
class Option:
    """One value of a list: as the form sends it and as the reader reads it."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Part:
    """One input of a control made of several: a place of an order, a win, draw or loss."""

    name: str
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class Control:
    """One setting on the form. ``value``: its text as the control holds it (what was typed,
    when the form comes back refused); ``original``: the value the page shows, for ``o.KEY``;
    ``shown``, ``default``: the current value and the default in the reader's language."""

    key: str
    label: str
    help: str
    widget: Widget
    value: str
    original: str
    shown: str
    default: str
    set: bool
    fixed: bool
    options: tuple[Option, ...] = ()
    parts: tuple[Part, ...] = ()
    low: str = ""
    high: str = ""
    step: str = ""
    placeholder: str = ""
    error: str | None = None

    @property
    def name(self) -> str:
        """The input's name."""
        return f"s.{self.key}"


@dataclass(frozen=True, slots=True)
class Group:
    """A group of settings, as the rulebooks group them."""

    name: str
    title: str
    controls: tuple[Control, ...]


def text_of(key: str, value: object) -> str:
    """A value as its control holds it: the codec's text ("" for none, and for automatic
    Scheveningen groups, which an empty field means)."""
    if value is None or (key == "groups" and value == "auto"):
        return ""
    return SPEC_BY_KEY[key].codec.show(value)


def display(key: str, value: object) -> str:
    """A value of setting ``key`` in the reader's language (a dash for none)."""
    spec = SPEC_BY_KEY[key]
    if value is None or value == () or value == "":
        return "—"
    shape = spec.codec.shape
    if shape == "flag":
        return flag_name(bool(value))
    if key == "language" and isinstance(value, str):
        return i18n.LANGUAGES.get(value, value)
    if shape == "list" and isinstance(value, tuple):
        return ", ".join(value_name(key, str(item)) for item in value)
    text = spec.codec.show(value)
    if shape == "triple":
        return " / ".join(text.split(","))
    return value_name(key, text)


def options_of(key: str, event: Event) -> tuple[Option, ...]:
    """The values a list control offers for this event (the current one always among them)."""
    spec = SPEC_BY_KEY[key]
    codec = spec.codec
    values = RANKS if codec.shape == "rank" else choices(key, event.config.kind, codec.choices)
    current = event.config.value(key)
    held = current if isinstance(current, tuple) else (text_of(key, current),)
    extra = tuple(str(v) for v in held if v and str(v) not in values)
    if key == "language":
        return tuple(Option(v, i18n.LANGUAGES.get(v, v)) for v in (*values, *extra))
    return tuple(Option(v, value_name(key, v)) for v in (*values, *extra))


def places(key: str, event: Event, typed: Mapping[str, str]) -> int:
    """How many places an order offers: what it holds and a few more (the typed ones too)."""
    current = event.config.value(key)
    held = len(current) if isinstance(current, tuple) else 0
    more = 2 if key == "tiebreaks" else 1
    least = 5 if key == "tiebreaks" else 3
    posted = sum(1 for name in typed if name.startswith(f"s.{key}."))
    return max(held + more, least, posted)


def bounds(key: str, spec: Spec, event: Event) -> tuple[int, int] | None:
    """A whole number's bounds for this event: the codec's, and no fewer rounds than paired."""
    if spec.codec.bounds is None:
        return None
    low, high = spec.codec.bounds
    if key == "rounds":
        low = max(low, len(event.rounds))
    return low, high


def _parts(
    control_key: str, spec: Spec, event: Event, typed: Mapping[str, str]
) -> tuple[Part, ...]:
    value = event.config.value(control_key)
    if spec.codec.shape == "triple":
        held = text_of(control_key, value).split(",")
        labels = [gettext(p) for p in POINTS_PARTS]
    else:
        held = list(value) if isinstance(value, tuple) else []
        count = places(control_key, event, typed)
        if control_key == "pairing_seeding":  # a method per round, the last one for the rest
            labels = [gettext("Round %(n)s") % {"n": n} for n in range(1, count + 1)]
        else:
            labels = [f"{n}." for n in range(1, count + 1)]
    out = []
    for n, label in enumerate(labels, 1):
        name = f"s.{control_key}.{n}"
        initial = held[n - 1] if n <= len(held) else ""
        out.append(Part(name, label, typed.get(name, initial)))
    return tuple(out)


def control(
    about: About, event: Event, typed: Mapping[str, str], errors: Mapping[str, str]
) -> Control:
    """The control of one setting (``typed``: the posted fields, when the form was refused)."""
    key = about.key
    spec = SPEC_BY_KEY[key]
    cfg = event.config
    value = cfg.value(key)
    default = spec.default(cfg.kind)
    shape = spec.codec.shape
    widget = WIDGETS[shape]
    original = _original(key, value)
    extra: dict[str, object] = {}
    if widget == "select":
        extra["options"] = options_of(key, event)
    elif widget in ("order", "points"):
        extra["parts"] = _parts(key, spec, event, typed)
        if widget == "order":
            extra["options"] = options_of(key, event)
        else:
            extra["step"] = "1" if key in WHOLE_POINTS else "0.5"
    elif shape == "integer":
        found = bounds(key, spec, event)
        if found is not None:
            extra["low"], extra["high"] = str(found[0]), str(found[1])
        extra["step"] = "1"
    elif shape == "half":
        extra["step"] = "0.5"
    if key == "groups":
        extra["placeholder"] = value_name("groups", "auto")
    return Control(
        key=key,
        label=gettext(about.label),
        help=gettext(about.help),
        widget=widget,
        value=typed.get(f"s.{key}", original),
        original=original,
        shown=display(key, value),
        default=display(key, default),
        set=key in event.settings,
        fixed=bool(event.rounds) and key in FIXED_AFTER_START,
        error=errors.get(key),
        **extra,  # type: ignore[arg-type]
    )


def _original(key: str, value: object) -> str:
    """What ``o.KEY`` holds: the value as the posted control composes it."""
    if SPEC_BY_KEY[key].codec.shape == "flag":
        return "yes" if value else "no"
    return text_of(key, value)


def groups_of(
    event: Event,
    typed: Mapping[str, str] | None = None,
    errors: Mapping[str, str] | None = None,
) -> list[Group]:
    """The groups of settings that apply to the event, each with its controls."""
    found = []
    for name, items in relevant(event.config.kind):
        controls = tuple(control(a, event, typed or {}, errors or {}) for a in items)
        found.append(Group(name, gettext(GROUPS[name]), controls))
    return found
