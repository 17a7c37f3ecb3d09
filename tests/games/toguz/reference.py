"""An independent, deliberately plain implementation of the Toguz Korgool rules.

Written straight from ../shared/spec/toguz.md, one korgool at a time, with a different data
layout from the compiled core (two rows per side, sides by name), so that the differential tests
compare two implementations rather than one with itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RefGame:
    n: int = 9
    rows: dict[str, list[int]] = field(default_factory=dict)
    kazan: dict[str, int] = field(default_factory=dict)
    # tuz[side] = the pit number (1-based) on the OTHER side's row that `side` owns
    tuz: dict[str, int | None] = field(default_factory=dict)
    turn: str = "white"

    @classmethod
    def start(cls, n: int = 9) -> RefGame:
        seeds = 9 if n == 9 else 5
        return cls(
            n=n,
            rows={"white": [seeds] * n, "black": [seeds] * n},
            kazan={"white": 0, "black": 0},
            tuz={"white": None, "black": None},
        )

    @staticmethod
    def other(side: str) -> str:
        return "black" if side == "white" else "white"

    @property
    def total(self) -> int:
        return 2 * self.n * (9 if self.n == 9 else 5)

    def owner_of_tuz_at(self, row: str, pit: int) -> str | None:
        opp = self.other(row)
        return opp if self.tuz[opp] == pit else None

    def moves(self) -> list[int]:
        if self.over():
            return []
        me = self.turn
        return [
            p
            for p in range(1, self.n + 1)
            if self.rows[me][p - 1] > 0 and self.owner_of_tuz_at(me, p) is None
        ]

    def _next(self, row: str, pit: int) -> tuple[str, int]:
        if pit < self.n:
            return row, pit + 1
        return self.other(row), 1

    def _drop(self, row: str, pit: int) -> None:
        owner = self.owner_of_tuz_at(row, pit)
        if owner is not None:
            self.kazan[owner] += 1
        else:
            self.rows[row][pit - 1] += 1

    def play(self, pit: int) -> None:
        me = self.turn
        assert pit in self.moves(), (pit, self.moves())
        hand = self.rows[me][pit - 1]
        self.rows[me][pit - 1] = 0
        row, at = me, pit
        if hand == 1:
            row, at = self._next(row, at)
            self._drop(row, at)
        else:
            self._drop(row, at)  # the first korgool goes back into the emptied pit
            hand -= 1
            while hand:
                row, at = self._next(row, at)
                self._drop(row, at)
                hand -= 1
        opp = self.other(me)
        if row == opp and self.owner_of_tuz_at(row, at) is None:
            count = self.rows[opp][at - 1]
            if count % 2 == 0:
                self.kazan[me] += count
                self.rows[opp][at - 1] = 0
            elif (
                count == 3
                and self.n == 9
                and self.tuz[me] is None
                and at != 9
                and self.tuz[opp] != at
            ):
                self.kazan[me] += 3
                self.rows[opp][at - 1] = 0
                self.tuz[me] = at
        self.turn = opp

    def over(self) -> bool:
        return self.outcome() is not None

    def outcome(self) -> tuple[str | None, int, int] | None:
        half = self.total // 2
        w, b = self.kazan["white"], self.kazan["black"]
        if w > half:
            return ("white", w, b)
        if b > half:
            return ("black", w, b)
        if w == half and b == half:
            return (None, w, b)
        me = self.turn
        playable = [p for p in range(1, self.n + 1) if self.rows[me][p - 1] > 0]
        if playable:
            return None
        w += sum(self.rows["white"])
        b += sum(self.rows["black"])
        winner = "white" if w > half else "black" if b > half else None
        return (winner, w, b)

    def pits(self) -> tuple[int, ...]:
        return tuple(self.rows["white"] + self.rows["black"])
