"""Signing in and out: browser sessions (cookie) and API tokens (bearer)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request, Response
from fastapi.security import OAuth2PasswordRequestForm

from arbiter.server.api import schemas
from arbiter.server.auth.cookies import forget_cookie, set_cookie
from arbiter.server.auth.dependencies import CallerDep, RuntimeDep, UserDep
from arbiter.server.runtime import Runtime
from arbiter.server.services import accounts
from arbiter.server.services import signup as signup_service
from arbiter.server.services.errors import Forbidden, Invalid, TooManyRequests

router = APIRouter(prefix="/auth", tags=["accounts"])


def client_address(request: Request) -> str:
    """The caller's address (behind a trusted proxy: as the proxy reports it)."""
    return request.client.host if request.client else "unknown"


def set_session_cookie(response: Response, request: Request, rt: Runtime, secret: str) -> None:
    """Put the browser session's cookie on ``response`` (HttpOnly, SameSite=Lax, Secure over
    HTTPS or as configured)."""
    set_cookie(
        response,
        request,
        rt.settings,
        rt.settings.cookie_name,
        secret,
        max_age=rt.settings.session_days * 86400,
    )


def sign_in(
    rt: Runtime, request: Request, response: Response, username: str, password: str
) -> schemas.SessionOut:
    """Check the password, open a browser session and set its cookie (pages use this too)."""
    user = accounts.authenticate(rt, username, password, client_address(request))
    credential = accounts.open_session(rt, user, "cookie")
    set_session_cookie(response, request, rt, credential.secret)
    return schemas.SessionOut(user=schemas.UserOut.of(user), csrf_token=credential.csrf)


@router.post(
    "/login",
    response_model=schemas.SessionOut,
    summary="Sign in (browser session)",
    responses=schemas.error_responses(401, 422, 429),
)
def login(
    body: schemas.LoginIn, request: Request, response: Response, rt: RuntimeDep
) -> schemas.SessionOut:
    """Sign in with user name and password: sets the session cookie and answers the CSRF token
    that changes made with the cookie carry in ``X-CSRF-Token``."""
    return sign_in(rt, request, response, body.username, body.password)


@router.post(
    "/token",
    response_model=schemas.TokenCreated,
    summary="Get an API token",
    responses=schemas.error_responses(401, 422, 429),
)
def token(
    form: Annotated[OAuth2PasswordRequestForm, Depends()],
    request: Request,
    rt: RuntimeDep,
) -> schemas.TokenCreated:
    """OAuth2 password flow (form fields ``username``, ``password``): a bearer token for
    scripts, valid for the server's ``token_days``. Use it as ``Authorization: Bearer …``."""
    if len(form.username) > 64 or len(form.password) > 1024:
        raise Invalid("user name or password too long", "username")
    user = accounts.authenticate(rt, form.username, form.password, client_address(request))
    credential = accounts.open_session(rt, user, "token", "password flow")
    return schemas.TokenCreated(
        access_token=credential.secret,
        id=credential.info.id,
        name=credential.info.name,
        expires_at=credential.info.expires_at,
    )


@router.post(
    "/tokens",
    response_model=schemas.TokenCreated,
    status_code=201,
    summary="Create a named API token",
    responses=schemas.error_responses(401, 403, 422),
)
def create_token(body: schemas.TokenIn, who: CallerDep, rt: RuntimeDep) -> schemas.TokenCreated:
    """A new API token for the signed-in account (shown once)."""
    user = accounts.require_user(who.user)
    credential = accounts.open_session(rt, user, "token", body.name)
    return schemas.TokenCreated(
        access_token=credential.secret,
        id=credential.info.id,
        name=credential.info.name,
        expires_at=credential.info.expires_at,
    )


@router.get(
    "/tokens", response_model=list[schemas.TokenOut], responses=schemas.error_responses(401)
)
def list_tokens(user: UserDep, rt: RuntimeDep) -> list[schemas.TokenOut]:
    """The signed-in account's API tokens."""
    return [schemas.TokenOut.of(t) for t in accounts.list_tokens(rt, user)]


@router.delete(
    "/tokens/{token_id}", status_code=204, responses=schemas.error_responses(401, 403, 404)
)
def revoke_token(
    token_id: Annotated[int, Path(ge=1, le=2**31 - 1)], user: UserDep, rt: RuntimeDep
) -> Response:
    """Revoke one of the signed-in account's API tokens."""
    accounts.revoke_token(rt, user, token_id)
    return Response(status_code=204)


@router.post("/logout", status_code=204, responses=schemas.error_responses(403))
def logout(who: CallerDep, request: Request, rt: RuntimeDep) -> Response:
    """End the browser session (or revoke the bearer token used)."""
    if who.secret is not None:
        accounts.close_session(rt, who.secret)
    response = Response(status_code=204)
    forget_cookie(response, request, rt.settings, rt.settings.cookie_name)
    return response


@router.get("/me", response_model=schemas.SessionOut, responses=schemas.error_responses(401))
def me(who: CallerDep, rt: RuntimeDep) -> schemas.SessionOut:
    """The signed-in account, with the session's CSRF token (cookie sessions)."""
    user = accounts.require_user(who.user)
    return schemas.SessionOut(user=schemas.UserOut.of(user), csrf_token=who.csrf(rt))


@router.post(
    "/signup",
    response_model=schemas.SessionOut,
    status_code=201,
    responses=schemas.error_responses(403, 409, 422, 429),
)
def signup(
    body: schemas.SignupIn, request: Request, response: Response, rt: RuntimeDep
) -> schemas.SessionOut:
    """Open an account and sign in, as the registration mode allows (``GET
    /api/registration``): by anybody, with an invitation, or not at all (403)."""
    if signup_service.registration_mode(rt) == "closed":
        raise Forbidden("this server does not open accounts by sign-up: ask its administrator")
    client = client_address(request)
    # A sign-up counts against the address like a sign-in attempt.
    wait = rt.limiter.attempt(client)
    if wait > 0:
        raise TooManyRequests(
            f"too many attempts from your address: try again in {int(wait) + 1} s", wait
        )
    user = signup_service.sign_up(
        rt,
        body.username,
        body.password,
        display_name=body.display_name,
        email=body.email,
        invitation=body.invitation,
    )
    credential = accounts.open_session(rt, user, "cookie")  # the password was just set
    set_session_cookie(response, request, rt, credential.secret)
    return schemas.SessionOut(user=schemas.UserOut.of(user), csrf_token=credential.csrf)


@router.post("/password", status_code=204, responses=schemas.error_responses(401, 403, 422))
def change_password(
    body: schemas.PasswordIn, user: UserDep, request: Request, rt: RuntimeDep
) -> Response:
    """Change the signed-in account's password; every session and token is closed."""
    accounts.change_password(rt, user, body.old_password, body.new_password)
    response = Response(status_code=204)
    forget_cookie(response, request, rt.settings, rt.settings.cookie_name)
    return response
