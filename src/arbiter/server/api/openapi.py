"""The OpenAPI schema, completed with every answer each operation can give.

A route declares its success (its ``response_model``, and the files it sends as ``responses``
content) and the refusals only its service knows (``error_responses``: a role's 403, 409, 429,
501). The refusals that come from the *kind* of operation — from the guard in front of the
app, the request's parsing, the caller's token, the database — are added here, in one place,
once the whole schema is generated, so that every router (live play and rooms included) gets
them without repeating them:

=======  ====================================================================================
status   on every operation …
=======  ====================================================================================
400      with a body: it cannot be read (not JSON, a broken form, a bad ``Content-Length``)
401      that reads the caller (bearer security): a token that is not valid
403      that changes something: a cookie request from another site, or without its CSRF token
404      with a path parameter: no such thing, or one the caller may not see
413      with a body: larger than the server takes
422      with a parameter or a body: refused by its schema; a JSON body nested too deeply
503      (all): the database is busy or unreachable (``Retry-After``)
=======  ====================================================================================

Every error is documented with the one body the API sends, ``ErrorBody`` as
``application/json``; FastAPI's own 422 body (``HTTPValidationError``), which the error
handlers never send, is replaced by it.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI

from arbiter.server.api.schemas.errors import ERROR_WORDS, ErrorBody

__all__ = ["complete", "generic_statuses", "install"]

CHANGES = frozenset({"post", "put", "patch", "delete"})
ERROR_REF = "#/components/schemas/ErrorBody"
#: Components of FastAPI's validation error body, dropped once nothing refers to them.
FASTAPI_ERRORS = ("HTTPValidationError", "ValidationError")

#: Why an operation of its kind gives each generic status.
REASONS = {
    400: "the body cannot be read (not JSON, a broken form, a bad Content-Length)",
    401: "the API token is not valid (unknown, expired or revoked)",
    403: "a change made with the session cookie from another site or without X-CSRF-Token",
    404: ERROR_WORDS[404],
    413: ERROR_WORDS[413],
    422: "a value is refused by the request's schema (or a JSON body nests too deeply)",
    503: ERROR_WORDS[503],
}
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds to wait before trying again",
        "schema": {"type": "integer"},
    }
}


def generic_statuses(method: str, operation: dict[str, Any]) -> set[int]:
    """The error statuses any operation like ``operation`` (an OpenAPI operation object, sent
    with ``method``) can answer, whatever its service does (see the module)."""
    found = {503}
    locations = {p.get("in") for p in operation.get("parameters", ())}
    if "requestBody" in operation:
        found |= {400, 413, 422}
    if locations:
        found.add(422)
    if "path" in locations:
        found.add(404)
    if operation.get("security"):
        found.add(401)
    if method.lower() in CHANGES:
        found.add(403)
    return found


def _complete_operation(method: str, operation: dict[str, Any]) -> None:
    responses: dict[str, Any] = operation.setdefault("responses", {})
    for status in generic_statuses(method, operation):
        responses.setdefault(str(status), {"description": REASONS[status]})
    for code, entry in responses.items():
        if not code.isdigit() or int(code) < 400:
            continue
        # Whoever declared it (the route, FastAPI's own 422, the rules above), the body is
        # the one the error handlers send.
        entry["content"] = {"application/json": {"schema": {"$ref": ERROR_REF}}}
        if code == "422" and entry.get("description") == "Validation Error":  # FastAPI's words
            entry["description"] = REASONS[422]
        if int(code) in (429, 503):
            entry.setdefault("headers", RETRY_AFTER)
    operation["responses"] = dict(sorted(responses.items()))


def _add_error_components(components: dict[str, Any]) -> None:
    schemas: dict[str, Any] = components.setdefault("schemas", {})
    if "ErrorBody" in schemas:
        return
    body = ErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
    for name, definition in body.pop("$defs", {}).items():
        schemas.setdefault(name, definition)
    schemas["ErrorBody"] = body


def complete(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (FastAPI's OpenAPI document) with every operation's generic answers added
    and every error documented as ``ErrorBody``; changed in place and returned."""
    for item in schema.get("paths", {}).values():
        for method, operation in item.items():
            if isinstance(operation, dict) and method.lower() in CHANGES | {"get", "head"}:
                _complete_operation(method, operation)
    components: dict[str, Any] = schema.setdefault("components", {})
    _add_error_components(components)
    schemas = components["schemas"]
    others = {name: s for name, s in schemas.items() if name not in FASTAPI_ERRORS}
    text = json.dumps([schema.get("paths"), others])
    if all(f'"#/components/schemas/{name}"' not in text for name in FASTAPI_ERRORS):
        for name in FASTAPI_ERRORS:
            schemas.pop(name, None)
    return schema


def install(app: FastAPI) -> None:
    """Make ``app`` serve its schema completed by :func:`complete` (made once, on first use,
    when every router is included)."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = complete(generate())
        return app.openapi_schema

    # FastAPI's documented way to change the schema is to replace this method on the app.
    app.openapi = openapi  # type: ignore[method-assign]
