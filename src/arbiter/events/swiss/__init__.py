"""Swiss and McMahon pairing: an optimal, explained pairing by maximum-weight matching.

- :mod:`~arbiter.events.swiss.state`: the participants as the pairing sees them (scores,
  colours, floats, byes) in pairing order and score groups;
- :mod:`~arbiter.events.swiss.weights`: the named cost components and their tiers;
- :mod:`~arbiter.events.swiss.colours`, :mod:`~arbiter.events.swiss.floats`,
  :mod:`~arbiter.events.swiss.seeding`: the rules behind them;
- :mod:`~arbiter.events.swiss.graph`: candidate pairs, rustworkx's matching and its fallbacks;
- :mod:`~arbiter.events.swiss.system`: the ``swiss`` and ``mcmahon`` systems;
- :mod:`~arbiter.events.swiss.explain`: why each pair was made;
- :mod:`~arbiter.events.swiss.edits`: manual edits of a proposed round;
- :mod:`~arbiter.events.swiss.opengotha_costs`: OpenGotha's cost function, reproduced.

The user's guide is ``docs/pairing.md``.
"""
