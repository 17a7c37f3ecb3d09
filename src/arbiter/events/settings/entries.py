"""Entries: who may enter (pair composition, age category, gender) and how the participants
are numbered (a draw of lots)."""

from __future__ import annotations

from arbiter.events.settings.codecs import choice, flag, integer
from arbiter.events.settings.kinds import GO
from arbiter.events.settings.setting import Spec, Typed, Values, const

SPECS: tuple[Spec, ...] = (
    Spec(
        "pair_composition",
        "pair go: a man and a woman per pair, or any two players",
        choice("man-woman", "any"),
        const("man-woman"),
        GO,
        fixed=True,
    ),
    Spec(
        "age_category",
        "age limit checked on entry: open, u9, 9-11, 12-15 (by season), 16-19, 17-25 (by year)",
        choice("open", "u9", "9-11", "12-15", "16-19", "17-25"),
        const("open"),
    ),
    Spec(
        "gender",
        "entries: open, f (women only), m (men; women may enter)",
        choice("open", "f", "m"),
        const("open"),
    ),
    Spec(
        "seed",
        "seed of the draw of lots (numbers, colours by lot)",
        integer(0, 2**31 - 1),
        const(0),
        fixed=True,
    ),
    Spec(
        "draw_lots",
        "number the participants by lot when round 1 is paired",
        flag(),
        const(False),
        fixed=True,
    ),
)


class EntrySettings(Values):
    """The entry settings, typed."""

    __slots__ = ()

    #: The age category entries must belong to.
    age_category = Typed(str)
    #: ``open``, ``f`` or ``m``.
    gender = Typed(str)
    #: Seed of the draw of lots.
    seed = Typed(int)
    #: Whether numbers are drawn by lot.
    draw_lots = Typed(bool)

    @property
    def pair_composition(self) -> str:
        """``man-woman`` or ``any`` (always ``any`` outside Go)."""
        return self.typed("pair_composition", str) if self.kind.game == "go" else "any"
