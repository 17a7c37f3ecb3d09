"""Handicap and komi of a Go game in an event, from the ``handicap`` setting.

``none``: even games, the event's komi. ``rank``: the rank difference, each rank above
``handicap_threshold`` counted as it, less ``handicap_correction``, at most ``handicap_max``;
the weaker player takes Black (seed 002 2.6.3) and the komi is ``handicap_komi``; a handicap of
1 means no stones, Black moves first, and komi 0 unless the organiser set ``handicap_komi``
(seed 002 appendix 1: «фора 1 — просто первый ход без коми»). ``mms``: the same from the
McMahon scores before the round (McMahon events, OpenGotha's "handicap based on MMS"), each
score counted as a rank.
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

from arbiter.events.competition import Competition
from arbiter.events.participants import Pair, Player
from arbiter.games.go.pairgo import pair_handicap
from arbiter.games.go.rank import Rank


def _stones(a: int, b: int, *, threshold: Rank, correction: int, most: int) -> int:
    """Handicap stones between two levels on the rank scale, each capped at ``threshold``."""
    low, high = sorted((min(a, threshold.value), min(b, threshold.value)))
    return max(0, min(most, high - low - correction))


def _mms_level(score: Fraction) -> int:
    # OpenGotha's scale: MMS 30 is 1d (rank value 0)
    return math.floor(score) - 30


def rank_handicap(a: Rank, b: Rank, *, threshold: Rank, correction: int, most: int) -> int:
    """Handicap stones between ranks ``a`` and ``b``."""
    return _stones(a.value, b.value, threshold=threshold, correction=correction, most=most)


def mms_handicap(a: Fraction, b: Fraction, *, threshold: Rank, correction: int, most: int) -> int:
    """Handicap stones between two McMahon scores (OpenGotha's "handicap based on MMS").

    A McMahon score counts as the rank ``floor(MMS) - 30`` on the EGF scale (MMS 30 is 1d), capped
    at ``threshold``; the difference less ``correction``, from 0 to ``most``.

    >>> mms_handicap(Fraction(31), Fraction(26), threshold=Rank(0), correction=1, most=9)
    3
    >>> mms_handicap(Fraction(25), Fraction(51, 2), threshold=Rank(0), correction=1, most=9)
    0
    """
    return _stones(
        _mms_level(a), _mms_level(b), threshold=threshold, correction=correction, most=most
    )


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays Black and White, with how many stones and what komi."""

    black: int
    white: int
    handicap: int
    komi: Fraction


def _rank_of(event: Competition, no: int) -> Rank | None:
    participant = event.participant(no)
    return participant.rank if isinstance(participant, Player) else None


def _levels(event: Competition, black: int, white: int, policy: str) -> tuple[int, int] | None:
    """Black's and White's levels on the rank scale under ``policy`` (``rank``: their ranks;
    ``mms``: their McMahon scores before the round), or ``None`` when one has none."""
    if policy == "rank":
        rb, rw = _rank_of(event, black), _rank_of(event, white)
        return None if rb is None or rw is None else (rb.value, rw.value)
    from arbiter.events.swiss.mcmahon import mcmahon_scores

    scores = mcmahon_scores(event)
    mb, mw = scores.get(black), scores.get(white)
    return None if mb is None or mw is None else (_mms_level(mb), _mms_level(mw))


def go_setup(event: Competition, black: int, white: int) -> Setup:
    """The setup of a Go game whose colours the pairing system gave as ``black``, ``white``."""
    cfg = event.config
    policy = cfg.handicap
    if policy in ("rank", "mms") and event.discipline == "individual":
        levels = _levels(event, black, white, policy)
        if levels is not None:
            stones = _stones(
                *levels,
                threshold=cfg.handicap_threshold,
                correction=cfg.handicap_correction,
                most=cfg.handicap_max,
            )
            if stones > 0:
                # the weaker player takes Black
                if levels[0] > levels[1]:
                    black, white = white, black
                return Setup(black, white, stones, cfg.komi_for(stones))
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
