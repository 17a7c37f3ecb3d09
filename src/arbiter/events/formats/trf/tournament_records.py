"""The TRF tournament records, both ways: ``012`` name, ``022`` city, ``032`` federation,
``042``/``052`` dates, ``092`` the type (arbiter writes the game and who ``w`` is), ``102``
chief arbiter, ``122`` time control, and the TRF-2026 records ``142`` rounds (also JaVaFo's
``XXR``), ``152`` initial colour, ``162`` points of a win, draw, loss and pairing bye, ``192``
the system, ``202``/``212`` tie-breaks, ``240`` half-, full- and zero-point byes.

>>> points_162("162  W 3.0    D 1.0    L 0.0")
{'W': Fraction(3, 1), 'D': Fraction(1, 1), 'L': Fraction(0, 1)}
>>> notes: list[str] = []
>>> read_system({"192": ["FIDE_DUBOV"]}, notes)
'swiss'
>>> print(*notes)
system FIDE_DUBOV: paired here as arbiter's Swiss
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from datetime import date
from fractions import Fraction

from arbiter.events.competition import Competition
from arbiter.events.exact import show
from arbiter.events.formats.errors import FormatError
from arbiter.events.formats.trf.player_line import (
    Block,
    PlayerLine,
    block_text,
    points_text,
    read_date,
)
from arbiter.events.results import GameName, first_mover
from arbiter.events.settings import SYSTEMS, System
from arbiter.limits import shown

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
#: Either spelling read: FIDE's (``BH/C1``) and arbiter's (``BH-C1``).
TIEBREAKS_IN: dict[str, str] = {
    **{ours: ours for ours in TIEBREAKS_OUT},
    **{fide: ours for ours, fide in TIEBREAKS_OUT.items()},
}

#: A file's records other than the players': code → the contents of each line.
Records = Mapping[str, list[str]]


def read_game(records: Records, game: GameName | None) -> GameName:
    """The game: ``game`` when given, else as the ``092`` record arbiter wrote says (Toguz
    Korgool otherwise)."""
    if game is not None:
        if game not in ("go", "toguz"):
            raise FormatError(f"unknown game {game!r}: go or toguz")
        return game
    kind = " ".join(records.get("092", [])).strip().lower()
    return "go" if kind.startswith("go ") or kind == "go" else "toguz"


def read_system(records: Records, notes: list[str]) -> System:
    """The system: the exact one when arbiter wrote the file, else by record ``192``."""
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


def setting_texts(records: Records, notes: list[str]) -> dict[str, str]:
    """The texts of arbiter's settings that the records give (setting key → text)."""
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
            day = read_date(text) or _short_date(text)
            if day is not None:
                values[key] = day.isoformat()
            else:
                notes.append(f"record {code}: {shown(text)} is not a date: not kept")
    control = " ".join(records.get("122", [])).strip()
    if control:
        values["time_control"] = control
    rounds = " ".join(records.get("142", []) or records.get("XXR", [])).strip()
    if rounds:
        values["rounds"] = rounds
    scoring = points_162(" ".join(records.get("162", [])))
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
    return values


def _short_date(text: str) -> date | None:
    m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{2})", text.strip())
    if m is None:
        return None
    y, mo, d = (int(x) for x in m.groups())
    try:
        return date(2000 + y, mo, d)
    except ValueError:
        return None


def points_162(text: str) -> dict[str, Fraction]:
    """The points of record ``162`` by code (``W``, ``D``, ``L``, ``P``, ...)."""
    out: dict[str, Fraction] = {}
    for code, value in re.findall(r"([WDLAPX])\s*(\d+(?:\.\d+)?)", text.upper()):
        out[code] = Fraction(value)
    return out


def _tiebreaks(records: Records, notes: list[str]) -> list[str]:
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


def read_byes_240(records: Records, by_no: Mapping[int, PlayerLine], notes: list[str]) -> None:
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
                line.blocks[r] = Block(None, "-", kind)


def header(event: Competition) -> list[str]:
    """The tournament records written before the players (``012`` to ``212``)."""
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
    planned = planned_rounds(event)
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
        lines.append(("162 " + "".join(f" {c}{points_text(v):>4}   " for c, v in items)).rstrip())
    lines.append(f"192 {SYSTEM_CODES.get(event.system, 'CUSTOM_SWISS')}")
    fide = [TIEBREAKS_OUT[c] for c in config.tiebreaks if c in TIEBREAKS_OUT]
    if fide:
        lines.append(f"202 {','.join(fide)}")
        lines.append(f"212 PTS,{','.join(fide)}")
    return lines


def planned_rounds(event: Competition) -> int:
    """The rounds written in records ``142`` and ``XXR``: the planned ones, or those paired."""
    return max(event.config.rounds or 0, len(event.rounds))


def _initial_colour(event: Competition) -> str:
    """``W`` or ``B``: what the participant with the lowest number got in round 1 (``w`` is
    the first mover)."""
    if not event.rounds:
        return ""
    for no in sorted(event.numbers):
        for g in event.rounds[0].games_of(no):
            return "W" if g.side_of(no) == first_mover(event.game) else "B"
    return ""


def byes_240(event: Competition) -> list[str]:
    """Records ``240``: each round's full-, half- and zero-point byes."""
    out: list[str] = []
    for rnd in event.rounds:
        by_code: dict[str, list[int]] = defaultdict(list)
        for b in rnd.byes:
            text = block_text(event, rnd, b.no)
            code = text[-1:] if text else ""
            if code in ("F", "H", "Z"):
                by_code[code].append(b.no)
        for code in ("F", "H", "Z"):
            if by_code[code]:
                ids = "".join(f" {n:>4}" for n in sorted(by_code[code]))
                out.append(f"240 {code} {rnd.number:03d}{ids}")
    return out
