"""Player lists in CSV: a header row names the columns, each further row is an entry form.

Reading is one pass over the text, and :class:`~arbiter.events.registration.Registration`
enters the forms in one pass too, so a list of any length is entered in linear time; the limits
are the API's (:mod:`arbiter.limits`). Errors name the line.

>>> forms = read_player_list("name,rank,club\\nLee Chang,5d,Seoul\\n\\nPark Su,1k,\\n")
>>> [(line, form.name, form.rank) for line, form in forms]
[(2, 'Lee Chang', '5d'), (4, 'Park Su', '1k')]
"""

from __future__ import annotations

import csv
import io

from arbiter.errors import ArbiterError
from arbiter.events.competition import E
from arbiter.events.errors import EventError
from arbiter.events.participants import Player
from arbiter.events.registration import EntryForm, Registration
from arbiter.i18n import N_
from arbiter.limits import MAX_PLAYERS, LimitError, shown

#: Columns a player list may have (the header names them; order does not matter).
CSV_COLUMNS = (
    "name",
    "surname",
    "given",
    "gender",
    "born",
    "club",
    "city",
    "country",
    "title",
    "rank",
    "rating",
    "coach",
    "medical",
)


def read_player_list(text: str) -> list[tuple[int, EntryForm]]:
    """The entry forms of a CSV player list with the line each ends on (blank rows are
    skipped); :class:`~arbiter.events.errors.EventError` or
    :class:`~arbiter.limits.LimitError` name the line of anything unreadable."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        fieldnames = reader.fieldnames
    except csv.Error as exc:
        raise _csv_error(exc, reader.line_num + 1) from None
    header = [(h or "").strip().lower() for h in (fieldnames or [])]
    if not header:
        raise EventError(
            "the player list is empty: the first row names the columns (name, rank, ...)"
        )
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if unknown:
        # a few of them, cut short: the header of a hostile file may be anything
        named = ", ".join(shown(h, 30) for h in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise EventError(f"unknown column(s) {named}; columns: {', '.join(CSV_COLUMNS)}")
    if "name" not in header and "surname" not in header:
        raise EventError("the player list needs a 'name' column (or 'surname' and 'given')")
    forms: list[tuple[int, EntryForm]] = []
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as exc:  # on the line after the last one read
            raise _csv_error(exc, reader.line_num + 1) from None
        cells = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not any(cells.values()):
            continue
        if len(forms) >= MAX_PLAYERS:
            raise LimitError(N_("an event holds at most {limit} players"), limit=MAX_PLAYERS)
        line = reader.line_num
        try:
            forms.append((line, _form(cells)))
        except ArbiterError as exc:
            raise EventError(N_("line {line}: {error}"), line=line, error=exc.text) from None
    return forms


def _form(cells: dict[str, str]) -> EntryForm:
    full = cells.get("name") or f"{cells.get('surname', '')}, {cells.get('given', '')}".strip(", ")
    return EntryForm(
        full,
        gender=cells.get("gender"),
        born=cells.get("born"),
        club=cells.get("club", ""),
        city=cells.get("city", ""),
        country=cells.get("country", ""),
        title=cells.get("title", ""),
        rank=cells.get("rank"),
        rating=cells.get("rating"),
        coach=cells.get("coach", ""),
        medical=_medical(cells.get("medical", "")),
    )


def _csv_error(exc: csv.Error, line: int) -> ArbiterError:
    # Python's csv stops at fields of more than 131,072 characters: far beyond any limit here.
    if "field larger than field limit" in str(exc):
        return LimitError(
            N_("line {line}: a field is longer than {limit} characters"),
            line=line,
            limit=csv.field_size_limit(),
        )
    return EventError(N_("line {line}: not CSV ({reason})"), line=line, reason=str(exc))


def _medical(text: str) -> bool | None:
    value = text.strip().lower()
    if not value:
        return None
    if value in ("yes", "y", "1", "true", "да", "+"):
        return True
    if value in ("no", "n", "0", "false", "нет", "-"):
        return False
    raise EventError(f"medical clearance is yes or no, not {text[:40]!r}")


def enter_forms(event: E, forms: list[tuple[int, EntryForm]]) -> tuple[E, tuple[Player, ...]]:
    """``event`` with the players of ``forms`` (read by :func:`read_player_list`) entered:
    all of them, or none (the error names the line)."""
    registration = Registration(event)
    for line, form in forms:
        try:
            registration.add(form)
        except ArbiterError as exc:
            raise EventError(N_("line {line}: {error}"), line=line, error=exc.text) from None
    return registration.event(), registration.added


def import_players(event: E, text: str) -> tuple[E, tuple[Player, ...]]:
    """Enter every player of a CSV list (a header row names the columns, see ``CSV_COLUMNS``;
    ``name`` or ``surname`` + ``given``). All rows are entered, or none.

    >>> text = "name,rank\\nLee Chang,5d\\nPark Su,1k\\n"
    >>> from arbiter.events.competition import Competition
    >>> e, added = import_players(Competition("go", "round-robin"), text)
    >>> [(p.no, p.name, str(p.rank)) for p in added]
    [(1, 'Lee Chang', '5d'), (2, 'Park Su', '1k')]
    """
    return enter_forms(event, read_player_list(text))
