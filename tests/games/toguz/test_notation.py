"""The federation's move notation: what each move writes, and reading it back."""

from __future__ import annotations

import pytest

from arbiter.games.toguz import IllegalMove, Position
from arbiter.games.toguz.notation import NotationError, describe, parse_move, play_text


def test_the_championship_record_example_replays() -> None:
    # From the spec: "1. 76 98 2. 66 87 3. 12 76 4. 25 78 5. 48 36X"
    p = Position.initial()
    for text in ["76", "98", "66", "87", "12", "76", "25", "78", "48", "36X"]:
        p, note = play_text(p, text)
        assert str(note) == text
    assert p.tuz[1] == 6  # Black's 36X: a tuz on White's pit 6


def test_captures_and_kazans_in_the_notes() -> None:
    p = Position.initial()
    note = describe(p, 7)
    assert (note.landing, note.captured, note.kazan, note.tuz) == (6, 10, 10, False)
    assert note.playok() == "76(10)"
    quiet = describe(p, 1)
    assert (str(quiet), quiet.captured, quiet.landed_on_own_row) == ("19", 0, True)
    assert quiet.playok() == "19"


def test_a_lapping_capture_counts_every_korgool_taken() -> None:
    p = Position.setup([28] + [0] * 8 + [0] + [3] * 8, kazans=(55, 55))
    note = describe(p, 1)
    assert (str(note), note.captured, note.kazan) == ("11", 2, 57)


@pytest.mark.parametrize("mark", ["X", "x", "Х", "х"])
def test_tuz_marks_latin_and_cyrillic(mark: str) -> None:
    assert parse_move(f"36{mark}").tuz


def test_parse_playok_and_draw_offer_marks() -> None:
    m = parse_move("45(22)=")
    assert (m.pit, m.landing, m.kazan, m.draw_offer, m.tuz) == (4, 5, 22, True, False)
    assert str(m) == "45(22)="


@pytest.mark.parametrize("text", ["", "7", "0 6", "70", "07", "7A", "765", "76Y", "76(x)"])
def test_not_moves(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(text)


def test_wrong_landing_or_tuz_mark_is_refused() -> None:
    with pytest.raises(IllegalMove, match="lands in pit 6, not 5"):
        play_text(Position.initial(), "75")
    with pytest.raises(IllegalMove, match="makes no tuz"):
        play_text(Position.initial(), "76X")
    p = Position.setup([0] * 8 + [2] + [2] + [5] * 8, kazans=(59, 59))
    with pytest.raises(IllegalMove, match="not marked X"):
        play_text(p, "91")
