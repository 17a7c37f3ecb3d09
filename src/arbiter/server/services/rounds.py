"""Rounds: pair the next one, explain it, edit it by hand, unpair it, publish it; team line-ups
and referees' warnings.

Pairing is guarded like results: the caller names the round it pairs (the next one), so two
referees pressing "pair round 3" at once get round 3 once and a 409 (with the round as paired)
for the other. Editing and unpairing name the round's version.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbiter.events.document import check
from arbiter.events.exact import parse_half
from arbiter.events.rounds import BYE_KINDS, Bye, Game, Round
from arbiter.events.settings import BRACKET_SYSTEMS, SYSTEM_NAMES
from arbiter.server.auth.roles import Permission
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser
from arbiter.server.services.errors import Conflict, Invalid, NotAvailable, NotFound, domain
from arbiter.server.services.state import EventState
from arbiter.server.services.text import check_text
from arbiter.server.services.unit import Editing, editing, reading
from arbiter.server.storage.events import games_with_activity


@dataclass(frozen=True, slots=True)
class GameEdit:
    """One game of a round edited by hand. Go: ``handicap`` stones (0 even) and ``komi``
    (default: the event's komi, or its handicap komi with stones)."""

    table: int
    black: int
    white: int
    handicap: int | None = None
    komi: str | float | None = None


@dataclass(frozen=True, slots=True)
class ByeEdit:
    """A participant without a game in an edited round: ``bye`` (a pairing bye worth the
    event's ``bye`` setting), ``half``, ``zero``, ``rest`` or ``absent``."""

    no: int
    kind: str = "bye"


def _round_current(ed: Editing, number: int) -> dict[str, Any]:
    row = ed.loaded.rounds.get(number)
    return {
        "round": number,
        "version": row.version if row else None,
        "published": row.published if row else None,
        "rounds_paired": len(ed.event.rounds),
    }


def pair_round(rt: Runtime, actor: CurrentUser | None, event_id: int, number: int) -> EventState:
    """Pair round ``number``, which must be the next one (409 when it is paired already or an
    earlier round is missing, with the event's rounds as they are)."""
    with editing(rt, actor, event_id, Permission.PAIR, "pairing rounds") as ed:
        paired = len(ed.event.rounds)
        if number != paired + 1:
            message = (
                f"round {number} is already paired"
                if number <= paired
                else f"the next round to pair is round {paired + 1}"
            )
            raise Conflict(message, "round", _round_current(ed, min(number, paired)))
        with domain("round"):
            event = ed.event.pair_next_round()
        ed.store(event)
        return ed.state()


def _check_version(ed: Editing, number: int, version: int) -> None:
    row = ed.loaded.rounds.get(number)
    if row is None:
        raise NotFound(f"round {number} is not paired")
    if row.version != version:
        raise Conflict(
            f"round {number} changed meanwhile (version {row.version}, not {version})",
            "version",
            _round_current(ed, number),
        )


def _check_untouched(ed: Editing, rnd: Round, what: str) -> None:
    played = [g for g in rnd.games if g.result is not None and g.result.played]
    if played:
        tables = ", ".join(str(g.table) for g in played[:6])
        raise Conflict(f"round {rnd.number} has results at tables {tables}: {what}")
    ids = [ed.loaded.games[g.key].id for g in rnd.games]
    active = games_with_activity(ed.session, ids)
    if active:
        raise Conflict(f"games of round {rnd.number} have records or were played here: {what}")


def unpair_round(
    rt: Runtime, actor: CurrentUser | None, event_id: int, number: int, version: int
) -> EventState:
    """Remove the last round (no played result, no record, no game played on the server)."""
    with editing(rt, actor, event_id, Permission.EDIT_ROUND, "unpairing rounds") as ed:
        _check_version(ed, number, version)
        if number != len(ed.event.rounds):
            raise Conflict(f"only the last round ({len(ed.event.rounds)}) can be unpaired", "round")
        _check_untouched(ed, ed.event.round(number), "it cannot be unpaired")
        with domain():
            event = ed.event.unpair_last_round()
        ed.store(event)
        return ed.state()


def edit_round(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    version: int,
    games: Sequence[GameEdit],
    byes: Sequence[ByeEdit] = (),
) -> EventState:
    """Replace a round's pairing by hand (the chief referee's correction): every participant who
    plays in the round gets one game or one bye. Games that keep their table, players and colours
    keep their result (e.g. a forfeit). Refused once a game of the round is played, and in
    knockout systems and team events, whose rounds follow from the bracket and the line-ups."""
    with editing(rt, actor, event_id, Permission.EDIT_ROUND, "editing rounds") as ed:
        _check_version(ed, number, version)
        event = ed.event
        if event.system in BRACKET_SYSTEMS:
            raise Conflict(f"a {SYSTEM_NAMES[event.system]} round follows from the bracket")
        if event.discipline == "team":
            raise Conflict("a team round is changed with line-ups, not by hand")
        old = event.round(number)
        _check_untouched(ed, old, "it cannot be edited")
        new_games = [_edited_game(ed, number, i, e) for i, e in enumerate(games)]
        new_byes = [_edited_bye(ed, i, b) for i, b in enumerate(byes)]
        _check_everyone_once(ed, number, new_games, new_byes)
        kept = {(g.table, g.black, g.white): g for g in old.games}
        merged = []
        for g in sorted(new_games, key=lambda g: g.table):
            before = kept.get((g.table, g.black, g.white))
            merged.append(g.with_result(before.result) if before is not None else g)
        absent = [
            b for b in old.byes if b.kind == "absent" and b.no not in {x.no for x in new_byes}
        ]
        rnd = Round(number, tuple(merged), tuple(new_byes) + tuple(absent))
        new = event.with_round(rnd)
        with domain("games"):
            check(new)
        ed.store(new)
        return ed.state()


def _edited_game(ed: Editing, number: int, index: int, edit: GameEdit) -> Game:
    event = ed.event
    where = f"games[{index}]"
    if edit.table < 1:
        raise Invalid("tables are numbered from 1", f"{where}.table")
    if edit.black == edit.white:
        raise Invalid(f"participant {edit.black} cannot play themselves", where)
    for side, no in (("black", edit.black), ("white", edit.white)):
        with domain(f"{where}.{side}"):
            participant = event.participant(no)
        if not participant.plays_in(number):
            raise Invalid(
                f"{participant.name} does not play in round {number} (withdrawn or not entered)",
                f"{where}.{side}",
            )
    if event.game != "go":
        if edit.handicap or edit.komi is not None:
            raise Invalid("Toguz Korgool games have no handicap or komi", where)
        return Game(number, edit.table, None, edit.black, edit.white)
    handicap = edit.handicap or 0
    if not 0 <= handicap <= 9:
        raise Invalid("a handicap is 0 to 9 stones", f"{where}.handicap")
    cfg = event.config
    if edit.komi is None:
        komi = cfg.komi_for(handicap)
    else:
        text = str(edit.komi)
        check_text(text, f"{where}.komi", limit=20)
        try:
            komi = parse_half(text, "komi")
        except ValueError as exc:
            raise Invalid(str(exc), f"{where}.komi") from None
        if abs(komi) > 100:
            raise Invalid("komi is between -100 and 100", f"{where}.komi")
    return Game(number, edit.table, None, edit.black, edit.white, handicap=handicap, komi=komi)


def _edited_bye(ed: Editing, index: int, edit: ByeEdit) -> Bye:
    where = f"byes[{index}]"
    kinds = ("bye", "half", "zero", "rest", "absent")
    if edit.kind not in kinds or edit.kind not in BYE_KINDS:
        raise Invalid(f"a bye is {', '.join(kinds)}, not {edit.kind!r}", f"{where}.kind")
    with domain(f"{where}.no"):
        ed.event.participant(edit.no)
    points = {"bye": ed.event.config.bye, "half": Fraction(1, 2)}.get(edit.kind, Fraction(0))
    return Bye(edit.no, edit.kind, points)


def _check_everyone_once(
    ed: Editing, number: int, games: Sequence[Game], byes: Sequence[Bye]
) -> None:
    seen: dict[int, str] = {}
    tables: set[int] = set()
    for i, g in enumerate(games):
        if g.table in tables:
            raise Invalid(f"two games at table {g.table}", f"games[{i}].table")
        tables.add(g.table)
        for no in (g.black, g.white):
            if no in seen:
                raise Invalid(f"participant {no} is placed twice", f"games[{i}]")
            seen[no] = "game"
    for i, b in enumerate(byes):
        if b.no in seen:
            raise Invalid(f"participant {b.no} is placed twice", f"byes[{i}]")
        seen[b.no] = "bye"
    missing = [no for no in ed.event.active(number) if no not in seen]
    if missing:
        listed = ", ".join(str(n) for n in missing[:10])
        raise Invalid(f"participants without a game or a bye: {listed}", "games")


def publish_round(
    rt: Runtime, actor: CurrentUser | None, event_id: int, number: int, published: bool
) -> EventState:
    """Publish round ``number``'s pairing (everybody sees it, then its results) or withdraw it.
    Rounds are published in order and withdrawn from the last."""
    with editing(rt, actor, event_id, Permission.PUBLISH_ROUND, "publishing rounds") as ed:
        rounds = ed.loaded.rounds
        if number not in rounds:
            raise NotFound(f"round {number} is not paired")
        if published and any(not rounds[n].published for n in range(1, number)):
            raise Conflict(f"publish the rounds before round {number} first", "round")
        later = [n for n in rounds if n > number and rounds[n].published]
        if not published and later:
            raise Conflict(f"round {max(later)} is published: withdraw it first", "round")
        row = rounds[number]
        if row.published != published:
            row.published = published
            row.version += 1
            ed.session.flush()
        return ed.state()


def set_lineup(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    number: int,
    team: int,
    players: Sequence[int | None],
    *,
    override: bool = False,
) -> EventState:
    """A team's players in board order for round ``number`` (``None``: an empty board)."""
    with editing(rt, actor, event_id, Permission.WARN, "setting line-ups") as ed:
        with domain(in_path=True):
            ed.event.round(number)
            ed.event.participant(team)
        with domain("players"):
            event = ed.event.set_lineup(number, team, list(players), override=override)
        ed.store(event)
        return ed.state()


def warn(
    rt: Runtime,
    actor: CurrentUser | None,
    event_id: int,
    player: int,
    number: int,
    reason: str = "",
) -> EventState:
    """A referee's warning to player ``player`` in round ``number``, with its consequences (a
    Go game lost at the 2nd warning in it; a Toguz point at the 3rd, exclusion at the 4th)."""
    check_text(reason, "reason", limit=500)
    with editing(rt, actor, event_id, Permission.WARN, "giving warnings") as ed:
        with domain("player"):
            ed.event.player(player)
        with domain("round"):
            event = ed.event.warn(player, number, reason)
        ed.store(event)
        return ed.state()


# -- explanations ---------------------------------------------------------------------------------

_FIXED = {
    "round-robin": "round {n} of the round-robin table (seed 002 appendix 3; FIDE's Berger table)",
    "double-round-robin": "round {n} of the double round-robin table, colours reversed in the "
    "second cycle (seed 002 2.8.1)",
    "scheveningen": "round {n} of the Scheveningen schedule: each player of group 1 meets the "
    "players of group 2 in turn (seed 002 2.8.3)",
    "knockout": "round {n} of the knockout bracket: the winners of the previous round's meetings, "
    "seeds placed so that the favourites meet as late as possible (seed 002 2.8.2)",
    "double-elimination": "round {n} of the double-elimination brackets (seed 000 9.2)",
    "swiss-dutch": "round {n} of the FIDE Dutch system (FIDE C.04.3), paired from the results "
    "of the rounds before",
}


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why round ``number`` is paired as it is: the system's words, and for Swiss and McMahon
    the pairing engine's explanation (``details``)."""

    number: int
    system: str
    summary: str
    details: Any = None


def explain_round(
    rt: Runtime, actor: CurrentUser | None, event_id: int, number: int
) -> Explanation:
    """Why round ``number`` is paired as it is."""
    with reading(rt, actor, event_id) as r:
        state = r.state()
    event = state.event
    if number not in state.rounds:
        raise NotFound(f"round {number} is not paired")
    if event.system in _FIXED:
        return Explanation(number, event.system, _FIXED[event.system].format(n=number))
    explain = _pairing_explainer()
    with domain():
        details = explain(event, number)
    optimal = details.get("optimal") if isinstance(details, dict) else None
    name = SYSTEM_NAMES[event.system]
    if optimal is True:
        summary = f"round {number}: the best {name} pairing by the event's weights"
    elif optimal is False:
        summary = (
            f"round {number}: changed by hand (or paired under other settings): "
            "the engine finds a better pairing now"
        )
    else:
        summary = f"round {number} of the {name} pairing"
    return Explanation(number, event.system, summary, details)


def _pairing_explainer() -> Any:
    try:
        module = importlib.import_module("arbiter.events.swiss.explain")
    except ImportError:
        module = None
    explain = getattr(module, "explain", None)
    if not callable(explain):
        raise NotAvailable("explanations of Swiss and McMahon pairings are not available yet")
    return explain
