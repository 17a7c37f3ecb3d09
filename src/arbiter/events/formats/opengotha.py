"""OpenGotha tournament files (XML): import and export.

OpenGotha, the pairing program of European Go, keeps a whole tournament in one XML file
(``tournament.dtd``): ``Players/Player`` (``name``, ``firstName``, ``rank``, ``rating``,
``club``, ``country``, ``egfPin``, ``participating`` one digit per round, ``registeringStatus``
``FIN`` or ``PRE``), ``Games/Game`` (``roundNumber``, ``tableNumber``, ``blackPlayer`` and
``whitePlayer`` as keys: name and first name without blanks, upper case; ``handicap``;
``result`` ``RESULT_BLACKWINS``, ``RESULT_WHITEWINS_BYDEF``, ...), ``ByePlayers/ByePlayer``,
``Teams/Team/Board`` and ``TournamentParameterSet`` (general, handicap, placement, pairing).

The mapping, both ways (docs/formats.md gives the whole table):

- the event is McMahon when the first placement criterion is ``MMS``, else Swiss; a file whose
  games are all board games between teams is a team event (imported only);
- ``participating`` and ``registeringStatus``: ``entered`` is the first round played, ``withdrawn``
  the round after the last; a pre-registered player (``PRE``) is entered but takes part in no
  round (``withdrawn`` 1); a round skipped within a paired round is a bye worth the file's
  absence value (``genMMS2ValueAbsent`` in McMahon, ``genNBW2ValueAbsent`` in Swiss);
- results: Black wins ``B+``, White wins ``W+``, equal ``0`` (jigo), both lose ``Void``; the
  ``_BYDEF`` forms are forfeits (``+-``, ``-+``, ``--``);
- placement criteria become tiebreak codes (``MMS``, ``NBW`` → ``PTS``, ``SOSM``/``SOSW`` →
  ``SOS``, ``SOSOSM`` → ``SOSOS``, ``SODOSM`` → ``SODOS``, ``CUSSM`` → ``CUSS``, ``DC`` → ``DE``).

>>> xml = '''<Tournament dataVersion="201"><Players>
... <Player name="Minieri" firstName="Davide" rank="3D" club="75Ju" country="FR"/>
... <Player name="Daguenet" firstName="Mathieu" rank="3D" participating="10000"/>
... </Players><Games>
... <Game roundNumber="1" tableNumber="1" blackPlayer="DAGUENETMATHIEU"
...       whitePlayer="MINIERIDAVIDE" handicap="0" result="RESULT_WHITEWINS"/>
... </Games></Tournament>'''
>>> event = read_opengotha(xml)
>>> event.system, [p.name for p in event.players], str(event.rounds[0].games[0].result)
('swiss', ['Minieri Davide', 'Daguenet Mathieu'], 'W+')
>>> read_opengotha(write_opengotha(event)) == event
True
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from xml.etree import ElementTree as ET

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from arbiter.clock.control import Absolute, ByoYomi, Canadian, Fischer, TimeControl
from arbiter.errors import ArbiterError
from arbiter.events.document import check
from arbiter.events.event import Event, Lineup
from arbiter.events.formats.common import FormatError, Imported, Source, shown, source_bytes
from arbiter.events.participants import Player, Team
from arbiter.events.results import Result
from arbiter.events.rounds import Bye, ByeKind, Game, Round
from arbiter.events.settings import Config, Settings, spec
from arbiter.events.standings import criteria
from arbiter.games.go.rank import Rank, RankError
from arbiter.i18n import N_
from arbiter.limits import MAX_PLAYERS, LimitError

#: OpenGotha's result names, read as arbiter results (``None``: no result yet).
RESULTS_IN: dict[str, str | None] = {
    "RESULT_UNKNOWN": None,
    "RESULT_BLACKWINS": "B+",
    "RESULT_WHITEWINS": "W+",
    "RESULT_EQUAL": "0",
    "RESULT_BOTHLOSE": "Void",
    "RESULT_BLACKWINS_BYDEF": "+-",
    "RESULT_WHITEWINS_BYDEF": "-+",
    "RESULT_BOTHLOSE_BYDEF": "--",
    # a draw by default has no arbiter form: it is kept as a jigo
    "RESULT_EQUAL_BYDEF": "0",
}
#: Results arbiter cannot hold; imported as no result, with a note.
UNREPRESENTABLE = {
    "RESULT_BOTHWIN": "both players win",
    "RESULT_BOTHWIN_BYDEF": "both players win by default",
    "RESULT_BOTHLOOSE": "",  # Pairgoth's spelling, read as RESULT_BOTHLOSE below
}

#: Placement criteria (OpenGotha's long names) and the tiebreak codes they become.
CRITERIA_IN: dict[str, str] = {
    "MMS": "MMS",
    "NBW": "PTS",
    "SOSM": "SOS",
    "SOSW": "SOS",
    "SOSM-1": "SOS-1",
    "SOSW-1": "SOS-1",
    "SOSOSM": "SOSOS",
    "SOSOSW": "SOSOS",
    "SODOSM": "SODOS",
    "SODOSW": "SODOS",
    "CUSSM": "CUSS",
    "CUSSW": "CUSS",
    "DC": "DE",
    "SDC": "DE",
}
#: Team placement criteria and the team tiebreak codes they become.
TEAM_CRITERIA_IN: dict[str, str] = {
    "TEAMP": "MP",
    "BDW": "GP",
    "BDW3U": "BRD",
    "BDW2U": "BRD",
    "BDW1U": "BRD",
}
#: Tiebreak codes written as OpenGotha criteria; ``*`` is ``M`` in McMahon, ``W`` in Swiss.
CRITERIA_OUT: dict[str, str] = {
    "SOS": "SOS*",
    "SOS-1": "SOS*-1",
    "SOSOS": "SOSOS*",
    "SODOS": "SODOS*",
    "CUSS": "CUSS*",
    "DE": "DC",
    "BH": "SOSW",
    "BH-C1": "SOSW-1",
    "SB": "SODOSW",
}
#: OpenGotha's seeding systems (paiMaSeedSystem1/2) and arbiter's names of them.
SEEDING_IN: dict[str, str] = {
    "SPLITANDRANDOM": "split-and-random",
    "SPLITANDFOLD": "split-and-fold",
    "SPLITANDSLIP": "split-and-slip",
}
SEEDING_OUT: dict[str, str] = {v: k for k, v in SEEDING_IN.items()}
MAX_CRITERIA = 6
MAX_ROUNDS = 20  # OpenGotha's participation strings have 20 digits

_TIME_SYSTEMS = ("SUDDENDEATH", "STDBYOYOMI", "CANBYOYOMI", "FISCHER")


def player_key(surname: str, given: str) -> str:
    """OpenGotha's key of a player: name and first name without blanks, in upper case.

    >>> player_key("Nemo", "André"), player_key("de Vos", "Dave")
    ('NEMOANDRÉ', 'DEVOSDAVE')
    """
    return re.sub(r"\s+", "", surname + given).upper()


# -- reading ------------------------------------------------------------------------------------


def read_opengotha(source: Source, *, teams: bool = False) -> Event:
    """The event held by an OpenGotha tournament file: a path, or the XML text itself.

    See :func:`import_opengotha` for ``teams`` and for the notes on what could not be kept.
    """
    return import_opengotha(source, teams=teams).event


def import_opengotha(source: Source, *, teams: bool = False) -> Imported:
    """Read an OpenGotha tournament file (a path, or the XML as text or bytes).

    OpenGotha lays teams over an individual tournament: every tournament has its players'
    games, and may have teams whose boards make matches of them. By default the individual
    tournament is imported (the teams are dropped, with a note); ``teams=True`` imports the
    team tournament instead: teams, line-ups and matches (every game must then be a board game
    between two teams).
    """
    root = _root(source)
    return _Reader(root).imported(teams)


def opengotha_parameters(source: Source) -> dict[str, dict[str, str]]:
    """The raw attributes of each parameter set of an OpenGotha file, by element name
    (``GeneralParameterSet``, ``HandicapParameterSet``, ``PairingParameterSet``, ...), and the
    placement criteria as ``{"1": "MMS", "2": "SOSM", ...}`` under ``PlacementCriteria``.

    For programs that need OpenGotha's own pairing weights (which an arbiter event does not
    keep).
    """
    root = _root(source)
    out: dict[str, dict[str, str]] = {}
    tps = root.find("TournamentParameterSet")
    if tps is not None:
        for element in tps:
            out[element.tag] = dict(element.attrib)
        out["PlacementCriteria"] = {
            c.get("number", str(i + 1)): c.get("name", "NULL")
            for i, c in enumerate(tps.findall("PlacementParameterSet/PlacementCriteria/*"))
        }
    return out


def _root(source: Source) -> ET.Element:
    data = source_bytes(source, ("<",))
    try:
        # defusedxml refuses entity declarations (billion laughs) and external entities (XXE)
        # in the parser, whatever the file's encoding: a search of the bytes for "<!ENTITY"
        # misses them in a UTF-16 file.
        root: ET.Element = SafeET.fromstring(
            data if isinstance(data, bytes) else data.encode("utf-8"), forbid_dtd=False
        )
    except DefusedXmlException:
        raise FormatError("OpenGotha file: entity declarations are not accepted") from None
    except ET.ParseError as exc:
        raise FormatError(f"not an OpenGotha file: the XML is malformed ({exc})") from None
    except (LookupError, ValueError) as exc:  # an encoding expat does not know or cannot read
        raise FormatError(f"not an OpenGotha file: {shown(str(exc), 80)}") from None
    if root.tag != "Tournament":
        raise FormatError(
            f"not an OpenGotha tournament file: the root element is <{root.tag}>, not <Tournament>"
        )
    return root


@dataclass
class _Entry:
    """A player as the file has it."""

    key: str
    player: Player
    participating: str
    pre: bool
    correction: int = 0


def _int(element: ET.Element, name: str, default: int, what: str) -> int:
    text = element.get(name)
    if text is None or not text.strip():
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise FormatError(f"{what}: {name}={shown(text)} is not a whole number") from None


def _collapse(text: str | None) -> str:
    return " ".join((text or "").split())


def parse_rank(text: str) -> Rank:
    """An OpenGotha rank: ``5K``, ``2D``, ``1P``; a bare number is a kyu rank (as OpenGotha
    reads it).

    >>> parse_rank("18K"), parse_rank("3d"), parse_rank("12"), parse_rank("2P")
    (Rank('18k'), Rank('3d'), Rank('12k'), Rank('2p'))
    """
    cleaned = text.strip()
    if cleaned.isdecimal():
        cleaned += "k"
    try:
        return Rank.parse(cleaned)
    except RankError:
        raise FormatError(f"rank {shown(text)} is not a Go rank such as 5K, 2D or 1P") from None


def rank_text(rank: Rank | None) -> str:
    """A rank as OpenGotha writes it (``5K``, ``2D``, ``1P``); no rank is ``30K``."""
    return str(rank).upper() if rank is not None else "30K"


def rating_from_rank(rank: Rank | None) -> int:
    """OpenGotha's rating of a player known only by rank ("INI": 30k is -900, 1d is 2100)."""
    value = min(rank.value, 8) if rank is not None else -30
    return (value + 30) * 100 - 900


