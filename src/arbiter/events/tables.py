"""Tables of text cells (a title, headers, rows) and their CSV and JSON forms.

Every printed table of an event (pairings, standings, settings, the crosstable) is one, so
that each form is written once.

>>> t = Table("Cup", ("No", "Name"), (("1", "Lee Chang"),))
>>> to_csv(t).splitlines(), rows_json(t)
(['No,Name', '1,Lee Chang'], [{'No': '1', 'Name': 'Lee Chang'}])
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass

from arbiter import spreadsheet


@dataclass(frozen=True, slots=True)
class Table:
    """A title, headers and rows of text cells."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def to_csv(table: Table) -> str:
    """A table as CSV with a header row."""
    buffer = io.StringIO()
    writer = spreadsheet.writer(buffer)
    writer.writerow(table.headers)
    writer.writerows(table.rows)
    return buffer.getvalue()


def to_html(table: Table, style: str = "") -> str:
    """A table as a standalone HTML page, with the CSS ``style`` if any."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.headers)
    body = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in table.rows
    )
    title = html.escape(table.title)
    css = f"<style>{style}</style>\n" if style else ""
    return (
        f'<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>{title}</title>\n'
        f"{css}</head>\n<body>\n<h1>{title}</h1>\n<table>\n<thead><tr>{head}</tr></thead>\n"
        f"<tbody>\n{body}\n</tbody>\n</table>\n</body>\n</html>\n"
    )


def rows_json(table: Table) -> list[dict[str, str]]:
    """A table as JSON objects keyed by its headers."""
    return [dict(zip(table.headers, row, strict=True)) for row in table.rows]
