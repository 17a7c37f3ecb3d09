"""FIDE Tournament Report Files (TRF16, with the TRF-2026 records): import and export.

A TRF is the file chess programs exchange: FIDE's rating reports, the pairing engines
(bbpPairings, JaVaFo) and Swiss-Manager read and write it. Toguz Korgool federations run their
Swiss events with chess software, so an arbiter event goes out as a TRF to be checked with
those tools, and a Swiss-Manager event comes in.

Records read and written:

- ``012`` name, ``022`` city, ``032`` federation, ``042``/``052`` dates, ``092`` free-text type
  (arbiter writes the game and who ``w`` is), ``102`` chief arbiter, ``122`` time control;
- ``001`` players: start number (the participant's number), sex, title (3 characters), name
  ``Surname, Given``, rating, federation, FIDE id, birth date, points, rank, then one block a
  round: opponent, colour, result;
- TRF-2026: ``142`` rounds (also JaVaFo's ``XXR``), ``152`` initial colour, ``162`` points of a
  win, draw, loss and pairing bye, ``192`` the system (``FIDE_DUTCH`` is ``swiss-dutch``,
  ``CUSTOM_SWISS`` ``swiss``, ``BERGER_ROUNDROBIN`` ``round-robin``, ...), ``202``/``212``
  tie-breaks, ``240`` half-, full- and zero-point byes.

Colours: TRF's ``w`` is the side that moves first: Black in Go, White in Toguz Korgool. Results
map onto ``1 = 0 + - H F U Z``: ``1``/``0`` a win and a loss over the board, ``=`` a draw (Go's
jigo), ``+``/``-`` a forfeit, ``U`` a pairing bye, ``H`` a half-point bye, ``Z`` a zero-point
bye (an absence), ``F`` a full-point bye.

>>> from arbiter.events import Event
>>> from dataclasses import replace
>>> from arbiter.events.rounds import Game, Round
>>> from arbiter.events.results import Result
>>> e = Event.create("toguz", "swiss-dutch", name="Bishkek Open", rounds=5)
>>> e, _ = e.add_player("Asanov Bakyt", rating=1850, country="KGZ", gender="m")
>>> e, _ = e.add_player("Bekova Aida", rating=1790, gender="f")
>>> game = Game(1, 1, None, black=2, white=1, result=Result.parse("1(82)-0(60)", "toguz"))
>>> e = replace(e, rounds=(Round(1, (game,)),))
>>> text = write_trf(e)
>>> print(text.splitlines()[-3])
001    1 m    Asanov, Bakyt                     1850 KGZ                         1.0    1     2 w 1
>>> str(read_trf(text).rounds[0].games[0].result)
'1-0'
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from arbiter.errors import ArbiterError
from arbiter.events.document import check
from arbiter.events.event import Event
from arbiter.events.exact import show
from arbiter.events.formats.common import (
    FormatError,
    Imported,
    Source,
    decode,
    shown,
    source_bytes,
)
from arbiter.events.participants import Gender, Player, split_name
from arbiter.events.results import GameName, Result, Side, first_mover, other
from arbiter.events.rounds import Bye, ByeKind, Game, Round
from arbiter.events.settings import SYSTEMS, Config, Settings, System, spec
from arbiter.events.standings import Row, standings
from arbiter.i18n import N_
from arbiter.limits import MAX_PLAYERS, MAX_ROUNDS, LimitError

#: TRF-2026 record 192 codes of arbiter's systems.
SYSTEM_CODES: dict[str, str] = {
    "swiss-dutch": "FIDE_DUTCH",
    "swiss": "CUSTOM_SWISS",
    "mcmahon": "CUSTOM_SWISS",
    "round-robin": "BERGER_ROUNDROBIN",
    "double-round-robin": "BERGER_DOUBLEROUNDROBIN",
    "scheveningen": "CUSTOM_SCHEVENINGEN",
    "knockout": "CUSTOM_KNOCKOUT",
    "double-elimination": "CUSTOM_KNOCKOUT",
}

#: FIDE tie-break codes (C.07) and arbiter's, for records 202 and 212.
TIEBREAKS_OUT: dict[str, str] = {
    "BH": "BH",
    "BH-C1": "BH/C1",
    "BH-M1": "BH/M1",
    "SB": "SB",
    "DE": "DE",
    "PS": "PS",
    "WIN": "WIN",
    "WON": "WON",
}
TIEBREAKS_IN: dict[str, str] = {
    "BH": "BH",
    "BH/C1": "BH-C1",
    "BH-C1": "BH-C1",
    "BH/M1": "BH-M1",
    "BH-M1": "BH-M1",
    "SB": "SB",
    "DE": "DE",
    "PS": "PS",
    "WIN": "WIN",
    "WON": "WON",
}

_ROUND_START = 91  # 0-based column of round 1's block
_BLOCK = 10


# -- reading ------------------------------------------------------------------------------------


def read_trf(
    source: Source, *, game: GameName | None = None, system: System | None = None
) -> Event:
    """The event of a TRF (a path, or the text itself); see :func:`import_trf`."""
    return import_trf(source, game=game, system=system).event


@dataclass
class _Block:
    """One round of one player, as the file has it."""

    opponent: int | None
    colour: str
    code: str


@dataclass
class _Line:
    no: int
    player: Player
    points: Fraction | None
    blocks: dict[int, _Block]


def import_trf(
    source: Source, *, game: GameName | None = None, system: System | None = None
) -> Imported:
    """Read a TRF. ``game`` is ``go`` or ``toguz`` (default: as the file's ``092`` record says
    when arbiter wrote it, else Toguz Korgool); ``system`` overrides the file's record ``192``
    (default: ``swiss-dutch`` for a Swiss, as Swiss-Manager's and the pairing engines' files
    are)."""
    data = source_bytes(source, ("0", "1", "X", "#"))
    text = decode(data, fallback="cp1252")
    notes: list[str] = []
    records: dict[str, list[str]] = defaultdict(list)
    lines: list[_Line] = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.replace("\t", " ")
        if not line.strip() or line.startswith("###"):
            continue
        code = line[:3]
        if code == "001":
            if len(lines) >= MAX_PLAYERS:
                raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
            lines.append(_player_line(line, number))
        else:
            records[code].append(line[4:] if len(line) > 4 else "")
    if not lines:
        raise FormatError("not a TRF: no player record (001)")
    kind = _game(records, game)
    chosen = system or _system(records, notes)
    if chosen not in SYSTEMS:
        raise FormatError(f"unknown system {shown(chosen)}")
    if chosen == "mcmahon" and kind != "go":
        raise FormatError("McMahon is a Go system: import as a Go event or choose another system")
    settings = _settings(records, kind, chosen, notes)
    event = Event(kind, chosen, "individual", settings)
    numbers = [ln.no for ln in lines]
    if len(set(numbers)) != len(numbers):
        raise FormatError("two players have the same start number")
    by_no = {ln.no: ln for ln in lines}
    for code in ("013", "310"):
        if records.get(code):
            notes.append(f"team records ({code}) are not read: the players' games are")
    _apply_byes_240(records, by_no, notes)
    rounds = _rounds(event, by_no, notes)
    planned = event.config.rounds
    if rounds and (planned is None or planned < len(rounds)):
        settings = settings.with_value("rounds", len(rounds))
    event = replace(
        event,
        settings=settings,
        players=tuple(by_no[n].player for n in sorted(by_no)),
        rounds=tuple(rounds),
    )
    try:
        check(event)
    except ArbiterError as exc:
        raise FormatError(f"TRF: {exc}") from None
    _check_points(event, by_no, notes)
    return Imported(event, tuple(notes))


def _game(records: dict[str, list[str]], game: GameName | None) -> GameName:
    if game is not None:
        if game not in ("go", "toguz"):
            raise FormatError(f"unknown game {game!r}: go or toguz")
        return game
    kind = " ".join(records.get("092", [])).strip().lower()
    return "go" if kind.startswith("go ") or kind == "go" else "toguz"


def _system(records: dict[str, list[str]], notes: list[str]) -> System:
    ours = re.match(r"^(?:Go|Toguz Korgool) ([a-z-]+):", " ".join(records.get("092", [])).strip())
    if ours is not None and ours.group(1) in SYSTEMS:
        return ours.group(1)  # type: ignore[return-value]  # written by arbiter: the exact system
    code = " ".join(records.get("192", [])).strip().upper()
    if not code:
        legacy = " ".join(records.get("092", [])).strip().upper()
        code = legacy if legacy.startswith("FIDE_DUTCH") else ""
    if not code:
        return "swiss-dutch"
    if code.startswith("FIDE_DUTCH"):
        return "swiss-dutch"
    if "DOUBLEROUNDROBIN" in code or code.endswith("ROUNDROBIN_G2"):
        return "double-round-robin"
    if "ROUNDROBIN" in code:
        return "round-robin"
    if "SCHEVENINGEN" in code:
        return "scheveningen"
    if "KNOCKOUT" in code:
        return "knockout"
    if code.startswith(("FIDE_DUBOV", "FIDE_BURSTEIN", "CUSTOM_SWISS", "FIDE_DOUBLESWISS")):
        if not code.startswith("CUSTOM_SWISS"):
            notes.append(f"system {code}: paired here as arbiter's Swiss")
        return "swiss"
    notes.append(f"system {code} is not one of arbiter's: the event is a Swiss (swiss-dutch)")
    return "swiss-dutch"


def _field(line: str, start: int, end: int) -> str:
    """Columns ``start``..``end`` (1-based, inclusive) of ``line``."""
    return line[start - 1 : end].strip()


def _player_line(line: str, number: int) -> _Line:
    where = f"line {number}"
    no_text = _field(line, 5, 8)
    if not no_text.isdecimal() or int(no_text) < 1:
        raise FormatError(f"{where}: the start number (columns 5-8) is {no_text!r}")
    no = int(no_text)
    name = _field(line, 15, 47)
    if not name:
        raise FormatError(f"{where}: player {no} has no name (columns 15-47)")
    surname, given = split_name(name)
    sex = _field(line, 10, 10).lower()
    gender: Gender | None = "m" if sex == "m" else "f" if sex in ("w", "f") else None
    rating_text = _field(line, 49, 52)
    rating = int(rating_text) if rating_text.isdecimal() and 0 < int(rating_text) <= 4000 else None
    fide = _field(line, 58, 68)
    born = _birth(_field(line, 70, 79))
    points_text = _field(line, 81, 84).replace(",", ".")
    try:
        points = Fraction(points_text) if points_text else None
    except (ValueError, ZeroDivisionError):
        raise FormatError(f"{where}: points (columns 81-84) {points_text!r}") from None
    player = Player(
        no=no,
        surname=surname,
        given=given,
        gender=gender,
        born=born,
        country=_field(line, 54, 56).upper(),
        title=_field(line, 11, 13),
        rating=rating,
        ids=(("fide", fide),) if fide and fide.strip("0") else (),
    )
    blocks: dict[int, _Block] = {}
    # Each round is a pass over every player: a line's rounds are bounded before they are read.
    end = _ROUND_START + MAX_ROUNDS * _BLOCK
    if line[end:].strip():
        raise LimitError(
            N_("line {line}: an event has at most {limit} rounds"), line=number, limit=MAX_ROUNDS
        )
    r = 1
    while _ROUND_START + (r - 1) * _BLOCK < min(len(line), end):
        start = _ROUND_START + (r - 1) * _BLOCK
        block = line[start : start + 8]
        blocks_r = _block(block, f"{where}, round {r}")
        if blocks_r is not None:
            blocks[r] = blocks_r
        r += 1
    return _Line(no, player, points, blocks)


def _birth(text: str) -> date | None:
    for pattern in (r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})"):
        m = re.fullmatch(pattern, text)
        if m:
            a, b, c = (int(x) for x in m.groups())
            y, mo, d = (a, b, c) if a > 31 else (c, b, a)
            try:
                return date(y, mo, d)
            except ValueError:
                return None
    return None


def _block(text: str, where: str) -> _Block | None:
    opponent_text, colour, code = text[0:4].strip(), text[5:6].strip(), text[7:8].strip()
    if not opponent_text and not colour and not code:
        return None
    if opponent_text and not opponent_text.isdecimal():
        raise FormatError(f"{where}: opponent {opponent_text!r} is not a start number")
    opponent = int(opponent_text) if opponent_text else 0
    code = code.upper()
    colour = colour.lower()
    if code and code not in "10=+-WDLHFUZ":
        raise FormatError(f"{where}: result {code!r} is not one of 1 = 0 + - W D L H F U Z")
    if colour not in ("w", "b", "-", ""):
        raise FormatError(f"{where}: colour {colour!r} is not w, b or -")
    return _Block(opponent or None, colour, code)


def _apply_byes_240(
    records: dict[str, list[str]], by_no: dict[int, _Line], notes: list[str]
) -> None:
    """Byes given by TRF-2026 records 240, where the round columns say nothing."""
    for content in records.get("240", []):
        parts = content.split()
        if len(parts) < 3 or parts[0].upper() not in ("F", "H", "Z") or not parts[1].isdecimal():
            notes.append(f"record 240 {shown(content.strip())} is not read")
            continue
        kind, r = parts[0].upper(), int(parts[1])
        for ref in parts[2:]:
            if not ref.isdecimal() or int(ref) not in by_no:
                notes.append(f"record 240: {shown(ref)} is not a start number")
                continue
            line = by_no[int(ref)]
            if r not in line.blocks:
                line.blocks[r] = _Block(None, "-", kind)


def _settings(
    records: dict[str, list[str]], game: GameName, system: System, notes: list[str]
) -> Settings:
    config = Config(Settings(), game, system, "individual")
    values: dict[str, str] = {}
    for code, key in (
        ("012", "name"),
        ("022", "city"),
        ("032", "country"),
        ("102", "chief_referee"),
    ):
        text = " ".join(r.strip() for r in records.get(code, []) if r.strip())
        if text:
            values[key] = text
    for code, key in (("042", "start"), ("052", "end")):
        text = " ".join(records.get(code, [])).strip()
        if text:
            born = _birth(text) or _short_date(text)
            if born is not None:
                values[key] = born.isoformat()
            else:
                notes.append(f"record {code}: {shown(text)} is not a date: not kept")
    control = " ".join(records.get("122", [])).strip()
    if control:
        values["time_control"] = control
    rounds = " ".join(records.get("142", []) or records.get("XXR", [])).strip()
    if rounds:
        values["rounds"] = rounds
    scoring = _points_162(" ".join(records.get("162", [])))
    if scoring:
        win, draw, loss = (
            scoring.get("W", Fraction(1)),
            scoring.get("D", Fraction(1, 2)),
            scoring.get("L", Fraction(0)),
        )
        values["scoring"] = f"{show(win)},{show(draw)},{show(loss)}"
        if "P" in scoring:
            values["bye"] = show(scoring["P"])
    codes = _tiebreaks(records, notes)
    if codes:
        values["tiebreaks"] = ",".join(codes)
    settings = Settings()
    for key, text in values.items():
        try:
            value = spec(key).codec.parse(text)
        except LimitError as exc:  # beyond the API's limits: the file is refused, not trimmed
            raise LimitError(N_("setting {key}: {error}"), key=key, error=exc.text) from None
        except (ArbiterError, ValueError, ArithmeticError) as exc:
            notes.append(f"{key} {shown(text)}: {exc}; not kept")
            continue
        if value != config.value(key):
            settings = settings.with_value(key, value)
    return settings


def _short_date(text: str) -> date | None:
    m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{2})", text.strip())
    if m is None:
        return None
    y, mo, d = (int(x) for x in m.groups())
    try:
        return date(2000 + y, mo, d)
    except ValueError:
        return None


def _points_162(text: str) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for code, value in re.findall(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", text.upper()):
        out[code] = Fraction(value)
    return out


def _tiebreaks(records: dict[str, list[str]], notes: list[str]) -> list[str]:
    text = " ".join(records.get("212", [])) or " ".join(records.get("202", []))
    if not text.strip():
        return []
    codes: list[str] = ["PTS"]  # 202 breaks ties among equal points; 212 starts with PTS
    dropped: list[str] = []
    for part in re.split(r"[,;\s]+", text.strip()):
        if not part:
            continue
        code = part.upper()
        if code == "PTS":
            continue
        mine = TIEBREAKS_IN.get(code)
        if mine is None:
            dropped.append(part)
        elif mine not in codes:
            codes.append(mine)
    if dropped:
        notes.append(f"tie-breaks {', '.join(dropped)} are not arbiter's: not kept")
    return codes


def _rounds(event: Event, by_no: dict[int, _Line], notes: list[str]) -> list[Round]:
    config = event.config
    paired = max((r for ln in by_no.values() for r in ln.blocks), default=0)
    first = first_mover(event.game)
    out: list[Round] = []
    for r in range(1, paired + 1):
        games: list[Game] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for no in sorted(by_no):
            block = by_no[no].blocks.get(r)
            if block is None or no in done:
                continue
            if block.opponent is None:
                bye = _bye(no, block, config.bye, config.scoring.win, config.scoring.draw)
                if bye is not None:
                    byes.append(bye)
                continue
            other_no = block.opponent
            if other_no not in by_no:
                raise FormatError(f"round {r}: player {no} meets {other_no}, who is not entered")
            theirs = by_no[other_no].blocks.get(r)
            if theirs is None or theirs.opponent != no:
                raise FormatError(
                    f"round {r}: player {no} meets {other_no}, but {other_no}'s round {r} "
                    "names another opponent"
                )
            done.update((no, other_no))
            games.append(_game_of(event, r, no, block, other_no, theirs, first, notes))
        games.sort(key=lambda g: min(g.black, g.white))
        games = [replace(g, table=i) for i, g in enumerate(games, start=1)]
        out.append(Round(r, tuple(games), tuple(byes)))
    return out


def _bye(no: int, block: _Block, bye: Fraction, win: Fraction, draw: Fraction) -> Bye | None:
    code = block.code
    kinds: dict[str, tuple[ByeKind, Fraction]] = {
        "U": ("bye", bye),
        "H": ("half", draw),
        "=": ("half", draw),
        "Z": ("zero", Fraction(0)),
        "-": ("zero", Fraction(0)),
        "0": ("zero", Fraction(0)),
        "F": ("absent", win),
        "+": ("absent", win),
        "1": ("absent", win),
    }
    if not code:
        return None  # not paired, nothing recorded
    kind, points = kinds.get(code, ("zero", Fraction(0)))
    return Bye(no, kind, points)


def _game_of(
    event: Event,
    r: int,
    no: int,
    mine: _Block,
    other_no: int,
    theirs: _Block,
    first: Side,
    notes: list[str],
) -> Game:
    where = f"round {r}, players {no} and {other_no}"
    if mine.colour == "w" or theirs.colour == "b":
        first_no, second_no, a, b = no, other_no, mine, theirs
    elif mine.colour == "b" or theirs.colour == "w":
        first_no, second_no, a, b = other_no, no, theirs, mine
    else:
        notes.append(f"{where}: no colours; the lower number is taken to move first")
        first_no, second_no, a, b = no, other_no, mine, theirs
    if a.colour == b.colour and a.colour in ("w", "b"):
        raise FormatError(f"{where}: both have colour {a.colour}")
    result = _result(event.game, a.code, b.code, where, notes)
    black, white = (first_no, second_no) if first == "black" else (second_no, first_no)
    komi = event.config.komi if event.game == "go" else None
    return Game(r, 0, None, black, white, komi=komi, result=result)


_WIN = {"1", "W"}
_LOSS = {"0", "L"}
_DRAW = {"=", "D"}


def _result(game: GameName, a: str, b: str, where: str, notes: list[str]) -> Result | None:
    """The result of a game from the first mover's code ``a`` and the second's ``b``."""
    if not a and not b:
        return None
    if "W" in (a, b) or "D" in (a, b) or "L" in (a, b):
        notes.append(f"{where}: a game of less than one move (W, D, L) is kept as played")
    first = first_mover(game)
    if a in _WIN and b in _LOSS:
        return Result(game, first)
    if a in _LOSS and b in _WIN:
        return Result(game, other(first))
    if a in _DRAW and b in _DRAW:
        return Result(game)
    if a == "+" and b in ("-", ""):
        return Result(game, first, "forfeit")
    if a in ("-", "") and b == "+":
        return Result(game, other(first), "forfeit")
    if a == "-" and b == "-":
        return Result(game, None, "double-forfeit")
    if a in _LOSS and b in _LOSS:
        if game == "go":
            return Result(game, None, "void")
        notes.append(f"{where}: both lost over the board: kept as lost by both by forfeit")
        return Result(game, None, "double-forfeit")
    raise FormatError(f"{where}: the results {a or ' '!r} and {b or ' '!r} do not fit together")


def _check_points(event: Event, by_no: dict[int, _Line], notes: list[str]) -> None:
    if not event.rounds:
        return
    table = standings(event)
    wrong = [
        str(row.no)
        for row in table.rows
        if by_no[row.no].points is not None and by_no[row.no].points != row.points
    ]
    if wrong:
        notes.append(
            f"the points of player(s) {', '.join(wrong[:8])}{', ...' if len(wrong) > 8 else ''} "
            "in the file differ from their results under the event's scoring"
        )


# -- writing ------------------------------------------------------------------------------------


def write_trf(event: Event, *, next_round_absent: bool = False) -> str:
    """The event as a TRF (individual events).

    With ``next_round_absent`` the block of the round to be paired next marks the participants
    who will not play it (``0000 - Z``), as pairing engines expect.
    """
    if event.discipline != "individual":
        raise FormatError(
            f"TRF export is for individual events; this is a {event.discipline} event"
        )
    config = event.config
    mover = "Black" if event.game == "go" else "White"
    game_name = "Go" if event.game == "go" else "Toguz Korgool"
    lines: list[str] = [f"012 {config.name or 'arbiter event'}"]
    for code, key in (("022", "city"), ("032", "country")):
        if config.text(key):
            lines.append(f"{code} {config.text(key)}")
    for code, key in (("042", "start"), ("052", "end")):
        if config.text(key):
            lines.append(f"{code} {config.text(key).replace('-', '/')}")
    lines.append(f"062 {len(event.players)}")
    lines.append(f"072 {sum(1 for p in event.players if p.rating is not None)}")
    lines.append(f"092 {game_name} {event.system}: w is {mover}, the first mover")
    if config.text("chief_referee"):
        lines.append(f"102 {config.text('chief_referee')}")
    if config.text("time_control"):
        lines.append(f"122 {config.text('time_control')}")
    planned = max(config.rounds or 0, len(event.rounds))
    if planned:
        lines.append(f"142 {planned}")
    initial = _initial_colour(event)
    if initial:
        lines.append(f"152 {initial}")
    scoring = config.scoring
    standard = (Fraction(1), Fraction(1, 2), Fraction(0), Fraction(1))
    if (scoring.win, scoring.draw, scoring.loss, config.bye) != standard:
        items = (("W", scoring.win), ("D", scoring.draw), ("L", scoring.loss), ("P", config.bye))
        # one code every 9 columns from column 6, its points in the 4 columns after it
        lines.append(("162 " + "".join(f" {c}{_points(v):>4}   " for c, v in items)).rstrip())
    lines.append(f"192 {SYSTEM_CODES.get(event.system, 'CUSTOM_SWISS')}")
    fide = [TIEBREAKS_OUT[c] for c in config.tiebreaks if c in TIEBREAKS_OUT]
    if fide:
        lines.append(f"202 {','.join(fide)}")
        lines.append(f"212 PTS,{','.join(fide)}")
    rows = standings(event) if event.rounds else None
    points = {row.no: row.points for row in rows.rows} if rows else {}
    ranks = _ranks(rows.rows if rows else ())
    for p in sorted(event.players, key=lambda p: p.no):
        score = points.get(p.no, Fraction(0))
        lines.append(_line(event, p, score, ranks.get(p.no, p.no), next_round_absent))
    lines.extend(_byes_240(event))
    if planned:
        lines.append(f"XXR {planned}")
    return "\n".join(lines) + "\n"


def _points(value: Fraction) -> str:
    return f"{float(value):.1f}" if (2 * value).denominator == 1 else show(value)


def _initial_colour(event: Event) -> str:
    """``W`` or ``B``: what the participant with the lowest number got in round 1 (``w`` is
    the first mover)."""
    if not event.rounds:
        return ""
    for no in sorted(event.numbers):
        for g in event.rounds[0].games_of(no):
            return "W" if g.side_of(no) == first_mover(event.game) else "B"
    return ""


def _ranks(rows: tuple[Row, ...]) -> dict[int, int]:
    """Ranks with ties allowed: participants tied on everything share the better one."""
    out: dict[int, int] = {}
    previous: tuple[object, ...] | None = None
    rank = 0
    for i, row in enumerate(rows, start=1):
        key = (row.points, row.tiebreaks)
        if key != previous:
            rank = i
        previous = key
        out[row.no] = rank
    return out


def _line(event: Event, p: Player, points: Fraction, rank: int, absent_next: bool) -> str:
    sex = {"m": "m", "f": "w"}.get(p.gender or "", " ")
    title = p.title if len(p.title) <= 3 else ""
    name = f"{p.surname}, {p.given}" if p.given else p.surname
    rating = str(p.rating) if p.rating is not None else ""
    country = p.country if len(p.country) <= 3 else ""
    born = p.born.strftime("%Y/%m/%d") if p.born else ""
    head = (
        f"001 {p.no:>4} {sex}{title:>3} {name[:33]:<33} {rating:>4} {country:<3} "
        f"{p.id_in('fide'):>11} {born:<10} {_points(points):>4} {rank:>4}"
    )
    blocks = [_block_text(event, rnd, p.no) for rnd in event.rounds]
    if absent_next and not p.plays_in(len(event.rounds) + 1):
        blocks.append("0000 - Z")
    while blocks and not blocks[-1].strip():
        blocks.pop()
    return head + "".join(f"  {b:<8}" for b in blocks).rstrip()


def _block_text(event: Event, rnd: Round, no: int) -> str:
    for game in rnd.games_of(no):
        side = game.side_of(no)
        colour = "w" if side == first_mover(event.game) else "b"
        return f"{game.opponent_of(no):>4} {colour} {_code(game.result, side)}"
    bye = rnd.bye_of(no)
    if bye is None or bye.kind == "rest":
        return ""
    code = {"bye": "U", "half": "H", "zero": "Z", "advance": "U"}.get(bye.kind)
    if code is None:  # absent: by its points
        win = event.config.scoring.win
        code = "F" if bye.points >= win else "H" if bye.points > 0 else "Z"
    return f"0000 - {code}"


def _code(result: Result | None, side: Side) -> str:
    if result is None:
        return " "
    if result.kind == "void" or result.kind == "double-forfeit":
        return "0" if result.kind == "void" else "-"
    if result.kind == "forfeit":
        return "+" if result.winner == side else "-"
    if result.winner is None:
        return "="
    return "1" if result.winner == side else "0"


def _byes_240(event: Event) -> list[str]:
    out: list[str] = []
    for rnd in event.rounds:
        by_code: dict[str, list[int]] = defaultdict(list)
        for b in rnd.byes:
            text = _block_text(event, rnd, b.no)
            code = text[-1:] if text else ""
            if code in ("F", "H", "Z"):
                by_code[code].append(b.no)
        for code in ("F", "H", "Z"):
            if by_code[code]:
                ids = "".join(f" {n:>4}" for n in sorted(by_code[code]))
                out.append(f"240 {code} {rnd.number:03d}{ids}")
    return out
