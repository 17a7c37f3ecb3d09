"""The gate every request passes before the app: who really sent it (trusted proxies), where
it comes from (the ``Origin`` of changes and of live-play connections), how large and how deep
its body is, and the security headers of every answer.

It is plain ASGI, so it sees WebSocket handshakes as well as HTTP requests, and refuses before
any route runs:

- **Proxies.** Only when the peer is one of ``trusted_proxies`` are ``X-Forwarded-For`` (the
  nearest address that is not a trusted proxy) and ``X-Forwarded-Proto`` believed; they then
  become the request's client and scheme (cookies get ``Secure`` behind an HTTPS proxy).
- **Origin.** A request that changes something (not GET, HEAD, OPTIONS), and every WebSocket
  handshake, must come from this site (the request's own scheme and ``Host``) or one of
  ``public_origins`` when the browser names its origin (``Origin``; with a cookie and no
  ``Origin``, the ``Referer``). This is what stops another site (another port, a subdomain:
  SameSite=Lax does not) from moving for a signed-in player or signing a visitor in. Clients
  that are not browsers send neither header and still need their token or the form's CSRF
  token.
- **Size and depth.** A body larger than ``quotas.request_bytes`` is refused with 413 (by its
  ``Content-Length``, or while it arrives); a JSON body nested deeper than
  ``quotas.json_depth`` with 422, before any parser recurses into it.
- **Headers.** A strict Content-Security-Policy (scripts, styles and everything else from the
  site itself only, no inline script or style), ``Referrer-Policy``, ``Permissions-Policy``,
  ``X-Content-Type-Options``, ``X-Frame-Options``. A route may set its own policy (a printed
  report with its stylesheet inline allows exactly that stylesheet by its hash).

It also counts the HTTP requests in flight (:class:`InFlight`), which live play's garbage
collector consults (:mod:`arbiter.server.play.hub`).
"""

from __future__ import annotations

import base64
import hashlib
import html
import ipaddress
import json
import re
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from arbiter.limits import json_depth
from arbiter.server.config import Settings, normal_origin

__all__ = ["CSP", "Guard", "InFlight", "document_policy", "real_client"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The pages' Content-Security-Policy: nothing inline, nothing from elsewhere."""

PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"

HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"referrer-policy", b"same-origin"),
    (b"permissions-policy", PERMISSIONS.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.DOTALL | re.IGNORECASE)


def document_policy(document: str) -> str:
    """The policy of a standalone HTML document (a printed report, an exported table): the
    pages' policy, with exactly the document's own inline stylesheets allowed, by hash — such
    a file keeps its style inside itself so that it prints the same when saved.

    >>> "'sha256-" in document_policy("<style>td{border:0}</style>")
    True
    >>> document_policy("<p>no style</p>") == CSP
    True
    """
    hashes = [
        "'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
        for m in _STYLE.findall(document)
    ]
    if not hashes:
        return CSP
    return CSP.replace("style-src 'self'", "style-src 'self' " + " ".join(sorted(set(hashes))))


class InFlight:
    """The HTTP requests being answered now, with when each began (monotonic seconds)."""

    def __init__(self) -> None:
        self._began: dict[int, float] = {}
        self._lock = threading.Lock()
        self._next = 0
        self.answered = 0
        """Requests answered since the server started."""

    def enter(self) -> int:
        """A request begins; its ticket."""
        with self._lock:
            self._next += 1
            self._began[self._next] = time.monotonic()
            return self._next

    def leave(self, ticket: int) -> None:
        """The request of ``ticket`` is answered."""
        with self._lock:
            self._began.pop(ticket, None)
            self.answered += 1

    def oldest(self) -> float:
        """Seconds the oldest request in flight has been running (0 when none)."""
        with self._lock:
            if not self._began:
                return 0.0
            return time.monotonic() - min(self._began.values())


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


class _Networks:
    def __init__(self, proxies: tuple[str, ...]) -> None:
        self.networks = [ipaddress.ip_network(p, strict=False) for p in proxies]

    def __contains__(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.strip().strip("[]"))
        except ValueError:
            return False
        return any(ip in n for n in self.networks)


def real_client(peer: str, forwarded_for: str | None, proxies: _Networks) -> str:
    """The client's address: the peer, or — when the peer is a trusted proxy — the nearest
    address in ``X-Forwarded-For`` that is not one (a client may write anything at the
    far end of that header, never at the near one).

    >>> nets = _Networks(("10.0.0.0/8",))
    >>> real_client("10.0.0.2", "6.6.6.6, 1.2.3.4, 10.0.0.9", nets)
    '1.2.3.4'
    >>> real_client("1.2.3.4", "6.6.6.6", nets)
    '1.2.3.4'
    """
    if not forwarded_for or peer not in proxies:
        return peer
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
    for hop in reversed(hops):
        if hop not in proxies:
            return hop
    return hops[0] if hops else peer


