"""The values of an SGF record's properties, read as arbiter's: numbers, colours, points,
moves, the rules, the players, the game information, pair-go seats and penalties.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from sgfmill import sgf, sgf_grammar

from arbiter.errors import ArbiterError
from arbiter.games.go.color import Color
from arbiter.games.go.coords import CoordinateError, Point
from arbiter.games.go.game import GameInfo, Penalty, Player
from arbiter.games.go.pairgo import PairGoError, PairOrder, Seat
from arbiter.games.go.rank import Rank, RankError
from arbiter.games.go.rules import KO_RULES, Rules, RulesError
from arbiter.records.sgf_tree import SgfError, shown

#: Root properties this module reads and writes itself; others are kept in GameInfo.extra.
# fmt: off
HANDLED_ROOT = frozenset({
    "FF", "GM", "SZ", "CA", "AP", "KM", "HA", "RU", "PB", "PW", "BR", "WR", "RE", "DT", "EV",
    "RO", "PC", "GN", "GC", "TM", "OT", "AB", "AW", "AE", "PL", "B", "W", "BL", "WL", "OB",
    "OW", "XPG", "XPN", "XKO", "XTIE", "XHC", "XPO",
})
# fmt: on
PAIR_SEPARATOR = " & "
_CHINESE_RULES = {"chinese", "cn", "aga", "nz", "new zealand", "goe", "ing", "tromp-taylor", "tt"}


def read_text(node: sgf.Node, identifier: str) -> str:
    """A property's value as text ('' when absent); several values are joined."""
    if not node.has_property(identifier):
        return ""
    encoding = node.get_encoding()
    values = node.get_raw_list(identifier)
    return ", ".join(sgf_grammar.text_value(v).decode(encoding, "replace") for v in values)


def read_number(node: sgf.Node, identifier: str) -> int | None:
    """A whole number property (``HA``, ``OB``…), ``None`` when absent."""
    text = read_text(node, identifier).strip()
    if not text:
        return None
    try:
        return int(float(text))
    except ValueError:
        raise SgfError(f"{identifier}[{shown(text)}] is not a number") from None


def read_real(node: sgf.Node, identifier: str) -> float | None:
    """A real number property (``TM``, ``BL``…), ``None`` when absent."""
    text = read_text(node, identifier).strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise SgfError(f"{identifier}[{shown(text)}] is not a number") from None
    if not math.isfinite(value):
        raise SgfError(f"{identifier}[{shown(text)}] is not a number")
    return value


def read_color(text: str, identifier: str) -> Color:
    """A colour written ``B`` or ``W`` (``PL``)."""
    value = text.strip().upper()
    if value == "B":
        return "black"
    if value == "W":
        return "white"
    raise SgfError(f"{identifier}[{shown(text)}] is not a colour (B or W)")


def read_points(node: sgf.Node, identifier: str, size: int) -> list[Point]:
    """The points of a point-list property, compressed rectangles (``aa:cc``) expanded."""
    points: list[Point] = []
    if not node.has_property(identifier):
        return points
    for raw in node.get_raw_list(identifier):
        text = raw.decode("ascii", "replace").strip()
        if not text:
            continue
        corners = text.split(":")
        try:
            if len(corners) == 1:
                points.append(Point.from_sgf(text, size))
                continue
            if len(corners) != 2:
                raise CoordinateError(f"cannot read SGF point {text!r}")
            a = Point.from_sgf(corners[0], size)
            b = Point.from_sgf(corners[1], size)
        except CoordinateError as exc:
            raise SgfError(f"{identifier}: {exc}") from None
        for row in range(min(a.row, b.row), max(a.row, b.row) + 1):
            for col in range(min(a.col, b.col), max(a.col, b.col) + 1):
                points.append(Point(row, col))
    return points


def read_setup(node: sgf.Node, size: int) -> tuple[list[Point], list[Point], list[Point]]:
    """A node's setup stones: black (``AB``), white (``AW``) and removed (``AE``)."""
    return (
        read_points(node, "AB", size),
        read_points(node, "AW", size),
        read_points(node, "AE", size),
    )


def read_move(node: sgf.Node, size: int, number: int) -> tuple[Color, Point | None] | None:
    """The node's move (``None`` for a pass) with its colour, or ``None`` without one."""
    for identifier, color in (("B", "black"), ("W", "white")):
        if node.has_property(identifier):
            raw = node.get_raw(identifier).decode("ascii", "replace").strip()
            if raw == "" or (raw == "tt" and size <= 19):
                return color, None  # type: ignore[return-value]
            try:
                return color, Point.from_sgf(raw, size)  # type: ignore[return-value]
            except CoordinateError as exc:
                raise SgfError(f"move {number}: {exc}") from None
    return None


