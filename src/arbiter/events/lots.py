"""Drawing lots, reproducibly: the same seed gives the same draw on every machine and version.

A lot is the SHA-256 digest of the seed and what is drawn for, so a draw can be checked by
anyone from the seed recorded in the event file.

>>> draw_order(7, [1, 2, 3, 4, 5])
(3, 1, 5, 2, 4)
>>> coin(7, "round", 1, "table", 2)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable


def _digest(seed: int, *keys: object) -> bytes:
    text = ":".join(str(k) for k in (seed, *keys))
    return hashlib.sha256(text.encode("utf-8")).digest()


def draw_order(seed: int, numbers: Iterable[int]) -> tuple[int, ...]:
    """``numbers`` in the order drawn by lot with ``seed``."""
    return tuple(sorted(numbers, key=lambda n: _digest(seed, "lot", n)))


def coin(seed: int, *keys: object) -> bool:
    """A coin toss for ``keys`` (e.g. who takes the first move at a table)."""
    return _digest(seed, "coin", *keys)[0] & 1 == 1