class _Reader:
    def __init__(self, root: ET.Element) -> None:
        self.root = root
        self.notes: list[str] = []
        tps = root.find("TournamentParameterSet")
        self.general = _attrs(tps, "GeneralParameterSet")
        self.handicap = _attrs(tps, "HandicapParameterSet")
        self.pairing = _attrs(tps, "PairingParameterSet")
        self.placement = [
            (c.get("name") or "NULL").strip()
            for c in sorted(
                (tps.findall("PlacementParameterSet/PlacementCriteria/PlacementCriterion"))
                if tps is not None
                else [],
                key=lambda c: _int(c, "number", 0, "PlacementCriterion"),
            )
        ]
        self.placement = [c for c in self.placement if c.upper() != "NULL"]
        first = self.placement[0].upper() if self.placement else ""
        self.mcmahon = first in ("MMS", "STS")
        self.version = root.get("dataVersion")
        # OpenGotha reads a missing numberOfRounds as 5
        self.planned = _int(_elem(self.general), "numberOfRounds", 5, "GeneralParameterSet")

    # -- entries ------------------------------------------------------------------------------

    def entries(self) -> list[_Entry]:
        out: list[_Entry] = []
        seen: dict[str, int] = {}
        found = self.root.findall("Players/Player")
        if len(found) > MAX_PLAYERS:
            raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
        for i, el in enumerate(found, start=1):
            what = f"player {i}"
            surname, given = _collapse(el.get("name")), _collapse(el.get("firstName"))
            if not surname:
                raise FormatError(f"{what}: the player has no name")
            key = player_key(surname, given)
            if key in seen:
                raise FormatError(
                    f"{what}: {surname} {given} has the same OpenGotha key as player {seen[key]}"
                )
            seen[key] = i
            rank = parse_rank(el.get("rank") or "30K")
            rating: int | None = _int(el, "rating", -900, what)
            if self.version is not None and self.version.isdecimal() and int(self.version) < 201:
                rating = (rating or 0) + 2050  # OpenGotha's rating scale before data version 201
            origin = (el.get("ratingOrigin") or "").strip().upper()
            if origin.startswith("INI") or rating is None or not 0 <= rating <= 4000:
                rating = None
            ids = tuple(
                sorted(
                    (registry, value)
                    for registry, value in (
                        ("aga", (el.get("agaId") or "").strip()),
                        ("egf", (el.get("egfPin") or "").strip()),
                        ("ffg", (el.get("ffgLicence") or "").strip()),
                    )
                    if value
                )
            )
            country = (el.get("country") or "").strip().upper()
            player = Player(
                no=i,
                surname=surname,
                given=given,
                club=_collapse(el.get("club")),
                country=country,
                rank=rank,
                rating=rating,
                ids=ids,
            )
            status = (el.get("registeringStatus") or "FIN").strip().upper()
            participating = (el.get("participating") or "").strip()
            correction = min(max(_int(el, "smmsCorrection", 0, what), -9), 9)
            out.append(_Entry(key, player, participating, status == "PRE", correction))
        return out

    # -- the whole file -----------------------------------------------------------------------

    def imported(self, as_teams: bool) -> Imported:
        entries = self.entries()
        by_key = {e.key: e for e in entries}
        games = self.root.findall("Games/Game")
        teams = self.root.findall("Teams/Team")
        boards = self._boards(teams, by_key)
        fits = bool(boards) and self._team_tournament(games, boards, entries)
        if as_teams:
            if not fits:
                raise FormatError(
                    "not a team tournament: "
                    + (
                        "the file has no teams"
                        if not teams
                        else "some games are not board games between two teams"
                    )
                )
            event = self._team_event(entries, by_key, games, teams, boards)
        else:
            if teams:
                hint = " (import with teams to read the team tournament)" if fits else ""
                self.notes.append(f"the file's {len(teams)} team(s) are not kept{hint}")
            event = self._individual_event(entries, by_key, games)
        try:
            check(event)
        except ArbiterError as exc:
            raise FormatError(f"OpenGotha file: {exc}") from None
        return Imported(event, tuple(self.notes))

    def _settings(self, team: bool) -> Settings:
        g = self.general
        system = "swiss" if team or not self.mcmahon else "mcmahon"
        discipline = "team" if team else "individual"
        config = Config(Settings(), "go", system, discipline)  # type: ignore[arg-type]
        values: dict[str, str] = {}
        values["name"] = _collapse(g.get("name"))
        values["city"] = _collapse(g.get("location"))
        values["chief_referee"] = _collapse(g.get("director"))
        for key, attr in (("start", "beginDate"), ("end", "endDate")):
            text = (g.get(attr) or "").strip()
            if text:
                try:
                    values[key] = date.fromisoformat(text).isoformat()
                except ValueError:
                    self.notes.append(f"{attr} {shown(text)} is not a date (YYYY-MM-DD): not kept")
        if self.planned:
            values["rounds"] = str(self.planned)
        if g.get("komi"):
            values["komi"] = g["komi"].strip()
        control = self._time_control()
        if control is not None:
            values["time_control"] = str(control)
        values["round_down"] = "yes" if _flag(g.get("genRoundDownNBWMMS"), True) else "no"
        if self.mcmahon:
            for key, attr, default in (("floor", "genMMFloor", "20K"), ("bar", "genMMBar", "4D")):
                rank = parse_rank(g.get(attr) or default)
                values[key] = str(min(rank, Rank(8)))
            zero = parse_rank(g.get("genMMZero") or "30K")
            if zero != Rank(-30):
                self.notes.append(
                    f"genMMZero {rank_text(zero)}: McMahon scores are counted from 30K here"
                )
        values["bye"] = str(Fraction(self._value("Bye"), 2))
        h = self.handicap
        ceiling = _int(_elem(h), "hdCeiling", 9, "HandicapParameterSet")
        by_mms = _flag(h.get("hdBasedOnMMS"), True) or (h.get("hdBase") or "").upper() == "MMS"
        values["handicap"] = (
            "none" if ceiling == 0 or team else "mms" if self.mcmahon and by_mms else "rank"
        )
        if ceiling > 0:
            values["handicap_max"] = str(min(ceiling, 9))
        values["handicap_correction"] = str(
            min(max(_int(_elem(h), "hdCorrection", 1, "HandicapParameterSet"), 0), 9)
        )
        values["handicap_threshold"] = str(parse_rank(h.get("hdNoHdRankThreshold") or "1D"))
        codes = self._tiebreaks(team)
        if codes:
            values["tiebreaks"] = ",".join(codes)
        values.update(self._pairing())
        settings = Settings()
        for key, text in values.items():
            try:
                value = spec(key).codec.parse(text)
            except LimitError as exc:  # beyond the API's limits: the file is refused, not trimmed
                raise LimitError(N_("setting {key}: {error}"), key=key, error=exc.text) from None
            except (ArbiterError, ValueError, ArithmeticError) as exc:
                self.notes.append(f"setting {key}: {exc}; not kept")
                continue
            if text and value != config.value(key):
                settings = settings.with_value(key, value)
        return settings

    def _pairing(self) -> dict[str, str]:
        """The seeding methods by round and the geography weights of the pairing parameters."""
        pps = self.pairing
        if not pps:
            return {}
        out: dict[str, str] = {}
        first = SEEDING_IN.get((pps.get("paiMaSeedSystem1") or "").upper())
        second = SEEDING_IN.get((pps.get("paiMaSeedSystem2") or "").upper(), first)
        if first is not None and second is not None:
            last = _int(_elem(pps), "paiMaLastRoundForSeedSystem1", 2, "pairing")
            methods = [first] if first == second else [first] * min(max(last, 0), 20) + [second]
            out["pairing_seeding"] = ",".join(methods)
        geo = _int(_elem(pps), "paiSeAvoidSameGeo", 1, "PairingParameterSet")
        for key, attr in (
            ("avoid_club", "paiSePreferMMSDiffRatherThanSameClub"),
            ("avoid_country", "paiSePreferMMSDiffRatherThanSameCountry"),
        ):
            if attr in pps:
                value = _int(_elem(pps), attr, 0, "PairingParameterSet")
                out[key] = str(min(max(value, 0), 9) if geo else 0)
        return out

    def _value(self, what: str) -> int:
        """OpenGotha's value (in half points) of a bye (``Bye``) or an absence (``Absent``)."""
        attr = f"gen{'MMS' if self.mcmahon else 'NBW'}2Value{what}"
        value = _int(_elem(self.general), attr, 0, "GeneralParameterSet")
        return min(max(value, 0), 2)

    def _time_control(self) -> TimeControl | None:
        g = _elem(self.general)
        what = "GeneralParameterSet"
        system = (g.get("complementaryTimeSystem") or "SUDDENDEATH").strip().upper()
        basic = _int(g, "basicTime", 0, what) * 60
        try:
            if system == "STDBYOYOMI" and _int(g, "stdByoYomiTime", 0, what) > 0:
                return ByoYomi(basic, 1, _int(g, "stdByoYomiTime", 0, what))
            if system == "CANBYOYOMI" and _int(g, "canByoYomiTime", 0, what) > 0:
                moves = max(_int(g, "nbMovesCanTime", 1, what), 1)
                return Canadian(basic, moves, _int(g, "canByoYomiTime", 0, what))
            if system == "FISCHER" and _int(g, "fischerTime", 0, what) > 0 and basic > 0:
                return Fischer(basic, _int(g, "fischerTime", 0, what))
            if basic > 0:
                return Absolute(basic)
        except ArbiterError as exc:
            self.notes.append(f"time control: {exc}; not kept")
        return None

    def _tiebreaks(self, team: bool) -> list[str]:
        codes: list[str] = []
        if team:
            tpps = self.root.findall(
                "TeamTournamentParameterSet/TeamPlacementParameterSet/PlacementCriteria/*"
            )
            names = [(c.get("name") or "NULL").strip() for c in tpps]
            table = TEAM_CRITERIA_IN
        else:
            names = self.placement
            table = CRITERIA_IN
            if not self.mcmahon and names and names[0].upper() == "NBW":
                # in a Go Swiss the points are the McMahon score from 0, as the default names it
                names = ["MMS", *names[1:]]
        dropped: list[str] = []
        for name in names:
            if name.upper() == "NULL":
                continue
            code = table.get(name.upper())
            if code is None:
                dropped.append(name)
            elif code not in codes:
                codes.append(code)
        if dropped:
            self.notes.append(
                f"placement criteria {', '.join(dropped)} have no arbiter tiebreak: not kept"
            )
        return codes

    # -- individual tournaments ---------------------------------------------------------------

    def _individual_event(
        self, entries: list[_Entry], by_key: dict[str, _Entry], games: list[ET.Element]
    ) -> Event:
        settings = self._settings(team=False)
        system = "mcmahon" if self.mcmahon else "swiss"
        event = Event("go", system, "individual", settings)  # type: ignore[arg-type]
        config = event.config
        by_round: dict[int, list[Game]] = defaultdict(list)
        busy: dict[int, set[str]] = defaultdict(set)
        for i, el in enumerate(games, start=1):
            r, table = self._where(el, i)
            black, white = (
                self._player(el, "blackPlayer", by_key),
                self._player(el, "whitePlayer", by_key),
            )
            for key in (black.key, white.key):
                if key in busy[r]:
                    raise FormatError(f"round {r}: {by_key[key].player.name} plays two games")
                busy[r].add(key)
            handicap = min(max(_int(el, "handicap", 0, f"game {i}"), 0), 9)
            by_round[r].append(
                Game(
                    r,
                    table,
                    None,
                    black.player.no,
                    white.player.no,
                    handicap=handicap,
                    komi=config.handicap_komi if handicap else config.komi,
                    result=self._result(el, r, table),
                )
            )
        byes = self._byes(by_key)
        for r, keys in byes.items():
            for key in keys:
                if key in busy[r]:
                    raise FormatError(f"round {r}: {by_key[key].player.name} has a bye and a game")
        paired = max([*by_round, *byes], default=0)
        span = min(max(self.planned, paired), MAX_ROUNDS)
        bye_points = Fraction(self._value("Bye"), 2)
        absent_value = self._value("Absent")
        rounds: list[Round] = []
        for r in range(1, paired + 1):
            round_byes = [Bye(by_key[k].player.no, "bye", bye_points) for k in byes.get(r, [])]
            if absent_value:
                kind: ByeKind = "half" if absent_value == 1 else "absent"
                for e in entries:
                    if (
                        e.pre
                        or _plays(e.participating, r)
                        or e.key in busy[r]
                        or e.key in byes.get(r, [])
                    ):
                        continue
                    round_byes.append(Bye(e.player.no, kind, Fraction(absent_value, 2)))
            round_games = tuple(sorted(by_round.get(r, []), key=lambda g: g.table))
            tables = [g.table for g in round_games]
            if len(set(tables)) != len(tables):
                raise FormatError(f"round {r}: two games at the same table")
            rounds.append(Round(r, round_games, tuple(sorted(round_byes, key=lambda b: b.no))))
        players = []
        for e in entries:
            active = {
                r for r in range(1, paired + 1) if e.key in busy[r] or e.key in byes.get(r, [])
            }
            players.append(_span(e, span, active))
        if any(e.pre for e in entries):
            self.notes.append(
                f"{sum(e.pre for e in entries)} pre-registered player(s) (PRE) are entered "
                "but withdrawn from round 1"
            )
        corrections = ",".join(f"{e.player.no}:{e.correction:+d}" for e in entries if e.correction)
        if corrections and self.mcmahon:
            try:
                settings = settings.with_text("mms_corrections", corrections)
            except ArbiterError as exc:
                self.notes.append(f"McMahon corrections (smmsCorrection): {exc}; not kept")
        event = replace(event, settings=settings, players=tuple(players), rounds=tuple(rounds))
        return _enough_rounds(event)

    def _where(self, el: ET.Element, i: int) -> tuple[int, int]:
        r = _int(el, "roundNumber", 0, f"game {i}")
        table = _int(el, "tableNumber", 0, f"game {i}")
        if not 1 <= r <= 99:
            raise FormatError(f"game {i}: roundNumber {r} is not a round from 1 to 99")
        if table < 1:
            raise FormatError(f"game {i}: tableNumber {table} is not a table number")
        return r, table

    def _player(self, el: ET.Element, attr: str, by_key: dict[str, _Entry]) -> _Entry:
        ref = el.get(attr) or ""
        key = player_key(ref, "")
        found = by_key.get(key)
        if found is None:
            raise FormatError(
                f"round {el.get('roundNumber')} table {el.get('tableNumber')}: "
                f"{attr} {shown(ref)} is not a player of the file"
            )
        return found

    def _result(self, el: ET.Element, r: int, table: int) -> Result | None:
        name = (el.get("result") or "RESULT_UNKNOWN").strip().upper()
        if name == "RESULT_BOTHLOOSE":
            name = "RESULT_BOTHLOSE"
        if name in RESULTS_IN:
            text = RESULTS_IN[name]
            if name == "RESULT_EQUAL_BYDEF":
                self.notes.append(f"round {r} table {table}: a draw by default is kept as jigo")
            return Result.parse(text, "go") if text is not None else None
        if name in UNREPRESENTABLE:
            self.notes.append(
                f"round {r} table {table}: {name} ({UNREPRESENTABLE[name]}) has no arbiter "
                "result: the game is left without one"
            )
            return None
        raise FormatError(f"round {r} table {table}: unknown result {shown(name)}")

    def _byes(self, by_key: dict[str, _Entry]) -> dict[int, list[str]]:
        out: dict[int, list[str]] = defaultdict(list)
        # Pairgoth writes its byes in a <ByePlayer> container instead of <ByePlayers>
        found = self.root.findall("ByePlayers/ByePlayer") + self.root.findall("ByePlayer/ByePlayer")
        for i, el in enumerate(found, start=1):
            r = _int(el, "roundNumber", 0, f"bye {i}")
            if not 1 <= r <= 99:
                raise FormatError(f"bye {i}: roundNumber {r} is not a round from 1 to 99")
            key = player_key(el.get("player") or "", "")
            if key not in by_key:
                raise FormatError(f"bye {i}: {shown(el.get('player'))} is not a player of the file")
            if key not in out[r]:
                out[r].append(key)
        return out

    # -- team tournaments ---------------------------------------------------------------------

    def _boards(
        self, teams: list[ET.Element], by_key: dict[str, _Entry]
    ) -> dict[int, dict[str, tuple[int, int]]]:
        """round → player key → (team index in file order, board)."""
        out: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
        for t, team in enumerate(teams):
            for b in team.findall("Board"):
                r = _int(b, "roundNumber", 0, f"team {team.get('teamName')}")
                board = _int(b, "boardNumber", 0, f"team {team.get('teamName')}")
                key = player_key(b.get("player") or "", "")
                if key in by_key and r >= 1 and board >= 1:
                    out[r][key] = (t, board)
        return out

    def _team_tournament(
        self,
        games: list[ET.Element],
        boards: dict[int, dict[str, tuple[int, int]]],
        entries: list[_Entry],
    ) -> bool:
        if not games:
            members = {k for r in boards.values() for k in r}
            return all(e.key in members for e in entries if not e.pre)
        for el in games:
            r = _int(el, "roundNumber", 0, "game")
            b = boards.get(r, {}).get(player_key(el.get("blackPlayer") or "", ""))
            w = boards.get(r, {}).get(player_key(el.get("whitePlayer") or "", ""))
            if b is None or w is None or b[0] == w[0] or b[1] != w[1]:
                return False
        return True

    def _team_event(
        self,
        entries: list[_Entry],
        by_key: dict[str, _Entry],
        games: list[ET.Element],
        teams: list[ET.Element],
        boards: dict[int, dict[str, tuple[int, int]]],
    ) -> Event:
        settings = self._settings(team=True)
        size = _int(
            _elem(_attrs(self.root, "TeamTournamentParameterSet/TeamGeneralParameterSet")),
            "teamSize",
            4,
            "TeamGeneralParameterSet",
        )
        settings = settings.with_value("boards", min(max(size, 1), 20))
        order = sorted(range(len(teams)), key=lambda t: _int(teams[t], "teamNumber", t + 1, "team"))
        number = {t: i for i, t in enumerate(order, start=1)}
        no_of = {e.key: e.player.no for e in entries}
        rounds_with_games = sorted({_int(g, "roundNumber", 0, "game") for g in games})
        paired = max(rounds_with_games, default=0)
        line: dict[tuple[int, int], dict[int, int]] = defaultdict(
            dict
        )  # (round, team) → board → player
        for r, members in boards.items():
            for key, (t, board) in members.items():
                line[(r, number[t])][board] = no_of[key]
        team_values: list[Team] = []
        for t in order:
            no = number[t]
            first = min((r for (r, n) in line if n == no), default=None)
            roster = (
                [line[(first, no)][b] for b in sorted(line[(first, no)])]
                if first is not None
                else []
            )
            reserves: list[int] = []
            for r in sorted(r for (r, n) in line if n == no):
                for b in sorted(line[(r, no)]):
                    p = line[(r, no)][b]
                    if p not in roster and p not in reserves:
                        reserves.append(p)
            name = _collapse(teams[t].get("teamName")) or f"Team {no}"
            team_values.append(Team(no, name, tuple(roster), tuple(reserves)))
        lineups: list[Lineup] = []
        for team in team_values:
            default = team.players[:size]
            for r in range(1, paired + 1):
                given = line.get((r, team.no))
                if given is None:
                    continue
                players = tuple(given.get(b) for b in range(1, size + 1))
                if players != default:
                    lineups.append(Lineup(r, team.no, players))
        event = Event("go", "swiss", "team", settings)
        config = event.config
        by_round: dict[int, list[tuple[int, Game]]] = defaultdict(list)
        for i, el in enumerate(games, start=1):
            r, og_table = self._where(el, i)
            black = self._player(el, "blackPlayer", by_key)
            white = self._player(el, "whitePlayer", by_key)
            tb, board = boards[r][black.key]
            tw, _ = boards[r][white.key]
            handicap = min(max(_int(el, "handicap", 0, f"game {i}"), 0), 9)
            game = Game(
                r,
                0,
                board,
                number[tb],
                number[tw],
                black.player.no,
                white.player.no,
                handicap=handicap,
                komi=config.handicap_komi if handicap else config.komi,
                result=self._result(el, r, og_table),
            )
            by_round[r].append((og_table, game))
        rounds: list[Round] = []
        for r in range(1, paired + 1):
            matches: dict[frozenset[int], list[tuple[int, Game]]] = defaultdict(list)
            for og_table, game in by_round.get(r, []):
                matches[frozenset((game.black, game.white))].append((og_table, game))
            ordered = sorted(matches.values(), key=lambda gs: min(t for t, _ in gs))
            round_games: list[Game] = []
            for table, match in enumerate(ordered, start=1):
                seen_boards: set[int | None] = set()
                for _, game in sorted(match, key=lambda tg: tg[1].board or 0):
                    if game.board in seen_boards:
                        raise FormatError(
                            f"round {r}: two games on board {game.board} of one match"
                        )
                    seen_boards.add(game.board)
                    round_games.append(replace(game, table=table))
            rounds.append(Round(r, tuple(round_games)))
        entered = [
            _span(e, max(self.planned, paired), set()) if e.pre else e.player for e in entries
        ]
        self.notes.append("a team tournament: imported for reading, not exported back")
        event = replace(
            event,
            players=tuple(entered),
            teams=tuple(team_values),
            rounds=tuple(rounds),
            lineups=tuple(lineups),
        )
        return _enough_rounds(event)


