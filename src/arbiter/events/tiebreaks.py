"""Tiebreaks, one function each, named by their codes (TRF-2026 / FIDE C.07, EGF, team codes).

Individual (FIDE codes): ``PTS`` points; ``BH`` Buchholz (sum of the opponents' scores), ``BH-C1``
without the least significant value, ``BH-M1`` without the least and the most; ``SB`` Berger
(Sonneborn–Berger: the scores of beaten opponents plus half the scores of drawn ones, seed 002
2.8.1); ``DE`` head-to-head: the points scored in the games among the participants tied so far,
used only when each of them has met each other; ``PS`` progress (the sum of the running score
after each round, seed 000 10.1); ``WIN`` rounds won, with or without playing; ``WON`` games
won over the board.

Go (EGF names): ``MMS`` McMahon score (starting score + points; points outside McMahon);
``SOS`` and ``SOS-1`` the sum of the opponents' McMahon scores (without the lowest);
``SOSOS`` the sum of the opponents' SOS; ``SODOS`` the McMahon scores of beaten opponents
(half for jigo); ``CUSS`` the sum of the running McMahon score after each round.

OpenGotha's ``EXT``, ``EXR`` (exploits tried and achieved), ``CPS`` (cup score) and
``RATING``: :mod:`arbiter.events.tiebreaks_go`.

Teams (seed 002 2.8.1, seed 000 10.2): ``MP`` match points; ``GP`` board points; ``MSB`` Berger
by match points; ``GSB`` Berger by board points; ``BRD`` the board points of board 1, then
board 2, … compared in that order; ``KLG`` korgools in lost games (Toguz Korgool, more is
better; it works for individuals too); ``DE`` head-to-head by match points.

Unplayed rounds count by the event's policy (:mod:`arbiter.events.unplayed`). Every value is
exact (a :class:`~fractions.Fraction`, or a tuple of them for ``BRD``); higher is better. The
codes, their names and how an order is read are in :mod:`arbiter.events.tiebreak_codes`.

>>> parse_codes("pts, buchholz, h2h, progress, berger")
('PTS', 'BH', 'DE', 'PS', 'SB')
>>> NAMES["SB"]
'Berger'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from arbiter.events.scorecard import Encounter
from arbiter.events.tiebreak_codes import ALIASES, GROUP_RELATIVE, NAMES, PRIMARY, name, parse_codes
from arbiter.events.tiebreaks_go import cup_score, exploits_achieved, exploits_tried, rating
from arbiter.events.unplayed import Base, Ledger, is_vur

Value = Fraction | tuple[Fraction, ...]


@dataclass
class Context:
    """The standings' data: the ledger of encounters and scores under the event's policy."""

    ledger: Ledger
    participants: tuple[int, ...]
    team: bool
    #: Whether every two of a tied group have met, by group: ``DE`` asks it for each member,
    #: and asking anew made a group of g players cost g² rounds (hours for an imported event).
    met: dict[frozenset[int], bool] = field(default_factory=dict)


Tiebreak = Callable[[Context, int, frozenset[int]], Value]

ZERO = Fraction(0)


def _factor(enc: Encounter) -> Fraction:
    return {"win": Fraction(1), "draw": Fraction(1, 2), "loss": ZERO}[enc.outcome]


def _contributions(
    ctx: Context, no: int, base: Base, *, handicap: bool = False
) -> list[tuple[Fraction, bool]]:
    """Each counted round's opponent value on ``base`` and whether the round is a VUR."""
    ledger = ctx.ledger
    out: list[tuple[Fraction, bool]] = []
    for enc in ledger.counted(no):
        if ledger.as_game(enc):
            assert enc.opponent is not None
            value = ledger.adjusted(enc.opponent, base)
            if handicap and ledger.policy == "egf":
                value -= enc.handicap
            out.append((value, False if enc.kind == "game" else is_vur(enc)))
        else:
            out.append((ledger.dummy(no, enc, base), is_vur(enc)))
    # egf: a round not assigned at all counts the own starting score, as OpenGotha does
    start = ledger.start.get(no, ZERO) if base == "mms" else ZERO
    out.extend((start, False) for _ in range(ledger.unassigned(no)))
    return out


