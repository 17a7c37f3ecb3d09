"""OpenGotha's pairing cost function, reproduced (``pairing_weights=opengotha``).

OpenGotha (the EGF's pairing program) pairs a round by a maximum-weight matching whose weight
("cost") of a pair is the sum of named parts: ``baseDuplicateGameCost`` (the two never met),
``baseRandomCost``, ``baseBWBalanceCost`` (colours can be balanced), ``mainCategoryCost``,
``mainScoreDiffCost`` (close scores), ``mainDUDDCost`` (draw-ups and draw-downs),
``mainSeedCost`` (seeding in the score group), ``secHandiCost``, ``secGeoCost`` (different
clubs and countries) and 1. This module computes them from an arbiter event the way OpenGotha
does, from its own view of the tournament:

- scores counted twice (``NBW×2``, ``MMS×2``), rounds without a game worth the file's
  ``genNBW2ValueAbsent``/``genMMS2ValueBye``... values, rounded down when
  ``genRoundDownNBWMMS`` is set;
- score groups from the highest possible score down to the lowest, empty ones included (so the
  number of groups is OpenGotha's "score range"); the place inside a group by the placement
  criteria, the additional criterion (rating) and then the name;
- draw-ups and draw-downs counted from the scores before each round.

The arithmetic is OpenGotha's: whole numbers (Java ``long``) where it uses them, truncation of
floating-point parts where it casts. The geographical part follows OpenGotha 3.52, which gives
players above the thresholds (bar, rank, wins) the whole weight. The tests compare every part
with OpenGotha's own dumps (``*_weights_R<n>.txt``).

OpenGotha numbers rounds from 0; here ``number`` is the round to pair (from 1), and OpenGotha's
``roundNumber`` is ``number - 1``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from arbiter.events.rounds import Bye, ByeKind
from arbiter.games.go.rank import Rank

if TYPE_CHECKING:
    from arbiter.events.event import Event
    from arbiter.events.swiss.system import Proposal

MIN_RANK = -30
SMMS_CORR_MAX = 2
SMMS_CORR_MIN = -1

PARTS: tuple[str, ...] = (
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
)


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

    @property
    def mcmahon(self) -> bool:
        """Whether the main criterion is the McMahon score (else the number of wins)."""
        for c in self.criteria:
            if c in ("NBW", "MMS"):
                return c == "MMS"
        return False

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
    def for_event(cls, event: Event) -> OpenGothaParameters:
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
        )


def _jdiv(a: int, b: int) -> int:
    """Java's integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def det_random(most: int, a: tuple[str, str], b: tuple[str, str]) -> int:
    """OpenGotha's deterministic "random" number of two players (names and first names).

    >>> det_random(1, ("Lee", "Chang"), ("Kim", "Ji")) in (0, 1)
    True
    """
    text = a[0] + a[1] + b[0] + b[1]
    total = 0
    for i, ch in enumerate(text.encode("utf-16-le").decode("utf-16-le")):
        total += ord(ch) * (i + 1)
    return (total * 1234567) % (most + 1)


PAIRED, BYE, ABSENT, NOT_ASSIGNED = 1, -1, -3, -2


@dataclass(slots=True)
class _Game:
    round: int
    white: int
    black: int
    handicap: int
    result: str  # "W", "B", "=", "L" (both lose), "?" (unknown)


@dataclass(slots=True)
class Scored:
    """A player as OpenGotha scores it (values ×2, per round from 0)."""

    no: int
    surname: str
    given: str
    rank: int
    rating: int
    club: str
    country: str
    smms: int
    participation: list[int]
    games: list[_Game | None]
    values: dict[str, list[int]] = field(default_factory=dict)
    group: int = 0
    group_size: int = 1
    inner: int = 0
    groups: int = 1
    du: int = 0
    dd: int = 0

    def crit(self, name: str, rn: int) -> int:
        """OpenGotha's ``getCritValue`` of criterion ``name`` after round ``rn`` (-1: before
        the first round)."""
        if name == "Rating":
            return self.rating
        if name == "Rank":
            return self.rank
        if name == "MMS" and rn < 0:
            return 2 * self.smms
        series = self.values.get(name)
        if series is None or rn < 0:
            return 0
        return series[rn]

    @property
    def key(self) -> tuple[str, str]:
        """Name and first name."""
        return self.surname, self.given