def _enough_rounds(event: Event) -> Event:
    """The event with ``rounds`` raised to the rounds paired when the file planned fewer."""
    planned = event.config.rounds
    if event.rounds and (planned is None or planned < len(event.rounds)):
        return replace(event, settings=event.settings.with_value("rounds", len(event.rounds)))
    return event


def _attrs(parent: ET.Element | None, path: str) -> dict[str, str]:
    if parent is None:
        return {}
    found = parent.find(path)
    return dict(found.attrib) if found is not None else {}


def _elem(attrs: Mapping[str, str]) -> ET.Element:
    return ET.Element("x", dict(attrs))


def _flag(text: str | None, default: bool) -> bool:
    if text is None or not text.strip():
        return default
    return text.strip().lower() == "true"


def _plays(participating: str, r: int) -> bool:
    """Whether a participation string lets a player play round ``r`` (digits beyond the
    string's end mean yes, as OpenGotha reads them)."""
    return r > len(participating) or participating[r - 1] != "0"


def _span(entry: _Entry, span: int, active: set[int]) -> Player:
    """The player with ``entered`` and ``withdrawn`` from the participation string (rounds the
    player was paired in count as played)."""
    if entry.pre:
        return replace(entry.player, entered=1, withdrawn=1)
    span = max(span, max(active, default=0), 1)
    plays = [r for r in range(1, span + 1) if r in active or _plays(entry.participating, r)]
    if not plays:
        return replace(entry.player, entered=1, withdrawn=1)
    withdrawn = plays[-1] + 1 if plays[-1] < span else None
    return replace(entry.player, entered=plays[0], withdrawn=withdrawn)


