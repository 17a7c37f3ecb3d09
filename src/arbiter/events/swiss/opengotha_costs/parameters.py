"""OpenGotha's parameters that its cost function uses, from an OpenGotha file or from an
arbiter event's settings.

>>> p = OpenGothaParameters()
>>> p.mcmahon, p.main, p.system1, p.seeding
(True, 'MMS', 'random', 5000000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from arbiter.games.go.rank import Rank

if TYPE_CHECKING:
    from arbiter.events.competition import Competition


def _rank(text: str, default: int) -> int:
    try:
        return Rank.parse(text).value
    except Exception:
        return default


def _bool(text: str | None, default: bool) -> bool:
    if text is None:
        return default
    return text.strip().lower() == "true"


def _int(text: str | None, default: int) -> int:
    if text is None or not text.strip():
        return default
    return int(float(text))


def _seed_method(text: str | None, default: str) -> str:
    value = (text or default).upper()
    return {"SPLITANDFOLD": "fold", "SPLITANDSLIP": "slip", "SPLITANDRANDOM": "random"}.get(
        value, "fold"
    )


@dataclass(frozen=True, slots=True)
class OpenGothaParameters:
    """OpenGotha's parameters that the cost function uses (its defaults)."""

    rounds: int = 5
    bar: int = 3
    floor: int = -20
    zero: int = -30
    mms2_absent: int = 1
    mms2_bye: int = 2
    nbw2_absent: int = 0
    nbw2_bye: int = 2
    round_down: bool = True
    criteria: tuple[str, ...] = ("MMS", "SOSM", "SOSOSM")
    hd_mms: bool = True
    hd_ceiling: int = 9
    hd_correction: int = 1
    hd_threshold: int = 0
    duplicate: int = 500_000_000_000_000
    random: int = 0
    deterministic: bool = True
    balance_wb: int = 1_000_000
    categories: int = 0
    score: int = 100_000_000_000
    dudd: int = 100_000_000
    dudd_upper: str = "MID"
    dudd_lower: str = "MID"
    compensate: bool = True
    seeding: int = 5_000_000
    last_round_system1: int = 2
    system1: str = "random"
    system2: str = "fold"
    additional1: str = "Rating"
    additional2: str = "NULL"
    geo: int = 100_000_000_000
    club_factor: int = 3
    country_factor: int = 1
    minimize_handicap: int = 0
    bar_threshold: bool = True
    wins_threshold: bool = False
    rank_threshold: int = 0
    nx1: float = 0.5
    #: Whose geographical cost: ``"3.52"`` (players above the thresholds weigh it fully, as the
    #: dumps of the test files show) or ``"3.51"`` (3.51.02: the same cost for every pair).
    geo_version: str = "3.52"

    @property
    def mcmahon(self) -> bool:
        """Whether the main criterion is the McMahon score (else the number of wins)."""
        for c in self.criteria:
            if c in ("NBW", "MMS"):
                return c == "MMS"
        return False

    @property
    def main(self) -> str:
        """The main score: ``MMS`` in McMahon, ``NBW`` (the number of wins) in Swiss."""
        return "MMS" if self.mcmahon else "NBW"

    @classmethod
    def from_file(cls, raw: Mapping[str, Mapping[str, str]]) -> OpenGothaParameters:
        """The parameters of an OpenGotha file, from
        :func:`arbiter.events.formats.opengotha.opengotha_parameters`."""
        g = raw.get("GeneralParameterSet", {})
        h = raw.get("HandicapParameterSet", {})
        p = raw.get("PairingParameterSet", {})
        crit = raw.get("PlacementCriteria", {})
        criteria = tuple(
            crit[k] for k in sorted(crit, key=lambda s: int(s)) if crit[k] not in ("NULL", "")
        )
        d = cls()
        return cls(
            rounds=_int(g.get("numberOfRounds"), d.rounds),
            bar=_rank(g.get("genMMBar", "4D"), d.bar),
            floor=_rank(g.get("genMMFloor", "20K"), d.floor),
            zero=_rank(g.get("genMMZero", "30K"), d.zero),
            mms2_absent=_int(g.get("genMMS2ValueAbsent"), d.mms2_absent),
            mms2_bye=_int(g.get("genMMS2ValueBye"), d.mms2_bye),
            nbw2_absent=_int(g.get("genNBW2ValueAbsent"), d.nbw2_absent),
            nbw2_bye=_int(g.get("genNBW2ValueBye"), d.nbw2_bye),
            round_down=_bool(g.get("genRoundDownNBWMMS"), d.round_down),
            criteria=criteria or d.criteria,
            hd_mms=_bool(h.get("hdBasedOnMMS"), h.get("hdBase", "MMS").upper() == "MMS"),
            hd_ceiling=_int(h.get("hdCeiling"), d.hd_ceiling),
            hd_correction=_int(h.get("hdCorrection"), d.hd_correction),
            hd_threshold=_rank(h.get("hdNoHdRankThreshold", "1D"), d.hd_threshold),
            duplicate=_int(p.get("paiBaAvoidDuplGame"), d.duplicate),
            random=_int(p.get("paiBaRandom"), d.random),
            deterministic=_bool(p.get("paiBaDeterministic"), d.deterministic),
            balance_wb=_int(p.get("paiBaBalanceWB"), d.balance_wb),
            categories=_int(p.get("paiMaAvoidMixingCategories"), d.categories),
            score=_int(p.get("paiMaMinimizeScoreDifference"), d.score),
            dudd=_int(p.get("paiMaDUDDWeight"), d.dudd),
            dudd_upper=(p.get("paiMaDUDDUpperMode") or d.dudd_upper).upper(),
            dudd_lower=(p.get("paiMaDUDDLowerMode") or d.dudd_lower).upper(),
            compensate=_bool(p.get("paiMaCompensateDUDD"), d.compensate),
            seeding=_int(p.get("paiMaMaximizeSeeding"), d.seeding),
            last_round_system1=_int(p.get("paiMaLastRoundForSeedSystem1"), d.last_round_system1),
            system1=_seed_method(p.get("paiMaSeedSystem1"), "SPLITANDRANDOM"),
            system2=_seed_method(p.get("paiMaSeedSystem2"), "SPLITANDFOLD"),
            additional1=p.get("paiMaAdditionalPlacementCritSystem1") or d.additional1,
            additional2=p.get("paiMaAdditionalPlacementCritSystem2") or d.additional2,
            geo=_int(p.get("paiSeAvoidSameGeo"), d.geo),
            club_factor=_int(p.get("paiSePreferMMSDiffRatherThanSameClub"), d.club_factor),
            country_factor=_int(p.get("paiSePreferMMSDiffRatherThanSameCountry"), d.country_factor),
            minimize_handicap=_int(p.get("paiSeMinimizeHandicap"), d.minimize_handicap),
            bar_threshold=_bool(p.get("paiSeBarThresholdActive"), d.bar_threshold),
            wins_threshold=_bool(p.get("paiSeNbWinsThresholdActive"), d.wins_threshold),
            rank_threshold=_rank(p.get("paiSeRankThreshold", "1D"), d.rank_threshold),
            nx1=float(p.get("paiStandardNX1Factor") or d.nx1),
        )

    @classmethod
    def for_event(cls, event: Competition) -> OpenGothaParameters:
        """OpenGotha's defaults for an arbiter event, with the event's own settings (rounds,
        bar, floor, handicap, seeding methods, same-club and same-country factors)."""
        cfg = event.config
        mcmahon = event.system == "mcmahon"
        methods = cfg.value("pairing_seeding")
        assert isinstance(methods, tuple)
        short = {"split-and-fold": "fold", "split-and-slip": "slip", "split-and-random": "random"}
        go = event.game == "go"
        return replace(
            cls(),
            rounds=cfg.rounds or 1,
            bar=cfg.bar.value if go else 8,
            floor=cfg.floor.value if go else -30,
            round_down=cfg.round_down if go else False,
            criteria=("MMS", "SOSM", "SOSOSM") if mcmahon else ("NBW", "SOSW", "SOSOSW"),
            hd_mms=go and cfg.handicap == "mms",
            hd_ceiling=cfg.handicap_max if go and cfg.handicap in ("mms", "rank") else 0,
            hd_correction=cfg.handicap_correction if go else 0,
            hd_threshold=cfg.handicap_threshold.value if go else -30,
            system1=short[methods[0]],
            system2=short[methods[1] if len(methods) > 1 else methods[0]],
            last_round_system1=1 if len(methods) > 1 else 99,
            geo=100_000_000_000 if (cfg.avoid_club or cfg.avoid_country) else 0,
            club_factor=cfg.avoid_club,
            country_factor=cfg.avoid_country,
            wins_threshold=not mcmahon,
            rank_threshold=0 if mcmahon else -30,
            geo_version=cfg.opengotha_version or "3.52",
        )
