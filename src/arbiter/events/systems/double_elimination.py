"""Double elimination ("до 2-х поражений", seed 000 9.2 for team events).

A winners' bracket (W) as in a knockout; its losers drop into a losers' bracket (L), where a
second loss puts a participant out. With 2^k lines: L round 1 pairs the losers of W round 1;
each even L round j brings in the losers of W round j/2 + 1 against the survivors (in reverse
order every other time, so that players who met in W do not meet again at once); each odd L
round after the first halves the survivors. The W winner and the L winner meet in a grand
final (GF); if the L winner wins it, both have lost once and a reset final (GF2) decides (spec
**D**).

Rounds: W round r is played in event round r, L round j in event round j + 1, the grand final
after both. Places: 1 and 2 from the final, 3 to the loser of the L final, then the losers of
each earlier L round share the next places.

>>> [s.id for s in double_elimination(4).slots]
['W1-1', 'W1-2', 'W2-1', 'L1-1', 'L2-1', 'GF', 'GF2']
>>> [(s.id, s.round) for s in double_elimination(4).slots if s.id.startswith(("L", "G"))]
[('L1-1', 2), ('L2-1', 3), ('GF', 4), ('GF2', 5)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbiter.events.systems.bracket import Bracket, Slot, Source, bracket_size
from arbiter.events.systems.knockout import BracketSystem

if TYPE_CHECKING:
    from arbiter.events.competition import Competition


def double_elimination(n: int) -> Bracket:
    """The double-elimination bracket for ``n`` entries."""
    size = bracket_size(n)
    depth = size.bit_length() - 1
    slots: list[Slot] = []
    winners: list[list[str]] = []
    current = [Source("line", i) for i in range(1, size + 1)]
    for r in range(1, depth + 1):
        ids = []
        nxt: list[Source] = []
        for m in range(1, len(current) // 2 + 1):
            slot_id = f"W{r}-{m}"
            slots.append(Slot(slot_id, r, current[2 * m - 2], current[2 * m - 1]))
            ids.append(slot_id)
            nxt.append(Source("winner", slot_id))
        winners.append(ids)
        current = nxt
    w_final = winners[-1][0]

    lb_rounds: list[list[str]] = []
    if depth >= 2:
        survivors: list[Source] = []
        ids = []
        for m in range(1, len(winners[0]) // 2 + 1):
            slot_id = f"L1-{m}"
            slots.append(
                Slot(
                    slot_id,
                    2,
                    Source("loser", winners[0][2 * m - 2]),
                    Source("loser", winners[0][2 * m - 1]),
                )
            )
            ids.append(slot_id)
            survivors.append(Source("winner", slot_id))
        lb_rounds.append(ids)
        j = 2
        for r in range(2, depth + 1):
            dropping = [Source("loser", i) for i in winners[r - 1]]
            if r % 2 == 0:
                dropping.reverse()
            ids = []
            nxt = []
            for m in range(1, len(survivors) + 1):
                slot_id = f"L{j}-{m}"
                slots.append(Slot(slot_id, j + 1, survivors[m - 1], dropping[m - 1]))
                ids.append(slot_id)
                nxt.append(Source("winner", slot_id))
            lb_rounds.append(ids)
            survivors = nxt
            j += 1
            if len(survivors) > 1:
                ids = []
                nxt = []
                for m in range(1, len(survivors) // 2 + 1):
                    slot_id = f"L{j}-{m}"
                    slots.append(Slot(slot_id, j + 1, survivors[2 * m - 2], survivors[2 * m - 1]))
                    ids.append(slot_id)
                    nxt.append(Source("winner", slot_id))
                lb_rounds.append(ids)
                survivors = nxt
                j += 1
        lb_champion = survivors[0]
        final_round = max(depth, j) + 1
    else:
        lb_champion = Source("loser", w_final)
        final_round = depth + 1

    # Classes of the losers' bracket: later rounds place better; 3 goes to the L final's loser.
    place = 3
    classed: list[Slot] = []
    by_id = {s.id: s for s in slots}
    for ids in reversed(lb_rounds):
        for slot_id in ids:
            old = by_id[slot_id]
            classed.append(Slot(old.id, old.round, old.a, old.b, None, place))
        place += len(ids)
    replaced = {s.id: s for s in classed}
    slots = [replaced.get(s.id, s) for s in slots]

    champion = Source("winner", w_final)
    slots.append(Slot("GF", final_round, champion, lb_champion))
    slots.append(Slot("GF2", final_round + 1, champion, lb_champion, 1, 2, reset_of="GF"))
    return Bracket(size, tuple(slots))


class DoubleElimination(BracketSystem):
    """Double elimination with a grand final and its reset."""

    name = "double-elimination"

    def build(self, event: Competition, n: int) -> Bracket:
        return double_elimination(n)