# -- writing ------------------------------------------------------------------------------------


def write_opengotha(event: Event) -> str:
    """The event as an OpenGotha tournament file (individual Go events).

    Team and pair events and Toguz Korgool events have no OpenGotha form (a
    :class:`~arbiter.events.formats.common.FormatError` says so).
    """
    if event.game != "go":
        raise FormatError("OpenGotha files hold Go tournaments; this event is Toguz Korgool")
    if event.discipline != "individual":
        raise FormatError(
            f"OpenGotha export is for individual events; this is a {event.discipline} event "
            "(OpenGotha team files are imported only)"
        )
    config = event.config
    mcmahon = event.system == "mcmahon"
    keys: dict[int, str] = {}
    owners: dict[str, Player] = {}
    for p in event.players:
        key = player_key(p.surname, p.given or "x")
        if key in owners:
            raise FormatError(
                f"{p.name} (number {p.no}) and {owners[key].name} (number {owners[key].no}) "
                "have the same OpenGotha key: change one name"
            )
        owners[key] = p
        keys[p.no] = key
    absent = _absence_value(event)
    span = min(max(config.rounds or 0, len(event.rounds)), MAX_ROUNDS)
    root = ET.Element("Tournament", {"dataVersion": "201", "runningMode": "SAL"})
    players = ET.SubElement(root, "Players")
    for p in event.players:
        ET.SubElement(players, "Player", _player_attrs(event, p, span))
    games = ET.SubElement(root, "Games")
    byes = ET.SubElement(root, "ByePlayers")
    for rnd in event.rounds:
        for g in rnd.games:
            ET.SubElement(
                games,
                "Game",
                _sorted(
                    {
                        "blackPlayer": keys[g.black],
                        "handicap": str(g.handicap),
                        "knownColor": "true",
                        "result": _result_name(g.result),
                        "roundNumber": str(rnd.number),
                        "tableNumber": str(g.table),
                        "whitePlayer": keys[g.white],
                    }
                ),
            )
        for b in rnd.byes:
            if b.kind == "bye":
                ET.SubElement(
                    byes, "ByePlayer", {"player": keys[b.no], "roundNumber": str(rnd.number)}
                )
    tps = ET.SubElement(root, "TournamentParameterSet")
    ET.SubElement(tps, "GeneralParameterSet", _general(event, span, absent))
    ET.SubElement(tps, "HandicapParameterSet", _handicap(config))
    placement = ET.SubElement(ET.SubElement(tps, "PlacementParameterSet"), "PlacementCriteria")
    names = _criteria_out(event)
    for i in range(MAX_CRITERIA):
        name = names[i] if i < len(names) else "NULL"
        ET.SubElement(placement, "PlacementCriterion", {"name": name, "number": str(i + 1)})
    ET.SubElement(tps, "PairingParameterSet", _sorted(_pairing_defaults(config, mcmahon)))
    ET.SubElement(tps, "DPParameterSet", _sorted(_DISPLAY))
    ET.SubElement(
        tps,
        "PublishParameterSet",
        {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "true"},
    )
    ttps = ET.SubElement(root, "TeamTournamentParameterSet")
    ET.SubElement(ttps, "TeamGeneralParameterSet", {"teamSize": "4"})
    team_criteria = ET.SubElement(
        ET.SubElement(ttps, "TeamPlacementParameterSet"), "PlacementCriteria"
    )
    for i, name in enumerate(("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"), start=1):
        ET.SubElement(team_criteria, "PlacementCriterion", {"name": name, "number": str(i)})
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    body = re.sub(r">(<[A-Za-z/])", lambda m: ">\n" + m.group(1), body).replace(" />", "/>")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body + "\n"


