"""Why each pair of a Swiss or McMahon round was made: the weight components of every pair.

:func:`explain` is a pure function of the event and a round number; it returns a plain
structure (JSON-serialisable: the server sends it as it is) with, for every game of the round,
the two participants, their scores before the round and the non-zero cost components (see
:mod:`arbiter.events.swiss.weights`), the same for the bye, the round's total cost by tier, and
the total of the best pairing the engine finds now. When the two totals differ the round was
edited by hand (or paired under other settings): ``optimal`` is false. :func:`render` prints it
for people.

With ``pairing_weights=opengotha`` the components are OpenGotha's cost parts (larger is better).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from arbiter.events.errors import EventError
from arbiter.events.event import Event
from arbiter.events.exact import show
from arbiter.events.rounds import ByeKind
from arbiter.events.swiss.state import field
from arbiter.events.swiss.system import context, propose
from arbiter.events.swiss.weights import COMPONENTS, Values, bye_values, pair_values, tiers_of

Json = dict[str, Any]

#: Bye kinds a participant asks for (the round's pairing leaves them out).
REQUESTED = ("half", "zero", "absent")


def _score(value: Fraction) -> float:
    return float(value)


def requested_byes(event: Event, number: int) -> dict[int, ByeKind]:
    """Participants of round ``number`` who asked not to be paired (their bye kinds)."""
    rnd = event.round(number)
    active = set(event.active(number))
    return {b.no: b.kind for b in rnd.byes if b.kind in REQUESTED and b.no in active}


def round_pairs(event: Event, number: int) -> list[tuple[int, int, int]]:
    """``(table, first, second)`` of each meeting of round ``number`` (team matches once)."""
    rnd = event.round(number)
    first_black = event.game == "go"
    seen: dict[int, tuple[int, int, int]] = {}
    for g in rnd.games:
        if g.table in seen:
            continue
        first, second = (g.black, g.white) if first_black else (g.white, g.black)
        seen[g.table] = (g.table, first, second)
    return [seen[t] for t in sorted(seen)]


def _tier_totals(rows: list[Values], game: str) -> dict[str, int]:
    totals = dict.fromkeys(tiers_of(game), 0)
    for v in rows:
        for comp, value in zip(COMPONENTS, v, strict=True):
            totals[comp.tier] += comp.scale * value
    return totals


def explain(event: Event, number: int) -> Json:
    """The explanation of round ``number`` of a Swiss or McMahon event."""
    if event.system not in ("swiss", "mcmahon"):
        raise EventError(f"explain is for Swiss and McMahon rounds; this event is {event.system}")
    event.round(number)  # refuses a round not paired
    before = replace(event, rounds=event.rounds[: number - 1])
    skip = requested_byes(event, number)
    if event.config.opengotha_version is not None:
        return _explain_opengotha(event, before, number, skip)
    f = field(before, number, skip)
    ctx = context(before, f)
    index = f.index()
    people = f.contestants
    pairs: list[Json] = []
    rows: list[Values] = []
    for table, first, second in round_pairs(event, number):
        entry: Json = {
            "table": table,
            "first": _who(event, first, index, people),
            "second": _who(event, second, index, people),
        }
        if first in index and second in index:
            i, j = sorted((index[first], index[second]))
            v, _ = pair_values(ctx, i, j)
            rows.append(v)
            entry["components"] = _named(v)
            entry["tiers"] = _tier_totals([v], event.game)
        else:
            entry["components"] = {}
            entry["note"] = "a participant of this game does not play in the round"
        pairs.append(entry)
    bye: Json | None = None
    for b in event.round(number).byes:
        if b.kind == "bye" and b.no in index:
            v = bye_values(ctx, index[b.no])
            rows.append(v)
            bye = {**_who(event, b.no, index, people), "components": _named(v)}
    others = [
        {"no": b.no, "name": event.name_of(b.no), "kind": b.kind}
        for b in event.round(number).byes
        if b.kind != "bye"
    ]
    total = _tier_totals(rows, event.game)
    best = propose(before, number, absent=skip)
    best_rows = [p.values for p in best.pairs if p.values is not None]
    if best.bye_values is not None:
        best_rows.append(best.bye_values)
    best_total = _tier_totals(best_rows, event.game)
    order = tiers_of(event.game)
    solution = best.solution
    return {
        "round": number,
        "system": event.system,
        "weights": "arbiter",
        "seeding": ctx.method,
        "tiers": list(order),
        "components": [
            {"name": c.name, "tier": c.tier, "scale": c.scale, "meaning": c.doc} for c in COMPONENTS
        ],
        "pairs": pairs,
        "bye": bye,
        "others": others,
        "total": total,
        "best": best_total,
        "optimal": [total[t] for t in order] <= [best_total[t] for t in order],
        "graph": {
            "stage": solution.stage if solution else "",
            "graph": solution.graph if solution else "",
            "edges": solution.edges if solution else 0,
        },
    }


def _who(event: Event, no: int, index: dict[int, int], people: tuple[Any, ...]) -> Json:
    out: Json = {"no": no, "name": event.name_of(no)}
    if no in index:
        c = people[index[no]]
        out["score"] = _score(c.score)
        out["place"] = index[no] + 1
    return out


def _named(v: Values) -> dict[str, int]:
    return {c.name: value for c, value in zip(COMPONENTS, v, strict=True) if value}


def _explain_opengotha(event: Event, before: Event, number: int, skip: dict[int, ByeKind]) -> Json:
    from arbiter.events.swiss.opengotha_costs import (
        OpenGothaParameters,
        cost_parts,
        fill_pairing_info,
        scored_players,
    )

    params = OpenGothaParameters.for_event(event)
    players = scored_players(before, params)
    present = [no for no in event.active(number) if no not in skip]
    fill_pairing_info(players, number, params, present)
    main = "MMS" if params.mcmahon else "NBW"
    pairs: list[Json] = []
    total = 0
    for table, first, second in round_pairs(event, number):
        entry: Json = {"table": table}
        for side, no in (("first", first), ("second", second)):
            entry[side] = {
                "no": no,
                "name": event.name_of(no),
                "score": players[no].crit(main, number - 2) / 2 if no in players else None,
            }
        if first in players and second in players:
            parts = cost_parts(players[first], players[second], number, params)
            entry["components"] = {k: v for k, v in parts.items() if v}
            total += parts["totalCost"]
        pairs.append(entry)
    return {
        "round": number,
        "system": event.system,
        "weights": "opengotha",
        "pairs": pairs,
        "bye": None,
        "others": [
            {"no": b.no, "name": event.name_of(b.no), "kind": b.kind}
            for b in event.round(number).byes
        ],
        "total": {"totalCost": total},
    }


def render(doc: Json) -> str:
    """The explanation as text, one paragraph per table."""
    lines = [
        f"Round {doc['round']} ({doc['system']}, weights: {doc['weights']}"
        + (f", seeding {doc['seeding']})" if "seeding" in doc else ")")
    ]
    if doc["weights"] == "arbiter":
        lines.append("Tiers, most important first: " + " > ".join(doc["tiers"]))
    for p in doc["pairs"]:
        a, b = p["first"], p["second"]
        lines.append(
            f"table {p['table']}: {a['no']} {a['name']} ({_pts(a)}) - "
            f"{b['no']} {b['name']} ({_pts(b)})"
        )
        parts = p.get("components") or {}
        lines.append("    " + (", ".join(f"{k} {v}" for k, v in parts.items()) or "no cost at all"))
        if "note" in p:
            lines.append(f"    {p['note']}")
    if doc.get("bye"):
        b = doc["bye"]
        parts = ", ".join(f"{k} {v}" for k, v in b["components"].items()) or "no cost at all"
        lines.append(f"bye: {b['no']} {b['name']} ({_pts(b)}): {parts}")
    for o in doc.get("others", []):
        if o["kind"] != "bye":
            lines.append(f"not paired: {o['no']} {o['name']} ({o['kind']})")
    if doc["weights"] == "arbiter":
        order = doc["tiers"]
        lines.append("total: " + ", ".join(f"{t} {doc['total'][t]}" for t in order))
        if doc["optimal"]:
            lines.append("this is the best pairing under these weights")
        else:
            lines.append(
                "best:  "
                + ", ".join(f"{t} {doc['best'][t]}" for t in order)
                + "  (the round was edited: it costs more than the best pairing)"
            )
    else:
        lines.append(f"total OpenGotha cost: {doc['total']['totalCost']}")
    return "\n".join(lines) + "\n"


def _pts(who: Json) -> str:
    score = who.get("score")
    if score is None:
        return "-"
    return show(Fraction(score).limit_denominator(4))
