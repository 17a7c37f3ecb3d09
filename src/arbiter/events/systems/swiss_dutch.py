"""The FIDE Dutch system (``swiss-dutch``), paired by the caissify-pairings engine.

Chess federations pair Swiss events by FIDE's Dutch rules (C.04.3) with endorsed programs
(bbpPairings, JaVaFo); Toguz Korgool federations that run their events with chess software
expect the same pairings. arbiter does not re-implement the Dutch rules: it writes the event as
a TRF (:func:`arbiter.events.formats.trf.write_trf`, the round to pair marking who is absent),
lets the package ``caissify-pairings`` read that TRF and derive every player's score, colour
and float history exactly as its Free Pairings Checker does, and asks its Dutch engine for the
next round. caissify-pairings reports no discrepancy with bbpPairings over thousands of random
tournaments; the tests replay its TRF fixtures through arbiter's TRF import and export.

The engine runs with arbiter's compiled maximum-weight matcher in place of networkx's
(:mod:`arbiter.events.systems.dutch_engine`): the same pairings, 40–50 times faster. Against
bbpPairings' own tournaments of 50 to 300 players every replayable round has bbpPairings' pairs,
bye and colours (tests/events/formats/test_swiss_dutch_bbp.py); the colours are allocated by
:mod:`arbiter.events.systems.dutch_colours`, since the engine's own differ in some pairs.

In the TRF ``w`` is the first mover (Black in Go, White in Toguz Korgool). The initial colour
of round 1 (FIDE: drawn by lot) comes from the event's ``seed``. A round takes about 0.2 s at
100 players and 5–10 s at 300 (bbpPairings: 0.1 s and 0.9 s), too long at 1,000; arbiter's own
``swiss`` is optimal under its own weights and fast at any size (docs/formats.md says when to
choose which).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from arbiter.events.errors import PairingError
from arbiter.events.lots import coin
from arbiter.events.rounds import Bye
from arbiter.events.systems.dutch_colours import Seat, allocate
from arbiter.events.systems.plan import Meeting, RoundPlan

if TYPE_CHECKING:
    from arbiter.events.competition import Competition
    from arbiter.events.results import Result
    from arbiter.events.rounds import Game

#: The caissify-pairings release the pairings are checked against (pyproject.toml pins it).
ENGINE_VERSION = "0.5.0"


def initial_colour(event: Competition) -> str:
    """``white`` or ``black``: the colour (``w`` = first mover) the top-ranked participant gets
    in round 1, drawn by lot with the event's seed."""
    return "black" if coin(event.config.seed, "initial colour") else "white"


def engine_input(event: Competition, number: int) -> dict[str, Any]:
    """What the Dutch engine is given to pair round ``number``: the players with their
    scores, colours, floats and byes, the pairs already met, the rounds, the initial colour
    and every player's pairing number, all read by caissify-pairings from the event's TRF."""
    from caissify_pairings import fpc  # type: ignore[import-untyped]
    from caissify_pairings.trf import TRFError, TRFParser  # type: ignore[import-untyped]

    from arbiter.events.formats.trf.writing import write_trf

    text = write_trf(event, next_round_absent=True)
    try:
        parsed = TRFParser(text).parse()
    except TRFError as exc:  # pragma: no cover - our own TRF always reads
        raise PairingError(f"the Dutch engine cannot read the event's TRF: {exc}") from None
    players = {p["starting_number"]: p for p in parsed["players"]}
    for p in players.values():
        # a player without a mark in the round to pair is paired in it
        p["results"].setdefault(number, {"opponent": None, "color": None, "result": ""})
    total = parsed["tournament"].get("total_rounds") or number
    colour = fpc._infer_initial_color(players) if number > 1 else initial_colour(event)
    return {
        "players": fpc._build_engine_players(players, number),
        "previous_pairings": fpc._build_previous_pairings(players, number),
        "round_number": number,
        "total_rounds": max(total, number),
        "initial_color": colour,
        "bye_value": float(event.config.bye),
        # bbpPairings numbers every player of the event in the order of the starting numbers
        "numbers": {sn: index for index, sn in enumerate(sorted(players), start=1)},
    }


def dutch_pairs(event: Competition, number: int) -> list[tuple[int, int | None]]:
    """The Dutch engine's pairs for round ``number``, board order: ``(w, b)`` start numbers
    (``w`` moves first), ``(n, None)`` the pairing-allocated bye."""
    from arbiter.events.systems.dutch_engine import generate_dutch

    given = engine_input(event, number)
    if len(given["players"]) < 2:
        raise PairingError(f"fewer than two participants play round {number}")
    try:
        out = generate_dutch(
            given["players"],
            given["previous_pairings"],
            number,
            given["total_rounds"],
            initial_color=given["initial_color"],
            bye_value=given["bye_value"],
        )
    except Exception as exc:  # the engine's own errors (no legal pairing, ...)
        raise PairingError(f"the Dutch engine cannot pair round {number}: {exc}") from None
    seats = {
        p["id"]: Seat(tuple(p["color_hist"]), float(p["score"]), given["numbers"][p["id"]])
        for p in given["players"]
    }
    pairs: list[tuple[int, int | None]] = []
    for p in sorted(out, key=lambda p: p.get("table") or 10**6):
        white, black = int(p["white_id"]), p.get("black_id")
        if black is None or p.get("bye"):
            pairs.append((white, None))
            continue
        black = int(black)
        # the engine's own colours differ from bbpPairings' in the details (dutch_colours)
        if not allocate(seats[white], seats[black], given["initial_color"]):
            white, black = black, white
        pairs.append((white, black))
    return pairs


class SwissDutch:
    """``swiss-dutch``: FIDE's Dutch system (C.04.3) through caissify-pairings."""

    name = "swiss-dutch"

    def check(self, event: Competition) -> None:
        """Individual events with a number of rounds and at least two participants."""
        if event.discipline != "individual":
            raise PairingError("the FIDE Dutch system pairs individual events")
        if event.config.rounds is None:
            raise PairingError(
                "set the number of rounds of the Swiss first (arbiter event set --file F rounds=N)"
            )
        if len(event.active(1)) < 2:
            raise PairingError("at least two participants are needed to pair a round")

    def start_order(self, event: Competition) -> tuple[int, ...]:
        """The initial ranking as the Dutch rules make it: rating, then number."""
        return tuple(p.no for p in sorted(event.players, key=lambda p: (-(p.rating or 0), p.no)))

    def planned_rounds(self, event: Competition) -> int:
        """The ``rounds`` setting."""
        return event.config.rounds or 0

    def pair(self, event: Competition, number: int) -> RoundPlan:
        """Round ``number`` as the Dutch engine pairs it."""
        meetings: list[Meeting] = []
        byes: list[Bye] = []
        table = 0
        for first, second in dutch_pairs(event, number):
            if second is None:
                byes.append(Bye(first, "bye", event.config.bye))
                continue
            table += 1
            meetings.append(Meeting(table, first, second))
        active = set(event.active(number))
        byes.extend(Bye(no, "absent", Fraction(0)) for no in event.numbers if no not in active)
        return RoundPlan(tuple(meetings), tuple(byes))

    def finished(self, event: Competition) -> bool:
        """All rounds are paired."""
        return len(event.rounds) >= self.planned_rounds(event)

    def classes(self, event: Competition, upto: int) -> dict[int, Fraction] | None:
        """Standings go by points."""
        return None

    def check_correction(self, event: Competition, game: Game, result: Result) -> None:
        """Corrections are allowed: the next pairing uses the corrected scores."""
        return None
