"""The rules of play (seed 002 1.5–1.10): captures, suicide, ko, superko, passes, phases."""

import pytest

from arbiter.errors import ArbiterError
from arbiter.games.go import (
    BoardSizeError,
    CoordinateError,
    IllegalMove,
    PhaseError,
    Point,
    Position,
    Rules,
    SetupError,
)


def gtp(points: tuple[Point, ...]) -> list[str]:
    return [p.gtp() for p in points]


def test_empty_board_and_black_moves_first() -> None:
    pos = Position.empty(19)
    assert pos.size == 19
    assert pos.to_move == "black"
    assert pos.phase == "playing"
    assert pos.stones("black") == pos.stones("white") == ()
    assert len(pos.empty_points()) == 361
    assert len(pos.legal_moves()) == 361


@pytest.mark.parametrize("size", [5, 9, 13, 19, 25])
def test_sizes_5_to_25(size: int) -> None:
    pos = Position.empty(size)
    corner = Point(size - 1, size - 1)
    assert pos.play(corner).get(corner) == "black"


@pytest.mark.parametrize("size", [4, 26, 0, -1])
def test_other_sizes_refused(size: int) -> None:
    with pytest.raises(BoardSizeError, match="sizes go from 5 to 25"):
        Position.empty(size)


def test_play_returns_a_new_position_and_keeps_the_old() -> None:
    pos = Position.empty(9)
    after = pos.play("E5")
    assert pos.get("E5") is None
    assert after.get("E5") == "black"
    assert after.to_move == "white"
    with pytest.raises(AttributeError):
        after._b = b""


def test_single_capture_counts_prisoner() -> None:
    pos = Position.setup(9, black=["D5", "F5", "E6"], white=["E5"])
    after = pos.play("E4")
    assert after.get("E5") is None
    assert after.captures("black") == 1
    assert after.captures("white") == 0


def test_capture_of_several_chains_at_once() -> None:
    # Three separate white chains (one, two and one stones) share the last liberty E5.
    pos = Position.setup(
        9,
        white=["E6", "E7", "D5", "F5"],
        black=["E8", "D6", "F6", "D7", "F7", "C5", "G5", "D4", "F4"],
    )
    _, liberties = pos.chain("E6")
    assert gtp(liberties) == ["E5"]
    after = pos.play("E5")
    assert after.stones("white") == ()
    assert after.captures("black") == 4
    assert gtp(after.chain("E5")[1]) == ["E4", "D5", "F5", "E6"]


def test_capture_at_the_edge_and_corner() -> None:
    pos = Position.setup(9, white=["A1", "B1"], black=["A2", "B2"])
    after = pos.play("C1")
    assert after.stones("white") == ()
    assert after.captures("black") == 2


def test_suicide_is_forbidden() -> None:
    pos = Position.setup(9, white=["A2", "B1"], to_move="black")
    assert not pos.is_legal("A1")
    assert "suicide" in (pos.why_illegal("A1") or "")
    with pytest.raises(IllegalMove, match="Black A1 is illegal: it is suicide"):
        pos.play("A1")


def test_suicide_of_a_whole_chain_is_forbidden() -> None:
    # Black B1 would join A1 and leave the pair without liberties.
    pos = Position.setup(9, black=["A1"], white=["A2", "B2", "C1"])
    assert not pos.is_legal("B1")


def test_filling_the_last_liberty_is_legal_when_it_captures() -> None:
    # No liberties for the stone itself, but it takes the white stone A1: legal (seed 1.6).
    pos = Position.setup(9, white=["A1", "C1", "B2"], black=["A2"], to_move="black")
    assert pos.is_legal("B1")
    after = pos.play("B1")
    assert after.get("A1") is None
    assert gtp(after.chain("B1")[1]) == ["A1"]


def test_occupied_point_is_illegal() -> None:
    pos = Position.empty(9).play("E5")
    assert not pos.is_legal("E5")
    with pytest.raises(IllegalMove, match="the point is occupied"):
        pos.play("E5")


def test_snapback() -> None:
    # White throws in at B1; Black captures it; White captures three stones back at B1.
    #   3 O O O .
    #   2 X X X O
    #   1 . . X O      (A1 and B1 empty)
    pos = Position.setup(
        9,
        black=["A2", "B2", "C2", "C1"],
        white=["A3", "B3", "C3", "D2", "D1"],
        to_move="white",
    )
    pos = pos.play("B1")  # the throw-in, a stone in atari
    assert pos.get("B1") == "white"
    pos = pos.play("A1")  # Black takes it
    assert pos.get("B1") is None
    assert pos.captures("black") == 1
    assert pos.ko_point is None  # three stones would be taken back: no ko
    pos = pos.play("B1")  # snapback
    assert pos.stones("black") == ()
    assert pos.captures("white") == 5


def ko_position() -> Position:
    #     D E F G
    #  6  . X O .
    #  5  X O . O      White E5 can be taken by Black F5
    #  4  . X O .
    return Position.setup(9, black=["D5", "E6", "E4"], white=["E5", "F6", "F4", "G5"])