def _sorted(attrs: Mapping[str, str]) -> dict[str, str]:
    return dict(sorted(attrs.items()))


def _absence_value(event: Event) -> int:
    """The absence value (half points) to write: the points of the byes of players who did not
    take part in a round, or 0 when there are none."""
    for rnd in event.rounds:
        for b in rnd.byes:
            if b.kind in ("half", "zero", "absent"):
                return min(max(int(b.points * 2), 0), 2)
    return 0


def _player_attrs(event: Event, p: Player, span: int) -> dict[str, str]:
    absent_rounds = {
        rnd.number
        for rnd in event.rounds
        for b in rnd.byes
        if b.no == p.no and b.kind in ("half", "zero", "absent")
    }
    pre = p.withdrawn == 1 and not any(
        rnd.games_of(p.no) or rnd.bye_of(p.no) for rnd in event.rounds
    )
    digits = []
    for r in range(1, MAX_ROUNDS + 1):
        if pre:
            digits.append("1")
        elif (r <= span and (not p.plays_in(r) or r in absent_rounds)) or (
            r > span and p.withdrawn is not None
        ):
            digits.append("0")
        else:
            digits.append("1")
    rank = rank_text(p.rank)
    return _sorted(
        {
            "agaExpirationDate": "",
            "agaId": p.id_in("aga"),
            "club": p.club,
            "country": p.country if len(p.country) == 2 else "",
            "egfPin": p.id_in("egf"),
            "ffgLicence": p.id_in("ffg"),
            "ffgLicenceStatus": "",
            "firstName": p.given or "x",
            "grade": rank,
            "name": p.surname,
            "participating": "".join(digits),
            "rank": rank,
            "rating": str(p.rating if p.rating is not None else rating_from_rank(p.rank)),
            "ratingOrigin": "MAN" if p.rating is not None else "INI",
            "registeringStatus": "PRE" if pre else "FIN",
            "smmsCorrection": str(event.config.mms_corrections.get(p.no, 0)),
        }
    )


