"""Corrections of the entries: correct a player's details, delete an entry made by mistake,
merge a player entered twice, rename a pair or a team.

An entry may go only while it has taken no part in the event: no game, no bye but the
``absent`` ones a round gives to those not playing (which score nothing and touch nobody
else's results), no place in a knockout bracket, no warning, no line-up. After that it is
withdrawn (:func:`arbiter.events.entries.withdraw`), never deleted, so that the pairings and
every opponent's standings stay as they were played.

Numbers are stable: the others keep theirs, and a deleted number stays empty (the draw of lots
at round 1 numbers everyone afresh anyway). Merging keeps one entry — the one that has played,
or the first named when neither has — with its number, games and status; each field it leaves
empty is filled from the other, and the fields named in ``take`` are taken from the other
whatever the kept one says (docs/decisions.md).

>>> from arbiter.events.competition import Competition
>>> from arbiter.events.participants import Player
>>> c = Competition("toguz", "swiss", players=(Player(1, "Asanov", "Bakyt"),
...     Player(2, "Asanov", "Bakyt", club="Bishkek", rating=1800)))
>>> merged, kept = merge_players(c, 1, 2)
>>> (kept.no, kept.club, kept.rating), [p.no for p in merged.players]
((1, 'Bishkek', 1800), [1])
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Literal, get_args

from arbiter.errors import Text
from arbiter.events.competition import Competition, E
from arbiter.events.errors import EventError, UnknownEntry
from arbiter.events.integrity import check_player, field_name
from arbiter.events.participants import Pair, Participant, Player, Team, same_name
from arbiter.events.registration import EntryForm, Registration
from arbiter.i18n import N_
from arbiter.limits import MAX_COUNTRY, MAX_FIELD, MAX_NAME, check_field

__all__ = [
    "MERGE_FIELDS",
    "MergeField",
    "correct_player",
    "delete_entry",
    "find_entry",
    "first_use",
    "merge_players",
    "rename_pair",
    "update_team",
]

#: A player's fields a merge fills or takes from the other entry (``name`` is the surname
#: and given names together; ``ids`` the rating-list ids, joined).
MergeField = Literal[
    "name", "gender", "born", "club", "city", "country", "title", "rank", "rating", "coach",
    "medical", "ids",
]  # fmt: skip
MERGE_FIELDS: tuple[str, ...] = get_args(MergeField)

Kind = str  # "player", "pair" or "team"


def _paired_kind(event: E) -> Kind:
    """The kind of entry the rounds of ``event`` pair."""
    return {"individual": "player", "pair": "pair", "team": "team"}[event.discipline]


def _entries(event: E, kind: Kind) -> tuple[Participant, ...]:
    if kind == "pair":
        return event.pairs
    if kind == "team":
        return event.teams
    return event.players


def find_entry(event: E, kind: Kind, no: int) -> Participant:
    """Entry ``no`` of ``kind`` (``player``, ``pair``, ``team``)."""
    for p in _entries(event, kind):
        if p.no == no:
            return p
    if kind == "pair":
        raise UnknownEntry(N_("no pair number {no} in this event"), no=no)
    if kind == "team":
        raise UnknownEntry(N_("no team number {no} in this event"), no=no)
    return event.player(no)  # the core's "no player number …"


def first_use(event: E, kind: Kind, no: int) -> Text | None:
    """How entry ``no`` (a ``player``, ``pair`` or ``team``) takes part in the event, as text
    for a refusal (``Kim Ji is paired in round 2``), or ``None`` while it takes part in
    nothing (see the module)."""
    name = find_entry(event, kind, no).name
    if kind == _paired_kind(event):
        for rnd in event.rounds:
            if rnd.games_of(no):
                return Text(N_("{name} is paired in round {round}"), name=name, round=rnd.number)
            bye = rnd.bye_of(no)
            if bye is not None and bye.kind != "absent":
                return Text(N_("{name} has a bye in round {round}"), name=name, round=rnd.number)
        if no in event.seeding:
            return Text(N_("{name} is in the knockout bracket"), name=name)
    if kind == "player":
        for pair in event.pairs:
            if no in pair.members:
                return Text(N_("{name} plays in the pair {pair}"), name=name, pair=pair.name)
        for team in event.teams:
            if no in team.members:
                return Text(N_("{name} plays for the team {team}"), name=name, team=team.name)
        for w in event.warnings:
            if w.player == no:
                return Text(N_("{name} has a warning in round {round}"), name=name, round=w.round)
        for lu in event.lineups:
            if no in lu.players:
                return Text(
                    N_("{name} is in a line-up of round {round}"), name=name, round=lu.round
                )
    if kind == "team" and any(lu.team == no for lu in event.lineups):
        return Text(N_("{name} has given a line-up"), name=name)
    return None


def _without(event: E, kind: Kind, no: int) -> E:
    """``event`` without entry ``no`` and its ``absent`` byes."""
    if kind == "pair":
        event = replace(event, pairs=tuple(p for p in event.pairs if p.no != no))
    elif kind == "team":
        event = replace(event, teams=tuple(t for t in event.teams if t.no != no))
    else:
        event = replace(event, players=tuple(p for p in event.players if p.no != no))
    if kind == _paired_kind(event):
        rounds = tuple(
            replace(rnd, byes=tuple(b for b in rnd.byes if b.no != no))
            if rnd.bye_of(no) is not None
            else rnd
            for rnd in event.rounds
        )
        event = replace(event, rounds=rounds)
    return event


def delete_entry(event: E, kind: Kind, no: int) -> tuple[E, Participant]:
    """``event`` without entry ``no`` (a ``player``, ``pair`` or ``team``), refused once the
    entry takes part in the event (withdraw it then); the deleted entry.

    >>> from arbiter.events.event import Event
    >>> e, _ = Event.create("go", "mcmahon").add_player("Lee Chang", rank="5d")
    >>> e, _ = e.add_player("Park Su", rank="3d")
    >>> e, gone = delete_entry(e, "player", 1)
    >>> gone.name, [p.no for p in e.players]
    ('Lee Chang', [2])
    """
    entry = find_entry(event, kind, no)
    use = first_use(event, kind, no)
    if use is not None:
        raise EventError(N_("{use}: it cannot be deleted, only withdrawn"), use=use)
    return _without(event, kind, no), entry


def _empty(value: object) -> bool:
    return value is None or value == "" or value == ()


def _merged(keep: Player, other: Player, take: Collection[str]) -> Player:
    changes: dict[str, object] = {}
    for name in MERGE_FIELDS:
        if name == "name":
            if "name" in take:
                changes.update(surname=other.surname, given=other.given)
            elif not keep.given and other.given and same_name(keep.surname, other.surname):
                changes["given"] = other.given
            continue
        if name == "ids":
            first, second = (other, keep) if "ids" in take else (keep, other)
            joined = {**dict(second.ids), **dict(first.ids)}
            changes["ids"] = tuple(sorted(joined.items()))
            continue
        mine, theirs = getattr(keep, name), getattr(other, name)
        if (name in take and not _empty(theirs)) or (_empty(mine) and not _empty(theirs)):
            changes[name] = theirs
    return replace(keep, **changes)  # type: ignore[arg-type]


def merge_players(
    event: E, first: int, second: int, take: Collection[str] = ()
) -> tuple[E, Player]:
    """``event`` with players ``first`` and ``second``, one person entered twice, made one
    entry (see the module for which one stays and how the fields are filled); the entry kept.
    Refused when both have taken part in the event, or the one to go is in a pair or team."""
    unknown = sorted(set(take) - set(MERGE_FIELDS))
    if unknown:
        raise EventError(
            N_("unknown field {field!r}: the fields are {fields}"),
            field=unknown[0],
            fields=", ".join(MERGE_FIELDS),
        )
    if first == second:
        raise EventError(N_("an entry cannot be merged with itself"))
    a, b = event.player(first), event.player(second)
    use_a, use_b = first_use(event, "player", first), first_use(event, "player", second)
    if use_a is not None and use_b is not None:
        raise EventError(
            N_("{first} and {second}: both take part in the event, so neither can go"),
            first=use_a,
            second=use_b,
        )
    keep, other = (b, a) if use_b is not None else (a, b)
    merged = _merged(keep, other, take)
    check_player(merged)
    event = _without(event, "player", other.no)
    return replace(
        event, players=tuple(merged if p.no == keep.no else p for p in event.players)
    ), merged


def correct_player(event: E, no: int, form: EntryForm) -> tuple[E, Player]:
    """``event`` with player ``no``'s details read from ``form`` (checked as a new entry would
    be); the number, entry, withdrawal and rating-list ids stay (a form does not hold ids
    unless it gives some). Refused when another entry has the same name, date of birth and
    club (one person twice: merge them instead)."""
    old = event.player(no)
    blank = Competition(event.game, event.system, event.discipline, event.settings)
    checked = Registration(blank).add(form)
    new = replace(
        checked,
        no=old.no,
        entered=old.entered,
        withdrawn=old.withdrawn,
        excluded=old.excluded,
        ids=checked.ids or old.ids,
    )
    for other in event.players:
        same = (other.born, other.club) == (new.born, new.club)
        if other.no != no and same and same_name(other.name, new.name):
            raise EventError(
                N_("{name} is already entered as number {no}"), name=new.name, no=other.no
            )
    return replace(event, players=tuple(new if p.no == no else p for p in event.players)), new


def _check_group_name(items: tuple[Pair, ...] | tuple[Team, ...], no: int, name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise EventError(N_("a name cannot be empty"))
    check_field(cleaned, field_name("name"), MAX_NAME)
    for other in items:
        if other.no != no and same_name(other.name, cleaned):
            raise EventError(
                N_("{name} is already entered as number {no}"), name=cleaned, no=other.no
            )
    return cleaned


def rename_pair(event: E, no: int, name: str) -> tuple[E, Pair]:
    """``event`` with pair ``no`` named ``name``; the pair."""
    pair = find_entry(event, "pair", no)
    assert isinstance(pair, Pair)
    new = replace(pair, name=_check_group_name(event.pairs, no, name))
    return replace(event, pairs=tuple(new if p.no == no else p for p in event.pairs)), new


def update_team(event: E, no: int, name: str, club: str = "", country: str = "") -> tuple[E, Team]:
    """``event`` with team ``no``'s name, club and country corrected; the team."""
    team = find_entry(event, "team", no)
    assert isinstance(team, Team)
    club, country = " ".join(club.split()), country.strip().upper()
    check_field(club, field_name("club"), MAX_FIELD)
    check_field(country, field_name("country"), MAX_COUNTRY)
    new = replace(team, name=_check_group_name(event.teams, no, name), club=club, country=country)
    return replace(event, teams=tuple(new if t.no == no else t for t in event.teams)), new
