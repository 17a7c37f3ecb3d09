"""Handicap and komi of a Go game in an event, from the ``handicap`` setting.

``none``: even games, the event's komi. ``rank``: the rank difference, each rank above
``handicap_threshold`` counted as it, less ``handicap_correction``, at most ``handicap_max``;
the weaker player takes Black (seed 002 2.6.3) and the komi is ``handicap_komi`` (a handicap of
1 means no stones, Black moves first). ``mms``: the same from the McMahon scores before the
round (McMahon events, OpenGotha's "handicap based on MMS"), each score counted as a rank.
``pair-table``: pair go, the event's table of pair points (spec pair-go.md,
:func:`arbiter.games.go.pairgo.pair_handicap`); equal pairs keep the colours drawn by the system
(nigiri). Players or pairs without a rank play even games.

>>> from arbiter.games.go.rank import Rank
>>> two_dan, three_kyu = Rank.parse("2d"), Rank.parse("3k")
>>> rank_handicap(two_dan, three_kyu, threshold=Rank(0), correction=1, most=9)  # 2d counts as 1d
2
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from arbiter.events.event import Event
from arbiter.events.participants import Pair, Player
from arbiter.games.go.pairgo import pair_handicap
from arbiter.games.go.rank import Rank


def rank_handicap(a: Rank, b: Rank, *, threshold: Rank, correction: int, most: int) -> int:
    """Handicap stones between ranks ``a`` and ``b``."""
    low, high = sorted((min(a.value, threshold.value), min(b.value, threshold.value)))
    return max(0, min(most, high - low - correction))


def mms_handicap(a: Fraction, b: Fraction, *, threshold: Rank, correction: int, most: int) -> int:
    """Handicap stones between two McMahon scores (OpenGotha's "handicap based on MMS").

    A McMahon score counts as the rank ``floor(MMS) - 30`` on the EGF scale (MMS 30 is 1d), capped
    at ``threshold``; the difference less ``correction``, from 0 to ``most``.

    >>> mms_handicap(Fraction(31), Fraction(26), threshold=Rank(0), correction=1, most=9)
    3
    >>> mms_handicap(Fraction(25), Fraction(51, 2), threshold=Rank(0), correction=1, most=9)
    0
    """
    low, high = sorted(
        (min(math.floor(a) - 30, threshold.value), min(math.floor(b) - 30, threshold.value))
    )
    return max(0, min(most, high - low - correction))


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays Black and White, with how many stones and what komi."""

    black: int
    white: int
    handicap: int
    komi: Fraction


def _rank_of(event: Event, no: int) -> Rank | None:
    participant = event.participant(no)
    return participant.rank if isinstance(participant, Player) else None


def go_setup(event: Event, black: int, white: int) -> Setup:
    """The setup of a Go game whose colours the pairing system gave as ``black``, ``white``."""
    cfg = event.config
    policy = cfg.handicap
    if policy == "rank" and event.discipline == "individual":
        rb, rw = _rank_of(event, black), _rank_of(event, white)
        if rb is not None and rw is not None:
            stones = rank_handicap(
                rb,
                rw,
                threshold=cfg.handicap_threshold,
                correction=cfg.handicap_correction,
                most=cfg.handicap_max,
            )
            if stones > 0:
                if rb > rw:
                    black, white = white, black
                return Setup(black, white, stones, cfg.handicap_komi)
    if policy == "mms" and event.discipline == "individual":
        from arbiter.events.swiss.mcmahon import mcmahon_scores

        scores = mcmahon_scores(event)
        mb, mw = scores.get(black), scores.get(white)
        if mb is not None and mw is not None:
            stones = mms_handicap(
                mb,
                mw,
                threshold=cfg.handicap_threshold,
                correction=cfg.handicap_correction,
                most=cfg.handicap_max,
            )
            if stones > 0:
                if mb > mw:
                    black, white = white, black
                return Setup(black, white, stones, cfg.handicap_komi)
    if policy == "pair-table" and event.discipline == "pair":
        pa, pb = event.participant(black), event.participant(white)
        if isinstance(pa, Pair) and isinstance(pb, Pair):
            ranks_a = [event.player(m).rank for m in pa.members]
            ranks_b = [event.player(m).rank for m in pb.members]
            if all(r is not None for r in ranks_a + ranks_b):
                h = pair_handicap(
                    [r for r in ranks_a if r is not None], [r for r in ranks_b if r is not None]
                )
                if h.black == "b":
                    black, white = white, black
                return Setup(black, white, h.stones, Fraction(h.komi))
    return Setup(black, white, 0, cfg.komi)