def _points_x2(game: _Game, no: int) -> int:
    if game.result == "=":
        return 1
    if game.result == "W" and game.white == no:
        return 2
    if game.result == "B" and game.black == no:
        return 2
    return 0


def scored_players(event: Event, params: OpenGothaParameters) -> dict[int, Scored]:
    """Every player of ``event`` scored as OpenGotha does, for all rounds played."""
    go = event.game == "go"
    rounds = max(params.rounds, len(event.rounds), 1)
    out: dict[int, Scored] = {}
    for p in event.players:
        rank = p.rank.value if p.rank is not None else MIN_RANK
        smms = min(max(rank - params.zero, params.floor - params.zero), params.bar - params.zero)
        smms += event.config.mms_corrections.get(p.no, 0) if go else 0
        participation = [NOT_ASSIGNED if p.plays_in(r + 1) else ABSENT for r in range(rounds)]
        out[p.no] = Scored(
            p.no,
            p.surname,
            p.given,
            rank,
            p.rating if p.rating is not None else 0,
            p.club,
            p.country,
            smms,
            participation,
            [None] * rounds,
        )
    for rnd in event.rounds:
        r = rnd.number - 1
        for bye in rnd.byes:
            if bye.no in out and r < rounds:
                out[bye.no].participation[r] = BYE if bye.kind == "bye" else ABSENT
        for g in rnd.games:
            first, second = (g.black, g.white) if go else (g.white, g.black)
            result = "?"
            if g.result is not None:
                res = g.result
                if res.kind in ("void", "double-forfeit"):
                    result = "L"
                elif res.winner is None:
                    result = "="
                else:
                    won_first = res.winner == ("black" if go else "white")
                    result = "B" if won_first else "W"
            og = _Game(r, second, first, g.handicap, result)
            for no in (first, second):
                if no in out:
                    out[no].participation[r] = PAIRED
                    out[no].games[r] = og
    _fill_scores(out, rounds, params)
    return out


def _fill_scores(players: dict[int, Scored], rounds: int, params: OpenGothaParameters) -> None:
    for sp in players.values():
        nbw, mms = [0] * rounds, [0] * rounds
        base_n, base_m = 0, 2 * sp.smms
        extra_n = extra_m = 0
        for r in range(rounds):
            g = sp.games[r]
            if g is not None:
                base_n += _points_x2(g, sp.no)
                base_m += _points_x2(g, sp.no)
            if sp.participation[r] == ABSENT:
                extra_n += params.nbw2_absent
                extra_m += params.mms2_absent
            elif sp.participation[r] == BYE:
                extra_n += params.nbw2_bye
                extra_m += params.mms2_bye
            add_n, add_m = extra_n, extra_m
            if params.round_down:
                add_n, add_m = add_n // 2 * 2, add_m // 2 * 2
            nbw[r], mms[r] = base_n + add_n, base_m + add_m
        sp.values["NBW"], sp.values["MMS"] = nbw, mms
        sp.values["CUSSW"] = [sum(nbw[: r + 1]) for r in range(rounds)]
        sp.values["CUSSM"] = [sum(mms[: r + 1]) for r in range(rounds)]
    for sp in players.values():
        sosw, sosm, sodosw, sodosm, m1w, m1m = ([0] * rounds for _ in range(6))
        for r in range(rounds):
            ow, om, dw, dm = [], [], 0, 0
            for rr in range(r + 1):
                g = sp.games[rr]
                if sp.participation[rr] != PAIRED or g is None:
                    ow.append(0)
                    om.append(2 * sp.smms)
                    continue
                opp = players.get(g.black if g.white == sp.no else g.white)
                if opp is None:
                    ow.append(0)
                    om.append(2 * sp.smms)
                    continue
                wx2 = _points_x2(g, sp.no)
                o_n = opp.values["NBW"][r]
                o_m = opp.values["MMS"][r] + (2 if g.white == sp.no else -2) * g.handicap
                ow.append(o_n)
                om.append(o_m)
                dw += o_n * wx2
                dm += o_m * wx2
            sosw[r], sosm[r], sodosw[r], sodosm[r] = sum(ow), sum(om), dw, dm
            m1w[r] = _minus_one(ow, sosw[r], r)
            m1m[r] = _minus_one(om, sosm[r], r)
        sp.values.update(
            {"SOSW": sosw, "SOSM": sosm, "SODOSW": sodosw, "SODOSM": sodosm}
            | {"SOSW-1": m1w, "SOSM-1": m1m}
        )
    for sp in players.values():
        sssw, sssm = [0] * rounds, [0] * rounds
        for r in range(rounds):
            for rr in range(r + 1):
                g = sp.games[rr]
                opp = None
                if sp.participation[rr] == PAIRED and g is not None:
                    opp = players.get(g.black if g.white == sp.no else g.white)
                if opp is None:
                    sssm[r] += 2 * sp.smms * (r + 1)
                else:
                    sssw[r] += opp.values["SOSW"][r]
                    sssm[r] += opp.values["SOSM"][r]
        sp.values["SOSOSW"], sp.values["SOSOSM"] = sssw, sssm