def _cut(ctx: Context, values: list[tuple[Fraction, bool]], low: int, high: int) -> Fraction:
    """The sum without the ``low`` least and ``high`` most significant values; FIDE policies
    cut the least significant VUR contributions first (16.5)."""
    items = list(values)
    fide = ctx.ledger.policy in ("fide-2026", "fide-2023")
    for _ in range(low):
        if not items:
            break
        vurs = [i for i, (_, vur) in enumerate(items) if vur]
        pool = vurs if fide and vurs else range(len(items))
        drop = min(pool, key=lambda i: items[i][0])
        items.pop(drop)
    for _ in range(high):
        if not items:
            break
        drop = max(range(len(items)), key=lambda i: items[i][0])
        items.pop(drop)
    return sum((v for v, _ in items), ZERO)


# -- individual --------------------------------------------------------------------------------


def points(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """PTS: game points (match points in team events), warnings' penalties deducted."""
    return ctx.ledger.total(no, "points")


def buchholz(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """BH: the sum of the opponents' scores."""
    return sum((v for v, _ in _contributions(ctx, no, "points")), ZERO)


def buchholz_cut1(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """BH-C1: Buchholz without the least significant value."""
    return _cut(ctx, _contributions(ctx, no, "points"), 1, 0)


def buchholz_median1(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """BH-M1: Buchholz without the least and the most significant values."""
    return _cut(ctx, _contributions(ctx, no, "points"), 1, 1)


def _berger(ctx: Context, no: int, base: Base) -> Fraction:
    total = ZERO
    ledger = ctx.ledger
    for enc in ledger.counted(no):
        factor = _factor(enc)
        if not factor:
            continue
        if ledger.as_game(enc):
            assert enc.opponent is not None
            total += factor * ledger.adjusted(enc.opponent, base)
        else:
            total += factor * ledger.dummy(no, enc, base)
    return total


def berger(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """SB: Berger (Sonneborn–Berger): beaten opponents' scores plus half the drawn ones'."""
    return _berger(ctx, no, "points")


def direct_encounter(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """DE: points scored against the others of the tied group, when all of them have met
    (otherwise 0 for everyone: the criterion does not separate them)."""
    if len(group) < 2 or no not in group:
        return ZERO
    everyone_met = ctx.met.get(group)
    if everyone_met is None:
        met: set[frozenset[int]] = set()
        for member in group:
            for enc in ctx.ledger.counted(member):
                if enc.opponent in group and enc.opponent != member:
                    met.add(frozenset((member, enc.opponent)))
        everyone_met = ctx.met[group] = len(met) >= len(group) * (len(group) - 1) // 2
    if not everyone_met:
        return ZERO
    return sum((e.points for e in ctx.ledger.counted(no) if e.opponent in group), ZERO)


def progressive(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """PS: the sum of the running score after each round ("progress")."""
    running, total = ZERO, ZERO
    records = ctx.ledger.records.get(no, ())
    for r in range(1, ctx.ledger.played_rounds + 1):
        running += sum((e.points for e in records if e.round == r), ZERO)
        total += running
    return total


def wins(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """WIN: rounds won, with or without playing (forfeit wins, full-point byes)."""
    return Fraction(sum(1 for e in ctx.ledger.counted(no) if e.outcome == "win"))


def won_games(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """WON: games won over the board."""
    return Fraction(sum(1 for e in ctx.ledger.counted(no) if e.outcome == "win" and e.played))


# -- Go ------------------------------------------------------------------------------------------


def mcmahon_score(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """MMS: starting McMahon score plus points."""
    return ctx.ledger.total(no, "mms")


def sos(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """SOS: the sum of the opponents' McMahon scores."""
    return sum((v for v, _ in _contributions(ctx, no, "mms", handicap=True)), ZERO)


def sos_cut1(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """SOS-1: SOS without the lowest value."""
    return _cut(ctx, _contributions(ctx, no, "mms", handicap=True), 1, 0)


def sosos(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """SOSOS: the sum of the opponents' SOS."""
    ledger = ctx.ledger
    total = ZERO
    for enc in ledger.counted(no):
        if ledger.as_game(enc):
            assert enc.opponent is not None
            total += sos(ctx, enc.opponent, group)
        elif ledger.policy == "egf":
            total += ledger.start.get(no, ZERO) * ledger.played_rounds
        else:
            total += sos(ctx, no, group)
    return total + ledger.start.get(no, ZERO) * ledger.played_rounds * ledger.unassigned(no)


def sodos(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """SODOS: the McMahon scores of beaten opponents (half for jigo)."""
    return _berger(ctx, no, "mms")


def cuss(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """CUSS: the sum of the running McMahon score after each round."""
    start = ctx.ledger.start.get(no, ZERO)
    return progressive(ctx, no, group) + start * ctx.ledger.played_rounds


# -- teams ----------------------------------------------------------------------------------------


def game_points(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """GP: board points (penalties of Toguz Korgool warnings deducted)."""
    return ctx.ledger.total(no, "gp")


def berger_match(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """MSB: Berger by match points: beaten teams' match points plus half the drawn ones'."""
    return _berger(ctx, no, "points")


def berger_boards(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """GSB: Berger by board points: beaten teams' board points plus half the drawn ones'."""
    return _berger(ctx, no, "gp")


def boards(ctx: Context, no: int, group: frozenset[int]) -> tuple[Fraction, ...]:
    """BRD: board points per board, board 1 first (compared board by board)."""
    sums: list[Fraction] = []
    for enc in ctx.ledger.counted(no):
        for b, value in enumerate(enc.boards):
            if b == len(sums):
                sums.append(ZERO)
            sums[b] += value
    return tuple(sums)


def korgools_lost(ctx: Context, no: int, group: frozenset[int]) -> Fraction:
    """KLG: korgools in the kazan in lost games (seed 000 10.2: more is better)."""
    return Fraction(sum(e.korgools_lost for e in ctx.ledger.counted(no)))


TIEBREAKS: dict[str, Tiebreak] = {
    "PTS": points,
    "MP": points,
    "MMS": mcmahon_score,
    "BH": buchholz,
    "BH-C1": buchholz_cut1,
    "BH-M1": buchholz_median1,
    "SB": berger,
    "DE": direct_encounter,
    "PS": progressive,
    "WIN": wins,
    "WON": won_games,
    "SOS": sos,
    "SOS-1": sos_cut1,
    "SOSOS": sosos,
    "SODOS": sodos,
    "CUSS": cuss,
    "GP": game_points,
    "MSB": berger_match,
    "GSB": berger_boards,
    "BRD": boards,
    "KLG": korgools_lost,
    "EXT": exploits_tried,
    "EXR": exploits_achieved,
    "CPS": cup_score,
    "RATING": rating,
}

__all__ = [
    "ALIASES",
    "GROUP_RELATIVE",
    "NAMES",
    "PRIMARY",
    "TIEBREAKS",
    "ZERO",
    "Context",
    "Tiebreak",
    "Value",
    "berger",
    "berger_boards",
    "berger_match",
    "boards",
    "buchholz",
    "buchholz_cut1",
    "buchholz_median1",
    "cuss",
    "direct_encounter",
    "game_points",
    "korgools_lost",
    "mcmahon_score",
    "name",
    "parse_codes",
    "points",
    "progressive",
    "sodos",
    "sos",
    "sos_cut1",
    "sosos",
    "wins",
    "won_games",
]
