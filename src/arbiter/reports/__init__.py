"""Printed protocols and reports: HTML with print CSS, and PDF (WeasyPrint).

- :mod:`arbiter.reports.toguz_protocol`: a Toguz Korgool game protocol as federations print it.
- :mod:`arbiter.reports.go_sheet`: a Go game sheet (the final position as a figure, the moves).
- :mod:`arbiter.reports.event_reports`: an event's round protocol, standings and crosstable.
- :mod:`arbiter.reports.render`: the templates, the languages and PDF.

Every report is a pure function from records or an event to HTML text, in one of arbiter's
languages; :func:`arbiter.reports.render.to_pdf` turns any of them into a PDF.
"""
