"""Reading the event document: types and references checked, every problem named by its path.

``read_document`` reads what :mod:`~arbiter.events.document_writer` wrote, into any
competition class, so that reading a written event gives it back equal; the event is then
checked as a whole (:func:`arbiter.events.integrity.check`).

>>> from arbiter.events.competition import Competition
>>> read_document({"schema": 1, "game": "go", "system": "swiss", "players": [{"no": "1"}]},
...               Competition)
Traceback (most recent call last):
...
arbiter.events.errors.DocumentError: players[0].no has the wrong type ('1')
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, TypeVar, cast

from arbiter.errors import ArbiterError
from arbiter.events.competition import DrawOfLots, E, Lineup, RefereeWarning
from arbiter.events.document_writer import SCHEMA, TYPE
from arbiter.events.errors import DocumentError
from arbiter.events.exact import from_json
from arbiter.events.integrity import check
from arbiter.events.participants import Pair, Player, Team
from arbiter.events.results import Result
from arbiter.events.rounds import BYE_KINDS, Bye, Game, Round
from arbiter.events.settings import RULESETS, Settings
from arbiter.games.go.rank import Rank
from arbiter.limits import shown

Json = Any
T = TypeVar("T")


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
            skips=_skips(r.items("skips"), path),
        ),
    )


def _skips(items: list[Json], path: str) -> tuple[int, ...]:
    """The rounds a player announced they will miss: whole numbers from 1."""
    for value in items:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 999:
            raise DocumentError(f"{path}.skips: {_show(value)} is not a round number")
    return tuple(sorted(set(items)))


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


def read_document(doc: Json, make: type[E]) -> E:
    """Read an event document into the competition class ``make`` (a :class:`DocumentError`
    names the first problem)."""
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
    event = _guard("the event", lambda: make(game, system, discipline, settings))  # type: ignore[arg-type]
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
    result = make(
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
