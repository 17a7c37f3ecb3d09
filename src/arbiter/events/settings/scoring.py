"""Rounds and points: how many rounds, what a game and a team match are worth, the bye and an
absence."""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from arbiter.events.exact import from_json, parse_half, show, to_json
from arbiter.events.results import Scoring
from arbiter.events.settings.codecs import Codec, Json, half, integer
from arbiter.events.settings.setting import Maybe, Spec, Typed, Values, const


def triple(what: str, whole: bool) -> Codec:
    """Points for a win, a draw and a loss, written ``1,0.5,0``."""

    def parse(text: str) -> object:
        parts = [p for p in text.replace(";", ",").replace("/", "/").split(",") if p.strip()]
        if len(parts) != 3:
            raise ValueError(f"expected three numbers for win, draw, loss, not {text!r}")
        values = tuple(parse_half(p, what) for p in parts)
        if whole and any(v.denominator != 1 for v in values):
            raise ValueError(f"{what} are whole numbers, not {text!r}")
        if not values[0] >= values[1] >= values[2]:
            raise ValueError(f"{what}: a win must score at least a draw, a draw at least a loss")
        return values

    def show_triple(v: object) -> str:
        return ",".join(show(x) for x in cast(tuple[Fraction, ...], v))

    def dump(v: object) -> Json:
        return [to_json(x) for x in cast(tuple[Fraction, ...], v)]

    def load(j: Json) -> object:
        if not isinstance(j, list):
            raise ValueError(f"expected a list of three numbers, not {j!r}")
        return parse(",".join(show(from_json(x, what)) for x in j))

    return Codec(parse, show_triple, dump, load, "win,draw,loss", "triple")


SPECS: tuple[Spec, ...] = (
    Spec(
        "rounds",
        "number of rounds (round robin and knockout systems compute it)",
        integer(1, 99),
        const(None),
    ),
    Spec(
        "scoring",
        "game points for a win, a draw, a loss",
        triple("points", False),
        const((Fraction(1), Fraction(1, 2), Fraction(0))),
    ),
    Spec(
        "match_points",
        "team match points for a win, a draw, a loss",
        triple("match points", True),
        const((Fraction(2), Fraction(1), Fraction(0))),
    ),
    Spec(
        "bye",
        "points for a pairing bye (Swiss, McMahon)",
        half("the bye value"),
        const(Fraction(1)),
    ),
    Spec(
        "absence",
        "points for a round not played by a participant still in (Swiss, McMahon; OpenGotha's "
        "absence value)",
        half("the absence value"),
        const(Fraction(0)),
    ),
)


class PointsSettings(Values):
    """The rounds and points settings, typed."""

    __slots__ = ()

    #: Rounds the organiser set, if any.
    rounds = Maybe(int)
    #: Points for a pairing bye.
    bye = Typed(Fraction)
    #: Points for a round a participant who has played, and is still in, does not play.
    absence = Typed(Fraction)

    def _scale(self, key: str) -> Scoring:
        win, draw, loss = cast(tuple[Fraction, Fraction, Fraction], self.value(key))
        return Scoring(win, draw, loss)

    @property
    def scoring(self) -> Scoring:
        """Game points for win, draw, loss."""
        return self._scale("scoring")

    @property
    def match_points(self) -> Scoring:
        """Team match points for win, draw, loss."""
        return self._scale("match_points")
