"""Migration 0009 on a database in use (SQLite and PostgreSQL): the players' ratings and their
history are all there afterwards, the bullet list is accepted, an unknown list still refused;
going back takes the bullet ratings only."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from arbiter.server.config import Settings
from arbiter.server.migrate import downgrade, head, upgrade
from arbiter.server.storage.database import Database

NOW = "2026-11-30 10:00:00+00:00"


def _rating(conn: Any, player: int, system: str, rating: float) -> None:
    conn.execute(
        text(
            "INSERT INTO player_ratings (player_id, system, rating, rd, volatility, games,"
            " updated_at) VALUES (:p, :s, :r, 80.0, 0.06, 7, :t)"
        ),
        {"p": player, "s": system, "r": rating, "t": NOW},
    )


def _ratings(db: Database) -> list[tuple[int, str, float, int]]:
    with db.engine.connect() as conn:
        rows = conn.execute(
            text("SELECT player_id, system, rating, games FROM player_ratings ORDER BY 1, 2")
        )
        return [(int(p), str(s), float(r), int(g)) for p, s, r, g in rows]


def test_the_bullet_list_migration_keeps_the_ratings_of_a_database_in_use(
    database_url: str,
) -> None:
    db = Database(Settings(database_url=database_url))
    try:
        assert upgrade(db.engine, "0008") == "0008"
        with db.engine.begin() as conn:
            for pid, name in ((1, "Asanov Bakyt"), (2, "Bekova Aida")):
                conn.execute(
                    text(
                        "INSERT INTO rated_players (id, name, name_key, created_at)"
                        " VALUES (:i, :n, :k, :t)"
                    ),
                    {"i": pid, "n": name, "k": name.lower(), "t": NOW},
                )
            _rating(conn, 1, "toguz-blitz", 1712.5)
            _rating(conn, 1, "egf", 2045.0)
            _rating(conn, 2, "toguz-classical", 1488.0)
            conn.execute(
                text(
                    "INSERT INTO rating_history (player_id, system, source, label, played_on,"
                    " before, after, games, created_at) VALUES (1, 'toguz-blitz', 'event',"
                    " 'Bishkek Cup', '2026-11-29', 1700.0, 1712.5, 5, :t)"
                ),
                {"t": NOW},
            )
        before = _ratings(db)
        assert upgrade(db.engine) == head()
        assert _ratings(db) == before
        with db.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM rating_history")).scalar() == 1
        with db.engine.begin() as conn:
            _rating(conn, 2, "toguz-bullet", 1555.0)
        with pytest.raises(IntegrityError), db.engine.begin() as conn:
            _rating(conn, 2, "toguz-hyperbullet", 1555.0)
        assert (2, "toguz-bullet", 1555.0, 7) in _ratings(db)
        assert downgrade(db.engine, "0008") == "0008"
        assert _ratings(db) == before
        with pytest.raises(IntegrityError), db.engine.begin() as conn:
            _rating(conn, 2, "toguz-bullet", 1555.0)
    finally:
        db.dispose()
