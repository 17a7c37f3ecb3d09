"""The words of the referees' notices on the live game page (issue 15): what each kind of note
says (:data:`arbiter.match.notes.NOTE_TEXTS`, whose ``{name}`` placeholders become the page
script's ``%(name)s``), and the sentences around them, in the page's language.

>>> notice_words()["notice_texts"]["warn"]
'Warning %(number)s to %(side)s'
"""

from __future__ import annotations

import re
from typing import Any

from arbiter.i18n import N_, gettext
from arbiter.match.notes import NOTE_TEXTS
from arbiter.server.web.words import translated

__all__ = ["notice_words"]

SENTENCES = {
    "notice_heading": N_("The referee's decisions"),
    "notice_after": N_("after move %(n)s"),
    "notice_before": N_("before the first move"),
    "notice_new": N_("The referee: %(text)s"),
    "notice_seen": N_("Understood"),
}

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _script_form(text: str) -> str:
    """``{name}`` as the script fills it in, ``%(name)s``."""
    return _PLACEHOLDER.sub(r"%(\1)s", text)


def notice_words() -> dict[str, Any]:
    """The notices' words for the page's script, in the current language."""
    return {
        "notice_texts": {what: _script_form(gettext(text)) for what, text in NOTE_TEXTS.items()},
        "notice_reason": _script_form(gettext("{note}: {reason}")),
        **translated(SENTENCES),
    }
