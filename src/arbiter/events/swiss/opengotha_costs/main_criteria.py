"""OpenGotha's main criteria: avoid mixing categories (``mainCategoryCost``, 0: one category),
close scores (``mainScoreDiffCost``), draw-ups and draw-downs (``mainDUDDCost``) and the seeding
inside a score group (``mainSeedCost``); and what they need: the score groups, from the highest
possible score down to the lowest, empty ones included (so the number of groups is OpenGotha's
"score range"), the place inside a group by the placement criteria, the additional criterion
(rating) and then the name, the draw-ups and draw-downs counted from the scores before each
round.

The arithmetic is OpenGotha's: whole numbers (Java ``long``) where it uses them, truncation of
floating-point parts where it casts.

>>> _jdiv(-7, 2), -7 // 2
(-3, -4)
"""

from __future__ import annotations

from collections.abc import Collection

from arbiter.events.swiss.opengotha_costs.base_criteria import det_random
from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters
from arbiter.events.swiss.opengotha_costs.scores import MIN_RANK, Scored

SMMS_CORR_MAX = 2
SMMS_CORR_MIN = -1


def _jdiv(a: int, b: int) -> int:
    """Java's integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


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
    main = params.main
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


def _concave(weight: int, x: float, k: float) -> int:
    return int(float(weight) * (1.0 - x) * (1.0 + k * x))


def main_costs(
    parts: dict[str, int], a: Scored, b: Scored, number: int, params: OpenGothaParameters
) -> None:
    """Set the main parts of pairing ``a`` with ``b`` in round ``number`` (from 1) in
    ``parts``; :func:`fill_pairing_info` must have run for the round."""
    x = abs(a.group - b.group) / a.groups
    parts["mainScoreDiffCost"] = _concave(params.score, x, params.nx1)
    parts["mainDUDDCost"] = _dudd(a, b, params)
    parts["mainSeedCost"] = _seed(a, b, number, params)


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