def read_rules(root: sgf.Node) -> Rules:
    """The rules of the record: ``RU``, ``KM`` and arbiter's ``XKO``, ``XTIE``, ``XHC``."""
    name = read_text(root, "RU").strip().lower()
    scoring = "chinese" if name in _CHINESE_RULES else "japanese"
    komi_text = read_text(root, "KM").strip()
    try:
        komi = float(komi_text) if komi_text else 0.0
    except ValueError:
        raise SgfError(f"KM[{komi_text}] is not a number") from None
    # Without XKO the ko rule is the seed's basic ko (1.7) for either counting.
    ko = read_text(root, "XKO").strip() or "basic"
    if ko not in KO_RULES:
        raise SgfError(f"XKO[{shown(ko)}] is not a ko rule: choose one of {', '.join(KO_RULES)}")
    try:
        return Rules(
            scoring,  # type: ignore[arg-type]
            ko=ko,
            komi=komi,
            white_wins_ties=read_text(root, "XTIE").strip().upper() == "W",
            handicap_compensation=read_text(root, "XHC").strip() == "1",
        )
    except RulesError as exc:
        raise SgfError(f"the rules of the record: {exc}") from None


def read_players(names: str, ranks: str) -> tuple[Player, ...]:
    """The players of one side from ``PB``/``BR`` (or ``PW``/``WR``); pair go: two."""
    if not names and not ranks:
        return ()
    name_list = names.split(PAIR_SEPARATOR) if PAIR_SEPARATOR in names else [names]
    rank_list = ranks.split(PAIR_SEPARATOR) if PAIR_SEPARATOR in ranks else [ranks]
    if len(name_list) > 2:
        name_list = [names]
    players = []
    for n, name in enumerate(name_list):
        rank_text = rank_list[n] if n < len(rank_list) else ""
        players.append(Player(name.strip(), lenient_rank(rank_text)))
    return tuple(players)


def lenient_rank(text: str) -> Rank | None:
    """A rank as programs write it (``5d``, ``3k*``, ``1p?``), or ``None``."""
    cleaned = text.strip().rstrip("*?").strip()
    if not cleaned:
        return None
    try:
        return Rank.parse(cleaned)
    except RankError:
        return None


def read_info(root: sgf.Node) -> GameInfo:
    """The record's game information; properties arbiter does not read are kept as extra."""
    extra = []
    for identifier in sorted(root.properties()):
        if identifier not in HANDLED_ROOT:
            encoding = root.get_encoding()
            values = tuple(v.decode(encoding, "replace") for v in root.get_raw_list(identifier))
            extra.append((identifier, values))
    return GameInfo(
        black=read_players(read_text(root, "PB"), read_text(root, "BR")),
        white=read_players(read_text(root, "PW"), read_text(root, "WR")),
        event=read_text(root, "EV"),
        round=read_text(root, "RO"),
        date=read_text(root, "DT"),
        place=read_text(root, "PC"),
        game_name=read_text(root, "GN"),
        time_limit=read_real(root, "TM"),
        overtime=read_text(root, "OT"),
        comment=read_text(root, "GC"),
        extra=tuple(extra),
    )


def read_seat(
    node: sgf.Node, order: PairOrder | None, played: int, color: Color
) -> tuple[Seat | None, bool]:
    """The pair-go seat that played a move (``XPG``, else the expected one) and whether
    out of turn."""
    if order is None:
        return None, False
    text = read_text(node, "XPG").strip()
    if not text:
        expected = order.seat(played)
        return (expected, False) if expected.color == color else (None, False)
    out_of_turn = text.endswith("*")
    try:
        seat = Seat.parse(text.rstrip("*"))
    except PairGoError as exc:
        raise SgfError(f"move {played + 1}: XPG: {exc}") from None
    return seat, out_of_turn


_PENALTY_RE = re.compile(r"^([BW]):([0-9.]+):(.*)$", re.DOTALL)


def read_penalties(node: sgf.Node, ply: int) -> list[Penalty]:
    """The penalties given after move ``ply`` (``XPN``)."""
    penalties: list[Penalty] = []
    if not node.has_property("XPN"):
        return penalties
    encoding = node.get_encoding()
    for raw in node.get_raw_list("XPN"):
        text = sgf_grammar.text_value(raw).decode(encoding, "replace")
        match = _PENALTY_RE.match(text.strip())
        if match is None:
            raise SgfError(f"XPN[{shown(text)}] is not a penalty (e.g. B:3:reason)")
        color: Color = "black" if match.group(1) == "B" else "white"
        try:
            penalties.append(Penalty(color, float(match.group(2)), match.group(3), ply))
        except (ValueError, ArbiterError):
            raise SgfError(f"XPN[{shown(text)}] is not a penalty (e.g. B:3:reason)") from None
    return penalties


def strip_penalties(comment: str, penalties: Iterable[Penalty]) -> str:
    """The comment without the penalty lines :func:`write_sgf` added."""
    for penalty in penalties:
        line = str(penalty)
        if comment == line:
            comment = ""
        elif comment.endswith("\n\n" + line):
            comment = comment[: -len(line) - 2]
    return comment
