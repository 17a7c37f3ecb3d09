"""Signing in and out in the browser (the session cookie of the API's ``/api/auth/login``)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.server.api.auth import client_address, set_session_cookie
from arbiter.server.auth.cookies import forget_cookie
from arbiter.server.services import accounts, signup
from arbiter.server.services.errors import ServiceError
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import FormDep, PageDep, PageRoute, local_path, text_fields

router = APIRouter(route_class=PageRoute, include_in_schema=False)


@router.get("/login")
def login_form(page: PageDep) -> Response:
    """The sign-in form (``next``: the page to go to afterwards)."""
    target = local_path(page.request.query_params.get("next"))
    return page.render(
        "login.html", form=EMPTY, next=target, mode=signup.registration_mode(page.rt)
    )


@router.post("/login")
def login(page: PageDep, form: FormDep) -> Response:
    """Check the password, open a browser session, go on to ``next``."""
    values = text_fields(form)
    target = local_path(values.get("next"))
    username = values.get("username", "").strip()
    shown = Form({"username": username})
    try:
        page.check_any_form(values)
        user = accounts.authenticate(
            page.rt, username, values.get("password", ""), client_address(page.request)
        )
        credential = accounts.open_session(page.rt, user, "cookie")
    except ServiceError as exc:
        return page.render(
            "login.html",
            status=exc.status,
            form=shown.refused(exc, ()),
            next=target,
            mode=signup.registration_mode(page.rt),
        )
    response = page.redirect(target, done="signed-in")
    set_session_cookie(response, page.request, page.rt, credential.secret)
    return response


@router.get("/logout")
def logout_form(page: PageDep) -> Response:
    """A page with the sign-out button (signing out is a form, so no link can do it)."""
    return page.render("logout.html")


@router.post("/logout")
def logout(page: PageDep, form: FormDep) -> Response:
    """End the browser session."""
    if page.user is not None:
        page.check_form(form)
        if page.who.secret is not None:
            accounts.close_session(page.rt, page.who.secret)
    response = page.redirect("/", done="signed-out")
    forget_cookie(response, page.request, page.rt.settings, page.rt.settings.cookie_name)
    return response
