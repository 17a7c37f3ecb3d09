"""Fixtures of the web page tests: a browser-like client (cookie session, forms with their CSRF
token) on the server tests' SQLite app."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

from arbiter.server.services import accounts
from tests.server.conftest import PASSWORD, Server, TestClient

CSRF = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')


@dataclass
class Pages:
    """A browser without JavaScript: follows nothing by itself, keeps its cookies."""

    client: TestClient

    def get(self, path: str, **kw: Any) -> Any:
        """GET a page (redirects are not followed: tests look at them)."""
        return self.client.get(path, follow_redirects=False, **kw)

    def csrf(self, path: str = "/") -> str:
        """The form token a page embeds (the session's, or a visitor's: the sign-in form has
        one when the page has no form)."""
        found = CSRF.search(self.get(path).text) or CSRF.search(self.get("/login").text)
        assert found, f"no form token on {path}"
        return found.group(1)

    def submit(self, path: str, data: dict[str, str] | None = None, **kw: Any) -> Any:
        """POST a form with the session's token (as a page would send it)."""
        fields = {"csrf_token": self.csrf(), **(data or {})}
        return self.client.post(path, data=fields, follow_redirects=False, **kw)

    def sign_in(self, username: str, password: str = PASSWORD) -> Any:
        """Sign in through the form (with the visitor's token the form carries)."""
        r = self.client.post(
            "/login",
            data={
                "username": username,
                "password": password,
                "next": "/",
                "csrf_token": self.csrf("/login"),
            },
            follow_redirects=False,
        )
        assert r.status_code == 303, r.text
        return r


@pytest.fixture
def visitor(server: Server) -> Pages:
    """Somebody not signed in."""
    return Pages(server.browser())


@pytest.fixture
def organiser(server: Server) -> Pages:
    """An account (not an administrator) signed in through the form; it creates events."""
    accounts.create_user(server.rt, "org", PASSWORD, display_name="Aigul Organiser")
    pages = Pages(server.browser())
    pages.sign_in("org")
    return pages
