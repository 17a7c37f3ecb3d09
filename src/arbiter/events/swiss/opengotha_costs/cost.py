"""OpenGotha's cost of a pair: the sum of its named parts, by criterion group, plus 1."""

from __future__ import annotations

from arbiter.events.swiss.opengotha_costs.base_criteria import base_costs
from arbiter.events.swiss.opengotha_costs.main_criteria import main_costs
from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters
from arbiter.events.swiss.opengotha_costs.scores import Scored
from arbiter.events.swiss.opengotha_costs.secondary_criteria import secondary_costs

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


def cost_parts(a: Scored, b: Scored, number: int, params: OpenGothaParameters) -> dict[str, int]:
    """OpenGotha's cost parts of pairing ``a`` with ``b`` in round ``number`` (from 1), and
    ``totalCost`` (their sum plus 1). :func:`~.main_criteria.fill_pairing_info` must have run
    for the round."""
    parts = dict.fromkeys(PARTS, 0)
    base_costs(parts, a, b, number, params)
    main_costs(parts, a, b, number, params)
    secondary_costs(parts, a, b, number, params)
    total = 1 + sum(parts.values())
    return {**parts, "totalCost": total}
