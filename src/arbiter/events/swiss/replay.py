"""Replaying a paired event: each round paired again from the rounds before it, compared with
the pairing the event holds.

For an event imported from OpenGotha, :func:`replay` pairs round N from rounds 1…N−1 with
OpenGotha's cost function and the file's parameters (the same participants, the bye the file
gave), and compares: how many of the stored pairs are found again, and the total OpenGotha cost
of both pairings. The matching maximises that cost, so ours is never below the stored one; where
it is above, OpenGotha (which splits large events into groups of about 300 and breaks equal
costs its own way) did not find the best pairing under its own function. The agreement of our
own weights (``pairing_weights=arbiter``) is reported too, for information.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter.events.event import Event
from arbiter.events.rounds import ByeKind
from arbiter.events.swiss.explain import requested_byes, round_pairs
from arbiter.events.swiss.opengotha_costs import (
    OpenGothaParameters,
    cost_parts,
    fill_pairing_info,
    propose_opengotha,
    scored_players,
)
from arbiter.events.swiss.system import propose


@dataclass(frozen=True, slots=True)
class RoundReplay:
    """One round replayed."""

    number: int
    pairs: int
    agree: int
    stored_cost: int
    our_cost: int
    arbiter_agree: int | None


def _cost(
    event: Event,
    number: int,
    params: OpenGothaParameters,
    pairs: list[tuple[int, int]],
    present: list[int],
) -> int:
    players = scored_players(event, params)
    fill_pairing_info(players, number, params, present)
    return sum(cost_parts(players[a], players[b], number, params)["totalCost"] for a, b in pairs)


def replay_round(
    event: Event, number: int, params: OpenGothaParameters, *, arbiter: bool = True
) -> RoundReplay:
    """Round ``number`` paired again from the rounds before it, against the stored one."""
    before = replace(event, rounds=event.rounds[: number - 1])
    stored = list({(a, b) for _, a, b in round_pairs(event, number)})
    stored_set = {frozenset(p) for p in stored}
    bye = next((b.no for b in event.round(number).byes if b.kind == "bye"), None)
    # the same participants as the file: those in a game or with the bye (a participant the
    # file left unpaired, without a bye, is left out too)
    paired = {no for p in stored for no in p} | ({bye} if bye is not None else set())
    absent: dict[int, ByeKind] = requested_byes(event, number)
    for no in event.active(number):
        if no not in paired and no not in absent:
            absent[no] = "zero"
    present = [no for no in event.active(number) if no not in absent]
    ours = propose_opengotha(before, number, absent=absent, params=params, bye=bye)
    our_pairs = [(p.first, p.second) for p in ours.pairs]
    agree = sum(1 for p in our_pairs if frozenset(p) in stored_set)
    native: int | None = None
    if arbiter:
        mine = propose(before, number, absent=absent)
        native = sum(1 for p in mine.pairs if frozenset((p.first, p.second)) in stored_set)
    return RoundReplay(
        number,
        len(stored),
        agree,
        _cost(before, number, params, stored, present),
        _cost(before, number, params, our_pairs, present),
        native,
    )


def replay(event: Event, params: OpenGothaParameters, *, arbiter: bool = True) -> list[RoundReplay]:
    """Every paired round of ``event`` replayed (see the module's description)."""
    return [replay_round(event, r.number, params, arbiter=arbiter) for r in event.rounds]
