"""Every cookie the server sets: ``HttpOnly`` (no script reads them), ``SameSite=Lax``, and
``Secure`` when the request came by HTTPS — directly, or through a trusted proxy that says so
(:mod:`arbiter.server.guard`) — or when ``cookie_secure`` forces it."""

from __future__ import annotations

from fastapi import Request, Response

from arbiter.server.config import Settings

__all__ = ["forget_cookie", "is_secure", "set_cookie"]


def is_secure(request: Request, settings: Settings) -> bool:
    """Whether cookies set in answer to ``request`` get ``Secure``."""
    if settings.cookie_secure is not None:
        return settings.cookie_secure
    return request.url.scheme in ("https", "wss")


def set_cookie(
    response: Response,
    request: Request,
    settings: Settings,
    name: str,
    value: str,
    *,
    max_age: int,
    path: str = "/",
) -> None:
    """Set cookie ``name`` on ``response`` with the flags of the module."""
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path=path,
        httponly=True,
        samesite="lax",
        secure=is_secure(request, settings),
    )


def forget_cookie(
    response: Response, request: Request, settings: Settings, name: str, path: str = "/"
) -> None:
    """Tell the browser to drop cookie ``name`` (with the same flags it was set with)."""
    response.delete_cookie(
        name,
        path=path,
        httponly=True,
        samesite="lax",
        secure=is_secure(request, settings),
    )
