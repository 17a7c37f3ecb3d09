"""The TRF fixtures of caissify-pairings' source distribution, fetched once into a cache.

They are not copied into the project: ``pip download`` fetches the pinned sdist into
``~/.cache/arbiter`` (or ``$ARBITER_CACHE``) the first time, and the tests read its
``tests/fixtures``. Without network and without the cache the tests that need them are skipped
with the reason.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from arbiter.events.systems.swiss_dutch import ENGINE_VERSION

PACKAGE = f"caissify_pairings-{ENGINE_VERSION}"


def _cache() -> Path:
    root = os.environ.get("ARBITER_CACHE") or os.path.join(Path.home(), ".cache", "arbiter")
    return Path(root) / "caissify-pairings"


@pytest.fixture(scope="session")
def trf_fixtures() -> dict[str, str]:
    """Fixture name (path under ``tests/fixtures``) → TRF text."""
    cache = _cache()
    fixtures = cache / PACKAGE / "tests" / "fixtures"
    if not fixtures.is_dir():
        cache.mkdir(parents=True, exist_ok=True)
        sdist = cache / f"{PACKAGE}.tar.gz"
        if not sdist.exists():
            done = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--no-binary",
                    ":all:",
                    "--no-deps",
                    f"caissify-pairings=={ENGINE_VERSION}",
                    "-d",
                    str(cache),
                ],
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            if done.returncode != 0 or not sdist.exists():
                pytest.skip(
                    f"caissify-pairings {ENGINE_VERSION} sdist cannot be downloaded: "
                    + (done.stderr.strip().splitlines() or ["no file"])[-1]
                )
        with tarfile.open(sdist) as tar:
            members = [m for m in tar.getmembers() if m.name.startswith(f"{PACKAGE}/tests/")]
            tar.extractall(cache, members=members, filter="data")
    found = {
        str(path.relative_to(fixtures)): path.read_text(encoding="utf-8")
        for path in sorted(fixtures.rglob("*.trf"))
    }
    if not found:
        pytest.skip(f"no TRF fixtures in {fixtures}")
    return found
