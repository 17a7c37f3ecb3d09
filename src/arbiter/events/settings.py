"""Event settings: every ``arbiter event set KEY=VALUE`` key, its meaning, value and default.

Only values the organiser set are stored (``Settings``); :class:`Config` gives the effective
value of every key for an event's game, system and discipline, defaults included. Each key has
one text form, used by ``event set`` and printed back by ``event settings``, and one JSON form
used in the event file.

>>> s = Settings().with_text("komi", "7.5").with_text("third_place", "yes")
>>> s.text("komi"), s.get("third_place")
('7.5', True)
>>> cfg = Config(s, "go", "knockout", "individual")
>>> cfg.komi, cfg.third_place, cfg.tiebreaks
(Fraction(15, 2), True, ())
>>> Config(Settings(), "toguz", "swiss", "individual").tiebreaks
('PTS', 'BH', 'DE', 'PS', 'SB')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Literal, TypeVar, cast

from arbiter.errors import ArbiterError, Text
from arbiter.events.errors import SettingError
from arbiter.events.exact import from_json, parse_half, show, to_json
from arbiter.events.results import GameName, Scoring
from arbiter.games.go.rank import Rank
from arbiter.i18n import N_
from arbiter.limits import MAX_FIELD, MAX_NAME, check_field

System = Literal[
    "round-robin",
    "double-round-robin",
    "knockout",
    "double-elimination",
    "scheveningen",
    "swiss",
    "swiss-dutch",
    "mcmahon",
]
SYSTEMS: tuple[System, ...] = (
    "round-robin",
    "double-round-robin",
    "knockout",
    "double-elimination",
    "scheveningen",
    "swiss",
    "swiss-dutch",
    "mcmahon",
)
#: How systems are named in messages and tables.
SYSTEM_NAMES: dict[str, str] = {
    "round-robin": "round robin",
    "double-round-robin": "double round robin",
    "knockout": "knockout",
    "double-elimination": "double elimination",
    "scheveningen": "Scheveningen",
    "swiss": "Swiss",
    "swiss-dutch": "Swiss (FIDE Dutch)",
    "mcmahon": "McMahon",
}
Discipline = Literal["individual", "pair", "team"]
DISCIPLINES: tuple[Discipline, ...] = ("individual", "pair", "team")
GAMES: tuple[GameName, ...] = ("go", "toguz")
Policy = Literal["fide-2026", "fide-2023", "fide-2009", "egf"]
POLICIES: tuple[Policy, ...] = ("fide-2026", "fide-2023", "fide-2009", "egf")
BRACKET_SYSTEMS: frozenset[str] = frozenset({"knockout", "double-elimination"})

Json = None | bool | int | float | str | list["Json"] | dict[str, "Json"]
Groups = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Kind:
    """What kind of event a default is for."""

    game: GameName
    system: System
    discipline: Discipline


# -- codecs: text <-> value <-> JSON ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Codec:
    """How one setting's value is read from text, written as text and stored in JSON."""

    parse: Callable[[str], object]
    show: Callable[[object], str]
    dump: Callable[[object], Json]
    load: Callable[[Json], object]
    form: str


def _text(limit: int = MAX_FIELD) -> Codec:
    # The same limits as the API's, however the text comes (a command, a file, an import).
    def parse(text: str) -> object:
        return check_field(" ".join(text.split()), Text(N_("the value")), limit)

    def load(j: Json) -> object:
        return check_field(str(j), Text(N_("the value")), limit)

    return Codec(parse, str, lambda v: cast(str, v), load, "text")


def _choice(*values: str) -> Codec:
    def parse(text: str) -> object:
        value = text.strip().lower()
        if value not in values:
            raise SettingError(
                N_("expected one of {values}, not {text!r}"), values=", ".join(values), text=text
            )
        return value

    return Codec(parse, str, lambda v: cast(str, v), lambda j: parse(str(j)), "|".join(values))


def _integer(low: int, high: int) -> Codec:
    def parse(text: str) -> object:
        try:
            value = int(text.strip())
        except ValueError:
            raise SettingError(N_("expected a whole number, not {text!r}"), text=text) from None
        if not low <= value <= high:
            raise SettingError(
                N_("expected a number from {low} to {high}, not {value}"),
                low=low,
                high=high,
                value=value,
            )
        return value

    def load(j: Json) -> object:
        if isinstance(j, bool) or not isinstance(j, int):
            raise ValueError(f"expected a whole number, not {j!r}")
        return parse(str(j))

    return Codec(parse, str, lambda v: cast(int, v), load, f"{low}..{high}")


