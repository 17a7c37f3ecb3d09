"""What every page shares: its language, who is signed in, forms' CSRF, rendering, errors.

- The language of a request: the ``lang`` query parameter (the switch on every page; it is
  remembered in a cookie), else that cookie, else the browser's ``Accept-Language``, else
  English. :class:`PageRoute` sets it for the whole request.
- A :class:`Page` (the ``PageDep`` dependency) renders templates with the common context and
  checks a form's ``csrf_token`` against the browser session.
- A service's refusal that a page does not handle itself becomes an HTML page with the
  refusal's status; "sign in first" on a page sends the browser to the sign-in form.

>>> choose_language("ru", None, "de"), choose_language(None, "kk", "ru")
(('ru', True), ('kk', False))
>>> choose_language("xx", None, "mn,ru;q=0.5")
('mn', False)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import Depends, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.routing import APIRoute
from markupsafe import escape
from sqlalchemy.exc import OperationalError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbiter import i18n
from arbiter.i18n import N_, gettext
from arbiter.server.auth.cookies import set_cookie
from arbiter.server.auth.dependencies import Caller, RuntimeDep, require_form_csrf, session_caller
from arbiter.server.runtime import Runtime
from arbiter.server.services.accounts import (
    CurrentUser,
    check_csrf,
    check_visitor_csrf,
    visitor_csrf_token,
)
from arbiter.server.services.errors import Forbidden, ServiceError, Unauthenticated
from arbiter.server.web.templating import render

LANG_COOKIE = "arbiter_lang"
LANG_COOKIE_DAYS = 365
FORM_EXPIRED = N_("The form has expired or did not come from this site: reload the page.")
VISITOR_COOKIE = "arbiter_visitor"
"""A random value that the CSRF token of a visitor not signed in is made from."""

#: Short notices shown after a change, named in the redirect's ``done`` parameter.
NOTICES: dict[str, str] = {
    "signed-in": N_("You are signed in."),
    "signed-out": N_("You are signed out."),
    "created": N_("The event is created. Register the participants next."),
    "settings": N_("The settings are saved."),
    "published": N_("The event is published: everybody can see it."),
    "unpublished": N_("The event is withdrawn from publication."),
    "added": N_("The participant is registered."),
    "imported": N_("The participants of the file are registered."),
    "withdrawn": N_("The participant is withdrawn."),
    "corrected": N_("The entry is corrected."),
    "deleted": N_("The entry is deleted."),
    "merged": N_("The two entries are merged into this one."),
    "paired": N_("The round is paired."),
    "unpaired": N_("The last round is unpaired."),
    "round-published": N_("The round is published."),
    "round-unpublished": N_("The round is withdrawn from publication."),
    "result": N_("The result is saved."),
    "cleared": N_("The result is cleared."),
    "record": N_("The game record is stored."),
    "finalised": N_("The event is finalised: its players' ratings are updated."),
    "opened": N_("The round is open: its games start at the time given."),
    "checked-in": N_("You reported present."),
    "protest": N_("The protest is filed with the referee."),
    "decided": N_("The decision is recorded."),
    "appealed": N_("The appeal is filed with the chief referee."),
    "under-protest": N_("The game goes on under protest."),
    "committee-appealed": N_("The appeal is filed with the appeals committee."),
    "provisional": N_("The provisional result is saved."),
    "account-created": N_("Your account is open and you are signed in."),
    "password-changed": N_("Your password is changed: sign in with the new one."),
    "password-reset": N_("The new password is set: sign in with it."),
    "registration-mode": N_("Who may open an account is changed."),
    "account-disabled": N_("The account is disabled: it cannot sign in."),
    "account-enabled": N_("The account is enabled again."),
    "invitation-withdrawn": N_("The invitation is withdrawn."),
    "role-given": N_("The role is given."),
    "role-taken": N_("The role is taken back."),
    "linked": N_("The entry is linked to the account."),
    "claimed": N_("Your account is linked to your entry."),
    "window": N_("Self-registration is changed."),
    "asked": N_("Your request is sent to the organisers."),
    "request-confirmed": N_("The request is confirmed: the player is registered."),
    "request-refused": N_("The request is refused."),
}

TITLES: dict[int, str] = {
    400: N_("The request cannot be read"),
    401: N_("Sign in first"),
    403: N_("Not allowed"),
    404: N_("Not found"),
    409: N_("Conflict"),
    422: N_("Refused"),
    429: N_("Too many attempts"),
    501: N_("Not available yet"),
    503: N_("Busy"),
}


def choose_language(query: str | None, cookie: str | None, accept: str | None) -> tuple[str, bool]:
    """The request's language and whether to remember it in the cookie (chosen by ``lang``)."""
    if query in i18n.LANGUAGES:
        return query, True
    if cookie in i18n.LANGUAGES:
        return cookie, False
    return i18n.negotiate(accept), False


