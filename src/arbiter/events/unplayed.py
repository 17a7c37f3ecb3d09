"""How unplayed rounds (byes, forfeits, withdrawals) count in opponent-based tiebreaks.

One policy per event, the ``unplayed`` setting:

``fide-2026`` (FIDE tie-break regulations, C.07 of 2026, article 16), in Swiss-type events:
  - An opponent's score, as seen by the participants who met them, counts requested byes
    (``half``, ``zero``, ``absent``) that are followed only by voluntary unplayed rounds (VURs:
    requested byes and forfeit losses) or come in the last round as draws (16.3).
  - A participant's own unplayed round counts as a game against a dummy whose score is the
    participant's own, capped (16.4) by the scheduled opponent's adjusted score for forfeits,
    and by a draw's points times the number of rounds otherwise.
  - Cut-1 and Median cut the lowest contribution of a VUR first (16.5).
  - In events with pre-determined pairings (round robin, Scheveningen, knockout) forfeits are
    ordinary games against their opponent (15.2).
``fide-2023``: the same without the 16.4 caps.
``fide-2009`` (the virtual opponent, still common in national codes): every unplayed round of
  an opponent counts as a draw; a participant's own unplayed round R counts as a game against a
  virtual opponent with ``S_before(R) + (win − S_R) + draw × (n − R)``.
``egf`` (EGF/OpenGotha, the Go default): opponents' scores as they are; a round without a game
  against an opponent counts the participant's own starting McMahon score (0 outside McMahon),
  and so does a round in which the participant has neither a game nor a bye (not paired,
  pre-registered, not yet entered: OpenGotha's ``NOT_ASSIGNED``); games against an opponent,
  forfeits included, count that opponent, and so does a game without a result yet (OpenGotha
  counts every paired round). In SOS the opponent's
  McMahon score is lowered by the handicap the participant received and raised by the handicap
  it gave (as OpenGotha's results files show); SOSOS counts a virtual opponent as the
  participant's starting score times the rounds played. With the ``round_down`` setting (OpenGotha's
  default) the points of byes and absences are rounded down (not a jigo's half point) before
  anything is computed from them, as OpenGotha's ``genRoundDownNBWMMS`` does.

Every rule works on a *base*: game points (``points``), McMahon scores (``mms``: starting score
plus points) or team board points (``gp``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from arbiter.events.scorecard import Encounter
from arbiter.events.settings import Policy

Base = Literal["points", "mms", "gp"]

REQUESTED = frozenset({"half", "zero", "absent"})
PREDETERMINED = frozenset(
    {"round-robin", "double-round-robin", "scheveningen", "knockout", "double-elimination"}
)


def is_vur(enc: Encounter) -> bool:
    """A voluntary unplayed round (FIDE 16.1.2): a requested bye or a forfeit loss."""
    return enc.kind in REQUESTED or enc.kind in ("forfeit-loss", "double-forfeit")


@dataclass
class Ledger:
    """What the policies need to know about every participant."""

    records: dict[int, tuple[Encounter, ...]]
    deduction: dict[int, Fraction]
    gp_deduction: dict[int, Fraction]
    start: dict[int, Fraction]
    policy: Policy
    system: str
    rounds: int
    played_rounds: int
    win: Fraction
    draw: Fraction
    gp_draw: Fraction
    round_down: bool = False
    #: Go rank values and ratings by participant (OpenGotha's EXT, EXR and Rating).
    ranks: dict[int, int] = field(default_factory=dict)
    ratings: dict[int, int] = field(default_factory=dict)
    _cache: dict[tuple[str, int, Base], Fraction] = field(default_factory=dict)

    # -- totals -----------------------------------------------------------------------------

    def total(self, no: int, base: Base) -> Fraction:
        """The participant's score on ``base`` (deductions included)."""
        field_of = _field(base)
        records = self.records.get(no, ())
        pts = sum((field_of(e) for e in records if e.opponent is not None), Fraction(0))
        away = sum((field_of(e) for e in records if e.opponent is None), Fraction(0))
        if self.round_down and base != "gp":
            # OpenGotha's genRoundDownNBWMMS floors the points of byes and absences, not a
            # jigo's half point
            away = Fraction(math.floor(away))
        pts += away
        pts -= (self.gp_deduction if base == "gp" else self.deduction).get(no, Fraction(0))
        if base == "mms":
            pts += self.start.get(no, Fraction(0))
        return pts

    def counted(self, no: int) -> tuple[Encounter, ...]:
        """The rounds that count for tiebreaks (rests and knockout byes do not)."""
        return tuple(e for e in self.records.get(no, ()) if e.counts)

    def unassigned(self, no: int) -> int:
        """Under ``egf``, the rounds 1..played in which the participant has no encounter at all
        (neither game nor bye, nor rest): each counts as OpenGotha's ``NOT_ASSIGNED``."""
        if self.policy != "egf":
            return 0
        seen = {e.round for e in self.records.get(no, ())}
        return sum(1 for r in range(1, self.played_rounds + 1) if r not in seen)

    # -- the policy ---------------------------------------------------------------------------

    def as_game(self, enc: Encounter) -> bool:
        """Whether this round counts as a game against its opponent."""
        if enc.opponent is None:
            return False
        if enc.kind == "game":
            return True
        if self.policy == "egf":
            return True
        if self.policy in ("fide-2026", "fide-2023"):
            return self.system in PREDETERMINED
        return False

    def _category5(self, no: int, enc: Encounter) -> bool:
        """A requested bye followed only by VURs, or in the last round (FIDE 16.2.5)."""
        if enc.kind not in REQUESTED:
            return False
        later = [e for e in self.counted(no) if e.round > enc.round]
        if enc.round >= self.rounds:
            return True
        return all(is_vur(e) for e in later)

    def adjusted(self, no: int, base: Base) -> Fraction:
        """The participant's score as counted in their opponents' tiebreaks."""
        key = ("adj", no, base)
        if key in self._cache:
            return self._cache[key]
        value = self.total(no, base)
        field_of = _field(base)
        if self.policy in ("fide-2026", "fide-2023"):
            for e in self.counted(no):
                if self._category5(no, e):
                    value += self._draw_of(base) - field_of(e)
        elif self.policy == "fide-2009":
            for e in self.counted(no):
                if not self.as_game(e):
                    value += self._draw_of(base) - field_of(e)
        self._cache[key] = value
        return value

    def _draw_of(self, base: Base) -> Fraction:
        return self.gp_draw if base == "gp" else self.draw

    def dummy(self, no: int, enc: Encounter, base: Base) -> Fraction:
        """The score of the opponent counted for participant ``no``'s unplayed round ``enc``."""
        own = self.total(no, base)
        if self.policy == "egf":
            return self.start.get(no, Fraction(0)) if base == "mms" else Fraction(0)
        if self.policy == "fide-2023":
            return own
        if self.policy == "fide-2026":
            if enc.forfeit and enc.opponent is not None:
                return min(own, self.adjusted(enc.opponent, base))
            cap = self._draw_of(base) * self.rounds
            if base == "mms":
                cap += self.start.get(no, Fraction(0))
            return min(own, cap)
        # fide-2009: the virtual opponent
        field_of = _field(base)
        before = sum(
            (field_of(e) for e in self.records.get(no, ()) if e.round < enc.round), Fraction(0)
        )
        if base == "mms":
            before += self.start.get(no, Fraction(0))
        win = self.win if base != "gp" else 2 * self.gp_draw
        return (
            before + (win - field_of(enc)) + self._draw_of(base) * (self.played_rounds - enc.round)
        )


def _field(base: Base) -> Callable[[Encounter], Fraction]:
    if base == "gp":
        return lambda e: e.game_points
    return lambda e: e.points
