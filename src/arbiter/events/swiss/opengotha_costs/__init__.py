"""OpenGotha's pairing cost function, reproduced (``pairing_weights=opengotha``).

OpenGotha (the EGF's pairing program) pairs a round by a maximum-weight matching whose weight
("cost") of a pair is the sum of named parts: ``baseDuplicateGameCost`` (the two never met),
``baseRandomCost``, ``baseBWBalanceCost`` (colours can be balanced), ``mainCategoryCost``,
``mainScoreDiffCost`` (close scores), ``mainDUDDCost`` (draw-ups and draw-downs),
``mainSeedCost`` (seeding in the score group), ``secHandiCost``, ``secGeoCost`` (different
clubs and countries) and 1. This module computes them from an arbiter event the way OpenGotha
does, from its own view of the tournament:

- :mod:`.scores`: scores counted twice (``NBW×2``, ``MMS×2``), rounds without a game worth the
  file's ``genNBW2ValueAbsent``/``genMMS2ValueBye``... values, rounded down when
  ``genRoundDownNBWMMS`` is set;
- :mod:`.main_criteria`: score groups from the highest possible score down to the lowest, empty
  ones included (so the number of groups is OpenGotha's "score range"); the place inside a
  group by the placement criteria, the additional criterion (rating) and then the name;
  draw-ups and draw-downs counted from the scores before each round;
- :mod:`.base_criteria`, :mod:`.main_criteria`, :mod:`.secondary_criteria`: the parts of each
  group of criteria, summed by :mod:`.cost`; :mod:`.parameters`: OpenGotha's parameters;
  :mod:`.pairing`: a round paired with them.

The arithmetic is OpenGotha's: whole numbers (Java ``long``) where it uses them, truncation of
floating-point parts where it casts. The geographical part follows OpenGotha 3.52, which gives
players above the thresholds (bar, rank, wins) the whole weight. The tests compare every part
with OpenGotha's own dumps (``*_weights_R<n>.txt``).

OpenGotha numbers rounds from 0; here ``number`` is the round to pair (from 1), and OpenGotha's
``roundNumber`` is ``number - 1``.
"""

from arbiter.events.swiss.opengotha_costs.base_criteria import det_random, wb_balance
from arbiter.events.swiss.opengotha_costs.cost import PARTS, cost_parts
from arbiter.events.swiss.opengotha_costs.main_criteria import (
    SMMS_CORR_MAX,
    SMMS_CORR_MIN,
    fill_pairing_info,
)
from arbiter.events.swiss.opengotha_costs.pairing import (
    bye_choice,
    colours_of,
    opengotha_matching,
    propose_opengotha,
)
from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters
from arbiter.events.swiss.opengotha_costs.scores import (
    ABSENT,
    BYE,
    MIN_RANK,
    NOT_ASSIGNED,
    PAIRED,
    Scored,
    scored_players,
)
from arbiter.events.swiss.opengotha_costs.secondary_criteria import handicap_between

__all__ = [
    "ABSENT",
    "BYE",
    "MIN_RANK",
    "NOT_ASSIGNED",
    "PAIRED",
    "PARTS",
    "SMMS_CORR_MAX",
    "SMMS_CORR_MIN",
    "OpenGothaParameters",
    "Scored",
    "bye_choice",
    "colours_of",
    "cost_parts",
    "det_random",
    "fill_pairing_info",
    "handicap_between",
    "opengotha_matching",
    "propose_opengotha",
    "scored_players",
    "wb_balance",
]
