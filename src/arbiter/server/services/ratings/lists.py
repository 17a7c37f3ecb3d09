"""The rating lists (best first, or as CSV) and a rated player's ratings and history."""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, select

from arbiter import spreadsheet
from arbiter.events.ratings import SYSTEMS
from arbiter.i18n import N_, gettext
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import aware
from arbiter.server.services.errors import NotFound
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer, RatingHistory

#: The lists, by game, as the rating pages name them.
LIST_NAMES: dict[str, str] = {
    "egf": N_("Go: EGF rating"),
    "toguz-bullet": N_("Toguz Korgool: bullet"),
    "toguz-blitz": N_("Toguz Korgool: blitz"),
    "toguz-rapid": N_("Toguz Korgool: rapid"),
    "toguz-classical": N_("Toguz Korgool: classical"),
}


def list_name(system: str) -> str:
    """A list's name in the current language."""
    return gettext(LIST_NAMES[system]) if system in LIST_NAMES else system


@dataclass(frozen=True, slots=True)
class ListRow:
    """A player on a rating list."""

    place: int
    player_id: int
    name: str
    rating: float
    rd: float | None
    games: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One update of a player's rating."""

    system: str
    source: str
    event_id: int | None
    live_id: int | None
    label: str
    played_on: date
    before: float
    after: float
    rd_before: float | None
    rd_after: float | None
    games: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A rated player with their ratings (per list) and history, newest first."""

    id: int
    name: str
    ratings: tuple[tuple[str, float, float | None, int], ...]
    history: tuple[HistoryRow, ...]


def check_system(system: str) -> str:
    """``system`` if it is a list, else 404."""
    if system not in SYSTEMS:
        raise NotFound(
            gettext("No rating list %(name)s: the lists are %(lists)s.")
            % {"name": repr(system), "lists": ", ".join(SYSTEMS)}
        )
    return system


def rating_list(rt: Runtime, system: str) -> list[ListRow]:
    """A list, best first (ties share a place; then by name)."""
    check_system(system)
    with rt.db.read() as session:
        rows = session.execute(
            select(PlayerRating, RatedPlayer)
            .join(RatedPlayer, RatedPlayer.id == PlayerRating.player_id)
            .where(PlayerRating.system == system)
            .order_by(PlayerRating.rating.desc(), RatedPlayer.name_key, RatedPlayer.id)
        ).all()
    out: list[ListRow] = []
    for i, (r, p) in enumerate(rows, start=1):
        shown = round(r.rating, 1)
        place = out[-1].place if out and round(out[-1].rating, 1) == shown else i
        out.append(ListRow(place, p.id, p.name, r.rating, r.rd, r.games, aware(r.updated_at)))
    return out


def list_csv(system: str, rows: list[ListRow]) -> str:
    """A list as CSV (place, player, rating, RD for Glicko-2, games, last update)."""
    out = io.StringIO()
    writer = spreadsheet.writer(out)
    glicko = system != "egf"
    writer.writerow(
        ["place", "player_id", "name", "rating", *(["rd"] if glicko else []), "games", "updated"]
    )
    for row in rows:
        writer.writerow(
            [
                row.place,
                row.player_id,
                row.name,
                f"{row.rating:.3f}",
                *([f"{row.rd:.1f}" if row.rd is not None else ""] if glicko else []),
                row.games,
                row.updated_at.date().isoformat(),
            ]
        )
    return out.getvalue()


def player_view(rt: Runtime, player_id: int) -> PlayerView:
    """A rated player's ratings and history (404 when there is no such player)."""
    with rt.db.read() as session:
        person = session.get(RatedPlayer, player_id)
        if person is None:
            raise NotFound(gettext("No rated player %(n)s.") % {"n": player_id})
        ratings = tuple(
            (r.system, r.rating, r.rd, r.games)
            for r in session.scalars(
                select(PlayerRating)
                .where(PlayerRating.player_id == player_id)
                .order_by(PlayerRating.system)
            )
        )
        history = tuple(
            HistoryRow(
                h.system,
                h.source,
                h.event_id,
                h.live_id,
                h.label,
                h.played_on,
                h.before,
                h.after,
                h.rd_before,
                h.rd_after,
                h.games,
            )
            for h in session.scalars(
                select(RatingHistory)
                .where(RatingHistory.player_id == player_id)
                .order_by(RatingHistory.played_on.desc(), RatingHistory.id.desc())
            )
        )
        return PlayerView(person.id, person.name, ratings, history)


def list_sizes(rt: Runtime) -> dict[str, int]:
    """How many players each list has."""
    with rt.db.read() as session:
        counts = dict(
            session.execute(
                select(PlayerRating.system, func.count()).group_by(PlayerRating.system)
            ).all()
        )
    return {s: int(counts.get(s, 0)) for s in SYSTEMS}