def _result_name(result: Result | None) -> str:
    if result is None:
        return "RESULT_UNKNOWN"
    if result.kind == "void":
        return "RESULT_BOTHLOSE"
    if result.kind == "double-forfeit":
        return "RESULT_BOTHLOSE_BYDEF"
    bydef = "_BYDEF" if result.kind == "forfeit" else ""
    if result.winner is None:
        return "RESULT_EQUAL"
    return f"RESULT_{'BLACK' if result.winner == 'black' else 'WHITE'}WINS{bydef}"


def _general(event: Event, span: int, absent: int) -> dict[str, str]:
    config = event.config
    bye = str(min(max(int(config.bye * 2), 0), 2))
    control = _optional_control(config.text("time_control"))
    attrs: dict[str, str] = {
        "bInternet": "false",
        "basicTime": str(round(control.main / 60)) if control is not None else "0",
        "canByoYomiTime": "300",
        "complementaryTimeSystem": "SUDDENDEATH",
        "director": config.text("chief_referee"),
        "fischerTime": "10",
        "genCountNotPlayedGamesAsHalfPoint": "false",
        "genMMBar": rank_text(config.bar),
        "genMMFloor": rank_text(config.floor),
        "genMMS2ValueAbsent": str(absent),
        "genMMS2ValueBye": bye,
        "genMMZero": "30K",
        "genNBW2ValueAbsent": str(absent),
        "genNBW2ValueBye": bye,
        "genRoundDownNBWMMS": "true" if config.round_down else "false",
        "komi": config.text("komi"),
        "location": config.text("city"),
        "name": config.name,
        "nbMovesCanTime": "15",
        "numberOfCategories": "1",
        "numberOfRounds": str(span),
        "shortName": re.sub(r"[^A-Za-z0-9_-]+", "_", config.name).strip("_") or "arbiter",
        "size": "19",
        "stdByoYomiTime": "30",
    }
    if isinstance(control, ByoYomi):
        attrs.update(complementaryTimeSystem="STDBYOYOMI", stdByoYomiTime=_seconds(control.period))
    elif isinstance(control, Canadian):
        attrs.update(
            complementaryTimeSystem="CANBYOYOMI",
            canByoYomiTime=_seconds(control.period),
            nbMovesCanTime=str(control.moves),
        )
    elif isinstance(control, Fischer):
        attrs.update(complementaryTimeSystem="FISCHER", fischerTime=_seconds(control.increment))
    for key, attr in (("start", "beginDate"), ("end", "endDate")):
        text = config.text(key)
        if text:
            attrs[attr] = text
    return _sorted(attrs)


