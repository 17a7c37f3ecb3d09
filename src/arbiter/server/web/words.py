"""The sport's words as the pages show them, in the request's language.

>>> from arbiter import i18n
>>> with i18n.language("ky"):
...     game_name("toguz")
'Тогуз коргоол'
"""

from __future__ import annotations

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


def game_name(game: str) -> str:
    """The game's name."""
    return gettext(GAMES.get(game, game))


def system_name(system: str) -> str:
    """The pairing system's name."""
    return gettext(SYSTEMS.get(system, system))


def discipline_name(discipline: str) -> str:
    """Individual, pair go or teams."""
    return gettext(DISCIPLINES.get(discipline, discipline))


def bye_name(kind: str) -> str:
    """What a round without a game is called."""
    return gettext(BYES.get(kind, kind))
