"""Searching the rating lists while players are registered: a name (folded: case,
diacritics, punctuation and word order do not matter; each word of the query is the beginning
of a word of the name) or an id (the EGF PIN, the FFG licence, the AGA id: its beginning).

Go events search the federations' lists loaded on the server (:mod:`.rating_lists`); Toguz
Korgool events the server's own Glicko-2 lists (``toguz-bullet``, ``toguz-blitz``,
``toguz-rapid``, ``toguz-classical``: the players rated in its events and casual games). A
search gives at most :data:`LIMIT` players, for signed-in callers.

>>> parse_query("  Müller,  jürg ")
Query(words=('jurg', 'muller'), pin='')
>>> parse_query("1053")
Query(words=('1053',), pin='1053')
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import case, select
from sqlalchemy.orm import Session

from arbiter.events.formats.rating_lists import (
    LIST_NAMES,
    REGISTRIES,
    entry_rating,
    fold_words,
)
from arbiter.events.ratings import SYSTEMS
from arbiter.i18n import gettext
from arbiter.limits import MAX_NAME
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, require_user
from arbiter.server.services.errors import Invalid
from arbiter.server.services.ratings import list_name
from arbiter.server.services.text import check_text
from arbiter.server.storage.rating_lists import RatingListEntry, RatingListRow
from arbiter.server.storage.ratings import PlayerRating, RatedPlayer

__all__ = [
    "LIMIT",
    "SEARCHED",
    "TOGUZ_LISTS",
    "Found",
    "Query",
    "parse_query",
    "search",
]

LIMIT = 20
"""Most players a search gives."""
TOGUZ_LISTS = tuple(s for s in SYSTEMS if s.startswith("toguz-"))
#: Every list a search may name: the federations' and the server's Toguz Korgool lists.
SEARCHED = (*REGISTRIES, *TOGUZ_LISTS)
_MOST_WORDS = 6


@dataclass(frozen=True, slots=True)
class Query:
    """A query's folded words, and the id it may be (one word of letters and digits, a digit
    among them)."""

    words: tuple[str, ...]
    pin: str


@dataclass(frozen=True, slots=True)
class Found:
    """A player found in a list, with what their entry gets from it: ``rating`` is the
    list's own number, ``entry_rating`` the entry's (on the EGF's scale for Go); ``id`` the
    player's id in ``registry`` (``""`` for none, and for the server's own lists, whose players
    are known by their account or name)."""

    registry: str
    list_name: str
    id: str
    surname: str
    given: str
    country: str
    club: str
    rank: str | None
    rating: int | None
    entry_rating: int | None

    @property
    def name(self) -> str:
        """ "Surname Given"."""
        return f"{self.surname} {self.given}".strip()

    @property
    def form_name(self) -> str:
        """The name as the entry form takes it: ``Surname, Given`` (a surname of several
        words stays whole)."""
        return f"{self.surname}, {self.given}" if self.given else self.surname

    @property
    def id_registry(self) -> str:
        """The registry an entry keeps ``id`` under (``""`` when there is no id)."""
        return self.registry if self.id and self.registry in REGISTRIES else ""


def parse_query(text: str) -> Query:
    """The words of a query (see the module); 422 for a query longer than a name may be."""
    check_text(text, "q", limit=MAX_NAME)
    words = tuple(sorted(fold_words(text)))[:_MOST_WORDS]
    raw = text.strip()
    pin = raw.upper() if raw.isalnum() and raw.isascii() and any(c.isdigit() for c in raw) else ""
    return Query(words, pin)


def search(
    rt: Runtime,
    actor: CurrentUser | None,
    text: str,
    registry: str | None = None,
    limit: int = LIMIT,
) -> list[Found]:
    """The players of the lists (``registry``: one list; default every federation's list)
    whose name or id the query ``text`` matches, at most ``limit``."""
    require_user(actor)
    if registry is not None and registry not in SEARCHED:
        raise Invalid(
            gettext("No rating list %(name)s: the lists are %(lists)s.")
            % {"name": repr(registry[:20]), "lists": ", ".join(SEARCHED)},
            "registry",
        )
    query = parse_query(text)
    if not query.words:
        return []
    limit = max(1, min(limit, LIMIT))
    with rt.db.read() as session:
        if registry in TOGUZ_LISTS:
            return _rated(session, query, registry, limit)
        lists = (registry,) if registry is not None else REGISTRIES
        return _listed(session, query, lists, limit)


def _listed(session: Session, query: Query, lists: tuple[str, ...], limit: int) -> list[Found]:
    entry = RatingListEntry
    chosen = (
        select(entry)
        .join(RatingListRow, RatingListRow.id == entry.list_id)
        .where(RatingListRow.active, entry.federation.in_(lists))
    )
    if query.pin:
        # the folded words hold only letters and digits: nothing to escape in LIKE
        chosen = chosen.where(entry.pin.like(query.pin + "%")).order_by(
            case((entry.pin == query.pin, 0), else_=1), entry.pin, entry.federation
        )
    else:
        for word in query.words:
            chosen = chosen.where(entry.search_key.like(f"% {word}%"))
        chosen = chosen.order_by(entry.surname, entry.given, entry.federation, entry.id)
    return [
        Found(
            e.federation,
            LIST_NAMES[e.federation],
            e.pin,
            e.surname,
            e.given,
            e.country,
            e.club,
            e.rank,
            e.rating,
            entry_rating(e.federation, e.rating),
        )
        for e in session.scalars(chosen.limit(limit))
    ]


def _rated(session: Session, query: Query, system: str, limit: int) -> list[Found]:
    """The players of the server's own list ``system``: its players are few (those rated on
    this server), so their names are folded here rather than kept folded in a column."""
    rows = session.execute(
        select(RatedPlayer.name, PlayerRating.rating)
        .join(PlayerRating, PlayerRating.player_id == RatedPlayer.id)
        .where(PlayerRating.system == system)
        .order_by(RatedPlayer.name_key, RatedPlayer.id)
    ).all()
    found: list[Found] = []
    for name, rating in rows:
        words = fold_words(name)
        if all(any(w.startswith(q) for w in words) for q in query.words):
            value = round(rating)
            found.append(
                Found(
                    system,
                    list_name(system),
                    "",
                    name,  # kept whole: the rated player is known by the name as written
                    "",
                    "",
                    "",
                    None,
                    value,
                    value if 0 <= value <= 4000 else None,
                )
            )
            if len(found) >= limit:
                break
    return found
