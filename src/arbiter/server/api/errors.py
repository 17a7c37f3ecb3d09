"""Every error as JSON: ``{"error": {"status", "message", "field", "current"}}``.

- 400: the body cannot be read (not JSON);
- 401: signing in is needed, or the token is not valid (with ``WWW-Authenticate: Bearer``);
- 403: the caller's role does not allow it (or a cookie session's CSRF token is missing);
- 404: no such event, round, game, … — or one the caller may not see;
- 405: the path exists, the method does not;
- 409: the request conflicts with the current state (``current`` holds it);
- 422: a value is refused: by the request's schema or by the rules;
- 429: too many sign-in attempts (``Retry-After``);
- 501: a feature this build does not have yet;
- 503: the database is busy or unreachable (``Retry-After``) — try again.

Anything else is a bug: 500, logged with its traceback, the answer saying only that.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbiter.server.services.errors import ServiceError, TooManyRequests, Unauthenticated

log = logging.getLogger("arbiter.server")


def error_response(
    status: int,
    message: str,
    field: str | None = None,
    current: Any = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    """The JSON answer for an error."""
    body = {"error": {"status": status, "message": message, "field": field, "current": current}}
    return JSONResponse(body, status_code=status, headers=headers)


def service_error_response(exc: ServiceError) -> JSONResponse:
    """The JSON answer for a service's refusal."""
    headers: dict[str, str] = {}
    if isinstance(exc, Unauthenticated):
        headers["WWW-Authenticate"] = "Bearer"
    if isinstance(exc, TooManyRequests):
        headers["Retry-After"] = str(int(exc.retry_after) + 1)
    return error_response(
        exc.status, exc.message, exc.field, getattr(exc, "current", None), headers or None
    )


def _field(loc: Sequence[Any]) -> str | None:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    text = ""
    for part in parts:
        text += f"[{part}]" if part.isdigit() else (f".{part}" if text else part)
    return text or None


def _validation(exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(400, "the body is not valid JSON")
    first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
    field = _field(first.get("loc", ()))
    message = str(first.get("msg", "invalid request"))
    if field:
        message = f"{field}: {message}"
    more = len(errors) - 1
    if more > 0:
        message += f" (and {more} more problem{'s' if more > 1 else ''})"
    return error_response(422, message, field)


def install(app: FastAPI) -> None:
    """Answer every error of ``app`` as JSON."""

    @app.exception_handler(ServiceError)
    async def _service(_: Request, exc: ServiceError) -> JSONResponse:
        return service_error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _validation(exc)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = str(exc.detail) if exc.detail else "error"
        if exc.status_code == 404 and message == "Not Found":
            message = "no such page or API path"
        return error_response(exc.status_code, message, headers=getattr(exc, "headers", None))

    @app.exception_handler(OperationalError)
    async def _busy(request: Request, exc: OperationalError) -> JSONResponse:
        log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
        return error_response(
            503, "the database is busy or unreachable: try again", headers={"Retry-After": "2"}
        )

    @app.exception_handler(DBAPIError)
    async def _database(request: Request, exc: DBAPIError) -> JSONResponse:
        log.error("database error on %s %s", request.method, request.url.path, exc_info=exc)
        return error_response(500, "internal error (logged on the server)")

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
        return error_response(500, "internal error (logged on the server)")