def local_path(target: str | None, default: str = "/") -> str:
    """``target`` when it is a path on this site (never another site's address), else
    ``default``.

    >>> local_path("/events/3"), local_path("//evil.example/x"), local_path("https://x.org")
    ('/events/3', '/', '/')
    """
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    return target


def with_query(path: str, **params: object) -> str:
    """``path`` with query parameters (``None`` values left out).

    >>> with_query("/events/1/standings", round=3, lang=None)
    '/events/1/standings?round=3'
    """
    given = {k: str(v) for k, v in params.items() if v is not None}
    if not given:
        return path
    return f"{path}{'&' if '?' in path else '?'}{urlencode(given)}"


@dataclass
class Page:
    """One page request: the runtime, the caller (with their session), the language."""

    request: Request
    rt: Runtime
    who: Caller
    lang: str = field(default_factory=i18n.current)
    new_visitor: str | None = None

    @property
    def user(self) -> CurrentUser | None:
        """The signed-in account, if any."""
        return self.who.user

    @property
    def csrf(self) -> str:
        """The token for the page's forms: the session's, or — nobody signed in — the
        visitor's (the cookie it comes from is set with the page)."""
        found = self.who.csrf(self.rt)
        if found:
            return found
        visitor = self.request.cookies.get(VISITOR_COOKIE) or self.new_visitor
        if not visitor or len(visitor) > 100:
            visitor = self.new_visitor = secrets.token_urlsafe(24)
        return visitor_csrf_token(self.rt, visitor)

    def check_any_form(self, form: Mapping[str, Any]) -> None:
        """403 unless the form came from one of this site's pages, signed in or not (the
        session's token, or the visitor's)."""
        token = form.get("csrf_token")
        given = token if isinstance(token, str) else None
        if self.who.secret is not None and check_csrf(self.rt, self.who.secret, given):
            return
        if check_visitor_csrf(self.rt, self.request.cookies.get(VISITOR_COOKIE), given):
            return
        raise Forbidden(gettext(FORM_EXPIRED))

    def require_user(self) -> CurrentUser:
        """The signed-in account, or "sign in first"."""
        if self.user is None:
            raise Unauthenticated(gettext("Sign in first"))
        return self.user

    def check_form(self, form: Mapping[str, Any]) -> CurrentUser:
        """The signed-in account, if the form came from one of this site's pages (CSRF)."""
        user = self.require_user()
        token = form.get("csrf_token")
        require_form_csrf(self.rt, self.who, token if isinstance(token, str) else None)
        return user

    def notice(self) -> str | None:
        """The notice named by the ``done`` parameter, translated."""
        key = self.request.query_params.get("done")
        return gettext(NOTICES[key]) if key in NOTICES else None

    def render(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        """The template as an HTML answer, with the common context (``page``, ``user``,
        ``csrf``, ``notice``, the language switch's links)."""
        base = {
            "page": self,
            "user": self.user,
            "csrf": _Lazy(lambda: self.csrf),
            "notice": self.notice(),
            "switch": language_links(self.request),
            "here": self.request.url.path,
        }
        response = HTMLResponse(render(template, {**base, **context}), status_code=status)
        if self.new_visitor is not None:
            set_cookie(
                response,
                self.request,
                self.rt.settings,
                VISITOR_COOKIE,
                self.new_visitor,
                max_age=self.rt.settings.session_days * 86400,
            )
        return response

    def redirect(self, path: str, done: str | None = None, anchor: str = "") -> RedirectResponse:
        """Go to ``path`` (a 303 after a form), with a notice."""
        target = with_query(path, done=done) + (f"#{anchor}" if anchor else "")
        return RedirectResponse(target, status_code=303)


class _Lazy:
    """Text computed when a template first shows it: a visitor's form token (and its cookie)
    is made only for pages that have a form."""

    def __init__(self, make: Callable[[], str]) -> None:
        self._make = make
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._make()
        return self._text

    def __html__(self) -> str:
        return escape(str(self))

    def __bool__(self) -> bool:
        return bool(str(self))


def page_dependency(
    request: Request, rt: RuntimeDep, who: Annotated[Caller, Depends(session_caller)]
) -> Page:
    """The :class:`Page` of a request."""
    return Page(request, rt, who)


PageDep = Annotated[Page, Depends(page_dependency)]


async def read_form(request: Request) -> FormData:
    """The posted form (fields and uploaded files)."""
    return await request.form(max_files=4, max_fields=2000)


FormDep = Annotated[FormData, Depends(read_form)]


def text_fields(form: FormData) -> dict[str, str]:
    """The form's text fields (the last value of each name), uploads left out."""
    return {k: v for k, v in form.multi_items() if isinstance(v, str)}


def upload(form: FormData, name: str) -> UploadFile | None:
    """The file uploaded as ``name``, when one was chosen."""
    value = form.get(name)
    if isinstance(value, UploadFile) and value.filename:
        return value
    return None


def read_upload(page: Page, file: UploadFile, field: str = "file") -> bytes:
    """An uploaded file's bytes, within the server's ``upload_bytes`` quota."""
    from arbiter.server.api.files import read_upload as read_within

    return read_within(file, page.rt.settings.quotas.upload_bytes, field)


def language_links(request: Request) -> list[tuple[str, str, str]]:
    """``(code, name, url)`` for every language: the current page with ``lang`` set."""
    params = [(k, v) for k, v in request.query_params.multi_items() if k not in ("lang", "done")]
    out = []
    for code, name in i18n.LANGUAGES.items():
        query = urlencode([*params, ("lang", code)])
        out.append((code, name, f"{request.url.path}?{query}"))
    return out


def wants_json(request: Request) -> bool:
    """Whether the page's script asked (``X-Requested-With: fetch``) for JSON, not a page."""
    return request.headers.get("x-requested-with") == "fetch"


def error_page(request: Request, exc: ServiceError) -> Response:
    """A refusal as a page (or, for "sign in first" on a GET, the sign-in form)."""
    rt: Runtime = request.app.state.runtime
    who = session_caller(request, rt)
    if wants_json(request):
        body = {"ok": False, "message": exc.message, "field": exc.field}
        return JSONResponse(body, status_code=exc.status)
    if isinstance(exc, Unauthenticated) and request.method == "GET":
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"/login?next={quote(target)}", status_code=303)
    page = Page(request, rt, who)
    title = gettext(TITLES.get(exc.status, N_("Refused")))
    return page.render("error.html", status=exc.status, title=title, message=exc.message)


