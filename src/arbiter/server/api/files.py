"""Answers that are files (CSV, HTML, exports) rather than JSON."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import Response


def attachment(content: bytes, filename: str, media_type: str) -> Response:
    """A download: ``Content-Disposition`` with an ASCII name and the UTF-8 one (RFC 6266)."""
    ascii_name = filename.encode("ascii", "replace").decode().replace("?", "_").replace('"', "")
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"
    return Response(content, media_type=media_type, headers={"Content-Disposition": disposition})


def text(content: str, media_type: str) -> Response:
    """A text answer (CSV, HTML, plain) in UTF-8."""
    return Response(content.encode("utf-8"), media_type=f"{media_type}; charset=utf-8")


#: OpenAPI: an operation that can answer JSON, CSV, HTML or text.
TABLE_CONTENT: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {
            "text/csv": {"schema": {"type": "string"}},
            "text/html": {"schema": {"type": "string"}},
            "text/plain": {"schema": {"type": "string"}},
        }
    }
}
