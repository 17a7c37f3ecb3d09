"""SVG boards: well-formed, complete, and showing what the position holds."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from arbiter.games.go import Position as GoPosition
from arbiter.games.toguz import Position as ToguzPosition
from arbiter.render.go_svg import board_svg as go_svg
from arbiter.render.toguz_svg import board_svg as toguz_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_toguz_board_shows_every_pit_count_kazans_and_tuzes() -> None:
    rng = random.Random(4)
    pos = ToguzPosition.initial()
    while pos.tuz == (None, None) or pos.tuz[0] is None or pos.tuz[1] is None:
        pos = (
            pos.play(rng.choice(pos.legal_moves())) if not pos.is_over else ToguzPosition.initial()
        )
    root = parse(toguz_svg(pos))
    pits = [g for g in root.iter(f"{NS}g") if g.get("class") == "pit"]
    assert len(pits) == 18
    white_tuz, black_tuz = pos.tuz
    for g in pits:
        side, pit = g.get("data-side"), int(g.get("data-pit") or 0)
        texts = [t.text for t in g.iter(f"{NS}text")]
        owner_tuz = white_tuz if side == "black" else black_tuz
        if pit == owner_tuz:
            assert texts == ["X"]
        else:
            n = 9 if side == "black" else 0
            assert texts == [str(pos.pits[n + pit - 1])]
    labels = "".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert f"White: {pos.kazans[0]}" in labels and f"Black: {pos.kazans[1]}" in labels


def test_toguz_last_move_is_highlighted_and_flipping_swaps_rows() -> None:
    svg = toguz_svg(ToguzPosition.initial().play(7), last=("white", 7, "black", 6))
    root = parse(svg)
    highlighted = {
        (g.get("data-side"), g.get("data-pit"))
        for g in root.iter(f"{NS}g")
        if g.get("class") == "pit" and 'stroke-width="4"' in ET.tostring(g, encoding="unicode")
    }
    assert highlighted == {("white", "7"), ("black", "6")}
    normal, flipped = (
        toguz_svg(ToguzPosition.initial()),
        toguz_svg(ToguzPosition.initial(), flipped=True),
    )
    assert normal.index('data-side="black"') < normal.index('data-side="white"')
    assert flipped.index('data-side="white"') < flipped.index('data-side="black"')
    assert parse(toguz_svg(ToguzPosition.initial("bestemshe"))) is not None


def test_go_board_has_every_point_and_the_stones() -> None:
    pos = GoPosition.empty(13)
    for move in ["D4", "K10", "C3", "pass", "pass"]:
        pos = pos.play(move)
    pos = pos.toggle_dead("C3")
    root = parse(go_svg(pos, size=300))
    points = [g for g in root.iter(f"{NS}g") if g.get("class") == "point"]
    assert len(points) == 13 * 13
    stones = {
        (c.get("class") or "")
        for c in root.iter(f"{NS}circle")
        if (c.get("class") or "").startswith("stone")
    }
    assert "stone black dead" in stones or "stone black last dead" in stones
    assert any(s.startswith("stone white") for s in stones)
    assert root.get("width") == "300"


def test_go_last_move_marked() -> None:
    svg = go_svg(GoPosition.empty(9).play("E5").play("C3"))
    assert 'class="stone white last"' in svg and 'class="stone black"' in svg
