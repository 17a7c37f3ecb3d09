"""Every ruleset preset plays the seed's one ko rule; superko only when a game asks for it.

Seed 002 1.7 (Russian): «Запрещается выставлять камень на такой пункт (со взятием одного или
нескольких камней соперника), где только что были сняты камни игрока, если это приводит к
повторению позиции (ситуация "ко").» — "It is forbidden to place a stone (capturing one or
more of the opponent's stones) on a point where the player's stones were just removed, if this
repeats the position (a "ko")." The seed states this one rule for Japanese (1.12) and Chinese
(1.13) counting alike; it has no superko.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from arbiter.games.go import Game, Position, Rules
from arbiter.records.sgf import read_sgf, write_sgf
from tests.games.go.test_position import triple_ko


@given(st.sampled_from(["japanese", "chinese"]), st.integers(-20, 20))
def test_every_preset_plays_basic_ko(scoring: str, komi: int) -> None:
    """Seed 002 1.7: «если это приводит к повторению позиции (ситуация "ко")» — "if this
    repeats the position (a ko)": the preset of either counting is basic ko, whatever the komi.
    """
    preset = Rules.chinese(komi=komi) if scoring == "chinese" else Rules.japanese(komi=komi)
    assert preset.ko == "basic"
    assert Rules(scoring).ko == "basic"  # type: ignore[arg-type]


def test_a_triple_ko_cycles_under_chinese_counting() -> None:
    """Seed 002 1.7: «локальные попеременные взятия камней ("ко-борьба") могут продолжаться» —
    "local alternating captures (a ko fight) may go on": with Chinese counting and no setting a
    triple ko repeats the whole board, as under Japanese counting (a cycle is the referee's
    "no result", 2.7.6, not an illegal move)."""
    start, cycle = triple_ko()
    pos = Position.setup(
        9, black=start.stones("black"), white=start.stones("white"), rules=Rules.chinese()
    )
    for _ in range(2):
        for move in cycle:
            assert pos.is_legal(move), pos.why_illegal(move)
            pos = pos.play(move)
    assert pos.stones("black") == start.stones("black")
    assert pos.stones("white") == start.stones("white")


def test_superko_stays_an_explicit_setting() -> None:
    """Seed 002 1.7 (quoted above): superko is not the seed's rule, so it is refused only when
    the game's settings ask for it."""
    start, cycle = triple_ko()
    pos = Position.setup(
        9,
        black=start.stones("black"),
        white=start.stones("white"),
        rules=Rules.chinese(ko="positional-superko"),
    )
    for move in cycle[:-1]:
        pos = pos.play(move)
    assert not pos.is_legal(cycle[-1])


def test_a_chinese_record_without_a_ko_property_is_basic_ko() -> None:
    """Seed 002 1.7 (quoted above): a record with ``RU[Chinese]`` and no ``XKO`` is read with
    the seed's basic ko; a superko game writes its ko rule so it is read back as played."""
    plain = read_sgf("(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5];B[ee])")
    assert plain.rules.ko == "basic"
    game = Game.new(9, rules=Rules.chinese(ko="positional-superko")).play("E5")
    text = write_sgf(game).decode()
    assert "XKO[positional-superko]" in text
    assert read_sgf(text).rules.ko == "positional-superko"
    assert "XKO" not in write_sgf(Game.new(9, rules=Rules.chinese())).decode()
