"""The gate before the app (:mod:`arbiter.server.guard`): request sizes, JSON nesting, origins
of changes, trusted proxies, and the headers of every answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arbiter.server.config import Quotas
from arbiter.server.guard import _Networks, document_policy, own_origin, real_client
from tests.server.conftest import Server
from tests.server.play.conftest import MakeRuntime


@pytest.fixture
def small(make_runtime: MakeRuntime, tmp_path: Path) -> Server:
    """A server that takes bodies of at most 2,000 bytes nested at most 8 levels."""
    quotas = Quotas(request_bytes=2000, json_depth=8)
    return Server(make_runtime(f"sqlite:///{tmp_path / 'g.db'}", quotas=quotas))


def test_a_body_larger_than_the_quota_is_refused_before_the_app_reads_it(small: Server) -> None:
    api = small.user("org", admin=True)
    big = {"game": "toguz", "system": "round-robin", "name": "x" * 5000}
    refused = api.post("/api/events", json=big)
    assert refused.status_code == 413
    assert refused.json()["error"]["message"] == "the request is larger than 0.002 MB"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(10):
            yield b"x" * 500

    streamed = small.client.post(
        "/api/events",
        content=chunks(),
        headers={"Authorization": f"Bearer {api.token}", "Content-Type": "text/plain"},
    )
    assert streamed.status_code == 413
    assert api.get("/api/events").json() == []  # nothing was stored


def test_json_nested_deeper_than_the_quota_is_refused_before_parsing(small: Server) -> None:
    api = small.user("org", admin=True)
    deep = api.post(
        "/api/events", content=b"[" * 1500, headers={"Content-Type": "application/json"}
    )
    assert deep.status_code == 422 and "nests deeper than 8" in deep.json()["error"]["message"]
    shallow = api.post("/api/events", json={"game": "toguz", "system": "round-robin"})
    assert shallow.status_code == 201


def test_the_default_quota_refuses_a_hundred_thousand_brackets(server: Server) -> None:
    api = server.user("org", admin=True)
    deep = api.post(
        "/api/events", content=b"[" * 100_000, headers={"Content-Type": "application/json"}
    )
    assert deep.status_code == 422 and "nests deeper" in deep.json()["error"]["message"]


def test_a_change_from_another_site_is_refused(server: Server) -> None:
    api = server.user("org", admin=True)
    body = {"game": "toguz", "system": "round-robin"}
    foreign = api.post("/api/events", json=body, headers={"Origin": "https://evil.example"})
    assert foreign.status_code == 403 and "another site" in foreign.json()["error"]["message"]
    page = server.browser().post("/logout", headers={"Origin": "null"}, follow_redirects=False)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    own = api.post("/api/events", json=body, headers={"Origin": "http://testserver"})
    assert own.status_code == 201
    assert api.post("/api/events", json=body).status_code == 201  # a script: no Origin


def test_public_origins_are_accepted_besides_the_sites_own(
    make_runtime: MakeRuntime, tmp_path: Path
) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 'o.db'}", public_origins=("https://go.example.org",))
    api = Server(rt).user("org", admin=True)
    body = {"game": "toguz", "system": "round-robin"}
    named = api.post("/api/events", json=body, headers={"Origin": "https://go.example.org"})
    assert named.status_code == 201
    other = api.post("/api/events", json=body, headers={"Origin": "https://go.example.org:8443"})
    assert other.status_code == 403
    scope = {"type": "http", "scheme": "https", "headers": [(b"host", b"Go.Example.org:443")]}
    assert own_origin(scope) == "https://go.example.org"


@given(st.lists(st.ip_addresses(v=4).map(str), min_size=1, max_size=5))
def test_a_client_cannot_name_its_own_address_through_a_trusted_proxy(hops: list[str]) -> None:
    proxies = _Networks(("10.0.0.0/8",))
    peer = "10.1.2.3"
    # Whatever the client wrote at the far end, the address nearest the proxy that is not one
    # of the proxies' is taken.
    forwarded = ", ".join([*hops, "203.0.113.9", "10.9.9.9"])
    assert real_client(peer, forwarded, proxies) == "203.0.113.9"
    assert real_client("198.51.100.1", forwarded, proxies) == "198.51.100.1"  # not a proxy


def test_a_standalone_document_allows_exactly_its_own_stylesheet() -> None:
    doc = "<html><head><style>td{border:0}</style></head><body></body></html>"
    policy = document_policy(doc)
    assert "unsafe-inline" not in policy and "style-src 'self' 'sha256-" in policy
    assert document_policy(doc.replace("border:0", "border:1")) != policy


def test_an_upload_larger_than_its_quota_is_refused(
    make_runtime: MakeRuntime, tmp_path: Path
) -> None:
    rt = make_runtime(f"sqlite:///{tmp_path / 'u.db'}", quotas=Quotas(upload_bytes=1000))
    api = Server(rt).user("org", admin=True)
    made = api.post("/api/events", json={"game": "toguz", "system": "round-robin"}).json()
    rows = "name\n" + "".join(f"Player Number{i}\n" for i in range(100))  # 1.8 kB
    refused = api.post(
        f"/api/events/{made['id']}/participants/import",
        files={"file": ("players.csv", rows.encode(), "text/csv")},
        data={"format": "csv"},
    )
    assert refused.status_code == 422
    assert refused.json()["error"]["message"] == "the file is larger than 0.001 MB"
    assert api.get(f"/api/events/{made['id']}/participants").json()["players"] == []
