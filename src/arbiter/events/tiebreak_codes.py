"""The tiebreak criteria as data: their codes, the organisers' names and how an order is read.

The settings read and print a tiebreak order with these codes; :mod:`arbiter.events.tiebreaks`
computes each of them. Neither needs the other: both import this module.

>>> parse_codes("pts, buchholz, h2h, progress, berger")
('PTS', 'BH', 'DE', 'PS', 'SB')
>>> NAMES["SB"]
'Berger'
"""

from __future__ import annotations

from arbiter.events.errors import SettingError
from arbiter.i18n import N_, gettext, language

#: The organisers' names of the criteria (English; translated by the catalogues), by code.
NAMES: dict[str, str] = {
    "PTS": N_("Points"),
    "MP": N_("Match points"),
    "MMS": N_("McMahon score"),
    "BH": N_("Buchholz"),
    "BH-C1": N_("Buchholz cut 1"),
    "BH-M1": N_("Median Buchholz"),
    "SB": N_("Berger"),
    "DE": N_("Head-to-head"),
    "PS": N_("Progress"),
    "WIN": N_("Wins"),
    "WON": N_("Wins over the board"),
    "SOS": N_("SOS"),
    "SOS-1": N_("SOS-1"),
    "SOSOS": N_("SOSOS"),
    "SODOS": N_("SODOS"),
    "CUSS": N_("CUSS"),
    "GP": N_("Board points"),
    "MSB": N_("Berger by match points"),
    "GSB": N_("Berger by board points"),
    "BRD": N_("Boards in order"),
    "KLG": N_("Korgools in lost games"),
    "EXT": N_("Exploits tried"),
    "EXR": N_("Exploits achieved"),
    "CPS": N_("Cup score"),
    "RATING": N_("Rating"),
}

#: Every code, in the order messages list them.
CODES: tuple[str, ...] = tuple(NAMES)

#: Criteria whose value depends on the group of participants tied so far.
GROUP_RELATIVE = frozenset({"DE"})

#: Criteria that are the participant's points themselves.
PRIMARY = frozenset({"PTS", "MP"})

#: Other spellings an organiser may type.
ALIASES = {
    "POINTS": "PTS",
    "BUCHHOLZ": "BH",
    "BERGER": "SB",
    "SONNEBORN-BERGER": "SB",
    "H2H": "DE",
    "HEAD-TO-HEAD": "DE",
    "PROGRESS": "PS",
    "WINS": "WIN",
    "BH-1": "BH-C1",
    "MEDIAN": "BH-M1",
}


def parse_codes(text: str) -> tuple[str, ...]:
    """Read a tiebreak order: codes separated by commas (or blanks), case ignored."""
    raw = [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part.strip()]
    codes: list[str] = []
    for part in raw:
        code = part.strip().upper()
        code = ALIASES.get(code, code)
        if code not in NAMES:
            raise SettingError(f"unknown tiebreak {part.strip()!r}; codes: {', '.join(CODES)}")
        if code in codes:
            raise SettingError(f"tiebreak {code} is listed twice")
        codes.append(code)
    return tuple(codes)


def name(code: str, lang: str = "en") -> str:
    """The organisers' name of a tiebreak in ``lang`` (``en``, ``ru``, ``ky``, ``kk``, ``mn``).

    >>> name("SB", "ru"), name("BH", "kk")
    ('Коэффициент Бергера', 'Бухгольц коэффициенті')
    """
    with language(lang):
        return gettext(NAMES[code])
