"""Entries: adding players, pairs and teams, importing a list, withdrawals, the draw of lots.

Numbers are given in the order of entry. Late entries (after round 1 is paired) are possible
only in Swiss and McMahon events, where the player starts in the next round; round robin,
Scheveningen and knockout schedules are fixed once round 1 is paired.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Unpack

from arbiter.events.competition import Competition, DrawOfLots, E, Lineup, RefereeWarning
from arbiter.events.errors import EventError
from arbiter.events.lots import draw_order
from arbiter.events.participants import Pair, Participant, Player, Team, same_name
from arbiter.events.player_list import CSV_COLUMNS, import_players, read_player_list
from arbiter.events.registration import (
    LATE_ENTRY_SYSTEMS,
    EntryFields,
    EntryForm,
    Registration,
    check_admission,
    check_open,
    parse_born,
    parse_gender,
    parse_rating,
)
from arbiter.events.results import Result, first_mover, other
from arbiter.events.rounds import Game

__all__ = [
    "CSV_COLUMNS",
    "LATE_ENTRY_SYSTEMS",
    "EntryFields",
    "EntryForm",
    "Registration",
    "add_pair",
    "add_player",
    "add_team",
    "check_admission",
    "check_open",
    "draw_numbers",
    "forfeit_against",
    "import_players",
    "parse_born",
    "parse_gender",
    "parse_rating",
    "read_player_list",
    "replace_player",
    "resolve_players",
    "withdraw",
]


def add_player(event: E, name: str, **fields: Unpack[EntryFields]) -> tuple[E, Player]:
    """Enter a player; returns the new event and the player with its number (the fields are
    those of an :class:`~arbiter.events.registration.EntryForm`).

    >>> e, p = add_player(Competition("go", "round-robin"), "Kim Ji", rank="3d", gender="f")
    >>> p.no, p.name, str(p.rank), p.gender
    (1, 'Kim Ji', '3d', 'f')
    """
    registration = Registration(event)
    player = registration.add(EntryForm(name, **fields))
    return registration.event(), player


def add_pair(event: E, man: str | int, woman: str | int, name: str | None = None) -> tuple[E, Pair]:
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
    event: E, name: str, players: Sequence[str | int], reserves: Sequence[str | int] = ()
) -> tuple[E, Team]:
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


def withdraw(
    event: E, ref: str | int, from_round: int | None = None, *, excluded: bool = False
) -> E:
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


def forfeit_against(event: Competition, game: Game, loser: int) -> Result:
    """The result of ``game`` lost by forfeit by participant ``loser`` (a double forfeit when
    the opponent does not play either)."""
    side = game.side_of(loser)
    other_no = game.opponent_of(loser)
    opponent = event.participant(other_no)
    if not opponent.plays_in(game.round):
        return Result(event.game, None, "double-forfeit")
    text = "+-" if other(side) == first_mover(event.game) else "-+"
    return Result.parse(text, event.game)


def _replace_participant(event: E, new: Participant) -> E:
    if isinstance(new, Team):
        return replace(event, teams=tuple(new if t.no == new.no else t for t in event.teams))
    if isinstance(new, Pair):
        return replace(event, pairs=tuple(new if p.no == new.no else p for p in event.pairs))
    return replace(event, players=tuple(new if p.no == new.no else p for p in event.players))


def replace_player(event: E, new: Player) -> E:
    """The event with player ``new.no`` replaced by ``new``."""
    return replace(event, players=tuple(new if p.no == new.no else p for p in event.players))


def draw_numbers(event: E) -> E:
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


def resolve_players(event: Competition, refs: Sequence[str | int | None]) -> tuple[int | None, ...]:
    """Player numbers for names or numbers; ``None`` (or ``-``) stays an empty board."""
    result: list[int | None] = []
    for ref in refs:
        if ref is None or (isinstance(ref, str) and ref.strip() in ("", "-")):
            result.append(None)
            continue
        result.append(event.find_player(ref).no)
    return tuple(result)
