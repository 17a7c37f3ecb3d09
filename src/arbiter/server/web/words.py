"""The sport's words as the pages show them, in the request's language.

>>> from arbiter import i18n
>>> with i18n.language("ky"):
...     game_name("toguz")
'Тогуз коргоол'
"""

from __future__ import annotations

from collections.abc import Mapping

from arbiter.i18n import N_, gettext

GAMES = {"go": N_("Go"), "toguz": N_("Toguz Korgool")}
SYSTEMS = {
    "swiss": N_("Swiss"),
    "mcmahon": N_("McMahon"),
    "round-robin": N_("Round robin"),
    "double-round-robin": N_("Double round robin"),
    "knockout": N_("Knockout"),
    "double-elimination": N_("Double elimination"),
    "scheveningen": N_("Scheveningen"),
}
DISCIPLINES = {
    "individual": N_("Individual"),
    "pair": N_("Pair go"),
    "team": N_("Teams"),
}
BYES = {
    "bye": N_("Bye"),
    "half": N_("Half-point bye"),
    "zero": N_("Zero-point bye"),
    "rest": N_("Rests"),
    "advance": N_("Goes on"),
    "absent": N_("Absent"),
}


def translated(table: Mapping[str, str]) -> dict[str, str]:
    """A table of words (code → English) in the request's language.

    >>> translated({"go": "Go", "chess": "Chess"})
    {'go': 'Go', 'chess': 'Chess'}
    """
    return {code: gettext(text) for code, text in table.items()}


def _word(table: Mapping[str, str], code: str) -> str:
    # A code the table does not know is shown as it is.
    return gettext(table.get(code, code))


def game_name(game: str) -> str:
    """The game's name."""
    return _word(GAMES, game)


def system_name(system: str) -> str:
    """The pairing system's name."""
    return _word(SYSTEMS, system)


def discipline_name(discipline: str) -> str:
    """Individual, pair go or teams."""
    return _word(DISCIPLINES, discipline)


def bye_name(kind: str) -> str:
    """What a round without a game is called."""
    return _word(BYES, kind)


REGISTRATION_MODES = {
    "open": N_("Anybody may open an account"),
    "invite": N_("By invitation only"),
    "closed": N_("Administrators open accounts"),
}
LINK_STATES = {"live": N_("not used yet"), "used": N_("used"), "expired": N_("expired")}
ROLES = {
    "organiser": N_("Organiser"),
    "chief-referee": N_("Chief referee"),
    "referee": N_("Referee"),
    "spectator": N_("Spectator"),
    "player": N_("Player"),
    "committee": N_("Appeals committee member"),
}
REQUEST_STATES = {
    "pending": N_("waiting for the organisers"),
    "confirmed": N_("confirmed"),
    "refused": N_("refused"),
}


def registration_mode(mode: str) -> str:
    """Who may open an account, in words."""
    return _word(REGISTRATION_MODES, mode)


def link_state(state: str) -> str:
    """Whether a link was used or has expired."""
    return _word(LINK_STATES, state)


def role_name(role: str) -> str:
    """A role in an event."""
    return _word(ROLES, role)


def request_state(state: str) -> str:
    """Where a request to join stands."""
    return _word(REQUEST_STATES, state)