class Guard:
    """The ASGI middleware of the module."""

    def __init__(self, app: ASGIApp, settings: Settings, inflight: InFlight | None = None) -> None:
        self.app = app
        self.settings = settings
        self.proxies = _Networks(settings.trusted_proxies)
        self.origins = frozenset(o for o in map(normal_origin, settings.public_origins) if o)
        self.inflight = inflight or InFlight()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        self._behind_proxy(scope)
        if kind == "websocket":
            if not self._origin_ok(scope, True):
                await send({"type": "websocket.close", "code": 4403, "reason": "foreign origin"})
                return
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        if method not in SAFE_METHODS and not self._origin_ok(scope, _header(scope, b"cookie")):
            await self._refuse(
                scope, send, 403, "the request came from another site: changes are made here"
            )
            return
        quotas = self.settings.quotas
        length = _header(scope, b"content-length")
        if length is not None:
            try:
                size = int(length)
            except ValueError:
                await self._refuse(scope, send, 400, "the Content-Length header is not a number")
                return
            if size > quotas.request_bytes:
                await self._refuse(scope, send, 413, _too_large(quotas.request_bytes))
                return
        ctype = (_header(scope, b"content-type") or "").lower()
        is_json = ctype.startswith("application/json") or "+json" in ctype.split(";")[0]
        if is_json or (length is None and method not in SAFE_METHODS):
            body = await _read_body(receive, quotas.request_bytes)
            if body is None:
                await self._refuse(scope, send, 413, _too_large(quotas.request_bytes))
                return
            if is_json and json_depth(body.decode("utf-8", "replace"), quotas.json_depth) > (
                quotas.json_depth
            ):
                await self._refuse(
                    scope, send, 422, f"the body nests deeper than {quotas.json_depth} levels"
                )
                return
            receive = _replay(body, receive)
        else:
            receive = _counting(receive, quotas.request_bytes)
        ticket = self.inflight.enter()
        try:
            await self.app(scope, receive, _with_headers(send))
        finally:
            self.inflight.leave(ticket)

    def _behind_proxy(self, scope: Scope) -> None:
        client = scope.get("client")
        if not client or not self.settings.trusted_proxies or client[0] not in self.proxies:
            return
        forwarded = _header(scope, b"x-forwarded-for")
        if forwarded:
            scope["client"] = (real_client(client[0], forwarded, self.proxies), 0)
        proto = _header(scope, b"x-forwarded-proto")
        if proto:
            last = proto.split(",")[-1].strip().lower()
            secure = last in ("https", "wss")
            if scope["type"] == "websocket":
                scope["scheme"] = "wss" if secure else "ws"
            elif last in ("http", "https"):
                scope["scheme"] = last

    def _origin_ok(self, scope: Scope, cookie: object) -> bool:
        """Whether the origin the browser names is this site's. A request that names none is
        not from a browser's page (or its browser hides it): with a cookie, the ``Referer``
        is asked instead; without, tokens decide."""
        given = _header(scope, b"origin")
        if given is None:
            referer = _header(scope, b"referer") if cookie else None
            if referer is None:
                return True
            parts = urlsplit(referer)
            given = f"{parts.scheme}://{parts.netloc}"
        origin = normal_origin(given)
        if origin is None:
            return False
        return origin == own_origin(scope) or origin in self.origins

    async def _refuse(self, scope: Scope, send: Send, status: int, message: str) -> None:
        path = str(scope.get("path", ""))
        accepts = (_header(scope, b"accept") or "").lower()
        if path.startswith("/api/") or "json" in accepts or _header(scope, b"x-requested-with"):
            body = json.dumps(
                {"error": {"status": status, "message": message, "field": None, "current": None}}
            ).encode()
            ctype = b"application/json"
        else:
            body = (
                '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>arbiter</title>'
                f"</head><body><p>{html.escape(message)}</p></body></html>\n"
            ).encode()
            ctype = b"text/html; charset=utf-8"
        headers = [(b"content-type", ctype), (b"content-length", str(len(body)).encode())]
        headers += [(k, v) for k, v in HEADERS]
        headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def own_origin(scope: Scope) -> str | None:
    """The origin the request was sent to: its scheme and ``Host``."""
    host = _header(scope, b"host")
    if not host:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme"))
    return normal_origin(f"{scheme}://{host}")


def _too_large(limit: int) -> str:
    return f"the request is larger than {limit / 1e6:g} MB"


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or ``None`` once it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _counting(receive: Receive, limit: int) -> Receive:
    """``receive`` that ends the body (as a disconnection) once it passes ``limit`` bytes
    (a client that sends more than its Content-Length said)."""
    seen = 0

    async def counted() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                return {"type": "http.disconnect"}
        return message

    return counted


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", ()))
            present = {k.lower() for k, _ in headers}
            headers += [(k, v) for k, v in HEADERS if k not in present]
            message["headers"] = headers
        await send(message)

    return sending
