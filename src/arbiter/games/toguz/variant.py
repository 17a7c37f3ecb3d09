"""The rule sets: Toguz Korgool itself and Bestemshe, its small cousin.

>>> VARIANTS["toguz"].total, VARIANTS["toguz"].to_win
(162, 82)
>>> VARIANTS["bestemshe"].total, VARIANTS["bestemshe"].to_win
(50, 26)
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Variant:
    """A rule set: ``pits`` per row, ``seeds`` korgools per pit at the start, tuz or not."""

    name: str
    pits: int
    seeds: int
    has_tuz: bool

    @property
    def total(self) -> int:
        """Korgools in play."""
        return 2 * self.pits * self.seeds

    @property
    def to_win(self) -> int:
        """A kazan holding this many wins at once (more than half of all korgools)."""
        return self.total // 2 + 1


TOGUZ = Variant("toguz", pits=9, seeds=9, has_tuz=True)
BESTEMSHE = Variant("bestemshe", pits=5, seeds=5, has_tuz=False)

VARIANTS: dict[str, Variant] = {v.name: v for v in (TOGUZ, BESTEMSHE)}