_TRUE = {"yes", "y", "true", "on", "1"}
_FALSE = {"no", "n", "false", "off", "0"}


def _flag() -> Codec:
    def parse(text: str) -> object:
        value = text.strip().lower()
        if value in _TRUE:
            return True
        if value in _FALSE:
            return False
        raise SettingError(N_("expected yes or no, not {text!r}"), text=text)

    def load(j: Json) -> object:
        if not isinstance(j, bool):
            raise ValueError(f"expected true or false, not {j!r}")
        return j

    return Codec(parse, lambda v: "yes" if v else "no", lambda v: cast(bool, v), load, "yes|no")


def _half(what: str) -> Codec:
    def dump(v: object) -> Json:
        return to_json(cast(Fraction, v))

    return Codec(
        lambda t: parse_half(t, what),
        lambda v: show(cast(Fraction, v)),
        dump,
        lambda j: parse_half(str(from_json(j, what)), what),
        "number (multiple of 0.5)",
    )


def _date() -> Codec:
    def parse(text: str) -> object:
        try:
            return date.fromisoformat(text.strip())
        except ValueError:
            raise SettingError(
                N_("expected a date as YYYY-MM-DD, not {text!r}"), text=text
            ) from None

    def show_date(v: object) -> str:
        return cast(date, v).isoformat()

    return Codec(parse, show_date, show_date, lambda j: parse(str(j)), "YYYY-MM-DD")


def _rank() -> Codec:
    def parse(text: str) -> object:
        return Rank.parse(text)  # a RankError is a ValueError, with its message

    return Codec(parse, str, str, lambda j: parse(str(j)), "rank (30k..9d)")


def _codes() -> Codec:
    def parse(text: str) -> object:
        from arbiter.events.tiebreaks import parse_codes

        return parse_codes(text)

    def show_codes(v: object) -> str:
        return ",".join(cast(tuple[str, ...], v))

    def load(j: Json) -> object:
        if not isinstance(j, list):
            raise ValueError(f"expected a list of tiebreak codes, not {j!r}")
        return parse(",".join(str(x) for x in j))

    return Codec(parse, show_codes, lambda v: list(cast(tuple[str, ...], v)), load, "codes")


def _triple(what: str, whole: bool) -> Codec:
    def parse(text: str) -> object:
        parts = [p for p in text.replace(";", ",").replace("/", "/").split(",") if p.strip()]
        if len(parts) != 3:
            raise ValueError(f"expected three numbers for win, draw, loss, not {text!r}")
        values = tuple(parse_half(p, what) for p in parts)
        if whole and any(v.denominator != 1 for v in values):
            raise ValueError(f"{what} are whole numbers, not {text!r}")
        if not values[0] >= values[1] >= values[2]:
            raise ValueError(f"{what}: a win must score at least a draw, a draw at least a loss")
        return values

    def show_triple(v: object) -> str:
        return ",".join(show(x) for x in cast(tuple[Fraction, ...], v))

    def dump(v: object) -> Json:
        return [to_json(x) for x in cast(tuple[Fraction, ...], v)]

    def load(j: Json) -> object:
        if not isinstance(j, list):
            raise ValueError(f"expected a list of three numbers, not {j!r}")
        return parse(",".join(show(from_json(x, what)) for x in j))

    return Codec(parse, show_triple, dump, load, "win,draw,loss")


