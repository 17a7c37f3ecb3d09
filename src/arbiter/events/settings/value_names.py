"""The names of settings' values as a form shows them (``japanese``: Japanese, ``required``:
required, tiebreak codes by their names), marked for translation, and the values worth offering
for a kind of event.

>>> value_name("ruleset", "japanese"), value_name("komi", "6.5"), flag_name(True)
('Japanese', '6.5', 'Yes')
>>> choices("ruleset", Kind("toguz", "swiss", "individual"), ("japanese", "toguz", "bestemshe"))
('toguz', 'bestemshe')
"""

from __future__ import annotations

from arbiter.events.settings.kinds import Kind
from arbiter.events.settings.rules import RULESETS
from arbiter.events.tiebreak_codes import CODES
from arbiter.events.tiebreak_codes import NAMES as TIEBREAK_NAMES
from arbiter.i18n import N_, gettext, pgettext

#: The names of the values of settings whose values are words (a value not named here is
#: shown as it is: a number, a rank, a date).
VALUE_NAMES: dict[str, dict[str, str]] = {
    "seeding": {
        "spread-by-strength": N_("Strongest first, favourites spread apart"),
        "spread-by-number": N_("By number, seeds spread apart"),
        "in-order": N_("By number in order: 1st with 2nd, 3rd with 4th"),
    },
    "groups": {"auto": N_("automatic")},
    "pairing_seeding": {
        "split-and-slip": N_("Split and slip"),
        "split-and-fold": N_("Split and fold"),
        "split-and-random": N_("Split and random"),
    },
    "pairing_weights": {
        "arbiter": N_("arbiter's own"),
        "opengotha": N_("OpenGotha's"),
        "opengotha-3.51": N_("OpenGotha 3.51.02's"),
        "opengotha-3.52": N_("OpenGotha 3.52's"),
    },
    "ruleset": {
        "japanese": N_("Japanese"),
        "chinese": N_("Chinese"),
        "toguz": N_("Toguz Korgool (9 pits)"),
        "bestemshe": N_("Bestemshe (5 pits)"),
    },
    "handicap": {
        "none": N_("none (even games)"),
        "rank": N_("by rank difference"),
        "mms": N_("by McMahon score difference"),
        "pair-table": N_("by the pair go table"),
    },
    "handicap_placement": {
        "fixed": N_("On the star points"),
        "free": N_("Placed by Black (Chinese counting)"),
    },
    "korgools": {"optional": N_("optional"), "required": N_("required")},
    "tiebreaks": TIEBREAK_NAMES,
    "unplayed": {
        "fide-2026": N_("FIDE rules of 2026"),
        "fide-2023": N_("FIDE rules of 2023"),
        "fide-2009": N_("FIDE rules of 2009"),
        "egf": N_("EGF and OpenGotha"),
    },
    "pair_composition": {"man-woman": N_("A man and a woman"), "any": N_("Any two players")},
    "age_category": {
        "open": N_("No age limit"),
        "u9": N_("Under 9 (by season)"),
        "9-11": N_("9 to 11 (by season)"),
        "12-15": N_("12 to 15 (by season)"),
        "16-19": N_("16 to 19 (by year)"),
        "17-25": N_("17 to 25 (by year)"),
    },
    "gender": {"open": N_("Open to all"), "f": N_("Women only"), "m": N_("Men (women may enter)")},
}

#: Tiebreaks that mean something only in Go, only in Toguz Korgool, only between teams.
GO_TIEBREAKS = frozenset({"MMS", "SOS", "SOS-1", "SOSOS", "SODOS", "CUSS"})
TOGUZ_TIEBREAKS = frozenset({"KLG"})
TEAM_TIEBREAKS = frozenset({"MP", "GP", "MSB", "GSB", "BRD"})


def choices(key: str, kind: Kind, offered: tuple[str, ...]) -> tuple[str, ...]:
    """The values of ``key`` worth offering for ``kind`` of event, out of those its codec
    accepts: a game's own rulesets, the tiebreaks of its game and discipline, the pair go
    handicap table for pairs only."""
    if key == "ruleset":
        return tuple(v for v in offered if v in RULESETS[kind.game])
    if key == "handicap" and kind.discipline != "pair":
        return tuple(v for v in offered if v != "pair-table")
    if key == "tiebreaks":
        left_out = TEAM_TIEBREAKS if kind.discipline != "team" else frozenset()
        left_out |= TOGUZ_TIEBREAKS if kind.game == "go" else GO_TIEBREAKS
        return tuple(c for c in CODES if c in offered and c not in left_out)
    return offered


def value_name(key: str, value: str) -> str:
    """A value of setting ``key`` (as its text form writes it) in the current language."""
    named = VALUE_NAMES.get(key, {}).get(value)
    # gettext("") is the catalogue's header: a value without a name is shown as it is
    return gettext(named) if named else value


def flag_name(value: bool) -> str:
    """Yes or no in the current language (in the context of a setting: a bare "No" is the
    column of numbers elsewhere)."""
    return pgettext("setting", "Yes") if value else pgettext("setting", "No")
