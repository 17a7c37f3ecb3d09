"""Passwords, hashed with argon2id (argon2-cffi); a hash records its own parameters, so a
stronger setting later still verifies old hashes and rehashes them at the next sign-in.

>>> hasher = PasswordHasher(PasswordCost(time_cost=1, memory_kib=8, parallelism=1))
>>> stored = hasher.hash("correct horse")
>>> stored.startswith("$argon2id$"), hasher.verify(stored, "correct horse")
(True, True)
>>> hasher.verify(stored, "wrong horse"), hasher.verify(None, "correct horse")
(False, False)
"""

from __future__ import annotations

import argon2
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from arbiter.errors import ArbiterError
from arbiter.server.config import PasswordCost

MIN_LENGTH = 8
MAX_LENGTH = 256


class PasswordError(ArbiterError):
    """A password that cannot be used (too short, too long)."""


def check_password(password: str) -> None:
    """Refuse passwords shorter than 8 or longer than 256 characters."""
    if len(password) < MIN_LENGTH:
        raise PasswordError(f"a password needs at least {MIN_LENGTH} characters")
    if len(password) > MAX_LENGTH:
        raise PasswordError(f"a password has at most {MAX_LENGTH} characters")


class PasswordHasher:
    """argon2id with the server's cost parameters."""

    def __init__(self, cost: PasswordCost) -> None:
        self._hasher = argon2.PasswordHasher(
            time_cost=cost.time_cost,
            memory_cost=cost.memory_kib,
            parallelism=cost.parallelism,
            type=argon2.Type.ID,
        )
        # Verified against when the account does not exist, so that a wrong name costs as much
        # time as a wrong password and does not reveal which names exist.
        self._dummy = self._hasher.hash("arbiter: no such account")

    def hash(self, password: str) -> str:
        """The argon2id hash of ``password`` (a new random salt each time)."""
        return self._hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (``None``: no account, always ``False``)."""
        try:
            self._hasher.verify(stored or self._dummy, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        return stored is not None

    def needs_rehash(self, stored: str) -> bool:
        """Whether ``stored`` was made with other parameters than the current ones."""
        return self._hasher.check_needs_rehash(stored)
