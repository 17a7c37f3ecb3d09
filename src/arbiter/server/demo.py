"""The two demo events a new server starts with: a Go McMahon tournament and a Toguz Korgool
Swiss tournament, published, with their entries (Go ranks; Toguz ratings and titles).

When the pairing engine can pair them, round 1 is paired and played (the stronger player wins,
as a demo should not pretend to know more) and round 2 is paired, both published, so the
standings and crosstable have something to show. They are loaded once, at the database's first
start (``arbiter serve --no-demo`` or ``ARBITER_DEMO=no`` skips them); deleting them later does
not bring them back.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy.exc import IntegrityError

from arbiter.errors import ArbiterError
from arbiter.events.event import Event
from arbiter.events.participants import Player
from arbiter.events.registration import EntryForm, Registration
from arbiter.events.results import GameName
from arbiter.events.rounds import Game
from arbiter.events.settings import System
from arbiter.server.runtime import Runtime
from arbiter.server.storage import events as store
from arbiter.server.storage.models import ServerState

DEMO_STATE = "demo_loaded"

GO_PLAYERS = (
    ("Batbayar Enkhbold", "4d", "Ulaanbaatar", "MN"),
    ("Ivanov Sergei", "3d", "Moscow", "RU"),
    ("Kim Jiwoo", "3d", "Almaty", "KZ"),
    ("Abdraimov Timur", "2d", "Bishkek", "KG"),
    ("Tserendorj Anu", "1d", "Ulaanbaatar", "MN"),
    ("Petrova Anna", "1k", "Novosibirsk", "RU"),
    ("Sultanov Arman", "2k", "Astana", "KZ"),
    ("Osmonova Aizada", "3k", "Bishkek", "KG"),
    ("Smirnov Dmitry", "5k", "Kazan", "RU"),
    ("Dorj Bilguun", "7k", "Darkhan", "MN"),
    ("Nurlanov Erlan", "10k", "Osh", "KG"),
    ("Zhumabekova Dana", "12k", "Shymkent", "KZ"),
)

TOGUZ_PLAYERS = (
    ("Asanov Bakyt", 1850, "МС", "Bishkek", "KG"),
    ("Tokotaev Nurlan", 1790, "КМС", "Naryn", "KG"),
    ("Bekova Aida", 1720, "КМС", "Osh", "KG"),
    ("Seitkali Daulet", 1700, "I", "Almaty", "KZ"),
    ("Chynybaev Daniyar", 1650, "I", "Talas", "KG"),
    ("Zhaksylykova Aigerim", 1600, "II", "Taraz", "KZ"),
    ("Mamytov Ulan", 1580, "II", "Karakol", "KG"),
    ("Ergeshova Nazira", 1520, "III", "Jalal-Abad", "KG"),
    ("Toktogulov Azamat", 1480, "III", "Bishkek", "KG"),
    ("Omarov Ruslan", 1400, "", "Turkistan", "KZ"),
)


GO_SETTINGS = {
    "city": "Bishkek",
    "country": "KG",
    "start": "2026-06-12",
    "end": "2026-06-14",
    "time_control": "60m+5x30s",
    "bar": "3d",
    "floor": "15k",
    "handicap": "none",
    "chief_referee": "Abdraimov T.",
}

TOGUZ_SETTINGS = {
    "city": "Bishkek",
    "country": "KG",
    "start": "2026-08-20",
    "end": "2026-08-22",
    "time_control": "60m",
    "korgools": "required",
    "language": "ru",
    "chief_referee": "Asanov B.",
}


def _demo_event(
    game: GameName,
    system: System,
    name: str,
    settings: dict[str, str],
    forms: Iterable[EntryForm],
) -> Event:
    """A five-round demo event with its settings set in order and its players entered."""
    event = Event.create(game, system, rounds=5, name=name)
    for key, value in settings.items():
        event = event.set(key, value)
    registration = Registration(event)
    for form in forms:
        registration.add(form)
    return registration.event()


def go_event() -> Event:
    """The Go McMahon demo: 12 players, 5 rounds, bar 3d."""
    forms = (
        EntryForm(name, rank=rank, city=city, country=country)
        for name, rank, city, country in GO_PLAYERS
    )
    return _demo_event("go", "mcmahon", "Steppe Go Open (demo)", GO_SETTINGS, forms)


def toguz_event() -> Event:
    """The Toguz Korgool Swiss demo: 10 players, 5 rounds, korgool counts required."""
    forms = (
        EntryForm(name, rating=rating, title=title, city=city, country=country)
        for name, rating, title, city, country in TOGUZ_PLAYERS
    )
    return _demo_event("toguz", "swiss", "Toguz Korgool Cup (demo)", TOGUZ_SETTINGS, forms)


def _strength(event: Event, no: int) -> int:
    player = event.participant(no)
    assert isinstance(player, Player)
    if player.rank is not None:
        return player.rank.value
    return player.rating or 0


def _demo_result(event: Event, game: Game) -> str:
    black_stronger = _strength(event, game.black) >= _strength(event, game.white)
    if event.game == "go":
        return "B+R" if black_stronger else "W+3.5"
    return "0(70)-1(82)" if black_stronger else "1(84)-0(61)"


def play_out(event: Event) -> Event:
    """Round 1 paired and played, round 2 paired — when the pairing engine can pair the event;
    otherwise the event as it was."""
    try:
        event = event.pair_next_round()
        for game in event.rounds[0].games:
            if game.result is None:
                event = event.record_result(1, game.table, None, _demo_result(event, game))
        return event.pair_next_round()
    except ArbiterError:
        return event


def load_demo(rt: Runtime) -> list[int]:
    """Store the demo events unless this database has had them; their ids (empty when not)."""
    events = [play_out(go_event()), play_out(toguz_event())]
    try:
        with rt.db.write() as session:
            done = session.get(ServerState, DEMO_STATE)
            if done is not None:
                return []
            session.add(ServerState(key=DEMO_STATE, value="1"))
            session.flush()
            ids = []
            for event in events:
                loaded = store.insert(session, event, user_id=None, now=rt.now())
                loaded.row.published = True
                for round_row in loaded.rounds.values():
                    round_row.published = True
                ids.append(loaded.row.id)
            return ids
    except IntegrityError:  # another server process loaded them at the same moment
        return []
