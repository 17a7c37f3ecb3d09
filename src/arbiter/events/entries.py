"""Entries: adding players, pairs and teams, importing a list, withdrawals, the draw of lots.

Numbers are given in the order of entry. Late entries (after round 1 is paired) are possible
only in Swiss and McMahon events, where the player starts in the next round; round robin,
Scheveningen and knockout schedules are fixed once round 1 is paired.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from arbiter.events.age import admits
from arbiter.events.errors import EventError
from arbiter.events.event import DrawOfLots, Event, Lineup, RefereeWarning
from arbiter.events.lots import draw_order
from arbiter.events.participants import (
    Gender,
    Pair,
    Participant,
    Player,
    Team,
    same_name,
    split_name,
)
from arbiter.events.results import Result, first_mover, other
from arbiter.events.rounds import Game
from arbiter.games.go.rank import Rank, RankError
from arbiter.i18n import N_

LATE_ENTRY_SYSTEMS = frozenset({"swiss", "swiss-dutch", "mcmahon"})

_GENDER_WORDS: dict[str, Gender] = {
    "m": "m",
    "male": "m",
    "man": "m",
    "men": "m",
    "м": "m",
    "муж": "m",
    "f": "f",
    "w": "f",
    "female": "f",
    "woman": "f",
    "women": "f",
    "ж": "f",
    "жен": "f",
}


def parse_gender(text: str | None) -> Gender | None:
    """``m`` or ``f`` from ``m``, ``male``, ``f``, ``w``, ``female``, ``м``, ``ж`` (or empty)."""
    if text is None or not text.strip():
        return None
    found = _GENDER_WORDS.get(text.strip().lower())
    if found is None:
        raise EventError(N_("gender is m or f, not {text!r}"), text=text)
    return found


def parse_born(value: date | str | None) -> date | None:
    """A date of birth from ``YYYY-MM-DD`` (or a date)."""
    if value is None or isinstance(value, date):
        return value
    if not value.strip():
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise EventError(
            N_("date of birth must be written YYYY-MM-DD, not {value!r}"), value=value
        ) from None


def parse_rating(value: int | str | None) -> int | None:
    """A rating: a whole number from 0 to 4000."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        rating = int(value)
    except ValueError:
        raise EventError(N_("a rating is a whole number, not {value!r}"), value=value) from None
    if not 0 <= rating <= 4000:
        raise EventError(N_("a rating is between 0 and 4000, not {rating}"), rating=rating)
    return rating


def check_open(event: Event, what: str) -> int:
    """The round a new entry starts in; refuses entries the system cannot take any more."""
    if not event.rounds:
        return 1
    if event.system in LATE_ENTRY_SYSTEMS:
        return len(event.rounds) + 1
    raise EventError(
        f"cannot add a {what}: the {event.system} schedule is fixed once round 1 is paired "
        "(late entries are for Swiss and McMahon events)"
    )


def check_admission(event: Event, player: Player) -> None:
    """Refuse a player the event's gender or age category does not admit (seed 000 11.2,
    seed 002 2.1.3)."""
    cfg = event.config
    if cfg.gender == "f" and player.gender != "f":
        raise EventError(f"{player.name}: this event is for women (set the player's gender to f)")
    category = cfg.age_category
    if category != "open":
        if player.born is None:
            raise EventError(f"{player.name}: the age category {category} needs a date of birth")
        if cfg.start is None:
            raise EventError(
                f"set start=YYYY-MM-DD: the age category {category} "
                "is counted from the event's dates"
            )
        if not admits(category, player.born, cfg.start):
            raise EventError(
                f"{player.name} (born {player.born.isoformat()}) "
                f"is not in the age category {category}"
            )


def add_player(
    event: Event,
    name: str,
    *,
    gender: str | None = None,
    born: date | str | None = None,
    club: str = "",
    city: str = "",
    country: str = "",
    title: str = "",
    rank: str | None = None,
    rating: int | str | None = None,
    coach: str = "",
    medical: bool | None = None,
) -> tuple[Event, Player]:
    """Enter a player (see :meth:`Event.add_player`).

    >>> e, p = Event.create("go", "round-robin").add_player("Kim Ji", rank="3d", gender="f")
    >>> p.no, p.name, str(p.rank), p.gender
    (1, 'Kim Ji', '3d', 'f')
    """
    entered = check_open(event, "player") if event.discipline == "individual" else 1
    if event.discipline != "individual" and event.rounds:
        raise EventError("players of a pair or team event are entered before round 1 is paired")
    surname, given = split_name(name)
    parsed_rank: Rank | None = None
    if rank is not None and rank.strip():
        if event.game != "go":
            raise EventError(
                "ranks are Go ranks: give a Toguz Korgool player's strength as a rating"
            )
        try:
            parsed_rank = Rank.parse(rank)
        except RankError as exc:
            raise EventError(str(exc)) from None
    player = Player(
        no=max((p.no for p in event.players), default=0) + 1,
        surname=surname,
        given=given,
        gender=parse_gender(gender),
        born=parse_born(born),
        club=" ".join(club.split()),
        city=" ".join(city.split()),
        country=country.strip().upper(),
        title=title.strip(),
        rank=parsed_rank,
        rating=parse_rating(rating),
        coach=" ".join(coach.split()),
        medical=medical,
        entered=entered,
    )
    for other_player in event.players:
        if (
            same_name(other_player.name, player.name)
            and other_player.born == player.born
            and other_player.club == player.club
        ):
            raise EventError(
                N_("{name} is already entered as number {no}"),
                name=player.name,
                no=other_player.no,
            )
    check_admission(event, player)
    return replace(event, players=(*event.players, player)), player


