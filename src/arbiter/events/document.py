"""The event document: the whole event as one JSON object (schema 1), read and written exactly.

``to_document(event)`` gives plain JSON values; ``from_document`` reads them back, checking
types and references, so that ``from_document(to_document(e)) == e`` and writing the result
again gives the same text. The schema is described in ``docs/event-file.md``. Files are written
atomically (a temporary file, then a rename), so a failed command never leaves half a file.

>>> from arbiter.events.event import Event
>>> e, _ = Event.create("go", "round-robin").add_player("Lee Chang", rank="5d")
>>> loads(dumps(e)) == e, dumps(loads(dumps(e))) == dumps(e)
(True, True)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar, cast

from arbiter.errors import ArbiterError, Text
from arbiter.events.errors import DocumentError
from arbiter.events.event import RULESETS, DrawOfLots, Event, Lineup, RefereeWarning
from arbiter.events.exact import from_json, to_json
from arbiter.events.participants import Pair, Player, Team
from arbiter.events.registration import check_limits
from arbiter.events.results import Result
from arbiter.events.rounds import BYE_KINDS, Bye, Game, Round
from arbiter.events.settings import Settings
from arbiter.games.go.rank import Rank
from arbiter.i18n import N_
from arbiter.limits import LimitError, shown
from arbiter.limits import loads as json_loads

SCHEMA = 1
TYPE = "arbiter-event"

Json = Any
T = TypeVar("T")


# -- writing ------------------------------------------------------------------------------------


def _player(p: Player) -> dict[str, Json]:
    return {
        "no": p.no,
        "surname": p.surname,
        "given": p.given,
        "gender": p.gender,
        "born": p.born.isoformat() if p.born else None,
        "club": p.club,
        "city": p.city,
        "country": p.country,
        "title": p.title,
        "rank": str(p.rank) if p.rank is not None else None,
        "rating": p.rating,
        "coach": p.coach,
        "medical": p.medical,
        "entered": p.entered,
        "withdrawn": p.withdrawn,
        "excluded": p.excluded,
        "ids": dict(p.ids),
    }


def _game(g: Game) -> dict[str, Json]:
    return {
        "table": g.table,
        "board": g.board,
        "black": g.black,
        "white": g.white,
        "black_player": g.black_player,
        "white_player": g.white_player,
        "handicap": g.handicap,
        "komi": to_json(g.komi) if g.komi is not None else None,
        "result": str(g.result) if g.result is not None else None,
        "extra": [str(r) for r in g.extra],
        "slot": g.slot,
    }


def to_document(event: Event) -> dict[str, Json]:
    """The event as a JSON object."""
    return {
        "schema": SCHEMA,
        "type": TYPE,
        "game": event.game,
        "discipline": event.discipline,
        "system": event.system,
        "settings": event.settings.to_json(),
        "draw": {"seed": event.draw.seed, "registered": list(event.draw.registered)}
        if event.draw
        else None,
        "seeding": list(event.seeding),
        "players": [_player(p) for p in event.players],
        "pairs": [
            {
                "no": p.no,
                "name": p.name,
                "man": p.man,
                "woman": p.woman,
                "entered": p.entered,
                "withdrawn": p.withdrawn,
                "excluded": p.excluded,
            }
            for p in event.pairs
        ],
        "teams": [
            {
                "no": t.no,
                "name": t.name,
                "players": list(t.players),
                "reserves": list(t.reserves),
                "club": t.club,
                "country": t.country,
                "entered": t.entered,
                "withdrawn": t.withdrawn,
                "excluded": t.excluded,
            }
            for t in event.teams
        ],
        "rounds": [
            {
                "number": r.number,
                "games": [_game(g) for g in r.games],
                "byes": [{"no": b.no, "kind": b.kind, "points": to_json(b.points)} for b in r.byes],
            }
            for r in event.rounds
        ],
        "lineups": [
            {
                "round": lu.round,
                "team": lu.team,
                "players": list(lu.players),
                "override": lu.override,
            }
            for lu in event.lineups
        ],
        "warnings": [
            {"round": w.round, "player": w.player, "reason": w.reason} for w in event.warnings
        ],
    }


def dumps(event: Event) -> str:
    """The event document as text (UTF-8 JSON, indented, ending with a newline)."""
    return json.dumps(to_document(event), ensure_ascii=False, indent=2) + "\n"


# -- reading ------------------------------------------------------------------------------------


class _Reader:
    """Reads one JSON object, naming the path of whatever is wrong."""

    def __init__(self, doc: Json, path: str) -> None:
        if not isinstance(doc, dict):
            raise DocumentError(f"{path or 'the document'} must be a JSON object")
        self.doc = cast(dict[str, Json], doc)
        self.path = path

    def _where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str, default: Json = None) -> Json:
        return self.doc.get(key, default)

    def typed(
        self,
        key: str,
        kind: type[T] | tuple[type, ...],
        default: Json = ...,
        *,
        optional: bool = False,
    ) -> Any:
        if key not in self.doc:
            if default is ...:
                raise DocumentError(f"{self._where(key)} is missing")
            return default
        value = self.doc[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) and kind is int:
            raise DocumentError(f"{self._where(key)} must be a whole number, not {_show(value)}")
        if not isinstance(value, kind):
            raise DocumentError(f"{self._where(key)} has the wrong type ({_show(value)})")
        return value

    def integer(self, key: str, default: Json = ..., *, optional: bool = False) -> Any:
        return self.typed(key, int, default, optional=optional)

    def text(self, key: str, default: str = "") -> str:
        return cast(str, self.typed(key, str, default))

    def items(self, key: str) -> list[Json]:
        return cast(list[Json], self.typed(key, list, []))

    def sub(self, key: str, index: int | None = None) -> str:
        return f"{self._where(key)}[{index}]" if index is not None else self._where(key)


def _guard(path: str, make: Callable[[], T]) -> T:
    try:
        return make()
    except DocumentError:
        raise
    except (ArbiterError, ValueError, TypeError) as exc:
        raise DocumentError(f"{path}: {_cut(str(exc))}") from None


def _cut(text: str, most: int = 200) -> str:
    # An error line never carries a whole hostile value (a 5 MB name, a huge list).
    return text if len(text) <= most else text[: most - 3] + "..."


def _show(value: Json) -> str:
    return shown(value, 60)


def _read_player(doc: Json, path: str) -> Player:
    r = _Reader(doc, path)
    born = r.typed("born", str, None, optional=True)
    rank = r.typed("rank", str, None, optional=True)
    return _guard(
        path,
        lambda: Player(
            no=r.integer("no"),
            surname=r.text("surname"),
            given=r.text("given"),
            gender=r.typed("gender", str, None, optional=True),
            born=date.fromisoformat(born) if born else None,
            club=r.text("club"),
            city=r.text("city"),
            country=r.text("country"),
            title=r.text("title"),
            rank=Rank.parse(rank) if rank else None,
            rating=r.integer("rating", None, optional=True),
            coach=r.text("coach"),
            medical=r.typed("medical", bool, None, optional=True),
            entered=r.integer("entered", 1),
            withdrawn=r.integer("withdrawn", None, optional=True),
            excluded=r.typed("excluded", bool, False),
            ids=_ids(r.typed("ids", dict, {}), path),
        ),
    )


def _ids(doc: dict[str, Json], path: str) -> tuple[tuple[str, str], ...]:
    for registry, value in doc.items():
        if not isinstance(value, str) or not registry.strip():
            raise DocumentError(f"{path}.ids: {_show(registry)}: an id is text, not {_show(value)}")
    return tuple(sorted((k, v) for k, v in doc.items() if v))


def _read_game(doc: Json, path: str, number: int, game: str, total: int) -> Game:
    r = _Reader(doc, path)
    komi = r.raw("komi")
    result = r.typed("result", str, None, optional=True)
    extra = r.items("extra")
    return _guard(
        path,
        lambda: Game(
            round=number,
            table=r.integer("table"),
            board=r.integer("board", None, optional=True),
            black=r.integer("black"),
            white=r.integer("white"),
            black_player=r.integer("black_player", None, optional=True),
            white_player=r.integer("white_player", None, optional=True),
            handicap=r.integer("handicap", 0),
            komi=from_json(komi, "komi") if komi is not None else None,
            result=Result.parse(result, game, total=total) if result is not None else None,  # type: ignore[arg-type]
            extra=tuple(Result.parse(str(x), game, total=total) for x in extra),  # type: ignore[arg-type]
            slot=r.typed("slot", str, None, optional=True),
        ),
    )


def _read_pair(doc: Json, path: str) -> Pair:
    r = _Reader(doc, path)
    return _guard(
        path,
        lambda: Pair(
            r.integer("no"),
            r.text("name"),
            r.integer("man"),
            r.integer("woman"),
            r.integer("entered", 1),
            r.integer("withdrawn", None, optional=True),
            r.typed("excluded", bool, False),
        ),
    )


def _read_team(doc: Json, path: str) -> Team:
    r = _Reader(doc, path)
    return _guard(
        path,
        lambda: Team(
            r.integer("no"),
            r.text("name"),
            tuple(_ints(r.items("players"), path)),
            tuple(_ints(r.items("reserves"), path)),
            r.text("club"),
            r.text("country"),
            r.integer("entered", 1),
            r.integer("withdrawn", None, optional=True),
            r.typed("excluded", bool, False),
        ),
    )


def _read_bye(r: _Reader, kind: Any) -> Bye:
    return _guard(
        r.path, lambda: Bye(r.integer("no"), kind, from_json(r.raw("points", 0), "points"))
    )


def from_document(doc: Json) -> Event:
    """Read an event document; a :class:`DocumentError` names the first problem."""
    r = _Reader(doc, "")
    schema = r.raw("schema")
    if schema != SCHEMA:
        raise DocumentError(
            f"not an arbiter event file of schema {SCHEMA} (schema: {_show(schema)})"
        )
    if r.raw("type", TYPE) != TYPE:
        raise DocumentError(f"not an arbiter event file (type: {_show(r.raw('type'))})")
    game, system, discipline = r.text("game"), r.text("system"), r.text("discipline", "individual")
    settings = _guard("settings", lambda: Settings.from_json(r.typed("settings", dict, {})))
    event = _guard("the event", lambda: Event(game, system, discipline, settings))  # type: ignore[arg-type]
    for key, value in settings:
        if not event.config.applies(key):
            raise DocumentError(f"settings.{key}: not a setting of {game} events")
        if key == "ruleset" and value not in RULESETS[game]:
            raise DocumentError(f"settings.ruleset: {_show(value)} is not a {game} ruleset")
    total = event.config.korgool_total
    players = tuple(_read_player(p, r.sub("players", i)) for i, p in enumerate(r.items("players")))
    pairs = [_read_pair(p, r.sub("pairs", i)) for i, p in enumerate(r.items("pairs"))]
    teams = [_read_team(t, r.sub("teams", i)) for i, t in enumerate(r.items("teams"))]
    rounds: list[Round] = []
    for i, rd in enumerate(r.items("rounds")):
        rr = _Reader(rd, r.sub("rounds", i))
        number = rr.integer("number")
        if number != i + 1:
            raise DocumentError(f"{rr.path}.number must be {i + 1}, not {number}")
        games = tuple(
            _read_game(g, rr.sub("games", j), number, game, total)
            for j, g in enumerate(rr.items("games"))
        )
        byes: list[Bye] = []
        for j, b in enumerate(rr.items("byes")):
            br = _Reader(b, rr.sub("byes", j))
            kind = br.text("kind")
            if kind not in BYE_KINDS:
                raise DocumentError(
                    f"{br.path}.kind must be one of {', '.join(BYE_KINDS)}, not {_show(kind)}"
                )
            byes.append(_read_bye(br, kind))
        rounds.append(Round(number, games, tuple(byes)))
    draw_doc = r.raw("draw")
    draw = None
    if draw_doc is not None:
        dr = _Reader(draw_doc, "draw")
        draw = DrawOfLots(dr.integer("seed"), tuple(_ints(dr.items("registered"), "draw")))
    lineups = []
    for i, lu in enumerate(r.items("lineups")):
        lr = _Reader(lu, r.sub("lineups", i))
        lineups.append(
            Lineup(
                lr.integer("round"),
                lr.integer("team"),
                tuple(_ints(lr.items("players"), lr.path, none=True)),
                lr.typed("override", bool, False),
            )
        )
    warnings = []
    for i, w in enumerate(r.items("warnings")):
        wr = _Reader(w, r.sub("warnings", i))
        warnings.append(
            RefereeWarning(wr.integer("round"), wr.integer("player"), wr.text("reason"))
        )
    result = Event(
        event.game,
        event.system,
        event.discipline,
        settings,
        players,
        tuple(pairs),
        tuple(teams),
        tuple(rounds),
        tuple(_ints(r.items("seeding"), "seeding")),
        draw,
        tuple(lineups),
        tuple(warnings),
    )
    check(result)
    return result


def _ints(values: list[Json], path: str, *, none: bool = False) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if v is None and none:
            out.append(None)
        elif isinstance(v, bool) or not isinstance(v, int):
            raise DocumentError(f"{path}: expected whole numbers, not {_show(v)}")
        else:
            out.append(v)
    return out


def check(event: Event) -> None:
    """Refuse an event whose numbers or references do not hold together, or that is beyond
    the limits of :mod:`arbiter.limits` (every reader of events calls this)."""
    check_limits(event)
    for label, items in (
        ("players", event.players),
        ("pairs", event.pairs),
        ("teams", event.teams),
    ):
        numbers = [p.no for p in items]
        if len(set(numbers)) != len(numbers):
            raise DocumentError(f"{label}: a number is used twice")
    if event.game != "go":
        for p in event.players:
            if p.rank is not None:
                raise DocumentError(f"player {p.no}: Toguz Korgool players have no Go rank")
    players = {p.no for p in event.players}
    for pair in event.pairs:
        for m in pair.members:
            if m not in players:
                raise DocumentError(f"pair {pair.no} names player {m}, who is not entered")
    for team in event.teams:
        for m in team.members:
            if m not in players:
                raise DocumentError(f"team {team.no} names player {m}, who is not entered")
    participants = set(event.numbers)
    for rnd in event.rounds:
        keys = [g.key for g in rnd.games]
        if len(set(keys)) != len(keys):
            raise DocumentError(f"round {rnd.number}: two games at the same table and board")
        for g in rnd.games:
            for no in (g.black, g.white):
                if no not in participants:
                    raise DocumentError(
                        f"round {rnd.number} table {g.table}: participant {no} is not entered"
                    )
        for b in rnd.byes:
            if b.no not in participants:
                raise DocumentError(
                    f"round {rnd.number}: bye for participant {b.no}, who is not entered"
                )
    for no in event.seeding:
        if no not in participants:
            raise DocumentError(f"seeding: participant {no} is not entered")


def loads(text: str) -> Event:
    """Read an event document from JSON text (nesting, like every JSON arbiter reads, at most
    :data:`~arbiter.limits.MAX_JSON_DEPTH` deep)."""
    try:
        doc = json_loads(text, Text(N_("the event file")))
    except LimitError as exc:
        raise DocumentError(exc.template, **exc.params) from None
    return from_document(doc)


def load(path: str | os.PathLike[str]) -> Event:
    """Read the event file at ``path``."""
    p = Path(path)
    if not p.exists():
        raise DocumentError(
            N_("{file}: no such event file (create it with: arbiter event new --file {file} ...)"),
            file=p,
        )
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DocumentError(N_("{file}: not a UTF-8 text file"), file=p) from None
    try:
        return loads(text)
    except (DocumentError, LimitError) as exc:
        raise DocumentError(N_("{file}: {error}"), file=p, error=exc.text) from None


def save(path: str | os.PathLike[str], event: Event) -> None:
    """Write the event file at ``path`` atomically."""
    p = Path(path)
    text = dumps(event)
    directory = p.parent if str(p.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


__all__ = [
    "SCHEMA",
    "Fraction",
    "check",
    "dumps",
    "from_document",
    "load",
    "loads",
    "save",
    "to_document",
]