def test_basic_ko_forbids_the_immediate_retake() -> None:
    pos = ko_position().play("F5")
    assert pos.get("E5") is None
    assert pos.ko_point == Point.from_gtp("E5", 9)
    assert not pos.is_legal("E5")
    assert "ko" in (pos.why_illegal("E5") or "")
    with pytest.raises(IllegalMove, match="retakes the ko"):
        pos.play("E5")
    # A ko threat elsewhere and its answer lift the restriction.
    pos = pos.play("A9").play("B9")
    assert pos.ko_point is None
    assert pos.play("E5").get("F5") is None


def test_basic_ko_is_lifted_by_a_pass() -> None:
    pos = ko_position().play("F5").pass_move().pass_move()
    assert pos.phase == "marking"
    pos = pos.resume()
    assert pos.to_move == "white"
    assert pos.is_legal("E5")


def test_ko_point_only_binds_the_opponent() -> None:
    pos = ko_position().play("F5")
    # Black may fill the ko himself (GTP lets one side play twice).
    assert pos.is_legal("E5", "black")
    assert pos.play_as("black", "E5").get("E5") == "black"


def triple_ko() -> tuple[Position, list[str]]:
    """Three kos (rows 2, 5, 8 of a 9×9 board) and the six captures that cycle through them.

    In each ko Black captures on the D point, White on the C point. At the start White holds
    kos 1 and 3, Black holds ko 2, and it is Black's turn.
    """
    black: list[str] = []
    white: list[str] = []
    for line in (2, 5, 8):
        black += [f"B{line}", f"C{line - 1}", f"C{line + 1}"]
        white += [f"E{line}", f"D{line - 1}", f"D{line + 1}"]
    white += ["C2", "C8"]
    black += ["D5"]
    cycle = ["D2", "C5", "D8", "C2", "D5", "C8"]
    return Position.setup(9, black=black, white=white), cycle


def test_triple_ko_cycles_under_basic_ko() -> None:
    start, cycle = triple_ko()
    pos = start
    for _ in range(3):
        for move in cycle:
            pos = pos.play(move)
    assert pos.to_move == start.to_move
    assert pos.stones("black") == start.stones("black")
    assert pos.stones("white") == start.stones("white")
    assert pos.captures("black") == pos.captures("white") == 9


@pytest.mark.parametrize("ko", ["positional-superko", "situational-superko"])
def test_triple_ko_is_refused_under_superko(ko: str) -> None:
    start, cycle = triple_ko()
    pos = Position.setup(
        9,
        black=start.stones("black"),
        white=start.stones("white"),
        rules=Rules.chinese(ko=ko),
    )
    for move in cycle[:-1]:
        pos = pos.play(move)
    last = cycle[-1]
    assert not pos.is_legal(last)
    assert f"repeats an earlier position ({ko})" in (pos.why_illegal(last) or "")
    with pytest.raises(IllegalMove, match="repeats an earlier position"):
        pos.play(last)
    # Other moves stay legal; a pass is always legal.
    assert pos.is_legal("J9")
    assert pos.is_legal(None)


def test_superko_history_branches_independently() -> None:
    start, cycle = triple_ko()
    pos = Position.setup(
        9,
        black=start.stones("black"),
        white=start.stones("white"),
        rules=Rules.chinese(ko="positional-superko"),
    )
    line = [pos]
    for move in cycle[:-1]:
        line.append(line[-1].play(move))
    # A side line from the middle must not see the moves of the main line after its branch.
    side = line[2].play("J9").play("J1")
    assert side.is_legal("J2")
    assert not line[-1].is_legal(cycle[-1])
    # Replaying the same moves from an early position gives the same verdict.
    again = line[0]
    for move in cycle[:-1]:
        again = again.play(move)
    assert not again.is_legal(cycle[-1])


def test_two_passes_end_play_and_start_the_dead_stone_phase() -> None:
    pos = Position.empty(9).play("E5").pass_move()
    assert pos.phase == "playing" and pos.passes == 1
    pos = pos.play("D5").pass_move()
    assert pos.passes == 1  # a move in between resets the count
    pos = pos.pass_move()
    assert pos.phase == "marking"
    assert pos.legal_moves() == ()
    assert not pos.is_legal("A1")
    with pytest.raises(IllegalMove, match="resume play first"):
        pos.play("A1")


def test_dead_stone_marking_and_acceptance() -> None:
    pos = Position.setup(9, black=["C3", "C4", "G7"], white=["G6"]).pass_move().pass_move()
    pos = pos.toggle_dead("C3")
    assert gtp(pos.dead_stones) == ["C3", "C4"]  # the whole chain
    pos = pos.toggle_dead("G6").accept("black")
    assert pos.accepted == {"black"}
    assert pos.phase == "marking"
    # A change of the marking withdraws the acceptances.
    pos = pos.toggle_dead("G6")
    assert pos.accepted == frozenset()
    assert gtp(pos.dead_stones) == ["C3", "C4"]
    pos = pos.accept("white").accept("black")
    assert pos.phase == "finished"
    with pytest.raises(IllegalMove, match="the game is over"):
        pos.play("A1")
    with pytest.raises(PhaseError):
        pos.toggle_dead("C3")


