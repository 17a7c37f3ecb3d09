"""What a service refuses, as exceptions that carry their HTTP status.

The API answers each with ``{"error": {"status", "message", "field", "current"}}``; the web
pages show the message. Errors of the events core are translated by :func:`domain`:

- :class:`~arbiter.events.errors.PairingError` (the round cannot be paired now) → 409;
- :class:`~arbiter.events.errors.UnknownEntry` → 404 when the thing is named by the URL,
  else 422 with the field that named it;
- any other :class:`~arbiter.errors.ArbiterError` (a value the rules refuse) → 422.

The message is the core's, in the request's language (:func:`arbiter.i18n.error_text`: the web
pages set it; the JSON API answers in English).

The refusals themselves are defined in :mod:`arbiter.server.refusals` (so that the server's
own machinery, below the services, can raise them) and named here too. The services raise
:class:`Conflict` for stale versions and states that forbid the
request (a round already paired, a result already entered, a setting fixed after round 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from arbiter.errors import ArbiterError
from arbiter.events.errors import PairingError, UnknownEntry
from arbiter.i18n import error_text
from arbiter.server import refusals
from arbiter.server.refusals import *  # noqa: F403  (the refusals are named here too)
from arbiter.server.refusals import Conflict, Invalid, NotFound, ServiceError

__all__ = [*refusals.__all__, "domain"]


@contextmanager
def domain(field: str | None = None, *, in_path: bool = False) -> Iterator[None]:
    """Translate the events core's errors raised in the block (see the module).

    ``in_path``: an unknown round, table or entry was named by the URL (404), not by a field.
    """
    try:
        yield
    except ServiceError:
        raise
    except PairingError as exc:
        raise Conflict(error_text(exc), field) from None
    except UnknownEntry as exc:
        if in_path:
            raise NotFound(error_text(exc)) from None
        raise Invalid(error_text(exc), field) from None
    except ArbiterError as exc:
        raise Invalid(error_text(exc), field) from None
