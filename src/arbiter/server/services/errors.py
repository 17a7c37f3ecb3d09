"""What a service refuses, as exceptions that carry their HTTP status.

The API answers each with ``{"error": {"status", "message", "field", "current"}}``; the web
pages show the message. Errors of the events core are translated by :func:`domain`:

- :class:`~arbiter.events.errors.PairingError` (the round cannot be paired now) → 409;
- :class:`~arbiter.events.errors.UnknownEntry` → 404 when the thing is named by the URL,
  else 422 with the field that named it;
- any other :class:`~arbiter.errors.ArbiterError` (a value the rules refuse) → 422.

The message is the core's, in the request's language (:func:`arbiter.i18n.error_text`: the web
pages set it; the JSON API answers in English).

The services themselves raise :class:`Conflict` for stale versions and states that forbid the
request (a round already paired, a result already entered, a setting fixed after round 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from arbiter.errors import ArbiterError
from arbiter.events.errors import PairingError, UnknownEntry
from arbiter.i18n import error_text


class ServiceError(Exception):
    """A refused request: ``status`` (HTTP), ``message``, the ``field`` at fault if any."""

    status = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class BadRequest(ServiceError):
    """The request cannot be read (not JSON, not UTF-8, a missing upload)."""

    status = 400


class Unauthenticated(ServiceError):
    """Signing in is needed (or the credentials given are not valid)."""

    status = 401


class Forbidden(ServiceError):
    """Signed in, but the role does not allow it."""

    status = 403


class NotFound(ServiceError):
    """No such thing, or not visible to the caller."""

    status = 404


class Conflict(ServiceError):
    """The request conflicts with the current state; ``current`` is that state (e.g. the game
    as it is now, with its version)."""

    status = 409

    def __init__(self, message: str, field: str | None = None, current: Any = None) -> None:
        super().__init__(message, field)
        self.current = current


class Invalid(ServiceError):
    """A value the rules refuse."""

    status = 422


class TooManyRequests(ServiceError):
    """Too many attempts; ``retry_after`` seconds to wait."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class NotAvailable(ServiceError):
    """A feature whose module is not part of this build yet."""

    status = 501


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
