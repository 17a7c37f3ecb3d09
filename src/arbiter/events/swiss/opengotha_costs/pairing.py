"""Pairing a round with OpenGotha's cost function (``pairing_weights=opengotha``): the bye, the
matching of maximum total cost, the colours and the tables as OpenGotha gives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from arbiter.events.rounds import Bye, ByeKind
from arbiter.events.swiss.opengotha_costs.base_criteria import det_random, wb_balance
from arbiter.events.swiss.opengotha_costs.cost import cost_parts
from arbiter.events.swiss.opengotha_costs.main_criteria import fill_pairing_info
from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters
from arbiter.events.swiss.opengotha_costs.scores import BYE, Scored, scored_players
from arbiter.events.swiss.opengotha_costs.secondary_criteria import handicap_between
from arbiter.events.swiss.proposal import (
    Proposal,
    ProposedPair,
    bye_points,
    requested_and_absent,
)
from arbiter.events.swiss.state import field

if TYPE_CHECKING:
    from arbiter.events.competition import Competition


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
    event: Competition,
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
        byes.append(Bye(chosen, "bye", bye_points(event, "bye")))
    pairs = opengotha_matching(players, to_pair, number, params, graph=graph)
    main = params.main
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
    byes.extend(requested_and_absent(event, number, skip))
    return Proposal(number, proposed, tuple(byes), None, None, field(event, number, skip))
