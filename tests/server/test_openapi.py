"""The OpenAPI schema names every status and content type an operation answers with
(``arbiter.server.api.openapi``): the files of the exports and reports, the refusals of the
guard, of parsing, of tokens and of the database, and one error body for all of them."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.server.api.openapi import generic_statuses
from tests.server.conftest import Server

ERROR = {"$ref": "#/components/schemas/ErrorBody"}
CHANGES = ("post", "put", "patch", "delete")


@pytest.fixture
def schema(server: Server) -> dict[str, Any]:
    found: dict[str, Any] = server.client.get("/openapi.json").json()
    return found


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, operation)
        for path, item in schema["paths"].items()
        for method, operation in item.items()
    ]


def _content(operation: dict[str, Any], status: int) -> dict[str, Any]:
    found: dict[str, Any] = operation["responses"][str(status)].get("content", {})
    return found


def test_files_are_documented_with_their_content_types(schema: dict[str, Any]) -> None:
    events = "/api/events/{event_id}"
    crosstable = schema["paths"][f"{events}/crosstable"]["get"]
    assert set(_content(crosstable, 200)) == {
        "application/json",
        "text/csv",
        "text/html",
        "text/plain",
    }
    for status in (404, 422):
        assert _content(crosstable, status) == {"application/json": {"schema": ERROR}}
    standings = schema["paths"][f"{events}/standings"]["get"]
    assert set(_content(standings, 200)) == {"application/json", "text/csv", "text/html"}
    export = schema["paths"][f"{events}/export/{{format}}"]["get"]
    assert set(_content(export, 200)) == {"application/json", "application/xml", "text/plain"}
    records = schema["paths"][f"{events}/rounds/{{number}}/records"]["get"]
    assert set(_content(records, 200)) == {"application/zip"}


def test_every_operation_documents_the_refusals_of_its_kind(schema: dict[str, Any]) -> None:
    operations = _operations(schema)
    assert len(operations) > 40
    for method, path, op in operations:
        statuses = {int(s) for s in op["responses"] if s.isdigit()}
        where = f"{method.upper()} {path}: {sorted(statuses)}"
        assert 503 in statuses, where
        if "requestBody" in op:
            assert {400, 413, 422} <= statuses, where
        if op.get("parameters"):
            assert 422 in statuses, where
        if any(p["in"] == "path" for p in op.get("parameters", ())):
            assert 404 in statuses, where
        if op.get("security"):
            assert 401 in statuses, where
        if method in CHANGES:
            assert 403 in statuses, where
        for status in statuses - set(range(100, 400)):
            assert _content(op, status) == {"application/json": {"schema": ERROR}}, where
    for path in ("/api/auth/token", "/api/auth/login"):
        sign_in = schema["paths"][path]["post"]["responses"]
        assert "429" in sign_in and "Retry-After" in sign_in["429"]["headers"]
    # FastAPI's validation error body is never sent: it is gone from the schema.
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    assert "ErrorBody" in schema["components"]["schemas"]


def test_generic_statuses_follow_the_kind_of_operation() -> None:
    assert generic_statuses("get", {}) == {503}
    read = {"parameters": [{"in": "path", "name": "event_id"}], "security": [{"HTTPBearer": []}]}
    assert generic_statuses("get", read) == {401, 404, 422, 503}
    change = {"requestBody": {}, "parameters": [{"in": "query", "name": "round"}]}
    assert generic_statuses("POST", change) == {400, 403, 413, 422, 503}