def add_pair(
    event: Event, man: str | int, woman: str | int, name: str | None = None
) -> tuple[Event, Pair]:
    """Enter a pair-go pair (seed 004 3.1: a man and a woman, unless pair_composition=any)."""
    if event.discipline != "pair":
        raise EventError(f"pairs are entered in pair events; this event is {event.discipline}")
    check_open(event, "pair")
    first, second = event.find_player(man), event.find_player(woman)
    if first.no == second.no:
        raise EventError(f"{first.name} cannot be paired with themselves")
    if event.config.pair_composition == "man-woman":
        if first.gender != "m":
            raise EventError(
                f"{first.name} is not entered as a man (gender m): a pair is a man and a woman"
            )
        if second.gender != "f":
            raise EventError(
                f"{second.name} is not entered as a woman (gender f): a pair is a man and a woman"
            )
    for player in (first, second):
        taken = event.pair_of(player.no)
        if taken is not None:
            raise EventError(f"{player.name} already plays in pair {taken.no} ({taken.name})")
    pair_name = " ".join(name.split()) if name else f"{first.surname} & {second.surname}"
    if any(same_name(p.name, pair_name) for p in event.pairs):
        raise EventError(f"a pair named {pair_name!r} is already entered: give another --name")
    pair = Pair(max((p.no for p in event.pairs), default=0) + 1, pair_name, first.no, second.no)
    return replace(event, pairs=(*event.pairs, pair)), pair


def add_team(
    event: Event, name: str, players: Sequence[str | int], reserves: Sequence[str | int] = ()
) -> tuple[Event, Team]:
    """Enter a team: ``players`` in board order, then ``reserves`` (all entered players)."""
    if event.discipline != "team":
        raise EventError(f"teams are entered in team events; this event is {event.discipline}")
    check_open(event, "team")
    team_name = " ".join(name.split())
    if not team_name:
        raise EventError("a team needs a name")
    if any(same_name(t.name, team_name) for t in event.teams):
        raise EventError(f"a team named {team_name!r} is already entered")
    roster = tuple(event.find_player(ref).no for ref in players)
    bench = tuple(event.find_player(ref).no for ref in reserves)
    if not roster:
        raise EventError(f"team {team_name!r} needs at least one player")
    everyone = roster + bench
    if len(set(everyone)) != len(everyone):
        raise EventError(f"team {team_name!r} lists a player twice")
    for no in everyone:
        taken = event.team_of(no)
        if taken is not None:
            raise EventError(f"{event.player(no).name} already plays for {taken.name}")
    team = Team(max((t.no for t in event.teams), default=0) + 1, team_name, roster, bench)
    return replace(event, teams=(*event.teams, team)), team


#: Columns ``import_players`` reads (the header names them; order does not matter).
CSV_COLUMNS = (
    "name",
    "surname",
    "given",
    "gender",
    "born",
    "club",
    "city",
    "country",
    "title",
    "rank",
    "rating",
    "coach",
    "medical",
)


def import_players(event: Event, text: str) -> tuple[Event, tuple[Player, ...]]:
    """Enter every player of a CSV list (a header row names the columns, see ``CSV_COLUMNS``;
    ``name`` or ``surname`` + ``given``). All rows are entered, or none.

    >>> text = "name,rank\\nLee Chang,5d\\nPark Su,1k\\n"
    >>> e, added = import_players(Event.create("go", "round-robin"), text)
    >>> [(p.no, p.name, str(p.rank)) for p in added]
    [(1, 'Lee Chang', '5d'), (2, 'Park Su', '1k')]
    """
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [(h or "").strip().lower() for h in (reader.fieldnames or [])]
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if not header:
        raise EventError(
            "the player list is empty: the first row names the columns (name, rank, ...)"
        )
    if unknown:
        raise EventError(
            f"unknown column(s) {', '.join(unknown)}; columns: {', '.join(CSV_COLUMNS)}"
        )
    if "name" not in header and "surname" not in header:
        raise EventError("the player list needs a 'name' column (or 'surname' and 'given')")
    added: list[Player] = []
    for line, row in enumerate(reader, start=2):
        cells = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not any(cells.values()):
            continue
        full = cells.get("name") or f"{cells.get('surname', '')}, {cells.get('given', '')}".strip(
            ", "
        )
        try:
            event, player = add_player(
                event,
                full,
                gender=cells.get("gender"),
                born=cells.get("born"),
                club=cells.get("club", ""),
                city=cells.get("city", ""),
                country=cells.get("country", ""),
                title=cells.get("title", ""),
                rank=cells.get("rank"),
                rating=cells.get("rating"),
                coach=cells.get("coach", ""),
                medical=_medical(cells.get("medical", "")),
            )
        except EventError as exc:
            raise EventError(f"line {line}: {exc}") from None
        added.append(player)
    return event, tuple(added)