def _groups() -> Codec:
    def parse(text: str) -> object:
        value = text.strip().lower()
        if value == "auto":
            return "auto"
        halves = value.split("/")
        if len(halves) != 2:
            raise ValueError(
                f"expected 'auto' or two lists of numbers such as 1,2,3/4,5,6, not {text!r}"
            )
        groups: list[tuple[int, ...]] = []
        for half in halves:
            try:
                numbers = tuple(int(x) for x in half.split(",") if x.strip())
            except ValueError:
                raise ValueError(f"groups are participant numbers, not {text!r}") from None
            if not numbers:
                raise ValueError(f"a Scheveningen group cannot be empty: {text!r}")
            groups.append(numbers)
        every = groups[0] + groups[1]
        if len(set(every)) != len(every):
            raise ValueError(f"a participant can be in one group only: {text!r}")
        return (groups[0], groups[1])

    def show_groups(v: object) -> str:
        if v == "auto":
            return "auto"
        g = cast(Groups, v)
        return "/".join(",".join(str(n) for n in part) for part in g)

    def dump(v: object) -> Json:
        if v == "auto":
            return "auto"
        g = cast(Groups, v)
        return [list(g[0]), list(g[1])]

    def load(j: Json) -> object:
        if j == "auto":
            return "auto"
        if not (isinstance(j, list) and len(j) == 2 and all(isinstance(x, list) for x in j)):
            raise ValueError(f"expected 'auto' or two lists of numbers, not {j!r}")
        parts = cast(list[list[int]], j)
        return parse("/".join(",".join(str(n) for n in part) for part in parts))

    return Codec(parse, show_groups, dump, load, "auto | 1,2,3/4,5,6")


def _seeding_methods() -> Codec:
    def parse(text: str) -> object:
        from arbiter.events.swiss.seeding import parse_methods

        return parse_methods(text)

    def show_methods(v: object) -> str:
        return ",".join(cast(tuple[str, ...], v))

    def load(j: Json) -> object:
        if isinstance(j, list):
            return parse(",".join(str(x) for x in j))
        return parse(str(j))

    return Codec(parse, show_methods, lambda v: list(cast(tuple[str, ...], v)), load, "method,...")


def _corrections() -> Codec:
    def parse(text: str) -> object:
        from arbiter.events.swiss.mcmahon import parse_corrections

        return parse_corrections(text)

    def show_corrections(v: object) -> str:
        return ",".join(f"{no}:{c:+d}" for no, c in cast(tuple[tuple[int, int], ...], v))

    def load(j: Json) -> object:
        if not isinstance(j, dict):
            raise ValueError(f"expected an object of numbers and corrections, not {j!r}")
        return parse(",".join(f"{k}:{v}" for k, v in j.items()))

    def dump(v: object) -> Json:
        return {str(no): c for no, c in cast(tuple[tuple[int, int], ...], v)}

    return Codec(parse, show_corrections, dump, load, "no:+k,...")


def _time_control() -> Codec:
    def parse(text: str) -> object:
        from arbiter.clock.control import TimeControl

        return str(TimeControl.parse(text))

    return Codec(parse, str, lambda v: cast(str, v), lambda j: parse(str(j)), "e.g. 60m+3x30s")


def _reason(exc: BaseException) -> object:
    """Why a value was refused, translatable when it can be."""
    return exc.text if isinstance(exc, ArbiterError) else str(exc)


# -- the keys ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Spec:
    """One setting: its key, help, codec, default and the games it applies to."""

    key: str
    help: str
    codec: Codec
    default: Callable[[Kind], object]
    games: tuple[GameName, ...] = GAMES


def default_tiebreaks(kind: Kind) -> tuple[str, ...]:
    """The tiebreak order when the organiser sets none.

    Toguz Korgool individual: points, Buchholz, head-to-head, progress, Berger (seed 000 10.1).
    Go round robin and Scheveningen: points, Berger, head-to-head (seed 002 2.8.1); Go Swiss and
    McMahon: MMS, SOS, SOSOS (EGF). Teams: Go by seed 002 2.8.1 (match points, board points,
    Berger by match points, head-to-head, Berger by board points, boards in order); Toguz by
    seed 000 10.2 (match points, head-to-head, korgools in lost games, boards). Knockout systems
    place by the bracket and list no tiebreaks.
    """
    if kind.system in BRACKET_SYSTEMS:
        return ()
    if kind.discipline == "team":
        if kind.game == "toguz":
            return ("MP", "DE", "KLG", "BRD")
        return ("MP", "GP", "MSB", "DE", "GSB", "BRD")
    if kind.game == "toguz":
        return ("PTS", "BH", "DE", "PS", "SB")
    if kind.system in ("swiss", "swiss-dutch", "mcmahon"):
        return ("MMS", "SOS", "SOSOS")
    return ("PTS", "SB", "DE")


def _const(value: object) -> Callable[[Kind], object]:
    return lambda _kind: value