def _minus_one(values: list[int], total: int, r: int) -> int:
    if r == 0:
        return 0
    if r == 1:
        return max(values[0], values[1])
    return total - min(values)


def _main(params: OpenGothaParameters) -> str:
    return "MMS" if params.mcmahon else "NBW"


def fill_pairing_info(
    players: dict[int, Scored],
    number: int,
    params: OpenGothaParameters,
    present: Collection[int] | None = None,
) -> None:
    """OpenGotha's ``fillPairingInfo`` for round ``number`` (from 1): score groups (empty ones
    counted), place in the group, draw-ups and draw-downs. ``present`` are the players who
    take part in the round (the bye included); only they make up the groups."""
    r0 = number - 1
    main = _main(params)
    if main == "MMS":
        low = params.floor + SMMS_CORR_MIN - MIN_RANK
        high = params.bar + SMMS_CORR_MAX + r0 - MIN_RANK
    else:
        low, high = 0, r0
    crit = list(params.criteria) + ["NULL"] * max(0, 6 - len(params.criteria))
    extra = params.additional1 if number <= params.last_round_system1 else params.additional2
    crit.append(extra if extra in ("Rating", "Rank") else "NULL")
    by_score: dict[int, list[Scored]] = {}
    for sp in players.values():
        if present is None or sp.no in present:
            by_score.setdefault(sp.crit(main, r0 - 1) // 2, []).append(sp)
    number_of_group = 0
    for score in range(high, low - 1, -1):
        members = by_score.get(score, [])
        if members:
            members.sort(
                key=lambda sp: (tuple(-sp.crit(c, r0 - 1) for c in crit), sp.surname, sp.given)
            )
            for k, sp in enumerate(members):
                sp.group, sp.group_size, sp.inner = number_of_group, len(members), k
        number_of_group += 1
    for sp in players.values():
        sp.groups = number_of_group
        sp.du = sp.dd = 0
    for r in range(r0):
        for sp in players.values():
            g = sp.games[r]
            if g is None:
                continue
            opp = players.get(g.black if g.white == sp.no else g.white)
            if opp is None:
                continue
            mine, theirs = sp.crit(main, r - 1) // 2, opp.crit(main, r - 1) // 2
            if mine < theirs:
                sp.du += 1
            elif mine > theirs:
                sp.dd += 1


def wb_balance(sp: Scored, rn: int) -> int:
    """White games minus black games of rounds 0..``rn`` (handicap games left out)."""
    balance = 0
    for r in range(rn + 1):
        g = sp.games[r] if r < len(sp.games) else None
        if g is None or g.handicap != 0:
            continue
        balance += 1 if g.white == sp.no else -1
    return balance


def handicap_between(a: Scored, b: Scored, number: int, params: OpenGothaParameters) -> int:
    """OpenGotha's handicap of ``a`` (White when positive) against ``b``."""
    r0 = number - 1
    if params.hd_mms:
        ra = a.crit("MMS", r0 - 1) // 2 + MIN_RANK
        rb = b.crit("MMS", r0 - 1) // 2 + MIN_RANK
    else:
        ra, rb = a.rank, b.rank
    ra, rb = min(ra, params.hd_threshold), min(rb, params.hd_threshold)
    hd = ra - rb
    if hd > 0:
        hd = max(hd - params.hd_correction, 0)
    elif hd < 0:
        hd = min(hd + params.hd_correction, 0)
    return max(-params.hd_ceiling, min(params.hd_ceiling, hd))


def _concave(weight: int, x: float, k: float) -> int:
    return int(float(weight) * (1.0 - x) * (1.0 + k * x))


def cost_parts(a: Scored, b: Scored, number: int, params: OpenGothaParameters) -> dict[str, int]:
    """OpenGotha's cost parts of pairing ``a`` with ``b`` in round ``number`` (from 1), and
    ``totalCost`` (their sum plus 1). :func:`fill_pairing_info` must have run for the round."""
    r0 = number - 1
    k = params.nx1
    parts = dict.fromkeys(PARTS, 0)
    met = any(g is not None and {g.white, g.black} == {a.no, b.no} for g in a.games[: max(r0, 0)])
    parts["baseDuplicateGameCost"] = 0 if met else params.duplicate
    if params.random:
        parts["baseRandomCost"] = det_random(params.random, a.key, b.key)
    if handicap_between(a, b, number, params) == 0:
        wa, wb = wb_balance(a, r0 - 1), wb_balance(b, r0 - 1)
        if wa * wb < 0:
            parts["baseBWBalanceCost"] = params.balance_wb
        elif (wa == 0 and abs(wb) >= 2) or (wb == 0 and abs(wa) >= 2):
            parts["baseBWBalanceCost"] = params.balance_wb // 2
    score_range = a.groups
    x = abs(a.group - b.group) / score_range
    parts["mainScoreDiffCost"] = _concave(params.score, x, k)
    parts["mainDUDDCost"] = _dudd(a, b, params)
    parts["mainSeedCost"] = _seed(a, b, number, params)
    parts["secHandiCost"] = 0
    parts["secGeoCost"] = _geo(a, b, number, params)
    total = 1 + sum(parts.values())
    return {**parts, "totalCost": total}


def _dudd(a: Scored, b: Scored, params: OpenGothaParameters) -> int:
    if a.group == b.group:
        return 0
    scenario = 2
    if a.du > 0 and a.group > b.group:
        scenario -= 1
    if a.dd > 0 and a.group < b.group:
        scenario -= 1
    if b.du > 0 and b.group > a.group:
        scenario -= 1
    if b.dd > 0 and b.group < a.group:
        scenario -= 1
    if scenario != 0 and a.du > 0 and a.dd < a.du and a.group < b.group:
        scenario += 1
    if scenario != 0 and a.dd > 0 and a.du < a.dd and a.group > b.group:
        scenario += 1
    if scenario != 0 and b.du > 0 and b.dd < b.du and b.group < a.group:
        scenario += 1
    if scenario != 0 and b.dd > 0 and b.du < b.dd and b.group > a.group:
        scenario += 1
    weight = params.dudd // 5
    upper, lower = (a, b) if a.group < b.group else (b, a)
    cost = _edge_part(weight, upper, params.dudd_upper) + _edge_part(
        weight, lower, params.dudd_lower
    )
    if scenario == 1:
        cost += weight
    elif scenario == 2 or (scenario > 2 and not params.compensate):
        cost += 2 * weight
    elif scenario == 3:
        cost += 3 * weight
    elif scenario == 4:
        cost += 4 * weight
    return max(cost, 0)


def _edge_part(weight: int, sp: Scored, mode: str) -> int:
    size, place = sp.group_size, sp.inner
    if mode == "TOP":
        return _jdiv(weight // 2 * (size - 1 - place), size)
    if mode in ("MID", "MIDDLE"):
        return _jdiv(weight // 2 * (size - 1 - abs(2 * place - size + 1)), size)
    if mode in ("BOT", "BOTTOM"):
        return _jdiv(weight // 2 * place, size)
    return 0


def _seed(a: Scored, b: Scored, number: int, params: OpenGothaParameters) -> int:
    if a.group != b.group:
        return 0
    size, c1, c2 = a.group_size, a.inner, b.inner
    most = params.seeding
    method = params.system1 if number <= params.last_round_system1 else params.system2
    if method == "random":
        if (2 * c1 < size) != (2 * c2 < size):
            first, second = (a, b) if (a.surname, a.given) <= (b.surname, b.given) else (b, a)
            return most - det_random(int(most * 0.2), first.key, second.key)
        return 0
    if method == "fold":
        x = c1 + c2 - (size - 1)
        if size == 1:
            return most
        return most - _jdiv(_jdiv(most * x, size - 1) * x, size - 1)
    x = 2 * abs(c1 - c2) - size
    return most - _jdiv(_jdiv(most * x, size) * x, size)


def _geo(a: Scored, b: Scored, number: int, params: OpenGothaParameters) -> int:
    r0 = number - 1
    score_range = a.groups
    k = params.nx1
    geo_max = params.geo
    country = 0.0
    if a.country != b.country and params.country_factor:
        country = min(params.country_factor / score_range, 1.0)
    club = 0.0
    if a.club != b.club and params.club_factor:
        club = min(params.club_factor * 1.2 / score_range, 1.0)
    main, sec = max(country, club), min(country, club)
    ratio = main + sec / 2.0
    if ratio > 0.0:
        ratio += 0.5 / score_range
    db = float(geo_max) * (1.0 - ratio) * (1.0 + k * ratio)
    nominal = params.score - int(db)
    nominal = min(nominal, geo_max)
    meets = sum(1 for sp in (a, b) if _above_thresholds(sp, r0, params))
    if meets == 2:
        return geo_max
    if meets == 1:
        return (nominal + geo_max) // 2
    return nominal


def _above_thresholds(sp: Scored, r0: int, params: OpenGothaParameters) -> bool:
    nbw2_threshold = params.rounds if params.wins_threshold else 2 * params.rounds
    nbw2 = sp.crit("NBW", r0 - 1)
    strong = 2 * sp.rank + nbw2 >= 2 * params.rank_threshold
    many_wins = nbw2 >= nbw2_threshold
    above_bar = params.bar_threshold and sp.smms >= params.bar - MIN_RANK
    return strong or many_wins or above_bar


def bye_choice(players: Mapping[int, Scored], candidates: Sequence[int], number: int) -> int:
    """OpenGotha's bye: the smallest ``rank + MMS×2 + 1000 × byes so far``; among equals the
    last by name (OpenGotha keeps the last one it meets)."""
    r0 = number - 1
    best: tuple[int, int] | None = None
    for no in sorted(candidates, key=lambda n: (players[n].surname, players[n].given)):
        sp = players[no]
        weight = sp.rank + sp.crit("MMS", r0 - 1)
        weight += 1000 * sum(
            1 for r in range(min(r0, len(sp.participation))) if sp.participation[r] == BYE
        )
        if best is None or weight <= best[0]:
            best = (weight, no)
    assert best is not None
    return best[1]


def colours_of(a: Scored, b: Scored, number: int, params: OpenGothaParameters) -> tuple[int, int]:
    """``(white, black)`` as OpenGotha's ``gameBetween`` decides (``a`` before ``b`` by name)."""
    hd = handicap_between(a, b, number, params)
    if hd > 0:
        return a.no, b.no
    if hd < 0:
        return b.no, a.no
    wa, wb = wb_balance(a, number - 2), wb_balance(b, number - 2)
    if wa > wb:
        return b.no, a.no
    if wa < wb:
        return a.no, b.no
    return (a.no, b.no) if det_random(1, a.key, b.key) == 0 else (b.no, a.no)


def opengotha_matching(
    players: Mapping[int, Scored],
    numbers: Sequence[int],
    number: int,
    params: OpenGothaParameters,
    *,
    graph: str = "auto",
) -> list[tuple[int, int]]:
    """The pairs of maximum total OpenGotha cost among ``numbers`` (an even count).

    Above 300 players the graph is limited to pairs at most six score groups apart (the score
    part alone outweighs everything else beyond), with the full graph as the fallback.
    """
    import rustworkx as rx

    ordered = sorted(numbers, key=lambda n: (players[n].surname, players[n].given, n))
    n = len(ordered)
    limit = None if graph == "full" or (graph == "auto" and n <= 300) else 6
    for span in [limit, None] if limit is not None else [None]:
        g: rx.PyGraph[int, int] = rx.PyGraph(multigraph=False)
        g.add_nodes_from(range(n))
        edges = []
        for i in range(n):
            a = players[ordered[i]]
            for j in range(i + 1, n):
                b = players[ordered[j]]
                if span is not None and abs(a.group - b.group) > span:
                    continue
                edges.append((i, j, cost_parts(a, b, number, params)["totalCost"]))
        g.add_edges_from(edges)
        found = rx.max_weight_matching(g, max_cardinality=True, weight_fn=lambda w: w)
        if 2 * len(found) == n:
            out = [(ordered[i], ordered[j]) for i, j in found]
            return sorted((min(p), max(p)) for p in out)
    raise ValueError("no perfect matching")  # pragma: no cover - the full graph is complete


def propose_opengotha(
    event: Event,
    number: int,
    *,
    absent: Mapping[int, ByeKind] | None = None,
    params: OpenGothaParameters | None = None,
    bye: int | None = None,
    graph: str = "auto",
) -> Proposal:
    """A round paired with OpenGotha's cost function (``pairing_weights=opengotha``).

    ``params`` default to OpenGotha's defaults with the event's settings; ``bye`` forces the
    bye (the replay of OpenGotha files uses the bye the file recorded).
    """
    from arbiter.events.swiss.state import field
    from arbiter.events.swiss.system import Proposal, ProposedPair, _bye_points

    params = params or OpenGothaParameters.for_event(event)
    skip = dict(absent or {})
    present = [no for no in event.active(number) if no not in skip]
    players = scored_players(event, params)
    fill_pairing_info(players, number, params, present)
    to_pair = list(present)
    byes: list[Bye] = []
    if len(to_pair) % 2 == 1:
        chosen = bye if bye is not None else bye_choice(players, to_pair, number)
        to_pair.remove(chosen)
        byes.append(Bye(chosen, "bye", _bye_points(event, "bye")))
    pairs = opengotha_matching(players, to_pair, number, params, graph=graph)
    main = _main(params)
    found = []
    go = event.game == "go"
    for a_no, b_no in pairs:
        a, b = players[a_no], players[b_no]
        if (b.surname, b.given) < (a.surname, a.given):
            a, b = b, a
        white, black = colours_of(a, b, number, params)
        first, second = (black, white) if go else (white, black)
        best = max(a.crit(main, number - 2), b.crit(main, number - 2))
        rating = max(a.rating, b.rating)
        found.append((-best, -rating, min(a_no, b_no), first, second))
    found.sort()
    proposed = tuple(
        ProposedPair(t, first, second, None)
        for t, (_, _, _, first, second) in enumerate(found, start=1)
    )
    for no, kind in sorted(skip.items()):
        byes.append(Bye(no, kind, _bye_points(event, kind)))
    active = set(event.active(number))
    for no in event.numbers:
        if no not in active:
            byes.append(Bye(no, "absent", Fraction(0)))
    return Proposal(number, proposed, tuple(byes), None, None, field(event, number, skip))