def _as_service_error(exc: Exception) -> ServiceError:
    from arbiter.server.services.errors import BadRequest, NotFound

    if isinstance(exc, RequestValidationError):
        errors = list(exc.errors())
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("path", "query"))
        if any(p == "path" for p in first.get("loc", ())):
            return NotFound(gettext("No such page."))
        return BadRequest(f"{where}: {first.get('msg', 'invalid')}")
    assert isinstance(exc, StarletteHTTPException)
    error = ServiceError(str(exc.detail))
    error.status = exc.status_code
    return error


class PageRoute(APIRoute):
    """A page's route: runs in the request's language, answers refusals as pages."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def page_handler(request: Request) -> Response:
            lang, remember = choose_language(
                request.query_params.get("lang"),
                request.cookies.get(LANG_COOKIE),
                request.headers.get("accept-language"),
            )
            with i18n.language(lang):
                try:
                    response = await handler(request)
                except ServiceError as exc:
                    response = await run_in_threadpool(error_page, request, exc)
                except (RequestValidationError, StarletteHTTPException) as exc:
                    error = _as_service_error(exc)
                    response = await run_in_threadpool(error_page, request, error)
                except OperationalError:
                    # The database is locked or away; the app's handler logs nothing more.
                    busy = ServiceError(gettext("The database is busy: try again in a moment."))
                    busy.status = 503
                    response = await run_in_threadpool(error_page, request, busy)
                    response.headers["Retry-After"] = "2"
            if remember:
                rt: Runtime = request.app.state.runtime
                set_cookie(
                    response,
                    request,
                    rt.settings,
                    LANG_COOKIE,
                    lang,
                    max_age=LANG_COOKIE_DAYS * 86400,
                )
            response.headers.setdefault("Content-Language", lang)
            response.headers.setdefault("Cache-Control", "no-store")
            return response

        return page_handler