def test_unmarking_restores_a_chain() -> None:
    pos = Position.setup(9, black=["C3"]).pass_move().pass_move()
    assert pos.toggle_dead("C3").toggle_dead("C3").dead_stones == ()


def test_resume_after_disagreement() -> None:
    pos = Position.setup(9, black=["C3"], to_move="white").play("D4").pass_move().pass_move()
    # White played D4, Black passed, White passed: Black (who did not pass last) moves.
    marked = pos.toggle_dead("C3").accept("white")
    resumed = marked.resume()
    assert resumed.phase == "playing"
    assert resumed.to_move == "black"
    assert resumed.dead_stones == ()
    assert resumed.passes == 0
    assert resumed.pass_move().phase == "playing"


def test_marking_errors() -> None:
    pos = Position.empty(9)
    with pytest.raises(PhaseError, match="after two passes"):
        pos.toggle_dead("A1")
    with pytest.raises(PhaseError):
        pos.accept("black")
    with pytest.raises(PhaseError):
        pos.resume()
    ended = pos.pass_move().pass_move()
    with pytest.raises(PhaseError, match="no stone on A1"):
        ended.toggle_dead("A1")


def test_coordinates_errors_are_clear() -> None:
    pos = Position.empty(9)
    with pytest.raises(CoordinateError, match=r"'K5' is off the 9×9 board \(A1 to J9\)"):
        pos.play("K5")
    with pytest.raises(CoordinateError, match="cannot read point 'I5'"):
        pos.play("I5")
    with pytest.raises(CoordinateError, match="off the 9×9 board"):
        pos.play(Point(9, 0))
    with pytest.raises(CoordinateError, match=r"not 3\.5"):
        pos.play(3.5)  # type: ignore[arg-type]
    assert issubclass(CoordinateError, ArbiterError)


def test_moves_as_points_pairs_and_vertices_agree() -> None:
    pos = Position.empty(19)
    assert pos.play("Q16") == pos.play(Point(15, 15)) == pos.play((15, 15)) == pos.play("q16")
    assert pos.play("pass") == pos.play(None) == pos.pass_move()


def test_setup_errors() -> None:
    with pytest.raises(SetupError, match="two stones are set up"):
        Position.setup(9, black=["A1"], white=["A1"])
    with pytest.raises(SetupError, match="no liberties"):
        Position.setup(9, black=["A1"], white=["A2", "B1"])
    with pytest.raises(SetupError, match="side to move"):
        Position.setup(9, to_move="red")  # type: ignore[arg-type]


def test_play_as_lets_one_side_play_twice() -> None:
    pos = Position.empty(9).play_as("black", "A1").play_as("black", "B1")
    assert gtp(pos.stones("black")) == ["A1", "B1"]
    assert pos.to_move == "white"
    assert pos.last_move == ("black", Point(0, 1))


def test_edit_adds_and_removes_stones() -> None:
    pos = Position.empty(9).play("E5").play("D5")
    edited = pos.edit(black=["A1"], empty=["D5"], to_move="white")
    assert edited.get("D5") is None and edited.get("A1") == "black"
    assert edited.to_move == "white"
    assert edited.captures("black") == pos.captures("black")


def test_equality_and_hash_follow_the_state() -> None:
    a = Position.empty(9).play("E5").play("C3")
    c = Position.setup(9, black=["E5"], white=["C3"])
    assert a.zobrist_hash == c.zobrist_hash
    assert a == c
    assert hash(a) == hash(c)
    assert a != Position.empty(9)


def test_diagram() -> None:
    pos = Position.setup(9, black=["C3"], white=["G7"])
    lines = pos.diagram().splitlines()
    assert lines[0] == "   A B C D E F G H J"
    assert lines[3] == " 7 . . + . . . O . . 7"
    assert lines[7] == " 3 . . X . . . + . . 3"


def test_board_rows() -> None:
    board = Position.setup(5, black=["A1"], white=["E5"]).board
    assert board[0][0] == "black"
    assert board[4][4] == "white"
    assert sum(v is not None for row in board for v in row) == 2


def test_pickle_and_copy_keep_the_position_and_its_history() -> None:
    import copy
    import pickle

    start, cycle = triple_ko()
    pos = Position.setup(
        9,
        black=start.stones("black"),
        white=start.stones("white"),
        rules=Rules.chinese(ko="positional-superko"),
    )
    for move in cycle[:-1]:
        pos = pos.play(move)
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos
    assert not again.is_legal(cycle[-1])  # the superko history came along
    assert copy.deepcopy(pos) is pos
    assert again.play("J9").get("J9") == "white"
