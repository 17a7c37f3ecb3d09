"""The conduct of games: what a result must carry, late arrivals, lost connections, draw
offers and the move cap."""

from __future__ import annotations

from arbiter.events.settings.codecs import choice, flag, integer
from arbiter.events.settings.kinds import TOGUZ
from arbiter.events.settings.setting import Spec, Values, const

SPECS: tuple[Spec, ...] = (
    Spec(
        "korgools",
        "whether results must carry korgool counts (seed 000 7.3)",
        choice("optional", "required"),
        const("optional"),
        TOGUZ,
    ),
    Spec(
        "reconnect_window",
        "online games: seconds a disconnected player has to come back before losing by no-show "
        "(seed 002 7.2.10)",
        integer(10, 3600),
        const(180),
    ),
    Spec(
        "postpone_within",
        "online games: hours after its scheduled start by which a postponed game must start "
        "(seed 002 7.2.2; empty: no deadline)",
        integer(1, 2160),
        const(None),
    ),
    Spec(
        "late_forfeit",
        "a player absent longer than the late-arrival limit after the start loses by forfeit "
        "(seed 002 2.6, seed 000 3.9)",
        flag(),
        const(True),
    ),
    Spec(
        "late_limit",
        "late-arrival limit in minutes after the start (empty: the rules' own: half the main "
        "time, in Go at most 60 minutes, in Toguz Korgool plus 30 seconds)",
        integer(1, 600),
        const(None),
    ),
    Spec(
        "max_draw_offers",
        "Toguz Korgool: draw offers per player per game; one more lets the opponent claim the "
        "game (seed 000 8.2)",
        integer(0, 20),
        const(3),
        TOGUZ,
    ),
    Spec(
        "move_cap",
        "Toguz Korgool: full moves after which a player may claim and a referee adjudicates "
        "(empty: no cap)",
        integer(1, 999),
        const(None),
        TOGUZ,
    ),
)


class ConductSettings(Values):
    """The conduct settings, typed."""

    __slots__ = ()

    @property
    def korgools_required(self) -> bool:
        """Whether Toguz Korgool results must carry korgool counts."""
        return self.kind.game == "toguz" and self.value("korgools") == "required"
