"""Swiss and McMahon pairing: an optimal, explained pairing by maximum-weight matching.

- :mod:`~arbiter.events.swiss.state`: the participants as the pairing sees them (scores,
  colours, floats, byes) in pairing order and score groups;
- :mod:`~arbiter.events.swiss.weights`: the named cost components and their tiers;
- :mod:`~arbiter.events.swiss.colours`, :mod:`~arbiter.events.swiss.floats`,
  :mod:`~arbiter.events.swiss.seeding`: the rules behind them;
- :mod:`~arbiter.events.swiss.candidates`: the candidate pairs of a large round;
- :mod:`~arbiter.events.swiss.graph`: rustworkx's matching and its fallbacks;
- :mod:`~arbiter.events.swiss.matching`: a compiled blossom matcher for weights of any size
  (the FIDE Dutch engine's, :mod:`arbiter.events.systems.dutch_engine`);
- :mod:`~arbiter.events.swiss.proposal`: a proposed round, whichever weights made it;
- :mod:`~arbiter.events.swiss.system`: the ``swiss`` and ``mcmahon`` systems;
- :mod:`~arbiter.events.swiss.mcmahon`: McMahon scores;
- :mod:`~arbiter.events.swiss.explain`: why each pair was made;
- :mod:`~arbiter.events.swiss.edits`: manual edits of a proposed round;
- :mod:`~arbiter.events.swiss.opengotha_costs`: OpenGotha's cost function, reproduced, and
  :mod:`~arbiter.events.swiss.replay`: OpenGotha's files paired again with it.

The pairing itself takes the competition's value (:class:`~arbiter.events.competition.Competition`)
and never imports the event façade (:mod:`arbiter.events.event`); only explain, edits and
replay, which the command line and the server call, do.

The user's guide is ``docs/pairing.md``.
"""
