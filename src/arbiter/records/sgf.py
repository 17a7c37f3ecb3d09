"""SGF (FF[4]) records of Go games, read and written through sgfmill (spec go.md, pair-go.md).

Written: size, komi (``KM``), handicap (``HA``, ``AB``), rules (``RU``), players and ranks
(``PB``/``PW``/``BR``/``WR``; in pair go ``Man & Woman``), result (``RE``), date, event, round,
place, game name and comment (``DT``, ``EV``, ``RO``, ``PC``, ``GN``, ``GC``), time settings
(``TM``, ``OT``), the clock after each move (``BL``/``WL``, ``OB``/``OW``), comments (``C``),
setup stones (``AB``/``AW``/``AE``, ``PL``) and penalties, which go into the comment of the
move after which they were given and, to be read back exactly, into private properties.

Private properties (arbiter's own, ignored by other programs): ``XPG`` on a move, the pair-go
seat that played it (``bm``, ``bw``, ``wm``, ``ww``; ``*`` added when out of turn); ``XPN`` the
penalties given after a move (``B:3:reason``); root ``XKO`` (the ko rule), ``XTIE[W]`` (White
wins ties), ``XHC[1]`` (Chinese handicap compensation) and ``XPO[1]`` (a pair-go game).

Read: any SGF a program writes, as long as it is a Go game: the main line is followed
(variations are skipped), passes as ``[]`` or ``[tt]``, setup stones anywhere in the line, text
in UTF-8 or in the character set ``CA`` names (a file without ``CA`` is read as UTF-8 when it is
valid UTF-8, else as ISO-8859-1, the SGF default). Markup (``LB``, ``TR``, …) is not kept.

>>> from arbiter.games.go import Game
>>> game = Game.new(9, handicap=2).play("C7").play("pass")
>>> text = write_sgf(game).decode()
>>> "HA[2]" in text and "AB[cg][gc]" in text and "W[cc]" in text
True
>>> read_sgf(text.encode()).position == game.position
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from sgfmill import sgf, sgf_grammar

from arbiter.errors import ArbiterError, Text
from arbiter.games.go.color import Color
from arbiter.games.go.coords import MAX_SIZE, MIN_SIZE, CoordinateError, Point
from arbiter.games.go.game import Edit, Game, GameInfo, Penalty, PlayedMove, Player
from arbiter.games.go.pairgo import PairGoError, PairOrder, Seat
from arbiter.games.go.position import IllegalMove, Position, SetupError
from arbiter.games.go.rank import Rank, RankError
from arbiter.games.go.result import Result, ResultError, format_points
from arbiter.games.go.rules import KO_RULES, Rules, RulesError
from arbiter.i18n import N_
from arbiter.limits import MAX_MOVES, MAX_SGF_DEPTH, MAX_SGF_NODES

#: Root properties this module reads and writes itself; others are kept in GameInfo.extra.
# fmt: off
_HANDLED_ROOT = frozenset({
    "FF", "GM", "SZ", "CA", "AP", "KM", "HA", "RU", "PB", "PW", "BR", "WR", "RE", "DT", "EV",
    "RO", "PC", "GN", "GC", "TM", "OT", "AB", "AW", "AE", "PL", "B", "W", "BL", "WL", "OB",
    "OW", "XPG", "XPN", "XKO", "XTIE", "XHC", "XPO",
})
# fmt: on
_PAIR_SEPARATOR = " & "
_CHINESE_RULES = {"chinese", "cn", "aga", "nz", "new zealand", "goe", "ing", "tromp-taylor", "tt"}


class SgfError(ArbiterError):
    """An SGF record that cannot be read as a Go game."""


def _shown(text: str) -> str:
    # a property's text in an error: one line, cut short (a value may be megabytes long)
    words = " ".join(text.split())
    return words if len(words) <= 40 else words[:37] + "..."


# -- reading ----------------------------------------------------------------------------------


def read_sgf(data: bytes | str) -> Game:
    """The game an SGF record holds (its main line).

    >>> read_sgf(b"(;GM[1]SZ[3])")
    Traceback (most recent call last):
    ...
    arbiter.records.sgf.SgfError: board size 3 is not supported: sizes go from 5 to 25
    """
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise SgfError(
                N_("{what} is not valid Unicode (a lone surrogate)"),
                what=Text(N_("the SGF record")),
            ) from None
    game = _parse(data)
    root = game.get_root()
    size = game.get_size()
    if root.has_property("GM") and _text(root, "GM").strip() not in ("1", ""):
        raise SgfError(N_("the record is not a Go game (GM[{gm}])"), gm=_shown(_text(root, "GM")))
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SgfError(
            f"board size {size} is not supported: sizes go from {MIN_SIZE} to {MAX_SIZE}"
        )
    rules = _read_rules(root)
    info = _read_info(root)
    pair = _text(root, "XPO") == "1" or any(len(side) == 2 for side in (info.black, info.white))
    handicap = _read_number(root, "HA") or 0
    black, white, empty = _setup(root, size)
    if empty:
        raise SgfError("the root node removes stones (AE) from an empty board")
    to_move: Color = "white" if handicap >= 2 and black and not white else "black"
    if root.has_property("PL"):
        to_move = _color(_text(root, "PL"), "PL")
    try:
        start = Position.setup(
            size,
            black=black,
            white=white,
            to_move=to_move,
            rules=rules,
            handicap=handicap if handicap >= 2 else 0,
        )
    except SetupError as exc:
        raise SgfError(f"the start position is impossible: {exc}") from None
    order = PairOrder.for_handicap(start.handicap) if pair else None
    position = start
    moves: list[PlayedMove] = []
    penalties = list(_read_penalties(root, 0))
    edits: list[Edit] = []
    for index, node in enumerate(game.get_main_sequence()):
        if index and (node.has_setup_stones() or node.has_property("PL")):
            add_black, add_white, remove = _setup(node, size)
            next_to_move = _color(_text(node, "PL"), "PL") if node.has_property("PL") else None
            try:
                position = position.edit(
                    black=add_black, white=add_white, empty=remove, to_move=next_to_move
                )
            except SetupError as exc:
                raise SgfError(f"setup after move {len(moves)} is impossible: {exc}") from None
            move = _read_move(node, size, len(moves) + 1)
            edits.append(
                Edit(
                    len(moves),
                    tuple(add_black),
                    tuple(add_white),
                    tuple(remove),
                    next_to_move,
                    "" if move is not None else _text(node, "C"),
                )
            )
        move = _read_move(node, size, len(moves) + 1)
        if move is None:
            continue
        if len(moves) >= MAX_MOVES:
            raise SgfError(N_("a record holds at most {limit} moves"), limit=MAX_MOVES)
        color, point = move
        if position.phase == "marking":
            position = position.resume()
        try:
            position = position.play_as(color, point)
        except IllegalMove as exc:
            raise SgfError(
                N_("move {n} is illegal: {error}"), n=len(moves) + 1, error=exc.text
            ) from None
        seat, out_of_turn = _read_seat(node, order, len(moves), color)
        penalties += _read_penalties(node, len(moves) + 1)
        moves.append(
            PlayedMove(
                color=color,
                move=point,
                seat=seat,
                out_of_turn=out_of_turn,
                time_left=_read_real(node, "BL" if color == "black" else "WL"),
                periods_left=_read_number(node, "OB" if color == "black" else "OW"),
                comment=_strip_penalties(_text(node, "C"), penalties),
            )
        )
    ended = None
    if root.has_property("RE"):
        try:
            ended = Result.parse(_text(root, "RE"))
        except ResultError as exc:
            raise SgfError(f"RE: {exc}") from None
        if ended.reason == "unknown":
            ended = None
    return Game(
        start=start,
        position=position,
        info=info,
        moves=tuple(moves),
        pair=order,
        penalties=tuple(penalties),
        ended=ended,
        edits=tuple(edits),
    )


_START = re.compile(rb"\(\s*;")
_MARK = re.compile(rb"[\[();]")


def check_shape(data: bytes) -> None:
    """Refuse a record whose first game tree nests variations deeper than
    :data:`~arbiter.limits.MAX_SGF_DEPTH` or holds more than
    :data:`~arbiter.limits.MAX_SGF_NODES` nodes, in one linear pass before sgfmill builds
    its tree (``(;B[aa](;W[bb](…`` a hundred thousand deep would be as many nested objects).

    >>> check_shape(b"(;GM[1]C[a ( or ; in a comment](;B[aa])(;B[bb]))")
    >>> check_shape(b"(;GM[1]" + b"(;B[aa]" * 1001)
    Traceback (most recent call last):
    ...
    arbiter.records.sgf.SgfError: the record's variations nest deeper than 1000 levels
    """
    found = _START.search(data)
    if found is None:
        return  # sgfmill says what is wrong
    pos, depth, nodes = found.start(), 0, 0
    while (mark := _MARK.search(data, pos)) is not None:
        pos = mark.end()
        char = mark.group()
        if char == b"[":
            pos = _value_end(data, pos)
            if pos < 0:
                return  # an unterminated value: sgfmill refuses it
        elif char == b"(":
            depth += 1
            if depth > MAX_SGF_DEPTH:
                raise SgfError(
                    N_("the record's variations nest deeper than {limit} levels"),
                    limit=MAX_SGF_DEPTH,
                )
        elif char == b")":
            depth -= 1
            if depth <= 0:
                return  # the end of the first game tree: sgfmill reads no further
        else:
            nodes += 1
            if nodes > MAX_SGF_NODES:
                raise SgfError(N_("the record holds more than {limit} nodes"), limit=MAX_SGF_NODES)


def _value_end(data: bytes, pos: int) -> int:
    """Where the property value opened before ``pos`` ends (after its ``]``), or -1."""
    while True:
        end = data.find(b"]", pos)
        if end < 0:
            return -1
        back = end
        while back > pos and data[back - 1] == 0x5C:  # backslashes escaping this "]"
            back -= 1
        if (end - back) % 2 == 0:
            return end + 1
        pos = end + 1


def _parse(data: bytes) -> sgf.Sgf_game:
    check_shape(data)
    try:
        coarse = sgf_grammar.parse_sgf_game(data)
    except ValueError as exc:
        raise SgfError(f"malformed SGF: {exc}") from None
    root_props = coarse.sequence[0]
    charset = None
    if "CA" in root_props:
        charset = root_props["CA"][0].decode("ascii", "replace").strip()
    encoding = _choose_encoding(data, charset)
    try:
        return sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding=encoding)
    except ValueError as exc:
        raise SgfError(f"malformed SGF: {exc}") from None


def _choose_encoding(data: bytes, charset: str | None) -> str:
    """The encoding to read the text with: ``CA`` if it names one the data fits, else UTF-8
    when the data is valid UTF-8, else ISO-8859-1 (the SGF default)."""
    if charset:
        try:
            data.decode(charset)
            return charset
        except (LookupError, ValueError):  # unknown, not this data's, or a NUL in the name
            pass
    try:
        data.decode("utf-8")
        return "UTF-8"
    except UnicodeDecodeError:
        return "ISO-8859-1"


def _text(node: sgf.Node, identifier: str) -> str:
    """A property's value as text ('' when absent); several values are joined."""
    if not node.has_property(identifier):
        return ""
    encoding = node.get_encoding()
    values = node.get_raw_list(identifier)
    return ", ".join(sgf_grammar.text_value(v).decode(encoding, "replace") for v in values)


def _read_number(node: sgf.Node, identifier: str) -> int | None:
    text = _text(node, identifier).strip()
    if not text:
        return None
    try:
        return int(float(text))
    except ValueError:
        raise SgfError(f"{identifier}[{_shown(text)}] is not a number") from None


def _read_real(node: sgf.Node, identifier: str) -> float | None:
    text = _text(node, identifier).strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise SgfError(f"{identifier}[{_shown(text)}] is not a number") from None
    if not math.isfinite(value):
        raise SgfError(f"{identifier}[{_shown(text)}] is not a number")
    return value


def _color(text: str, identifier: str) -> Color:
    value = text.strip().upper()
    if value == "B":
        return "black"
    if value == "W":
        return "white"
    raise SgfError(f"{identifier}[{_shown(text)}] is not a colour (B or W)")


def _points(node: sgf.Node, identifier: str, size: int) -> list[Point]:
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


def _setup(node: sgf.Node, size: int) -> tuple[list[Point], list[Point], list[Point]]:
    return _points(node, "AB", size), _points(node, "AW", size), _points(node, "AE", size)


def _read_move(node: sgf.Node, size: int, number: int) -> tuple[Color, Point | None] | None:
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


def _read_rules(root: sgf.Node) -> Rules:
    name = _text(root, "RU").strip().lower()
    scoring = "chinese" if name in _CHINESE_RULES else "japanese"
    komi_text = _text(root, "KM").strip()
    try:
        komi = float(komi_text) if komi_text else 0.0
    except ValueError:
        raise SgfError(f"KM[{komi_text}] is not a number") from None
    ko = _text(root, "XKO").strip() or ("positional-superko" if scoring == "chinese" else "basic")
    if ko not in KO_RULES:
        raise SgfError(f"XKO[{_shown(ko)}] is not a ko rule: choose one of {', '.join(KO_RULES)}")
    try:
        return Rules(
            scoring,  # type: ignore[arg-type]
            ko=ko,
            komi=komi,
            white_wins_ties=_text(root, "XTIE").strip().upper() == "W",
            handicap_compensation=_text(root, "XHC").strip() == "1",
        )
    except RulesError as exc:
        raise SgfError(f"the rules of the record: {exc}") from None


def _read_players(names: str, ranks: str) -> tuple[Player, ...]:
    if not names and not ranks:
        return ()
    name_list = names.split(_PAIR_SEPARATOR) if _PAIR_SEPARATOR in names else [names]
    rank_list = ranks.split(_PAIR_SEPARATOR) if _PAIR_SEPARATOR in ranks else [ranks]
    if len(name_list) > 2:
        name_list = [names]
    players = []
    for n, name in enumerate(name_list):
        rank_text = rank_list[n] if n < len(rank_list) else ""
        players.append(Player(name.strip(), _lenient_rank(rank_text)))
    return tuple(players)


def _lenient_rank(text: str) -> Rank | None:
    """A rank as programs write it (``5d``, ``3k*``, ``1p?``), or ``None``."""
    cleaned = text.strip().rstrip("*?").strip()
    if not cleaned:
        return None
    try:
        return Rank.parse(cleaned)
    except RankError:
        return None


def _read_info(root: sgf.Node) -> GameInfo:
    extra = []
    for identifier in sorted(root.properties()):
        if identifier not in _HANDLED_ROOT:
            encoding = root.get_encoding()
            values = tuple(v.decode(encoding, "replace") for v in root.get_raw_list(identifier))
            extra.append((identifier, values))
    return GameInfo(
        black=_read_players(_text(root, "PB"), _text(root, "BR")),
        white=_read_players(_text(root, "PW"), _text(root, "WR")),
        event=_text(root, "EV"),
        round=_text(root, "RO"),
        date=_text(root, "DT"),
        place=_text(root, "PC"),
        game_name=_text(root, "GN"),
        time_limit=_read_real(root, "TM"),
        overtime=_text(root, "OT"),
        comment=_text(root, "GC"),
        extra=tuple(extra),
    )


def _read_seat(
    node: sgf.Node, order: PairOrder | None, played: int, color: Color
) -> tuple[Seat | None, bool]:
    if order is None:
        return None, False
    text = _text(node, "XPG").strip()
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


def _read_penalties(node: sgf.Node, ply: int) -> list[Penalty]:
    penalties: list[Penalty] = []
    if not node.has_property("XPN"):
        return penalties
    encoding = node.get_encoding()
    for raw in node.get_raw_list("XPN"):
        text = sgf_grammar.text_value(raw).decode(encoding, "replace")
        match = _PENALTY_RE.match(text.strip())
        if match is None:
            raise SgfError(f"XPN[{_shown(text)}] is not a penalty (e.g. B:3:reason)")
        color: Color = "black" if match.group(1) == "B" else "white"
        try:
            penalties.append(Penalty(color, float(match.group(2)), match.group(3), ply))
        except (ValueError, ArbiterError):
            raise SgfError(f"XPN[{_shown(text)}] is not a penalty (e.g. B:3:reason)") from None
    return penalties


def _strip_penalties(comment: str, penalties: Iterable[Penalty]) -> str:
    """The comment without the penalty lines :func:`write_sgf` added."""
    for penalty in penalties:
        line = str(penalty)
        if comment == line:
            comment = ""
        elif comment.endswith("\n\n" + line):
            comment = comment[: -len(line) - 2]
    return comment


# -- writing ----------------------------------------------------------------------------------


def write_sgf(game: Game) -> bytes:
    """The game as an SGF FF[4] record in UTF-8 (see the module documentation)."""
    size = game.position.size
    record = sgf.Sgf_game(size, encoding="UTF-8")
    root = record.get_root()
    info = game.info
    rules = game.start.rules
    root.set("AP", ("arbiter", _version()))
    root.set("KM", rules.komi)
    if game.start.handicap:
        root.set("HA", game.start.handicap)
    root.set("RU", "Japanese" if rules.scoring == "japanese" else "Chinese")
    default_ko = "basic" if rules.scoring == "japanese" else "positional-superko"
    if rules.ko != default_ko:
        root.set("XKO", rules.ko)
    if rules.white_wins_ties:
        root.set("XTIE", "W")
    if rules.handicap_compensation:
        root.set("XHC", "1")
    if game.pair is not None:
        root.set("XPO", "1")
    for color, name_id, rank_id in (("black", "PB", "BR"), ("white", "PW", "WR")):
        players = info.players(color)  # type: ignore[arg-type]
        if any(p.name for p in players):
            root.set(name_id, _PAIR_SEPARATOR.join(p.name for p in players))
        if any(p.rank for p in players):
            root.set(rank_id, _PAIR_SEPARATOR.join(str(p.rank or "") for p in players))
    result = game.result
    if result is not None:
        root.set("RE", str(result))
    for identifier, value in (
        ("DT", info.date),
        ("EV", info.event),
        ("RO", info.round),
        ("PC", info.place),
        ("GN", info.game_name),
        ("GC", info.comment),
        ("OT", info.overtime),
    ):
        if value:
            root.set(identifier, value)
    if info.time_limit is not None:
        root.set("TM", info.time_limit)
    for identifier, values in info.extra:
        if identifier not in _HANDLED_ROOT and re.fullmatch(r"[A-Z]+", identifier):
            root.set_raw_list(identifier, [v.encode("utf-8") for v in values])
    start = game.start
    black, white = start.stones("black"), start.stones("white")
    if black or white:
        root.set_setup_stones(list(black), list(white))
    if start.to_move == "white" and not start.handicap:
        root.set("PL", "w")
    # The root's comment belongs to the record as read (GameInfo.extra): no penalty text there.
    _write_penalties(root, [p for p in game.penalties if p.ply == 0], comment=False)
    edits = list(game.edits)
    for number, played in enumerate(game.moves, start=1):
        for edit in edits:
            if edit.ply == number - 1:
                _write_edit(record.extend_main_sequence(), edit)
        node = record.extend_main_sequence()
        letter = "B" if played.color == "black" else "W"
        if played.move is None:
            node.set_raw(letter, b"")
        else:
            node.set_move(letter.lower(), tuple(played.move))
        if played.time_left is not None:
            node.set(letter + "L", played.time_left)
        if played.periods_left is not None:
            node.set("O" + letter, played.periods_left)
        if played.seat is not None:
            node.set("XPG", played.seat.code + ("*" if played.out_of_turn else ""))
        if played.comment:
            node.set("C", played.comment)
        _write_penalties(node, [p for p in game.penalties if p.ply == number])
    for edit in edits:
        if edit.ply == len(game.moves):
            _write_edit(record.extend_main_sequence(), edit)
    return bytes(record.serialise())


def _write_edit(node: sgf.Node, edit: Edit) -> None:
    node.set_setup_stones(list(edit.black), list(edit.white), list(edit.empty))
    if edit.to_move is not None:
        node.set("PL", edit.to_move[0])
    if edit.comment:
        node.set("C", edit.comment)


def _write_penalties(node: sgf.Node, penalties: list[Penalty], comment: bool = True) -> None:
    if not penalties:
        return
    node.set_raw_list(
        "XPN",
        [
            sgf_grammar.escape_text(
                f"{p.color[0].upper()}:{format_points(p.points)}:{p.reason}".encode()
            )
            for p in penalties
        ],
    )
    if comment:
        for penalty in penalties:
            node.add_comment_text(str(penalty))


def _version() -> str:
    from arbiter import __version__

    return __version__