SPECS: tuple[Spec, ...] = (
    Spec("name", "the event's name", _text(MAX_NAME), _const("")),
    Spec("city", "where it is played", _text(), _const("")),
    Spec("country", "country code of the venue", _text(), _const("")),
    Spec("start", "first day (age categories are checked against it)", _date(), _const(None)),
    Spec("end", "last day", _date(), _const(None)),
    Spec("chief_referee", "the chief referee's name", _text(), _const("")),
    Spec(
        "language",
        "language of printed tables: en, ru, ky, kk, mn",
        _choice("en", "ru", "ky", "kk", "mn"),
        _const("en"),
    ),
    Spec(
        "rounds",
        "number of rounds (round robin and knockout systems compute it)",
        _integer(1, 99),
        _const(None),
    ),
    Spec(
        "scoring",
        "game points for a win, a draw, a loss",
        _triple("points", False),
        _const((Fraction(1), Fraction(1, 2), Fraction(0))),
    ),
    Spec(
        "match_points",
        "team match points for a win, a draw, a loss",
        _triple("match points", True),
        _const((Fraction(2), Fraction(1), Fraction(0))),
    ),
    Spec(
        "bye",
        "points for a pairing bye (Swiss, McMahon)",
        _half("the bye value"),
        _const(Fraction(1)),
    ),
    Spec(
        "tiebreaks",
        "ranking criteria in order, as codes (PTS,BH,DE,PS,SB)",
        _codes(),
        default_tiebreaks,
    ),
    Spec(
        "unplayed",
        "how unplayed games count in tiebreaks: FIDE edition or EGF/OpenGotha",
        _choice(*POLICIES),
        lambda k: "egf" if k.game == "go" else "fide-2026",
    ),
    Spec(
        "time_control",
        "time control, e.g. 60m+3x30s or 60m (recorded, printed)",
        _time_control(),
        _const(""),
    ),
    Spec(
        "online",
        "played online (the EGF rates an online Go event as class D)",
        _flag(),
        _const(False),
    ),
    Spec(
        "ruleset",
        "rules: Go japanese|chinese; Toguz Korgool toguz|bestemshe",
        _choice("japanese", "chinese", "toguz", "bestemshe"),
        lambda k: "japanese" if k.game == "go" else "toguz",
    ),
    Spec("komi", "komi in even games", _half("komi"), _const(Fraction(13, 2)), ("go",)),
    Spec(
        "handicap",
        "handicap policy: none (even games), rank (from the rank difference), mms (from the "
        "McMahon-score difference), pair-table (pair go)",
        _choice("none", "rank", "mms", "pair-table"),
        lambda k: "pair-table" if k.discipline == "pair" else "none",
        ("go",),
    ),
    Spec(
        "handicap_threshold",
        "ranks above this count as this rank for handicaps",
        _rank(),
        _const(Rank(0)),
        ("go",),
    ),
    Spec(
        "handicap_correction",
        "handicap = rank difference minus this",
        _integer(0, 9),
        _const(1),
        ("go",),
    ),
    Spec("handicap_max", "most handicap stones", _integer(0, 9), _const(9), ("go",)),
    Spec(
        "handicap_komi",
        "komi in handicap games",
        _half("handicap komi"),
        _const(Fraction(1, 2)),
        ("go",),
    ),
    Spec("bar", "McMahon bar: ranks above start equal", _rank(), _const(Rank(3)), ("go",)),
    Spec("floor", "McMahon floor: ranks below start equal", _rank(), _const(Rank(-20)), ("go",)),
    Spec(
        "mms_corrections",
        "McMahon: starting-score corrections by number, e.g. 1:+1,7:-1 (top groups)",
        _corrections(),
        _const(()),
        ("go",),
    ),
    Spec(
        "pairing_seeding",
        "Swiss/McMahon seeding in a score group, by round (the last repeats): "
        "split-and-slip, split-and-fold, split-and-random",
        _seeding_methods(),
        lambda k: (
            ("split-and-random", "split-and-fold") if k.system == "mcmahon" else ("split-and-slip",)
        ),
    ),
    Spec(
        "avoid_club",
        "Swiss/McMahon: a score difference (points) preferred to a same-club pair (0: off)",
        _integer(0, 9),
        lambda k: 3 if k.system == "mcmahon" else 0,
    ),
    Spec(
        "avoid_country",
        "Swiss/McMahon: a score difference (points) preferred to a same-country pair (0: off)",
        _integer(0, 9),
        lambda k: 1 if k.system == "mcmahon" else 0,
    ),
    Spec(
        "pairing_weights",
        "Swiss/McMahon weights: arbiter (ours) or opengotha (OpenGotha's cost function)",
        _choice("arbiter", "opengotha"),
        _const("arbiter"),
    ),
    Spec(
        "round_down",
        "scores (points, MMS) rounded down in standings, as OpenGotha's default",
        _flag(),
        _const(False),
        ("go",),
    ),
    Spec(
        "korgools",
        "whether results must carry korgool counts (seed 000 7.3)",
        _choice("optional", "required"),
        _const("optional"),
        ("toguz",),
    ),
    Spec(
        "reconnect_window",
        "online games: seconds a disconnected player has to come back before losing by no-show "
        "(seed 002 7.2.10)",
        _integer(10, 3600),
        _const(180),
    ),
    Spec(
        "late_forfeit",
        "a player absent longer than the late-arrival limit after the start loses by forfeit "
        "(seed 002 2.6, seed 000 3.9)",
        _flag(),
        _const(True),
    ),
    Spec(
        "late_limit",
        "late-arrival limit in minutes after the start (empty: the rules' own: half the main "
        "time, in Go at most 60 minutes, in Toguz Korgool plus 30 seconds)",
        _integer(1, 600),
        _const(None),
    ),
    Spec(
        "max_draw_offers",
        "Toguz Korgool: draw offers per player per game; one more lets the opponent claim the "
        "game (seed 000 8.2)",
        _integer(0, 20),
        _const(3),
        ("toguz",),
    ),
    Spec(
        "move_cap",
        "Toguz Korgool: full moves after which a player may claim and a referee adjudicates "
        "(empty: no cap)",
        _integer(1, 999),
        _const(None),
        ("toguz",),
    ),
    Spec(
        "seeding",
        "knockout seeding: strength (rating, rank) or number",
        _choice("strength", "number"),
        _const("strength"),
    ),
    Spec("third_place", "knockout: a match for 3rd place", _flag(), _const(False)),
    Spec(
        "consolation",
        "knockout: a consolation bracket for first-round losers",
        _flag(),
        _const(False),
    ),
    Spec(
        "full_placement",
        "knockout: the improved Olympic system that places everyone",
        _flag(),
        _const(False),
    ),
    Spec("groups", "Scheveningen groups: auto or 1,2,3/4,5,6", _groups(), _const("auto")),
    Spec("group_standings", "Scheveningen: separate standings per group", _flag(), _const(False)),
    Spec(
        "boards",
        "team events: boards per match (0: the smallest team's size)",
        _integer(0, 20),
        _const(0),
    ),
    Spec(
        "pair_composition",
        "pair go: a man and a woman per pair, or any two players",
        _choice("man-woman", "any"),
        _const("man-woman"),
        ("go",),
    ),
    Spec(
        "age_category",
        "age limit checked on entry: open, u9, 9-11, 12-15 (by season), 16-19, 17-25 (by year)",
        _choice("open", "u9", "9-11", "12-15", "16-19", "17-25"),
        _const("open"),
    ),
    Spec(
        "gender",
        "entries: open, f (women only), m (men; women may enter)",
        _choice("open", "f", "m"),
        _const("open"),
    ),
    Spec(
        "seed",
        "seed of the draw of lots (numbers, colours by lot)",
        _integer(0, 2**31 - 1),
        _const(0),
    ),
    Spec(
        "draw_lots", "number the participants by lot when round 1 is paired", _flag(), _const(False)
    ),
)
SPEC_BY_KEY: dict[str, Spec] = {s.key: s for s in SPECS}


