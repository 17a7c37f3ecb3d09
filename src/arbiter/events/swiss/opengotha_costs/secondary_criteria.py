"""OpenGotha's secondary criteria: the handicap (``secHandiCost``, always 0 here as in
OpenGotha's defaults) and the geography (``secGeoCost``: different clubs and countries).

The geographical part has two versions (:attr:`~.parameters.OpenGothaParameters.geo_version`):

- ``3.52``: a pair where both players are above the thresholds (bar, rank, wins) gets the whole
  weight, as if they came from different clubs and countries (geography does not matter at the
  top); one player above them gets half of the difference;
- ``3.51`` (3.51.02): the thresholds only change the handicap part (their pseudo-scores); the
  geographical cost is the same for every pair, so compatriots are kept apart at the top too.

Both compute the nominal cost the same way: the larger of the country and club ratios (a
factor over the number of score groups, at most 1) plus half the smaller, plus half a group
when any, put through OpenGotha's concave ``(1 − r)(1 + k·r)``, taken from the score weight.
"""

from __future__ import annotations

from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters
from arbiter.events.swiss.opengotha_costs.scores import MIN_RANK, Scored


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


def secondary_costs(
    parts: dict[str, int], a: Scored, b: Scored, number: int, params: OpenGothaParameters
) -> None:
    """Set the secondary parts of pairing ``a`` with ``b`` in round ``number`` in ``parts``."""
    parts["secHandiCost"] = 0
    parts["secGeoCost"] = _geo(a, b, number, params)


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
    if params.geo_version == "3.51":
        return nominal
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
