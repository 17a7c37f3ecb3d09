"""Rating casual games (:func:`rate_casual_game`, called by live play when a game outside events
ends): when both seats belong to accounts, a Toguz Korgool game is one Glicko-2 period of one
game in its speed class, a Go game on 19×19 an EGF class-D "tournament" of one game (if its time
reaches class D, and both players are on the Go list already: a rank is what starts a Go rating,
and accounts have none). Games against the computer, pair go, Bestemshe, games without clocks
and games that were not played (fewer than one move each) are not rated.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from arbiter.clock import Side
from arbiter.events.ratings import (
    EgfGame,
    GlickoGame,
    control_class,
    egf_update,
    speed_class,
)
from arbiter.events.results import other
from arbiter.match import Match
from arbiter.server.play.tables import LiveGame
from arbiter.server.runtime import Runtime
from arbiter.server.services.ratings.players import (
    glicko_of,
    identify,
    locked_ratings,
    store_rating,
)
from arbiter.server.storage.models import User
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer, RatingHistory

log = logging.getLogger("arbiter.ratings")


def casual_system(match: Match) -> tuple[str, str] | None:
    """The list a finished casual game counts in and its class, or ``None`` when it is not
    rated (see the module)."""
    settings = match.settings
    game = settings.game
    result = match.result
    if result is None or not result.played or result.is_void or not match.clocked:
        return None
    if match.ply < 2:
        return None
    if match.kind == "toguz":
        if getattr(game, "variant", "toguz") != "toguz" or getattr(game, "start", None):
            return None
        speed = speed_class(settings.time_control)
        return f"toguz-{speed}", speed
    if getattr(game, "pair", False) or getattr(game, "size", 19) != 19:
        return None
    if control_class(settings.time_control, online=True) != "D":
        return None
    return "egf", "D"


@dataclass(frozen=True, slots=True)
class CasualRating:
    """A casual game rated: the list and each side's player and rating before and after."""

    live_id: int
    system: str
    sides: tuple[tuple[str, int, float, float], ...]


def rate_casual_game(rt: Runtime, live_id: int, match: Match) -> CasualRating | None:
    """Rate a finished casual game between two accounts (once: a second call finds it rated and
    changes nothing). Returns what it did, ``None`` when the game is not rated. Never raises:
    live play calls it in the background, and a failure is logged."""
    try:
        return _rate_casual(rt, live_id, match)
    except Exception:
        log.exception("live game %s: the ratings were not updated", live_id)
        return None


SIDES: tuple[Side, Side] = ("black", "white")


@dataclass(frozen=True, slots=True)
class _Update:
    before: float
    after: float
    rd_before: float | None = None
    rd_after: float | None = None
    volatility: float | None = None


def _casual_updates(
    system: str, match: Match, stored: dict[Side, PlayerRating | None]
) -> dict[Side, _Update] | None:
    """Both sides' new ratings after a casual game (``None``: not rated)."""
    result = match.result
    assert result is not None
    updates: dict[Side, _Update] = {}
    if system == "egf":
        ratings = {side: row.rating for side, row in stored.items() if row is not None}
        if len(ratings) != 2:
            return None  # a Go rating starts from a rank, at an event
        handicap = int(getattr(match.settings.game, "handicap", 0))
        for side in SIDES:
            score = result.score(side)
            assert score is not None
            game = EgfGame(ratings[other(side)], score, stones=handicap, received=side == "black")
            updates[side] = _Update(ratings[side], egf_update(ratings[side], [game], "D"))
        return updates
    start = {side: glicko_of(row) for side, row in stored.items()}
    for side in SIDES:
        opp, score = start[other(side)], result.score(side)
        assert score is not None
        after = start[side].update([GlickoGame(opp.rating, opp.rd, score)])
        updates[side] = _Update(
            start[side].rating, after.rating, start[side].rd, after.rd, after.volatility
        )
    return updates


def _rate_casual(rt: Runtime, live_id: int, match: Match) -> CasualRating | None:
    found = casual_system(match)
    if found is None:
        return None
    system = found[0]
    now = rt.now()
    try:
        with rt.db.write() as session:
            live = session.get(LiveGame, live_id)
            seats: Mapping[str, Any] = live.seats if live is not None else {}
            if live is not None and (live.options or {}).get("rated") is False:
                return None  # a casual seek of the lobby (docs/online.md, "Lobby")
            users = {side: (seats.get(side) or {}).get("user_id") for side in SIDES}
            if None in users.values() or users["black"] == users["white"]:
                return None
            people: dict[Side, RatedPlayer] = {}
            for side, user_id in users.items():
                account = session.get(User, user_id)
                if account is None:
                    return None
                people[side] = identify(
                    session, account.display_name or account.username, user_id=account.id, now=now
                )
            stored = locked_ratings(session, system, sorted(p.id for p in people.values()))
            mine = {side: stored.get(person.id) for side, person in people.items()}
            updates = _casual_updates(system, match, mine)
            if updates is None:
                return None
            for side, u in updates.items():
                pid = people[side].id
                store_rating(
                    session, pid, system, mine[side], u.after, u.rd_after, u.volatility, 1, now
                )
                _history(session, pid, system, live_id, match, u, now)
            session.flush()
            return CasualRating(
                live_id,
                system,
                tuple((s, people[s].id, updates[s].before, updates[s].after) for s in SIDES),
            )
    except IntegrityError:
        return None  # rated already (by another server process)


def _history(
    session: Session,
    player_id: int,
    system: str,
    live_id: int,
    match: Match,
    update: _Update,
    now: datetime,
) -> None:
    names = {
        side: " & ".join(p.name for p in match.players(side) if p.name) or "?" for side in SIDES
    }
    session.add(
        RatingHistory(
            player_id=player_id,
            system=system,
            source="casual",
            event_id=None,
            live_id=live_id,
            entry_no=None,
            label=f"{names['white']} – {names['black']}",
            played_on=now.date(),
            before=update.before,
            after=update.after,
            rd_before=update.rd_before,
            rd_after=update.rd_after,
            games=1,
            created_at=now,
        )
    )
