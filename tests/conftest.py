"""Shared test configuration."""

import os
from pathlib import Path

from hypothesis import settings

# ../shared next to the checkout, as in CI.
SHARED = Path(__file__).resolve().parents[2] / "shared"
DATA = SHARED / "data"

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
