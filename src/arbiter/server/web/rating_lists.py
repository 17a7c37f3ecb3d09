"""The administrators' page of the federations' rating lists (``/admin/rating-lists``): which
lists are loaded, and the form that loads one (the EGF's ``allworld_lp.html``, the FFG's
échelle, the AGA's TDListA), replacing the one before. A file that cannot be read is refused
on the page, next to the file field, with the line that is wrong; nothing is replaced."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from arbiter.events.formats.rating_lists import LIST_NAMES, REGISTRIES
from arbiter.i18n import N_, gettext
from arbiter.server.services import rating_lists
from arbiter.server.services.accounts import require_admin
from arbiter.server.services.errors import Invalid, ServiceError
from arbiter.server.web.forms import EMPTY, Form
from arbiter.server.web.page import FormDep, Page, PageDep, PageRoute, text_fields, upload

router = APIRouter(route_class=PageRoute, include_in_schema=False)

PATH = "/admin/rating-lists"
#: What each list's file is, as the upload form says it.
FILES = {
    "egf": N_("EGF: the EGD's list of every player (allworld_lp.html)"),
    "ffg": N_("FFG: the échelle (ech_ffg_V3.txt)"),
    "aga": N_("AGA: the TDListA (TDListA.txt)"),
}


def _page(page: Page, form: Form = EMPTY, status: int = 200, loaded: str | None = None) -> Response:
    return page.render(
        "rating_lists.html",
        status=status,
        lists=rating_lists.loaded_lists(page.rt),
        choices=[(r, gettext(FILES[r])) for r in REGISTRIES],
        names=LIST_NAMES,
        form=form,
        loaded=loaded,
    )


@router.get(PATH)
def lists_page(page: PageDep) -> Response:
    """The lists loaded and the form that loads one (site administrators); ``?loaded=egf``
    after a list is loaded says so."""
    require_admin(page.require_user())
    loaded = page.request.query_params.get("loaded", "")
    name = LIST_NAMES[loaded] if loaded in REGISTRIES else None
    return _page(page, Form({"registry": loaded or "egf"}), loaded=name)


@router.post(PATH)
def load(page: PageDep, form: FormDep) -> Response:
    """Load the uploaded list (then back to the page, which says so), or show why not next
    to the file field."""
    user = require_admin(page.check_form(form))
    values = text_fields(form)
    registry = values.get("registry", "")
    try:
        rating_lists.check_registry(registry)
        chosen = upload(form, "file")
        if chosen is None:
            raise Invalid(gettext("Choose a file to load."), "file")
        data = chosen.file.read(page.rt.settings.quotas.upload_bytes + 1)
        info = rating_lists.load_list(page.rt, user, registry, data, chosen.filename or registry)
    except ServiceError as exc:
        if exc.field is None:
            exc.field = "registry" if exc.status == 404 else "file"
        shown = Form({"registry": registry}).refused(exc, ("registry", "file"))
        return _page(page, shown, status=422 if exc.status == 404 else exc.status)
    # after a POST, a GET: reloading the page does not load the file again
    return page.redirect(f"{PATH}?loaded={info.registry}")
