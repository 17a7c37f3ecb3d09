"""OpenGotha's base criteria: avoid a duplicate game (``baseDuplicateGameCost``), the
deterministic "random" part (``baseRandomCost``), and balance White and Black
(``baseBWBalanceCost``).

>>> det_random(1, ("Lee", "Chang"), ("Kim", "Ji")) in (0, 1)
True
"""

from __future__ import annotations

from arbiter.events.swiss.opengotha_costs.parameters import OpenGothaParameters
from arbiter.events.swiss.opengotha_costs.scores import Scored
from arbiter.events.swiss.opengotha_costs.secondary_criteria import handicap_between


def det_random(most: int, a: tuple[str, str], b: tuple[str, str]) -> int:
    """OpenGotha's deterministic "random" number of two players (names and first names), from
    0 to ``most``."""
    text = a[0] + a[1] + b[0] + b[1]
    total = 0
    for i, ch in enumerate(text.encode("utf-16-le").decode("utf-16-le")):
        total += ord(ch) * (i + 1)
    return (total * 1234567) % (most + 1)


def wb_balance(sp: Scored, rn: int) -> int:
    """White games minus black games of rounds 0..``rn`` (handicap games left out)."""
    balance = 0
    for r in range(rn + 1):
        g = sp.games[r] if r < len(sp.games) else None
        if g is None or g.handicap != 0:
            continue
        balance += 1 if g.white == sp.no else -1
    return balance


def base_costs(
    parts: dict[str, int], a: Scored, b: Scored, number: int, params: OpenGothaParameters
) -> None:
    """Set the base parts of pairing ``a`` with ``b`` in round ``number`` (from 1) in
    ``parts``."""
    r0 = number - 1
    met = any(g is not None and {g.white, g.black} == {a.no, b.no} for g in a.games[: max(r0, 0)])
    parts["baseDuplicateGameCost"] = 0 if met else params.duplicate
    if params.random:
        parts["baseRandomCost"] = det_random(params.random, a.key, b.key)
    if handicap_between(a, b, number, params) == 0:
        wa, wb = wb_balance(a, r0 - 1), wb_balance(b, r0 - 1)
        if wa * wb < 0:
            parts["baseBWBalanceCost"] = params.balance_wb
        elif (wa == 0 and abs(wb) >= 2) or (wb == 0 and abs(wa) >= 2):
            parts["baseBWBalanceCost"] = params.balance_wb // 2
