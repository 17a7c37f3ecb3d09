"""Manual edits of a proposed Swiss or McMahon round, with warnings when a rule is broken.

A round can be edited while none of its games has a played result (the referee corrects the
proposal before announcing it). Each edit returns the new event and the warnings of the edited
round (:func:`warnings`):

- :func:`swap` — two participants exchange places (their opponents, colours, tables, or the
  bye);
- :func:`force` — two participants meet: each takes the other's former opponent's place, so
  the two former opponents meet each other (or one of them gets the bye);
- :func:`forbid` — two participants who meet in the round must not: the round is paired again
  without that pair, keeping every pair that was edited by hand;
- :func:`skip` — a participant does not play this round (a zero or half-point bye, by request):
  the round is paired again without them, keeping the pairs edited by hand.

Pairs "edited by hand" are those the engine would not propose on its own; re-pairing keeps them.

>>> from arbiter.events.event import Event
>>> e = Event.create("toguz", "swiss", rounds=3)
>>> for n in ("Asanov Bakyt", "Bekova Aida", "Chynybaev Daniyar", "Duisheeva Elnura"):
...     e, _ = e.add_player(n)
>>> e = e.pair_next_round()
>>> sorted(sorted(g.participants) for g in e.rounds[0].games)
[[1, 3], [2, 4]]
>>> e, notes = force(e, 1, 2)
>>> sorted(sorted(g.participants) for g in e.rounds[0].games), notes
([[1, 2], [3, 4]], ['the round is not the best pairing: it costs more in seeding'])
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter.events.errors import PairingError
from arbiter.events.event import Event
from arbiter.events.handicap import go_setup
from arbiter.events.rounds import Bye, ByeKind, Game, Round
from arbiter.events.swiss.explain import explain, requested_byes, round_pairs
from arbiter.events.swiss.system import propose
from arbiter.events.systems.plan import Meeting, RoundPlan
from arbiter.events.teams import match_games


def _editable(event: Event) -> Round:
    if event.system not in ("swiss", "mcmahon"):
        raise PairingError(f"manual edits are for Swiss and McMahon rounds; this is {event.system}")
    if not event.rounds:
        raise PairingError("no round is paired yet")
    last = event.rounds[-1]
    played = [g for g in last.games if g.result is not None and g.result.played]
    if played:
        raise PairingError(f"round {last.number} has results already: it can no longer be edited")
    return last


def build_round(event: Event, number: int, plan: RoundPlan) -> Round:
    """Round ``number``'s games from a plan, with Go handicaps and komi (``event`` is the event
    before that round)."""
    games: list[Game] = []
    for m in plan.meetings:
        if event.discipline == "team":
            games.extend(match_games(event, number, m))
            continue
        go = event.game == "go"
        black, white = (m.first, m.second) if go else (m.second, m.first)
        handicap, komi = 0, None
        if go:
            setup = go_setup(event, black, white)
            black, white, handicap, komi = setup.black, setup.white, setup.handicap, setup.komi
        games.append(Game(number, m.table, None, black, white, handicap=handicap, komi=komi))
    return Round(number, tuple(games), plan.byes)


def _slots(event: Event, number: int) -> tuple[list[list[int]], int | None]:
    """The round as a list of ``[first, second]`` by table, and the bye."""
    pairs = [[first, second] for _, first, second in round_pairs(event, number)]
    bye = next((b.no for b in event.round(number).byes if b.kind == "bye"), None)
    return pairs, bye


def _rebuild(event: Event, pairs: list[list[int]], bye: int | None) -> Event:
    last = event.rounds[-1]
    before = replace(event, rounds=event.rounds[:-1])
    old = {b.no: b for b in last.byes}
    byes: list[Bye] = []
    if bye is not None:
        byes.append(old.get(bye) or Bye(bye, "bye", event.config.bye))
    byes.extend(b for b in last.byes if b.kind != "bye")
    plan = RoundPlan(
        tuple(Meeting(t, a, b) for t, (a, b) in enumerate(pairs, start=1)), tuple(byes)
    )
    return event.with_round(build_round(before, last.number, plan))


def _where(pairs: list[list[int]], bye: int | None, no: int, event: Event) -> tuple[int, int]:
    for t, pair in enumerate(pairs):
        if no in pair:
            return t, pair.index(no)
    if bye == no:
        return -1, 0
    raise PairingError(f"{event.name_of(no)} is not paired in round {event.rounds[-1].number}")


def swap(event: Event, a: int | str, b: int | str) -> tuple[Event, list[str]]:
    """``a`` and ``b`` exchange their places in the last round."""
    last = _editable(event)
    na, nb = event.find(a).no, event.find(b).no
    if na == nb:
        raise PairingError("give two different participants")
    pairs, bye = _slots(event, last.number)
    ta, sa = _where(pairs, bye, na, event)
    tb, sb = _where(pairs, bye, nb, event)
    if ta == -1:
        pairs[tb][sb], bye = na, nb
    elif tb == -1:
        pairs[ta][sa], bye = nb, na
    else:
        pairs[ta][sa], pairs[tb][sb] = nb, na
    edited = _rebuild(event, pairs, bye)
    return edited, warnings(edited, last.number)


def force(event: Event, a: int | str, b: int | str) -> tuple[Event, list[str]]:
    """``a`` and ``b`` meet in the last round; their former opponents meet each other."""
    last = _editable(event)
    na, nb = event.find(a).no, event.find(b).no
    if na == nb:
        raise PairingError("give two different participants")
    pairs, bye = _slots(event, last.number)
    ta, sa = _where(pairs, bye, na, event)
    tb, _ = _where(pairs, bye, nb, event)
    if ta != -1 and ta == tb:
        return event, [f"{event.name_of(na)} and {event.name_of(nb)} already meet"]
    if ta == -1:
        partner = pairs[tb][1 - pairs[tb].index(nb)]
        return swap(event, na, partner)
    partner = pairs[ta][1 - sa]
    return swap(event, nb, partner)


def _manual(event: Event, number: int) -> list[tuple[int, int]]:
    """Pairs of the round that the engine would not propose (edited by hand)."""
    before = replace(event, rounds=event.rounds[: number - 1])
    fresh = propose(before, number, absent=requested_byes(event, number))
    natural = {frozenset((p.first, p.second)) for p in fresh.pairs}
    return [(a, b) for _, a, b in round_pairs(event, number) if frozenset((a, b)) not in natural]


def _repair(
    event: Event,
    absent: dict[int, ByeKind],
    keep: list[tuple[int, int]],
    forbidden: list[tuple[int, int]],
) -> Event:
    last = event.rounds[-1]
    before = replace(event, rounds=event.rounds[:-1])
    proposal = propose(before, last.number, absent=absent, fixed=keep, forbidden=forbidden)
    return event.with_round(build_round(before, last.number, proposal.plan()))


def forbid(event: Event, a: int | str, b: int | str) -> tuple[Event, list[str]]:
    """``a`` and ``b`` must not meet in the last round: it is paired again without that pair
    (pairs edited by hand are kept)."""
    last = _editable(event)
    na, nb = event.find(a).no, event.find(b).no
    pair = frozenset((na, nb))
    if not any(frozenset((x, y)) == pair for _, x, y in round_pairs(event, last.number)):
        return event, [f"{event.name_of(na)} and {event.name_of(nb)} do not meet in this round"]
    keep = [p for p in _manual(event, last.number) if frozenset(p) != pair]
    absent = requested_byes(event, last.number)
    edited = _repair(event, absent, keep, [(na, nb)])
    return edited, warnings(edited, last.number)


def skip(event: Event, ref: int | str, kind: ByeKind = "zero") -> tuple[Event, list[str]]:
    """``ref`` does not play the last round (a ``zero`` or ``half`` bye asked for): the round is
    paired again without them (pairs edited by hand are kept)."""
    if kind not in ("zero", "half"):
        raise PairingError("a skipped round is a zero or a half bye")
    last = _editable(event)
    no = event.find(ref).no
    absent = requested_byes(event, last.number)
    if no in absent:
        return event, [f"{event.name_of(no)} already skips round {last.number}"]
    if no not in event.active(last.number):
        raise PairingError(f"{event.name_of(no)} does not play in round {last.number}")
    keep = [p for p in _manual(event, last.number) if no not in p]
    absent[no] = kind
    edited = _repair(event, absent, keep, [])
    return edited, warnings(edited, last.number)


def warnings(event: Event, number: int) -> list[str]:
    """The rules the round breaks, one line each (empty when it breaks none)."""
    doc = explain(event, number)
    if doc["weights"] != "arbiter":
        return []
    out: list[str] = []
    names = {
        "rematch": "have already met",
        "colour_balance": "would reach a colour balance of ±3",
        "colour_repeat": "would have the same colour a third time in a row",
        "same_club": "are from the same club",
        "same_country": "are from the same country",
    }
    for p in doc["pairs"]:
        parts = p.get("components", {})
        who = f"table {p['table']}: {p['first']['name']} and {p['second']['name']}"
        for key, text in names.items():
            if parts.get(key):
                out.append(f"{who} {text}")
        if doc["total"]["score"] > doc["best"]["score"] and parts.get("score_difference"):
            a, b = p["first"].get("score", 0), p["second"].get("score", 0)
            diff = Fraction(abs(a - b)).limit_denominator(4)
            out.append(f"{who} meet with a score difference of {diff}")
    bye = doc.get("bye")
    if bye is not None and bye["components"].get("repeated_bye"):
        out.append(f"{bye['name']} gets a bye again (or after a forfeit win)")
    if not doc["optimal"] and not out:
        worse = next(t for t in doc["tiers"] if doc["total"][t] != doc["best"][t])
        out.append(f"the round is not the best pairing: it costs more in {worse}")
    return out
