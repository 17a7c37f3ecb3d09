"""Looking after accounts without a terminal: the registration mode, invitations, disabling an
account, password-reset links (administrators), and setting a password with such a link."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from arbiter.server.api import schemas
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import signup
from arbiter.server.services.links import NewLink

router = APIRouter(tags=["accounts"])
UserName = Annotated[str, Path(min_length=1, max_length=64, description="the account's name")]
LinkId = Annotated[int, Path(ge=1, le=2**31 - 1, description="the link's id")]

#: The page each kind of link opens.
LINK_PAGES = {"invite": "/signup", "reset": "/reset", "claim": "/claim"}


def link_out(request: Request, link: NewLink) -> schemas.LinkOut:
    """The answer for a new link: the address to hand over, with its secret."""
    base = str(request.base_url).rstrip("/")
    return schemas.LinkOut(
        id=link.info.id,
        kind=link.info.kind,
        url=f"{base}{LINK_PAGES[link.info.kind]}?token={link.secret}",
        token=link.secret,
        expires_at=link.info.expires_at,
    )


@router.get("/registration", response_model=schemas.RegistrationOut)
def registration(rt: RuntimeDep) -> schemas.RegistrationOut:
    """Who may open an account on this server."""
    return schemas.RegistrationOut(registration=signup.registration_mode(rt))  # type: ignore[arg-type]


@router.put(
    "/registration",
    response_model=schemas.RegistrationOut,
    responses=schemas.error_responses(401, 403, 422),
)
def set_registration(
    body: schemas.RegistrationIn, user: UserDep, rt: RuntimeDep
) -> schemas.RegistrationOut:
    """Choose who may open an account (administrators)."""
    mode = signup.set_registration_mode(rt, user, body.registration)
    return schemas.RegistrationOut(registration=mode)  # type: ignore[arg-type]


@router.get(
    "/accounts",
    response_model=list[schemas.AccountOut],
    responses=schemas.error_responses(401, 403),
)
def list_accounts(user: UserDep, rt: RuntimeDep) -> list[schemas.AccountOut]:
    """Every account with its state (administrators)."""
    return [schemas.AccountOut.of(a) for a in signup.list_accounts(rt, user)]


@router.put(
    "/accounts/{username}/active",
    status_code=204,
    responses=schemas.error_responses(401, 403, 404, 409),
)
def set_active(
    username: UserName, body: schemas.ActiveIn, user: UserDep, rt: RuntimeDep
) -> Response:
    """Disable an account (its sessions end, it cannot sign in) or enable it again."""
    signup.set_active(rt, user, username, body.active)
    return Response(status_code=204)


@router.post(
    "/accounts/{username}/reset-link",
    response_model=schemas.LinkOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 404, 422),
)
def reset_link(
    username: UserName, body: schemas.LinkIn, request: Request, user: UserDep, rt: RuntimeDep
) -> schemas.LinkOut:
    """A link with which the account's owner sets a new password (administrators)."""
    return link_out(request, signup.reset_link(rt, user, username, body.days))


@router.post(
    "/invitations",
    response_model=schemas.LinkOut,
    status_code=201,
    responses=schemas.error_responses(401, 403, 422),
)
def invite(
    body: schemas.LinkIn, request: Request, user: UserDep, rt: RuntimeDep
) -> schemas.LinkOut:
    """An invitation to open one account (administrators)."""
    return link_out(request, signup.invite(rt, user, body.days))


@router.delete(
    "/invitations/{link_id}",
    status_code=204,
    responses=schemas.error_responses(401, 403, 404, 409),
)
def withdraw_invitation(link_id: LinkId, user: UserDep, rt: RuntimeDep) -> Response:
    """Withdraw an unused invitation."""
    signup.withdraw_invitation(rt, user, link_id)
    return Response(status_code=204)


@router.post(
    "/auth/reset",
    response_model=schemas.UserOut,
    responses=schemas.error_responses(404, 409, 422),
)
def reset_password(body: schemas.ResetIn, rt: RuntimeDep) -> schemas.UserOut:
    """Set a new password with a reset link (used up; the account's sessions end)."""
    return schemas.UserOut.of(signup.reset_by_link(rt, body.token, body.password))
