"""Ranking: the tiebreak order and how unplayed games count in it.

>>> default_tiebreaks(Kind("toguz", "swiss", "individual"))
('PTS', 'BH', 'DE', 'PS', 'SB')
"""

from __future__ import annotations

from typing import Literal, cast

from arbiter.events.settings.codecs import choice, listed
from arbiter.events.settings.kinds import BRACKET_SYSTEMS, Kind
from arbiter.events.settings.setting import Spec, Values
from arbiter.events.tiebreak_codes import CODES, parse_codes

Policy = Literal["fide-2026", "fide-2023", "fide-2009", "egf"]
POLICIES: tuple[Policy, ...] = ("fide-2026", "fide-2023", "fide-2009", "egf")


def default_tiebreaks(kind: Kind) -> tuple[str, ...]:
    """The tiebreak order when the organiser sets none.

    Toguz Korgool individual: points, Buchholz, head-to-head, progress, Berger (seed 000 10.1).
    Go round robin and Scheveningen: points, Berger, head-to-head (seed 002 2.8.1); Go Swiss and
    McMahon: MMS, SOS, SOSOS (EGF). Teams: Go by seed 002 2.8.1 (match points, board points,
    Berger by match points, head-to-head, Berger by board points, boards in order); Toguz by
    seed 000 10.2 (match points, head-to-head, korgools in lost games, boards). Knockout systems
    place by the bracket and list no tiebreaks.
    """
    if kind.system in BRACKET_SYSTEMS:
        return ()
    if kind.discipline == "team":
        if kind.game == "toguz":
            return ("MP", "DE", "KLG", "BRD")
        return ("MP", "GP", "MSB", "DE", "GSB", "BRD")
    if kind.game == "toguz":
        return ("PTS", "BH", "DE", "PS", "SB")
    if kind.system in ("swiss", "swiss-dutch", "mcmahon"):
        return ("MMS", "SOS", "SOSOS")
    return ("PTS", "SB", "DE")


SPECS: tuple[Spec, ...] = (
    Spec(
        "tiebreaks",
        "ranking criteria in order, as codes (PTS,BH,DE,PS,SB)",
        listed(parse_codes, "codes", "tiebreak codes", CODES),
        default_tiebreaks,
    ),
    Spec(
        "unplayed",
        "how unplayed games count in tiebreaks: FIDE edition or EGF/OpenGotha",
        choice(*POLICIES),
        lambda k: "egf" if k.game == "go" else "fide-2026",
    ),
)


class RankingSettings(Values):
    """The ranking settings, typed."""

    __slots__ = ()

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        """The ranking criteria, as codes."""
        return cast(tuple[str, ...], self.value("tiebreaks"))

    @property
    def unplayed(self) -> Policy:
        """The unplayed-games policy for tiebreaks."""
        return cast(Policy, self.typed("unplayed", str))
