"""FastAPI dependencies: the runtime, and who is calling.

- :func:`current_user` (the API): a bearer token (``Authorization: Bearer arb_…``), else the
  browser's session cookie. With the cookie, a request that changes something (POST, PUT,
  PATCH, DELETE) must carry the session's CSRF token in the ``X-CSRF-Token`` header; a bearer
  token needs none (a browser never sends one by itself). A token that is not valid is 401; an
  expired cookie is simply no session.
- :func:`session_user` (server-rendered pages): the session cookie only, no CSRF check — pages
  check the ``csrf_token`` form field themselves with :func:`require_form_csrf`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import CurrentUser, check_csrf, csrf_token, resolve
from arbiter.server.services.errors import Forbidden, Unauthenticated

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSRF_HEADER = "X-CSRF-Token"

bearer_scheme = HTTPBearer(
    auto_error=False,
    description="An API token from POST /api/auth/token (or the web session's cookie).",
)


def get_runtime(request: Request) -> Runtime:
    """The app's :class:`Runtime`."""
    runtime: Runtime = request.app.state.runtime
    return runtime


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is calling and how: ``via`` is ``"bearer"``, ``"cookie"`` or ``None``; ``secret``
    the session's or token's secret (to sign out)."""

    user: CurrentUser | None
    via: str | None = None
    secret: str | None = None

    def csrf(self, rt: Runtime) -> str | None:
        """The CSRF token of a cookie session (``None`` otherwise)."""
        if self.via != "cookie" or self.secret is None:
            return None
        return csrf_token(rt, self.secret)


def _cookie_caller(request: Request, rt: Runtime) -> Caller:
    secret = request.cookies.get(rt.settings.cookie_name)
    if not secret:
        return Caller(None)
    user = resolve(rt, secret, "cookie")
    return Caller(user, "cookie", secret) if user is not None else Caller(None)


def caller(
    request: Request,
    rt: RuntimeDep,
    auth: Annotated[HTTPAuthorizationCredentials | None, Security(bearer_scheme)],
) -> Caller:
    """The API's caller (see the module)."""
    if auth is not None:
        user = resolve(rt, auth.credentials, "token")
        if user is None:
            raise Unauthenticated("the API token is not valid (unknown, expired or revoked)")
        return Caller(user, "bearer", auth.credentials)
    found = _cookie_caller(request, rt)
    changes = request.method not in SAFE_METHODS
    if (
        changes
        and found.user is not None
        and found.secret is not None
        and not check_csrf(rt, found.secret, request.headers.get(CSRF_HEADER))
    ):
        raise Forbidden(
            f"a change made with the session cookie needs the {CSRF_HEADER} header "
            "(from GET /api/auth/me)"
        )
    return found


CallerDep = Annotated[Caller, Depends(caller)]


def current_user(who: CallerDep) -> CurrentUser | None:
    """The API caller's account, ``None`` when anonymous."""
    return who.user


def session_user(request: Request, rt: RuntimeDep) -> CurrentUser | None:
    """The signed-in account of a page request (cookie session; no CSRF check)."""
    return _cookie_caller(request, rt).user


def session_caller(request: Request, rt: RuntimeDep) -> Caller:
    """The page request's caller with its session (for the form's CSRF token)."""
    return _cookie_caller(request, rt)


def require_form_csrf(rt: Runtime, who: Caller, token: str | None) -> None:
    """403 unless ``token`` (a form's ``csrf_token`` field) belongs to the caller's session."""
    if who.secret is None or not check_csrf(rt, who.secret, token):
        raise Forbidden("the form has expired or did not come from this site: reload the page")


UserDep = Annotated[CurrentUser | None, Depends(current_user)]
PageUserDep = Annotated[CurrentUser | None, Depends(session_user)]