def spec(key: str) -> Spec:
    """The setting ``key``, or a :class:`SettingError` listing the keys."""
    found = SPEC_BY_KEY.get(key.strip().lower().replace("-", "_"))
    if found is None:
        raise SettingError(
            N_("unknown setting {key!r}; settings: {keys}"), key=key, keys=", ".join(SPEC_BY_KEY)
        )
    return found


@dataclass(frozen=True, slots=True)
class Settings:
    """The settings an organiser set explicitly, as ``(key, value)`` pairs sorted by key."""

    values: tuple[tuple[str, object], ...] = ()

    def get(self, key: str) -> object:
        """The value set for ``key``, or ``None``."""
        for k, v in self.values:
            if k == key:
                return v
        return None

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.values)

    def __iter__(self) -> Iterator[tuple[str, object]]:
        return iter(self.values)

    def with_value(self, key: str, value: object) -> Settings:
        """These settings with ``key`` set to ``value`` (``None`` removes it)."""
        rest = [(k, v) for k, v in self.values if k != key]
        if value is not None:
            rest.append((key, value))
        return Settings(tuple(sorted(rest, key=lambda kv: kv[0])))

    def with_text(self, key: str, text: str) -> Settings:
        """These settings with ``key`` read from ``text``; an empty text restores the default."""
        s = spec(key)
        if not text.strip():
            return self.with_value(s.key, None)
        try:
            value = s.codec.parse(text)
        except (ValueError, ArithmeticError) as exc:
            raise SettingError(N_("{key}: {error}"), key=s.key, error=_reason(exc)) from None
        return self.with_value(s.key, value)

    def text(self, key: str) -> str:
        """The text form of the value set for ``key`` ("" when not set)."""
        value = self.get(key)
        return "" if value is None else spec(key).codec.show(value)

    def to_json(self) -> dict[str, Json]:
        """The JSON object of the set values."""
        return {k: SPEC_BY_KEY[k].codec.dump(v) for k, v in self.values}

    @classmethod
    def from_json(cls, doc: object) -> Settings:
        """Read the JSON object written by :meth:`to_json`."""
        if not isinstance(doc, dict):
            raise SettingError("'settings' must be an object")
        result = cls()
        for key, raw in doc.items():
            s = spec(str(key))
            try:
                value = s.codec.load(raw)
            except (ValueError, ArithmeticError) as exc:
                raise SettingError(N_("{key}: {error}"), key=s.key, error=_reason(exc)) from None
            result = result.with_value(s.key, value)
        return result


