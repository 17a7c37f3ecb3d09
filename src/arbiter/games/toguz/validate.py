"""Checks that a hand-built or parsed position could arise in a game, and packs it for the core.

It works on the position's parts (plain numbers), so that :class:`~arbiter.games.toguz.Position`
can use it without this module knowing the position.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter.games.toguz import _core
from arbiter.games.toguz.errors import PositionError
from arbiter.games.toguz.side import Side
from arbiter.games.toguz.variant import VARIANTS, Variant
from arbiter.i18n import N_

_BY_ROW = {2 * v.pits: v for v in VARIANTS.values()}


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{what} must be a whole number of korgools, not {value!r}")
    return value


def validated_state(
    pits: Sequence[int],
    kazans: Sequence[int],
    tuz: Sequence[int | None],
    to_move: Side | str,
    fullmove: int,
) -> bytes:
    """The core's state bytes for a position, or :class:`PositionError` saying what is wrong."""
    variant: Variant | None = _BY_ROW.get(len(pits))
    if variant is None:
        raise PositionError(
            N_("a position has 18 pits (Toguz Korgool) or 10 (Bestemshe), not {n}"), n=len(pits)
        )
    n = variant.pits
    counts = [
        _count(c, f"pit {i % n + 1} of {'White' if i < n else 'Black'}") for i, c in enumerate(pits)
    ]
    if len(kazans) != 2:
        raise PositionError("there are two kazans: White's and Black's")
    kw = _count(kazans[0], "White's kazan")
    kb = _count(kazans[1], "Black's kazan")
    total = sum(counts) + kw + kb
    if total != variant.total:
        raise PositionError(
            N_("the position holds {total} korgools; {variant} is played with {needed}"),
            total=total,
            variant=variant.name,
            needed=variant.total,
        )
    if len(tuz) != 2:
        raise PositionError("tuz is a pair: (White's tuz, Black's tuz)")
    tw, tb = tuz
    for owner, t, row_offset, kazan in (("White", tw, n, kw), ("Black", tb, 0, kb)):
        if t is None:
            continue
        if not variant.has_tuz:
            raise PositionError(f"{variant.name} has no tuz")
        if not isinstance(t, int) or isinstance(t, bool) or not 1 <= t <= n:
            raise PositionError(f"{owner}'s tuz must be a pit number 1 to {n}, not {t!r}")
        if t == n:
            raise PositionError(
                f"{owner}'s tuz is on pit {n}; a tuz can never be made on a 9th pit"
            )
        if counts[row_offset + t - 1]:
            raise PositionError(
                f"{owner}'s tuz (pit {t}) holds korgools; korgools falling into a tuz go to "
                "its owner's kazan"
            )
        if kazan < 3:
            raise PositionError(
                f"{owner} has a tuz but only {kazan} in the kazan; making a tuz takes 3 korgools"
            )
    if tw is not None and tw == tb:
        raise PositionError(f"both tuzes are on pit {tw}; two tuzes may not share a number")
    if to_move not in ("white", "black"):
        raise PositionError(
            N_("the side to move is 'white' or 'black', not {side!r}"), side=to_move
        )
    if not isinstance(fullmove, int) or not 1 <= fullmove <= 0xFFFF:
        raise PositionError(N_("the move number must be 1 to 65535, not {n!r}"), n=fullmove)
    state = bytearray(_core.STATE_LEN)
    state[: 2 * n] = bytes(counts)
    state[18] = kw
    state[19] = kb
    state[20] = tw or 0
    state[21] = tb or 0
    state[22] = 1 if to_move == "black" else 0
    state[23] = n
    state[25] = fullmove & 0xFF
    state[26] = fullmove >> 8
    state[24] = _core.status(bytes(state))
    return bytes(state)
