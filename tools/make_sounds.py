"""The live game page's sounds, synthesised here (nothing is downloaded): short mono WAV files
written with the standard library's ``wave`` module into
``src/arbiter/server/web/static/sounds/``, where the page (``static/live/sounds.js``) plays them.

Run from the project's root after changing a sound: ``.venv/bin/python -m tools.make_sounds``;
the files are committed. The output is deterministic (no randomness), so running it again
changes nothing.
"""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Iterable
from pathlib import Path

RATE = 22_050
OUT = (
    Path(__file__).resolve().parents[1] / "src" / "arbiter" / "server" / "web" / "static" / "sounds"
)

#: A note: (frequency in Hz, seconds, loudness 0..1); frequency 0 is silence.
Note = tuple[float, float, float]

#: What each sound is: a move (a short wooden click), a capture (two knocks), a tuzdyk (a
#: rising chime), low time (two high beeps), the start (a rising pair), the end (a falling
#: triad).
SOUNDS: dict[str, tuple[Note, ...]] = {
    "move": ((880.0, 0.05, 0.55),),
    "capture": ((660.0, 0.05, 0.6), (0.0, 0.03, 0.0), (990.0, 0.07, 0.6)),
    "tuzdyk": ((523.25, 0.09, 0.5), (659.25, 0.09, 0.5), (783.99, 0.09, 0.5), (1046.5, 0.22, 0.5)),
    "low-time": ((1320.0, 0.08, 0.45), (0.0, 0.07, 0.0), (1320.0, 0.08, 0.45)),
    "start": ((587.33, 0.12, 0.45), (880.0, 0.2, 0.45)),
    "end": ((783.99, 0.14, 0.45), (659.25, 0.14, 0.45), (523.25, 0.35, 0.45)),
}


def samples(notes: Iterable[Note]) -> list[int]:
    """16-bit samples of ``notes``: sine tones with a quick attack and an exponential decay
    (no clicks at the edges)."""
    out: list[int] = []
    for freq, seconds, loud in notes:
        n = int(RATE * seconds)
        for i in range(n):
            t = i / RATE
            if freq <= 0:
                out.append(0)
                continue
            attack = min(1.0, i / (RATE * 0.004))
            decay = math.exp(-4.0 * t / seconds)
            tone = math.sin(2 * math.pi * freq * t) + 0.25 * math.sin(4 * math.pi * freq * t)
            out.append(int(32767 * 0.8 * loud * attack * decay * tone / 1.25))
    return out


def write(path: Path, notes: Iterable[Note]) -> None:
    """``notes`` as a mono 16-bit WAV file at ``path``."""
    data = samples(notes)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack(f"<{len(data)}h", *data))


def main() -> None:
    """Write every sound into ``OUT``."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, notes in SOUNDS.items():
        write(OUT / f"{name}.wav", notes)


if __name__ == "__main__":
    main()
