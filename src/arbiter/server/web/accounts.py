"""Accounts in the browser: sign-up (with an invitation where needed), the own account's page
(password change), setting a password with a reset link, and the administrators' page
(registration mode, invitations, accounts: disable, enable, reset link)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.i18n import gettext
from arbiter.server.api.accounts_admin import LINK_PAGES
from arbiter.server.api.auth import client_address, set_session_cookie
from arbiter.server.auth.cookies import forget_cookie
from arbiter.server.config import REGISTRATION_MODES
from arbiter.server.services import accounts, signup
from arbiter.server.services.errors import Invalid, ServiceError, TooManyRequests
from arbiter.server.services.links import NewLink
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, local_path, text_fields

router = APIRouter(route_class=PageRoute, include_in_schema=False)

SIGNUP_INPUTS = ("username", "display_name", "email", "password", "password2", "token")


def link_address(page: Page, link: NewLink) -> str:
    """The address of a new link, to copy and hand over."""
    base = str(page.request.base_url).rstrip("/")
    return f"{base}{LINK_PAGES[link.info.kind]}?token={link.secret}"


# -- sign-up --------------------------------------------------------------------------------------


def _signup_page(page: Page, form: Form, status: int = 200) -> Response:
    return page.render(
        "signup.html", status=status, form=form, mode=signup.registration_mode(page.rt)
    )


@router.get("/signup")
def signup_form(page: PageDep) -> Response:
    """The sign-up form (``token``: an invitation, where accounts are opened by invitation)."""
    query = page.request.query_params
    next_page = local_path(query.get("next"), "")
    return _signup_page(page, Form({"token": query.get("token", "")[:200], "next": next_page}))


@router.post("/signup")
def sign_up(page: PageDep, form: FormDep) -> Response:
    """Open an account and sign in."""
    values = text_fields(form)
    shown = Form({k: v for k, v in values.items() if k not in ("password", "password2")})
    try:
        page.check_any_form(values)
        if values.get("password", "") != values.get("password2", ""):
            raise Invalid(gettext("The two passwords differ."), "password2")
        wait = page.rt.limiter.attempt(client_address(page.request))
        if wait > 0:
            raise TooManyRequests(
                gettext("Too many attempts from your address: try again in %(n)s s.")
                % {"n": int(wait) + 1},
                wait,
            )
        user = signup.sign_up(
            page.rt,
            values.get("username", ""),
            values.get("password", ""),
            display_name=values.get("display_name", ""),
            email=values.get("email", ""),
            invitation=values.get("token", "").strip(),
        )
        credential = accounts.open_session(page.rt, user, "cookie")
    except ServiceError as exc:
        return _signup_page(page, shown.refused(exc, SIGNUP_INPUTS), exc.status)
    response = page.redirect(local_path(values.get("next"), "/account"), done="account-created")
    set_session_cookie(response, page.request, page.rt, credential.secret)
    return response


# -- the own account ------------------------------------------------------------------------------


@router.get("/account")
def account_page(page: PageDep) -> Response:
    """The signed-in account: its name, the password form, links onward."""
    page.require_user()
    return page.render("account.html", form=EMPTY)


@router.post("/account/password")
def change_password(page: PageDep, form: FormDep) -> Response:
    """Change the own password (the current one asked again); every session ends."""
    user = page.check_form(form)
    values = text_fields(form)
    try:
        if values.get("new_password", "") != values.get("new_password2", ""):
            raise Invalid(gettext("The two passwords differ."), "new_password2")
        accounts.change_password(
            page.rt, user, values.get("old_password", ""), values.get("new_password", "")
        )
    except ServiceError as exc:
        shown = Form({}).refused(exc, ("old_password", "new_password", "new_password2"))
        return page.render("account.html", status=exc.status, form=shown)
    response = page.redirect("/login", done="password-changed")
    forget_cookie(response, page.request, page.rt.settings, page.rt.settings.cookie_name)
    return response


# -- a password reset link ------------------------------------------------------------------------


@router.get("/reset")
def reset_form(page: PageDep) -> Response:
    """The form that sets a new password with a reset link."""
    token = page.request.query_params.get("token", "")[:200]
    return page.render("reset.html", form=Form({"token": token}))


@router.post("/reset")
def reset(page: PageDep, form: FormDep) -> Response:
    """Set the new password; the link is used up."""
    values = text_fields(form)
    shown = Form({"token": values.get("token", "")})
    try:
        page.check_any_form(values)
        if values.get("password", "") != values.get("password2", ""):
            raise Invalid(gettext("The two passwords differ."), "password2")
        signup.reset_by_link(page.rt, values.get("token", "").strip(), values.get("password", ""))
    except ServiceError as exc:
        refused = shown.refused(exc, ("password", "password2"))
        return page.render("reset.html", status=exc.status, form=refused)
    return page.redirect("/login", done="password-reset")


# -- the administrators' page ---------------------------------------------------------------------


def _admin_page(
    page: Page, form: Form = EMPTY, link: str | None = None, status: int = 200
) -> Response:
    return page.render(
        "admin_accounts.html",
        status=status,
        form=form,
        link=link,
        mode=signup.registration_mode(page.rt),
        modes=REGISTRATION_MODES,
        accounts=signup.list_accounts(page.rt, page.user),
        invitations=signup.invitations(page.rt, page.user),
    )


@router.get("/admin/accounts")
def admin_page(page: PageDep) -> Response:
    """Accounts, invitations and the registration mode (site administrators)."""
    accounts.require_admin(page.require_user())
    return _admin_page(page)


def _admin_action(page: Page, form: FormDep) -> tuple[accounts.CurrentUser, dict[str, str]]:
    user = page.check_form(form)
    accounts.require_admin(user)
    return user, text_fields(form)


@router.post("/admin/registration")
def set_registration(page: PageDep, form: FormDep) -> Response:
    """Choose who may open an account."""
    user, values = _admin_action(page, form)
    try:
        signup.set_registration_mode(page.rt, user, values.get("registration", ""))
    except ServiceError as exc:
        return _admin_page(page, Form(values).refused(exc, ("registration",)), status=exc.status)
    return page.redirect("/admin/accounts", done="registration-mode")


def _days(values: dict[str, str]) -> int | None:
    text = values.get("days", "").strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 3:
        raise Invalid(gettext("a link lasts 1 to %(n)s days") % {"n": 90}, "days")
    return int(text)


@router.post("/admin/invitations")
def invite(page: PageDep, form: FormDep) -> Response:
    """A new invitation: its address is shown once, to copy."""
    user, values = _admin_action(page, form)
    try:
        link = signup.invite(page.rt, user, _days(values))
    except ServiceError as exc:
        return _admin_page(page, Form(values).refused(exc, ("days",)), status=exc.status)
    return _admin_page(page, link=link_address(page, link))


@router.post("/admin/invitations/{link_id}/withdraw")
def withdraw_invitation(link_id: int, page: PageDep, form: FormDep) -> Response:
    """Withdraw an unused invitation."""
    user, _values = _admin_action(page, form)
    try:
        signup.withdraw_invitation(page.rt, user, link_id)
    except ServiceError as exc:
        return _admin_page(page, Form({}).refused(exc, ()), status=exc.status)
    return page.redirect("/admin/accounts", done="invitation-withdrawn")


@router.post("/admin/accounts/{username}/active")
def set_active(username: str, page: PageDep, form: FormDep) -> Response:
    """Disable or enable an account."""
    user, values = _admin_action(page, form)
    active = values.get("active") == "1"
    try:
        signup.set_active(page.rt, user, username, active)
    except ServiceError as exc:
        return _admin_page(page, Form({}).refused(exc, ()), status=exc.status)
    return page.redirect(
        "/admin/accounts", done="account-enabled" if active else "account-disabled"
    )


@router.post("/admin/accounts/{username}/reset-link")
def reset_link(username: str, page: PageDep, form: FormDep) -> Response:
    """A password-reset link for the account: its address is shown once, to hand over."""
    user, _values = _admin_action(page, form)
    try:
        link = signup.reset_link(page.rt, user, username)
    except ServiceError as exc:
        return _admin_page(page, Form({}).refused(exc, ()), status=exc.status)
    return _admin_page(page, link=link_address(page, link))
