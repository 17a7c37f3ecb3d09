"""The federations' Go rating lists, read as OpenGotha reads them: the EGF's (the EGD's
``allworld_lp.html``, :mod:`.egf`), the FFG's échelle (:mod:`.ffg`) and the AGA's TDListA
(:mod:`.aga`); the players as :class:`ListedPlayer` (:mod:`.listed`); what their ratings mean
in ranks and on the EGF's scale (:mod:`.scales`).

Pure: bytes or text in, a :class:`RatingList` out. The server stores the lists and searches
them while players are registered; ``arbiter rating load`` loads one.

>>> listed = read_rating_list("aga", "Abe, Yokito\\t16769\\tFull\\t2.81325\\t8/14/2018")
>>> [(p.name, str(p.rank), entry_rating(p.registry, p.rating)) for p in listed.players]
[('Abe Yokito', '2d', 2231)]
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter.events.formats.errors import FormatError
from arbiter.events.formats.rating_lists.aga import read_aga
from arbiter.events.formats.rating_lists.egf import read_egf
from arbiter.events.formats.rating_lists.ffg import read_ffg
from arbiter.events.formats.rating_lists.lines import MAX_BYTES, MAX_LISTED
from arbiter.events.formats.rating_lists.listed import (
    LIST_NAMES,
    REGISTRIES,
    ListedPlayer,
    RatingList,
    Registry,
    fold_words,
    search_key,
)
from arbiter.events.formats.rating_lists.scales import egf_scale, entry_rating
from arbiter.i18n import N_

__all__ = [
    "LIST_NAMES",
    "MAX_BYTES",
    "MAX_LISTED",
    "REGISTRIES",
    "ListedPlayer",
    "RatingList",
    "Registry",
    "egf_scale",
    "entry_rating",
    "fold_words",
    "read_aga",
    "read_egf",
    "read_ffg",
    "read_rating_list",
    "search_key",
]

_READERS: dict[str, Callable[[bytes | str], RatingList]] = {
    "egf": read_egf,
    "ffg": read_ffg,
    "aga": read_aga,
}


def read_rating_list(registry: str, data: bytes | str) -> RatingList:
    """The list of ``registry`` (``egf``, ``ffg`` or ``aga``) that ``data`` holds."""
    reader = _READERS.get(registry)
    if reader is None:
        raise FormatError(
            N_("no rating list {registry}: the lists are {lists}"),
            registry=registry,
            lists=", ".join(REGISTRIES),
        )
    return reader(data)