def _seconds(value: float) -> str:
    return str(round(value))


def _optional_control(text: str) -> TimeControl | None:
    return TimeControl.parse(text) if text else None


def _handicap(config: Config) -> dict[str, str]:
    on = config.handicap in ("rank", "mms")
    return {
        "hdBasedOnMMS": "true" if config.handicap == "mms" else "false",
        "hdCeiling": str(config.handicap_max) if on else "0",
        "hdCorrection": str(config.handicap_correction),
        "hdNoHdRankThreshold": rank_text(config.handicap_threshold),
    }


def _criteria_out(event: Event) -> list[str]:
    mcmahon = event.system == "mcmahon"
    names = ["MMS" if mcmahon else "NBW"]
    for code in criteria(event):
        if code in ("PTS", "MMS", "MP"):
            continue
        name = CRITERIA_OUT.get(code)
        if name is None:
            continue
        name = name.replace("*", "M" if mcmahon else "W")
        if name not in names:
            names.append(name)
    return names[:MAX_CRITERIA]


def _pairing_defaults(config: Config, mcmahon: bool) -> dict[str, str]:
    """OpenGotha's pairing parameters: the seeding methods and the geography weights from the
    event's settings, OpenGotha's own weights for the rest (arbiter keeps none)."""
    methods = [config.pairing_seeding(r) for r in range(1, 22)]
    first, last_first = methods[0], 0
    while last_first < 20 and methods[last_first] == first:
        last_first += 1
    second = methods[min(last_first, 20)]
    if second == first:
        last_first = 2
    club, country = config.avoid_club, config.avoid_country
    return {
        "paiBaAvoidDuplGame": "500000000000000",
        "paiBaBalanceWB": "1000000",
        "paiBaDeterministic": "true",
        "paiBaRandom": "0",
        "paiMaAdditionalPlacementCritSystem1": "Rating",
        "paiMaAdditionalPlacementCritSystem2": "NULL",
        "paiMaAvoidMixingCategories": "0",
        "paiMaCompensateDUDD": "true",
        "paiMaDUDDLowerMode": "MID",
        "paiMaDUDDUpperMode": "MID",
        "paiMaDUDDWeight": "100000000",
        "paiMaLastRoundForSeedSystem1": str(last_first),
        "paiMaMaximizeSeeding": "5000000",
        "paiMaMinimizeScoreDifference": "100000000000",
        "paiMaSeedSystem1": SEEDING_OUT[first],
        "paiMaSeedSystem2": SEEDING_OUT[second],
        "paiSeAvoidSameGeo": "100000000000" if club or country else "0",
        "paiSeBarThresholdActive": "true",
        "paiSeDefSecCrit": "100000000000",
        "paiSeMinimizeHandicap": "0",
        "paiSeNbWinsThresholdActive": "false" if mcmahon else "true",
        "paiSePreferMMSDiffRatherThanSameClub": str(club),
        "paiSePreferMMSDiffRatherThanSameClubsGroup": "2",
        "paiSePreferMMSDiffRatherThanSameCountry": str(country),
        "paiSeRankThreshold": rank_text(config.bar) if mcmahon else "4D",
        "paiStandardNX1Factor": "0.5",
    }


_DISPLAY = {
    "displayClCol": "true",
    "displayCoCol": "true",
    "displayIndGamesInMatches": "true",
    "displayNPPlayers": "false",
    "displayNumCol": "true",
    "displayPlCol": "true",
    "gameFormat": "full",
    "playerSortType": "name",
    "showByePlayer": "true",
    "showNotFinallyRegisteredPlayers": "true",
    "showNotPairedPlayers": "true",
    "showNotParticipatingPlayers": "false",
    "showPlayerClub": "true",
    "showPlayerCountry": "false",
    "showPlayerGrade": "true",
}


__all__ = [
    "import_opengotha",
    "opengotha_parameters",
    "parse_rank",
    "player_key",
    "read_opengotha",
    "write_opengotha",
]
