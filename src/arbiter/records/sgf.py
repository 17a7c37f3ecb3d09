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

The record's text is read into sgfmill's tree by :mod:`~arbiter.records.sgf_tree` and its
properties as arbiter's values by :mod:`~arbiter.records.sgf_values`.

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

import re

from sgfmill import sgf, sgf_grammar

from arbiter.errors import Text
from arbiter.games.go.color import Color
from arbiter.games.go.coords import MAX_SIZE, MIN_SIZE
from arbiter.games.go.game import Edit, Game, Penalty, PlayedMove
from arbiter.games.go.pairgo import PairOrder
from arbiter.games.go.position import IllegalMove, Position, SetupError
from arbiter.games.go.result import Result, ResultError, format_points
from arbiter.i18n import N_
from arbiter.limits import MAX_MOVES
from arbiter.records.sgf_counting import read_counting, write_counting
from arbiter.records.sgf_tree import SgfError, check_shape, parse_tree, shown
from arbiter.records.sgf_values import (
    HANDLED_ROOT,
    PAIR_SEPARATOR,
    read_color,
    read_info,
    read_move,
    read_number,
    read_penalties,
    read_real,
    read_rules,
    read_seat,
    read_setup,
    read_text,
    strip_penalties,
)

__all__ = ["SgfError", "check_shape", "read_sgf", "write_sgf"]


# -- reading ----------------------------------------------------------------------------------


def read_sgf(data: bytes | str) -> Game:
    """The game an SGF record holds (its main line).

    >>> read_sgf(b"(;GM[1]SZ[3])")
    Traceback (most recent call last):
    ...
    arbiter.records.sgf_tree.SgfError: board size 3 is not supported: sizes go from 5 to 25
    """
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise SgfError(
                N_("{what} is not valid Unicode (a lone surrogate)"),
                what=Text(N_("the SGF record")),
            ) from None
    game = parse_tree(data)
    root = game.get_root()
    size = game.get_size()
    if root.has_property("GM") and read_text(root, "GM").strip() not in ("1", ""):
        raise SgfError(
            N_("the record is not a Go game (GM[{gm}])"), gm=shown(read_text(root, "GM"))
        )
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise SgfError(
            f"board size {size} is not supported: sizes go from {MIN_SIZE} to {MAX_SIZE}"
        )
    rules = read_rules(root)
    info = read_info(root)
    pair = read_text(root, "XPO") == "1" or any(len(side) == 2 for side in (info.black, info.white))
    handicap = read_number(root, "HA") or 0
    black, white, empty = read_setup(root, size)
    if empty:
        raise SgfError("the root node removes stones (AE) from an empty board")
    to_move: Color = "white" if handicap >= 2 and black and not white else "black"
    if root.has_property("PL"):
        to_move = read_color(read_text(root, "PL"), "PL")
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
    penalties = list(read_penalties(root, 0))
    edits: list[Edit] = []
    for index, node in enumerate(game.get_main_sequence()):
        if index and (node.has_setup_stones() or node.has_property("PL")):
            add_black, add_white, remove = read_setup(node, size)
            next_to_move = (
                read_color(read_text(node, "PL"), "PL") if node.has_property("PL") else None
            )
            try:
                position = position.edit(
                    black=add_black, white=add_white, empty=remove, to_move=next_to_move
                )
            except SetupError as exc:
                raise SgfError(f"setup after move {len(moves)} is impossible: {exc}") from None
            move = read_move(node, size, len(moves) + 1)
            edits.append(
                Edit(
                    len(moves),
                    tuple(add_black),
                    tuple(add_white),
                    tuple(remove),
                    next_to_move,
                    "" if move is not None else read_text(node, "C"),
                )
            )
        move = read_move(node, size, len(moves) + 1)
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
        seat, out_of_turn = read_seat(node, order, len(moves), color)
        penalties += read_penalties(node, len(moves) + 1)
        moves.append(
            PlayedMove(
                color=color,
                move=point,
                seat=seat,
                out_of_turn=out_of_turn,
                time_left=read_real(node, "BL" if color == "black" else "WL"),
                periods_left=read_number(node, "OB" if color == "black" else "OW"),
                comment=strip_penalties(read_text(node, "C"), penalties),
            )
        )
    position = read_counting(game.get_last_node(), position)
    ended = None
    if root.has_property("RE"):
        try:
            ended = Result.parse(read_text(root, "RE"))
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
    if rules.ko != "basic":
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
            root.set(name_id, PAIR_SEPARATOR.join(p.name for p in players))
        if any(p.rank for p in players):
            root.set(rank_id, PAIR_SEPARATOR.join(str(p.rank or "") for p in players))
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
        if identifier not in HANDLED_ROOT and re.fullmatch(r"[A-Z]+", identifier):
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
    write_counting(record.get_last_node(), game.position)
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
