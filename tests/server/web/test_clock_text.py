"""The live pages' clock text (static/live/clock.js), run in Node when the machine has it: a
clock of days (correspondence) reads in days, hours and minutes; a short one to the tenth."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import arbiter.server.web

CLOCK_JS = Path(arbiter.server.web.__file__).parent / "static" / "live" / "clock.js"
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (9.25, "9.3"),
        (75, "1:15"),
        (3 * 3600 + 5 * 60 + 7, "3:05:07"),
        (86400, "1d 00:00"),
        (3 * 86400 + 7 * 3600 + 15 * 60 + 59, "3d 07:15"),
        (-5, "0.0"),
    ],
)
def test_clock_text(seconds: float, text: str) -> None:
    script = (
        f"import {{ clockText }} from {json.dumps(CLOCK_JS.as_uri())};"
        f"process.stdout.write(clockText({seconds}));"
    )
    assert NODE is not None
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == text
