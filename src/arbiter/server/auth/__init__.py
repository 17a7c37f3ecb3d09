"""Accounts and roles: argon2 passwords (:mod:`.passwords`), roles and permissions per event
(:mod:`.roles`), sign-in rate limits (:mod:`.ratelimit`) and the FastAPI dependencies that say
who is calling (:mod:`.dependencies`). Sessions and tokens are stored by
:mod:`arbiter.server.services.accounts`."""
