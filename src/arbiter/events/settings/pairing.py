"""Swiss and McMahon pairing: the McMahon bar, floor and corrections, the seeding in a score
group, the club and country rules, OpenGotha's weights and rounding.

>>> parse_corrections("7:-1, 1:+1")
((1, 1), (7, -1))
"""

from __future__ import annotations

from typing import cast

from arbiter.events.settings.codecs import Codec, Json, choice, flag, integer, rank
from arbiter.events.settings.kinds import GO
from arbiter.events.settings.setting import Spec, Typed, Values, const
from arbiter.events.swiss.seeding import METHODS, parse_methods
from arbiter.games.go.rank import Rank

Corrections = tuple[tuple[int, int], ...]


def parse_corrections(text: str) -> Corrections:
    """McMahon starting-score corrections: ``no:+k`` items separated by commas, sorted by
    number (``k`` from -9 to +9; a correction of 0 is dropped)."""
    found: dict[int, int] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        number, sep, value = item.partition(":")
        if not sep:
            raise ValueError(f"write a correction as NUMBER:+K (e.g. 3:+1), not {item.strip()!r}")
        try:
            no, correction = int(number.strip()), int(value.strip())
        except ValueError:
            raise ValueError(f"a correction is NUMBER:+K, not {item.strip()!r}") from None
        if no < 1:
            raise ValueError(f"participant numbers start at 1, not {no}")
        if not -9 <= correction <= 9:
            raise ValueError(f"a McMahon correction is from -9 to +9, not {correction}")
        found[no] = correction
    return tuple(sorted((no, c) for no, c in found.items() if c != 0))


def corrections() -> Codec:
    """The ``mms_corrections`` setting: ``1:+1,7:-1`` as text, ``{"1": 1, "7": -1}`` in JSON."""

    def show_corrections(v: object) -> str:
        return ",".join(f"{no}:{c:+d}" for no, c in cast(Corrections, v))

    def load(j: Json) -> object:
        if not isinstance(j, dict):
            raise ValueError(f"expected an object of numbers and corrections, not {j!r}")
        return parse_corrections(",".join(f"{k}:{v}" for k, v in j.items()))

    def dump(v: object) -> Json:
        return {str(no): c for no, c in cast(Corrections, v)}

    return Codec(parse_corrections, show_corrections, dump, load, "no:+k,...")


def seeding_methods() -> Codec:
    """The seeding methods by round: text with commas; in JSON a list (or that text)."""

    def show_methods(v: object) -> str:
        return ",".join(cast(tuple[str, ...], v))

    def load(j: Json) -> object:
        if isinstance(j, list):
            return parse_methods(",".join(str(x) for x in j))
        return parse_methods(str(j))

    def dump(v: object) -> Json:
        return list(cast(tuple[str, ...], v))

    return Codec(parse_methods, show_methods, dump, load, "method,...", "list", METHODS)


SPECS: tuple[Spec, ...] = (
    Spec("bar", "McMahon bar: ranks above start equal", rank(), const(Rank(3)), GO),
    Spec("floor", "McMahon floor: ranks below start equal", rank(), const(Rank(-20)), GO),
    Spec(
        "mms_corrections",
        "McMahon: starting-score corrections by number, e.g. 1:+1,7:-1 (top groups)",
        corrections(),
        const(()),
        GO,
    ),
    Spec(
        "pairing_seeding",
        "Swiss/McMahon seeding in a score group, by round (the last repeats): "
        "split-and-slip, split-and-fold, split-and-random",
        seeding_methods(),
        lambda k: (
            ("split-and-random", "split-and-fold") if k.system == "mcmahon" else ("split-and-slip",)
        ),
    ),
    Spec(
        "avoid_club",
        "Swiss/McMahon: a score difference (points) preferred to a same-club pair (0: off)",
        integer(0, 9),
        lambda k: 3 if k.system == "mcmahon" else 0,
    ),
    Spec(
        "avoid_country",
        "Swiss/McMahon: a score difference (points) preferred to a same-country pair (0: off)",
        integer(0, 9),
        lambda k: 1 if k.system == "mcmahon" else 0,
    ),
    Spec(
        "pairing_weights",
        "Swiss/McMahon weights: arbiter (ours) or OpenGotha's cost function, its geography as in "
        "opengotha-3.51 (3.51.02) or opengotha-3.52 (opengotha: the same as 3.52)",
        choice("arbiter", "opengotha", "opengotha-3.51", "opengotha-3.52"),
        const("arbiter"),
    ),
    Spec(
        "round_down",
        "points of byes and absences rounded down in standings and pairing, as OpenGotha's default",
        flag(),
        const(False),
        GO,
    ),
)


class PairingSettings(Values):
    """The Swiss and McMahon settings, typed."""

    __slots__ = ()

    #: McMahon bar.
    bar = Typed(Rank)
    #: McMahon floor.
    floor = Typed(Rank)
    #: Score difference (points) preferred to a same-club pair; 0 when off.
    avoid_club = Typed(int)
    #: Score difference (points) preferred to a same-country pair; 0 when off.
    avoid_country = Typed(int)
    #: ``arbiter``, or OpenGotha's: ``opengotha-3.51``, ``opengotha-3.52`` (``opengotha``, an
    #: alias of 3.52; see :attr:`opengotha_version`).
    pairing_weights = Typed(str)

    @property
    def opengotha_version(self) -> str | None:
        """The OpenGotha version whose cost function pairs (``"3.51"``, ``"3.52"``), or ``None``
        with arbiter's own weights."""
        weights = cast(str, self.value("pairing_weights"))
        if not weights.startswith("opengotha"):
            return None
        return weights.removeprefix("opengotha-") if "-" in weights else "3.52"

    @property
    def mms_corrections(self) -> dict[int, int]:
        """McMahon starting-score corrections by participant number."""
        if self.kind.game != "go":
            return {}
        return dict(cast(Corrections, self.value("mms_corrections")))

    def pairing_seeding(self, round_no: int) -> str:
        """The seeding method of Swiss/McMahon round ``round_no`` (the last one listed repeats)."""
        methods = cast(tuple[str, ...], self.value("pairing_seeding"))
        return methods[min(round_no, len(methods)) - 1]

    @property
    def round_down(self) -> bool:
        """Whether points and McMahon scores are rounded down (OpenGotha's genRoundDownNBWMMS)."""
        return self.kind.game == "go" and self.typed("round_down", bool)