T = TypeVar("T")


class Config:
    """The effective settings of one event: what was set, else the default for its kind."""

    def __init__(self, settings: Settings, game: GameName, system: System, discipline: Discipline):
        self.settings = settings
        self.kind = Kind(game, system, discipline)

    def value(self, key: str) -> object:
        """The effective value of ``key``."""
        s = spec(key)
        if s.key in self.settings:
            return self.settings.get(s.key)
        return s.default(self.kind)

    def text(self, key: str) -> str:
        """The effective value of ``key`` as text."""
        value = self.value(key)
        return "" if value is None else spec(key).codec.show(value)

    def applies(self, key: str) -> bool:
        """Whether ``key`` means anything for this event's game."""
        return self.kind.game in spec(key).games

    def _typed(self, key: str, kind: type[T]) -> T:
        value = self.value(key)
        if not isinstance(value, kind):
            raise SettingError(f"setting {key} has no usable value ({value!r})")
        return value

    def _optional(self, key: str, kind: type[T]) -> T | None:
        value = self.value(key)
        return value if isinstance(value, kind) else None

    @property
    def name(self) -> str:
        """The event's name."""
        return self._typed("name", str)

    @property
    def language(self) -> str:
        """``en`` or ``ru``."""
        return self._typed("language", str)

    @property
    def rounds(self) -> int | None:
        """Rounds the organiser set, if any."""
        return self._optional("rounds", int)

    @property
    def start(self) -> date | None:
        """The first day, if set."""
        return self._optional("start", date)

    @property
    def scoring(self) -> Scoring:
        """Game points for win, draw, loss."""
        win, draw, loss = cast(tuple[Fraction, Fraction, Fraction], self.value("scoring"))
        return Scoring(win, draw, loss)

    @property
    def match_points(self) -> Scoring:
        """Team match points for win, draw, loss."""
        win, draw, loss = cast(tuple[Fraction, Fraction, Fraction], self.value("match_points"))
        return Scoring(win, draw, loss)

    @property
    def bye(self) -> Fraction:
        """Points for a pairing bye."""
        return self._typed("bye", Fraction)

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        """The ranking criteria, as codes."""
        return cast(tuple[str, ...], self.value("tiebreaks"))

    @property
    def unplayed(self) -> Policy:
        """The unplayed-games policy for tiebreaks."""
        return cast(Policy, self._typed("unplayed", str))

    @property
    def online(self) -> bool:
        """Whether the event is played online (its EGF class is D)."""
        return self._typed("online", bool)

    @property
    def time_control(self) -> str:
        """The time control as text ("" when not set)."""
        return self.text("time_control")

    @property
    def komi(self) -> Fraction:
        """Komi in even Go games."""
        return self._typed("komi", Fraction)

    @property
    def handicap(self) -> str:
        """``none``, ``rank`` or ``pair-table``."""
        return self._typed("handicap", str) if self.kind.game == "go" else "none"

    @property
    def handicap_threshold(self) -> Rank:
        """Ranks above this one count as this one for handicaps."""
        return self._typed("handicap_threshold", Rank)

    @property
    def handicap_correction(self) -> int:
        """Subtracted from the rank difference."""
        return self._typed("handicap_correction", int)

    @property
    def handicap_max(self) -> int:
        """Most handicap stones."""
        return self._typed("handicap_max", int)

    @property
    def handicap_komi(self) -> Fraction:
        """Komi in handicap games."""
        return self._typed("handicap_komi", Fraction)

    @property
    def bar(self) -> Rank:
        """McMahon bar."""
        return self._typed("bar", Rank)

    @property
    def floor(self) -> Rank:
        """McMahon floor."""
        return self._typed("floor", Rank)

    @property
    def mms_corrections(self) -> dict[int, int]:
        """McMahon starting-score corrections by participant number."""
        if self.kind.game != "go":
            return {}
        return dict(cast(tuple[tuple[int, int], ...], self.value("mms_corrections")))

    def pairing_seeding(self, round_no: int) -> str:
        """The seeding method of Swiss/McMahon round ``round_no`` (the last one listed repeats)."""
        methods = cast(tuple[str, ...], self.value("pairing_seeding"))
        return methods[min(round_no, len(methods)) - 1]

    @property
    def avoid_club(self) -> int:
        """Score difference (points) preferred to a same-club pair; 0 when off."""
        return self._typed("avoid_club", int)

    @property
    def avoid_country(self) -> int:
        """Score difference (points) preferred to a same-country pair; 0 when off."""
        return self._typed("avoid_country", int)

    @property
    def pairing_weights(self) -> str:
        """``arbiter`` or ``opengotha``."""
        return self._typed("pairing_weights", str)

    @property
    def round_down(self) -> bool:
        """Whether points and McMahon scores are rounded down (OpenGotha's genRoundDownNBWMMS)."""
        return self.kind.game == "go" and self._typed("round_down", bool)

    @property
    def korgools_required(self) -> bool:
        """Whether Toguz Korgool results must carry korgool counts."""
        return self.kind.game == "toguz" and self.value("korgools") == "required"

    @property
    def korgool_total(self) -> int:
        """Korgools in play under the ruleset (162; Bestemshe 50)."""
        return 50 if self.value("ruleset") == "bestemshe" else 162

    @property
    def seeding(self) -> str:
        """``strength`` or ``number``."""
        return self._typed("seeding", str)

    @property
    def third_place(self) -> bool:
        """A match for 3rd place."""
        return self._typed("third_place", bool)

    @property
    def consolation(self) -> bool:
        """A consolation bracket."""
        return self._typed("consolation", bool)

    @property
    def full_placement(self) -> bool:
        """The improved Olympic system."""
        return self._typed("full_placement", bool)

    @property
    def groups(self) -> Groups | None:
        """Explicit Scheveningen groups, or ``None`` for automatic groups."""
        value = self.value("groups")
        return None if value == "auto" else cast(Groups, value)

    @property
    def group_standings(self) -> bool:
        """Separate standings per Scheveningen group."""
        return self._typed("group_standings", bool)

    @property
    def boards(self) -> int:
        """Boards per team match (0: the smallest team's size)."""
        return self._typed("boards", int)

    @property
    def pair_composition(self) -> str:
        """``man-woman`` or ``any``."""
        return self._typed("pair_composition", str) if self.kind.game == "go" else "any"

    @property
    def age_category(self) -> str:
        """The age category entries must belong to."""
        return self._typed("age_category", str)

    @property
    def gender(self) -> str:
        """``open``, ``f`` or ``m``."""
        return self._typed("gender", str)

    @property
    def seed(self) -> int:
        """Seed of the draw of lots."""
        return self._typed("seed", int)

    @property
    def draw_lots(self) -> bool:
        """Whether numbers are drawn by lot."""
        return self._typed("draw_lots", bool)
