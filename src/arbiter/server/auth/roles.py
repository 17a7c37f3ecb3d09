"""Roles in an event and what each may do (seed 002 §3; seed 000 §13).

- **organiser** — the organising committee: everything, including deleting the event and giving
  any role.
- **chief referee** (главный судья) — runs the competition: settings, entries, pairings and
  their corrections, results, warnings; appoints referees and spectators.
- **referee** (судья) — pairs rounds (3.2.1), publishes them, records results (3.2.8), warns.
- **player** — an entry linked to the account: sees the event and their own games.
- **spectator** — may see an event that is not yet published.
- **committee** — a member of the appeals committee (апелляционный комитет, seed 002 2.3, 3.8):
  decides the protests the chief referee's decision did not settle; never a player or a
  referee of the same event (2.3).

Everybody, signed in or not, sees a published event's published rounds, standings and
crosstable. A site administrator may do everything everywhere.

>>> sorted(p.value for p in PERMISSIONS["referee"])[:3]
['pair', 'publish-round', 'record-result']
>>> can({"player"}, Permission.RECORD_RESULT)
False
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Literal, get_args

Role = Literal["organiser", "chief-referee", "referee", "player", "spectator", "committee"]
ROLES: tuple[Role, ...] = get_args(Role)
STAFF: frozenset[Role] = frozenset({"organiser", "chief-referee", "referee"})


class Permission(Enum):
    """Something a role allows in an event."""

    VIEW = "view"  # the event even when unpublished
    VIEW_PRIVATE = "view-private"  # entries' birth dates and medical clearance; unpublished rounds
    EDIT_SETTINGS = "edit-settings"
    PUBLISH_EVENT = "publish-event"
    DELETE_EVENT = "delete-event"
    MANAGE_ENTRIES = "manage-entries"  # register, import, withdraw
    PAIR = "pair"
    EDIT_ROUND = "edit-round"  # change a paired round by hand, unpair it
    PUBLISH_ROUND = "publish-round"
    RECORD_RESULT = "record-result"
    WARN = "warn"  # warnings and team line-ups
    RECORDS = "records"  # store game records
    MANAGE_ROLES = "manage-roles"  # give and take every role
    MANAGE_REFEREES = "manage-referees"  # give and take the referee and spectator roles
    FINALISE = "finalise"  # rate the finished event (once): the organiser's


_REFEREE = frozenset(
    {
        Permission.VIEW,
        Permission.VIEW_PRIVATE,
        Permission.PAIR,
        Permission.PUBLISH_ROUND,
        Permission.RECORD_RESULT,
        Permission.WARN,
        Permission.RECORDS,
    }
)
_CHIEF = _REFEREE | {
    Permission.EDIT_SETTINGS,
    Permission.PUBLISH_EVENT,
    Permission.MANAGE_ENTRIES,
    Permission.EDIT_ROUND,
    Permission.MANAGE_REFEREES,
}
PERMISSIONS: dict[Role, frozenset[Permission]] = {
    "organiser": frozenset(Permission),
    "chief-referee": frozenset(_CHIEF),
    "referee": _REFEREE,
    "player": frozenset({Permission.VIEW}),
    "spectator": frozenset({Permission.VIEW}),
    # The committee's own work (protests at its level) is checked by role: see rooms/levels.py.
    "committee": frozenset({Permission.VIEW}),
}

#: The roles a holder of MANAGE_REFEREES (but not MANAGE_ROLES) may give and take.
REFEREE_GRANTABLE: frozenset[Role] = frozenset({"referee", "spectator"})


def can(roles: Iterable[str], permission: Permission, *, admin: bool = False) -> bool:
    """Whether someone with ``roles`` in an event (or a site ``admin``) has ``permission``."""
    if admin:
        return True
    return any(permission in PERMISSIONS.get(r, frozenset()) for r in roles)  # type: ignore[call-overload]


def parse_role(text: str) -> Role:
    """A role from its name (``chief_referee`` and ``organizer`` are accepted too).

    >>> parse_role("Chief_Referee"), parse_role("organizer")
    ('chief-referee', 'organiser')
    """
    value = text.strip().lower().replace("_", "-").replace(" ", "-")
    value = {"organizer": "organiser", "chief": "chief-referee"}.get(value, value)
    for role in ROLES:
        if role == value:
            return role
    raise ValueError(f"unknown role {text!r}: expected {', '.join(ROLES)}")
