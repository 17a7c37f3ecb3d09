"""Answers that are files (CSV, HTML, exports) rather than JSON."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import Response
from starlette.datastructures import UploadFile

from arbiter.server.guard import document_policy
from arbiter.server.refusals import Invalid


def attachment(content: bytes, filename: str, media_type: str) -> Response:
    """A download: ``Content-Disposition`` with an ASCII name and the UTF-8 one (RFC 6266)."""
    ascii_name = filename.encode("ascii", "replace").decode().replace("?", "_").replace('"', "")
    disposition = f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"
    return Response(content, media_type=media_type, headers={"Content-Disposition": disposition})


def text(content: str, media_type: str) -> Response:
    """A text answer (CSV, HTML, plain) in UTF-8; an HTML document's own stylesheet is allowed
    by the Content-Security-Policy (:func:`arbiter.server.guard.document_policy`)."""
    response = Response(content.encode("utf-8"), media_type=f"{media_type}; charset=utf-8")
    if media_type == "text/html":
        response.headers["Content-Security-Policy"] = document_policy(content)
    return response


def sends(*media_types: str, binary: bool = False) -> dict[int | str, dict[str, Any]]:
    """OpenAPI: the files an operation answers 200 with besides its JSON model (if any), so
    that the schema names every content type it sends."""
    text = {"type": "string", "format": "binary"} if binary else {"type": "string"}

    def schema(media_type: str) -> dict[str, str]:
        # A JSON file (the event file) is a document, not a string.
        return {"type": "object"} if media_type.endswith("json") else dict(text)

    return {200: {"content": {t: {"schema": schema(t)} for t in media_types}}}


def read_upload(upload: UploadFile, limit: int, field: str = "file") -> bytes:
    """An uploaded file's bytes: at most ``limit`` (the server's ``upload_bytes`` quota), else
    422 naming the field and the limit; no more than ``limit + 1`` bytes are ever read."""
    data = upload.file.read(limit + 1)
    if len(data) > limit:
        raise Invalid(f"the file is larger than {limit / 1e6:g} MB", field)
    return data
