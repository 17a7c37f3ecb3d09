"""The engine against a naive reference written from the seed's words, on random games.

The reference knows nothing of chains, liberties tables, ko points or hashes: it places the
stone, removes opposing chains without liberties, refuses suicide, and compares whole boards
for the ko rules (basic: the position right before the opponent's last move, seed 1.7;
positional superko: any earlier board; situational superko: any earlier board with the same
side to move).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sgfmill import boards

from arbiter.games.go import COLORS, KO_RULES, Color, Point, Position, Rules, random_game

Board = dict[tuple[int, int], str]
OTHER = {"b": "w", "w": "b"}


class Reference:
    def __init__(self, size: int, ko: str) -> None:
        self.size = size
        self.ko = ko
        self.board: Board = {}
        self.before_last: Board = {}
        empty: frozenset[tuple[tuple[int, int], str]] = frozenset()
        self.seen_boards = {empty}
        self.seen_situations = {(empty, "b")}
        self.captures = {"b": 0, "w": 0}

    def neighbours(self, p: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = p
        return [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < self.size and 0 <= c + dc < self.size
        ]

    def chain(self, board: Board, p: tuple[int, int]) -> tuple[set[tuple[int, int]], bool]:
        color = board[p]
        stones, todo, free = {p}, [p], False
        while todo:
            for n in self.neighbours(todo.pop()):
                if n not in board:
                    free = True
                elif board[n] == color and n not in stones:
                    stones.add(n)
                    todo.append(n)
        return stones, free

    def after(self, color: str, p: tuple[int, int]) -> tuple[Board, int] | None:
        if p in self.board:
            return None
        board = dict(self.board)
        board[p] = color
        taken = 0
        for n in self.neighbours(p):
            if board.get(n) == OTHER[color]:
                stones, free = self.chain(board, n)
                if not free:
                    for s in stones:
                        del board[s]
                    taken += len(stones)
        if not self.chain(board, p)[1]:
            return None
        if board == self.before_last:
            return None
        key = frozenset(board.items())
        if self.ko == "positional-superko" and key in self.seen_boards:
            return None
        if self.ko == "situational-superko" and (key, OTHER[color]) in self.seen_situations:
            return None
        return board, taken

    def play(self, color: str, p: tuple[int, int] | None) -> None:
        self.before_last = self.board
        if p is not None:
            result = self.after(color, p)
            assert result is not None
            self.board, taken = result
            self.captures[color] += taken
        key = frozenset(self.board.items())
        self.seen_boards.add(key)
        self.seen_situations.add((key, OTHER[color]))


def check_same(pos: Position, ref: Reference) -> None:
    if pos.phase == "marking":  # two passes: play can go on after a resumption
        pos = pos.resume()
    colors: tuple[tuple[Color, str], ...] = (("black", "b"), ("white", "w"))
    for color, code in colors:
        assert {tuple(p) for p in pos.stones(color)} == {
            p for p, v in ref.board.items() if v == code
        }
        assert pos.captures(color) == ref.captures[code]
    for r in range(ref.size):
        for c in range(ref.size):
            for color, code in colors:
                expected = ref.after(code, (r, c)) is not None
                assert pos.is_legal(Point(r, c), color) == expected, (r, c, color)


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.sampled_from(KO_RULES), st.sampled_from([5, 6]))
def test_random_games_agree_with_the_reference(seed: int, ko: str, size: int) -> None:
    rng = random.Random(seed)
    pos = Position.empty(size, Rules("chinese", ko=ko))  # type: ignore[arg-type]
    ref = Reference(size, ko)
    color = "black"
    for _ in range(70):
        check_same(pos, ref)
        # Mostly alternating, sometimes the same side twice (as GTP and records allow).
        if rng.random() < 0.2:
            color = rng.choice(["black", "white"])
        code = color[0]
        candidates = [
            (r, c) for r in range(size) for c in range(size) if ref.after(code, (r, c)) is not None
        ]
        move = rng.choice(candidates) if candidates and rng.random() > 0.05 else None
        before = pos
        if pos.phase == "marking":
            pos = pos.resume()
        pos = pos.play_as(color, None if move is None else Point(*move))  # type: ignore[arg-type]
        ref.play(code, move)
        assert before.phase in ("playing", "marking")
        color = "white" if color == "black" else "black"
    check_same(pos, ref)


@settings(max_examples=25)
@given(st.integers(0, 2**32), st.sampled_from([5, 9, 13, 19]))
def test_boards_agree_with_sgfmill(seed: int, size: int) -> None:
    rng = random.Random(seed)
    start = Position.empty(size)
    _, moves = random_game(start, rng)
    board = boards.Board(size)
    pos = start
    seen = []
    for move in moves:
        color = pos.to_move
        pos = pos.play(move)
        if move is not None:
            board.play(move.row, move.col, color[0])
        ours = {(c[0], (p.row, p.col)) for c in COLORS for p in pos.stones(c)}
        assert ours == set(board.list_occupied_points())
        seen.append((pos, ours))
    # Every position of the game still holds what it held: playing never changes a position.
    for earlier, stones in seen:
        assert {(c[0], (p.row, p.col)) for c in COLORS for p in earlier.stones(c)} == stones


@settings(max_examples=20)
@given(st.integers(0, 2**32))
def test_random_games_end_on_two_passes_with_only_eyes_left(seed: int) -> None:
    rng = random.Random(seed)
    # Positional superko: random play cannot cycle, so the game ends.
    end, moves = random_game(
        Position.empty(9, Rules.chinese(ko="positional-superko")), rng, max_moves=10_000
    )
    assert end.phase == "marking"
    assert moves[-2:] == [None, None]
    # The side that passed last had nothing acceptable left: every empty point is its own
    # one-point eye or illegal for it.
    color = "white" if end.to_move == "black" else "black"
    resumed = end.resume().play_as(end.to_move, None)
    assert resumed.to_move == color
    for p in resumed.empty_points():
        neighbours = [
            resumed.get(Point(p.row + dr, p.col + dc))
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= p.row + dr < 9 and 0 <= p.col + dc < 9
        ]
        own_eye = all(n == color for n in neighbours)
        assert own_eye or not resumed.is_legal(p)
