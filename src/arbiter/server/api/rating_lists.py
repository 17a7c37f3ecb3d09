"""The federations' Go rating lists on the server: an administrator uploads one, everybody
sees which are loaded, signed-in callers search them (and the server's own Toguz Korgool
lists) by name or id while they register players."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, File, Path, Query, UploadFile

from arbiter.limits import MAX_NAME
from arbiter.server.api.schemas.errors import error_responses
from arbiter.server.api.schemas.rating_lists import FoundOut, RatingListOut
from arbiter.server.auth.dependencies import RuntimeDep, UserDep
from arbiter.server.services import rating_lists, rating_search
from arbiter.server.services.accounts import require_admin

router = APIRouter(prefix="/rating-lists", tags=["rating lists"])

Federation = Annotated[
    Literal["egf", "ffg", "aga"],
    Path(description="egf (the EGD's allworld_lp.html), ffg (the échelle), aga (the TDListA)"),
]
Searched = Literal[
    "egf", "ffg", "aga", "toguz-bullet", "toguz-blitz", "toguz-rapid", "toguz-classical"
]


@router.get("", response_model=list[RatingListOut])
def loaded(rt: RuntimeDep) -> list[RatingListOut]:
    """The lists loaded now (one a federation at most)."""
    return [RatingListOut.of(i) for i in rating_lists.loaded_lists(rt)]


@router.get("/search", response_model=list[FoundOut], responses=error_responses(401, 422))
def search(
    rt: RuntimeDep,
    user: UserDep,
    q: Annotated[
        str,
        Query(
            min_length=1,
            max_length=MAX_NAME,
            description="words of the name (any order, each a word's beginning), or an id",
        ),
    ],
    registry: Annotated[
        Searched | None, Query(description="one list (default: every federation's)")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=rating_search.LIMIT)] = rating_search.LIMIT,
) -> list[FoundOut]:
    """Players of the lists whose name or id the query matches (signed-in callers)."""
    found = rating_search.search(rt, user, q, registry, limit)
    return [
        FoundOut.of(f, name=f.name, form_name=f.form_name, id_registry=f.id_registry) for f in found
    ]


@router.post(
    "/{registry}",
    response_model=RatingListOut,
    status_code=201,
    responses=error_responses(401, 403, 413, 422),
)
def load(
    registry: Federation,
    file: Annotated[UploadFile, File(description="the list's file, as the federation gives it")],
    user: UserDep,
    rt: RuntimeDep,
) -> RatingListOut:
    """Load a federation's list (administrators only), replacing the one loaded before; a
    file with a line that cannot be read is refused whole (422, the message names the line),
    one larger than the server's upload quota with 413."""
    require_admin(user)  # before the upload is read
    data = file.file.read(rt.settings.quotas.upload_bytes + 1)
    info = rating_lists.load_list(rt, user, registry, data, file.filename or registry)
    return RatingListOut.of(info)
