"""What the three readers share: the file's text, its numbered lines, the bounds, and the
error that names the line.

A rating list is read whole, within bounds (:data:`MAX_BYTES`, :data:`MAX_LINE`,
:data:`MAX_LISTED`; the fields within :mod:`arbiter.limits`), and any line that cannot be read
refuses the file with ``line N: what is wrong``, so that a list is loaded whole or not at all.
"""

from __future__ import annotations

from collections.abc import Iterator

from arbiter.errors import ArbiterError, Text
from arbiter.events.formats.errors import FormatError
from arbiter.events.integrity import field_name
from arbiter.i18n import N_
from arbiter.limits import MAX_CODE, MAX_COUNTRY, MAX_FIELD, MAX_NAME, LimitError, check_field

__all__ = [
    "MAX_BYTES",
    "MAX_LINE",
    "MAX_LISTED",
    "checked",
    "count_checked",
    "decode",
    "known",
    "no_players",
    "numbered",
    "refuse",
    "spaced",
]

MAX_BYTES = 64_000_000
"""Largest list file (the EGF's whole list of 2018, 44,819 players, is about 4 MB)."""
MAX_LISTED = 500_000
"""Most players of one list."""
MAX_LINE = 2_000
"""Longest line (the EGF's lines are 91 characters, the FFG's 61)."""

#: The longest text of each field of a listed player.
_LIMITS = {
    "id": MAX_CODE + 6,
    "surname": MAX_NAME,
    "given": MAX_NAME,
    "country": MAX_COUNTRY,
    "club": MAX_FIELD,
}


def refuse(line: int, problem: str, /, **params: object) -> FormatError:
    """The error for line ``line``: ``problem`` (a message id) filled with ``params``."""
    return FormatError(N_("line {line}: {error}"), line=line, error=Text(problem, **params))


def decode(data: bytes | str) -> str:
    """The text of a list: UTF-8 (a byte-order mark dropped), else ISO-8859-1 — what the FFG
    writes; every byte is a character of it, so nothing is refused here, and a file that is not
    a list is refused by its lines."""
    if isinstance(data, str):
        text = data
    else:
        if len(data) > MAX_BYTES:
            raise LimitError(N_("the file is larger than {limit} MB"), limit=MAX_BYTES // 1_000_000)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("iso-8859-1")
    if len(text) > MAX_BYTES:
        raise LimitError(N_("the file is larger than {limit} MB"), limit=MAX_BYTES // 1_000_000)
    return text.removeprefix("\ufeff")


def numbered(text: str) -> Iterator[tuple[int, str]]:
    """The lines of ``text`` with their numbers from 1, line ends (LF or CRLF) removed. Only
    ``\\n`` ends a line: a stray form feed or separator inside a field is the field's problem,
    named by its line."""
    for no, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE + 1:
            raise refuse(no, N_("the line is longer than {limit} characters"), limit=MAX_LINE)
        yield no, line.removesuffix("\r")


def checked(line: int, **fields: str) -> None:
    """Refuse line ``line`` when a field is beyond arbiter's limits (length, control
    characters): what an entry could not hold is not loaded."""
    for name, value in fields.items():
        limit = _LIMITS[name]
        if len(value) <= limit and value.isprintable():
            continue  # the common case, without making the error's words
        try:
            check_field(value, field_name(name), limit)
        except ArbiterError as exc:
            raise FormatError(N_("line {line}: {error}"), line=line, error=exc.text) from None


def count_checked(count: int) -> None:
    """Refuse a list of more than :data:`MAX_LISTED` players."""
    if count > MAX_LISTED:
        raise LimitError(N_("a rating list holds at most {limit} players"), limit=MAX_LISTED)


def spaced(word: str) -> str:
    """A word of a name as the EGD and the FFG write it, with ``_`` for a space inside a
    surname or the given names (OpenGotha's ``.h9`` too); a word of underscores alone is kept
    as it is."""
    return word.replace("_", " ").strip() or word


def no_players(list_name: str) -> FormatError:
    """The error for a file in which no line is a player's."""
    return FormatError(N_("no player in the file: is it the {list}?"), list=list_name)


def known(country: str, club: str) -> tuple[str, str]:
    """The country and club, with the EGD's and the FFG's marks of "not known" (``XX``;
    ``xxx``, ``xxxx``) as empty text — what an entry holds when it does not know them (the
    ``.h9`` export writes the marks back)."""
    return ("" if country == "XX" else country), ("" if club in ("xxx", "xxxx") else club)