def _medical(text: str) -> bool | None:
    value = text.strip().lower()
    if not value:
        return None
    if value in ("yes", "y", "1", "true", "да", "+"):
        return True
    if value in ("no", "n", "0", "false", "нет", "-"):
        return False
    raise EventError(f"medical clearance is yes or no, not {text!r}")


def withdraw(
    event: Event, ref: str | int, from_round: int | None = None, *, excluded: bool = False
) -> Event:
    """Withdraw participant ``ref`` from round ``from_round`` on (default: the next round).

    Games of already paired rounds from ``from_round`` on that have no result yet are lost by
    forfeit; later rounds pair the participant no more (round robin and knockout games against
    them are recorded as forfeits).
    """
    participant = event.find(ref)
    start = len(event.rounds) + 1 if from_round is None else from_round
    if start < max(1, participant.entered):
        raise EventError(
            f"{participant.name} plays from round {participant.entered}: cannot withdraw before it"
        )
    if start > len(event.rounds) + 1:
        raise EventError(
            f"round {start} is in the future: "
            f"withdraw from round {len(event.rounds) + 1} at the latest"
        )
    if participant.withdrawn is not None and participant.withdrawn <= start:
        raise EventError(
            f"{participant.name} is already withdrawn from round {participant.withdrawn}"
        )
    for rnd in event.rounds[start - 1 :]:
        for game in rnd.games_of(participant.no):
            if game.result is not None and game.result.played:
                raise EventError(
                    f"{participant.name} played in round {rnd.number} (table {game.table}): "
                    f"withdraw from round {rnd.number + 1} or correct that result first"
                )
    updated = _replace_participant(event, replace(participant, withdrawn=start, excluded=excluded))
    for rnd in updated.rounds[start - 1 :]:
        for game in rnd.games_of(participant.no):
            if game.result is None:
                updated = updated.with_game(
                    game.with_result(forfeit_against(event, game, participant.no))
                )
    return updated


def forfeit_against(event: Event, game: Game, loser: int) -> Result:
    """The result of ``game`` lost by forfeit by participant ``loser`` (a double forfeit when
    the opponent does not play either)."""
    side = game.side_of(loser)
    other_no = game.opponent_of(loser)
    opponent = event.participant(other_no)
    if not opponent.plays_in(game.round):
        return Result(event.game, None, "double-forfeit")
    text = "+-" if other(side) == first_mover(event.game) else "-+"
    return Result.parse(text, event.game)


def _replace_participant(event: Event, new: Participant) -> Event:
    if isinstance(new, Team):
        return replace(event, teams=tuple(new if t.no == new.no else t for t in event.teams))
    if isinstance(new, Pair):
        return replace(event, pairs=tuple(new if p.no == new.no else p for p in event.pairs))
    return replace(event, players=tuple(new if p.no == new.no else p for p in event.players))


def replace_player(event: Event, new: Player) -> Event:
    """The event with player ``new.no`` replaced by ``new``."""
    return replace(event, players=tuple(new if p.no == new.no else p for p in event.players))


def draw_numbers(event: Event) -> Event:
    """Number the participants by lot with the event's seed (done when round 1 is paired).

    Participant ``i + 1`` after the draw is the one entered as ``registered[i]``; the draw is
    recorded in ``event.draw``.
    """
    if event.rounds:
        raise EventError("the draw of lots is made before round 1")
    seed = event.config.seed
    order = draw_order(seed, event.numbers)
    mapping = {old: new for new, old in enumerate(order, start=1)}
    if event.discipline == "team":
        teams = sorted((replace(t, no=mapping[t.no]) for t in event.teams), key=lambda t: t.no)
        event = replace(event, teams=tuple(teams))
    elif event.discipline == "pair":
        pairs = sorted((replace(p, no=mapping[p.no]) for p in event.pairs), key=lambda p: p.no)
        event = replace(event, pairs=tuple(pairs))
    else:
        players = sorted((replace(p, no=mapping[p.no]) for p in event.players), key=lambda p: p.no)
        event = replace(
            event,
            players=tuple(players),
            warnings=tuple(
                RefereeWarning(w.round, mapping.get(w.player, w.player), w.reason)
                for w in event.warnings
            ),
        )
    lineups = tuple(
        Lineup(lu.round, mapping.get(lu.team, lu.team), lu.players, lu.override)
        for lu in event.lineups
    )
    return replace(event, lineups=lineups, draw=DrawOfLots(seed, order))


def resolve_players(event: Event, refs: Sequence[str | int | None]) -> tuple[int | None, ...]:
    """Player numbers for names or numbers; ``None`` (or ``-``) stays an empty board."""
    result: list[int | None] = []
    for ref in refs:
        if ref is None or (isinstance(ref, str) and ref.strip() in ("", "-")):
            result.append(None)
            continue
        result.append(event.find_player(ref).no)
    return tuple(result)
